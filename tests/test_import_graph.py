"""The package's structure: no import cycle between the modules of the core packages, and no
private name imported from another module (imports inside functions count too)."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "lang", "content", "geometry", "mechanisms", "tableau")


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / "rulesdsl" / package).glob("*.py")):
            name = f"rulesdsl.{package}" if path.stem == "__init__" else f"rulesdsl.{package}.{path.stem}"
            found[name] = path
    return found


def _imports(path: Path, modules) -> list[tuple[str, str | None]]:
    """(module imported, name imported from it or None) for every import of the file."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out += [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                out.append((sub, None) if sub in modules else (node.module, alias.name))
    return [(module, name) for module, name in out if module in modules]


def _graph():
    modules = _modules()
    return modules, {name: {m for m, _ in _imports(path, modules) if m != name} for name, path in modules.items()}


def test_the_import_graph_is_acyclic():
    _, graph = _graph()
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    cycles = []

    def visit(module, path):
        state[module] = 1
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                cycles.append(" -> ".join(path[path.index(target):] + [target]))
            elif target not in state:
                visit(target, path + [target])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert cycles == []


def test_no_private_name_is_imported_from_another_module():
    modules = _modules()
    found = [f"{path.relative_to(ROOT)}: {name} from {module}"
             for path in modules.values() for module, name in _imports(path, modules)
             if name is not None and name.startswith("_") and not name.startswith("__")]
    assert found == []


@pytest.mark.parametrize("package", PACKAGES)
def test_modules_stay_small(package):
    """A module of the core packages stays near 400 lines (a few, listed, are still larger)."""
    big = {str(p.relative_to(ROOT)): n for p in (ROOT / "rulesdsl" / package).glob("*.py")
           if (n := len(p.read_text().splitlines())) > 450}
    assert big == {k: v for k, v in big.items() if k in _STILL_LARGE}


_STILL_LARGE = {"rulesdsl/content/loader.py"}  # not split yet (content/ is another helper's)


def test_no_star_imports():
    """Every name a module of the core packages uses from another is imported by name."""
    found = [f"{path.relative_to(ROOT)}: from {node.module} import *"
             for path in _modules().values() for node in ast.walk(ast.parse(path.read_text(), str(path)))
             if isinstance(node, ast.ImportFrom) and any(alias.name == "*" for alias in node.names)]
    assert found == []
