"""The project's import rules, read from the source with `ast`:

- no private name (`_x`) imported from another module (a module's private names are its own),
  unless the line says why with `# private import: <why>` (a library's name with no public twin);
- no part of a game reaching back up through the game to its course (`self.g.flow.x`): a
  statement is given the services it uses (games/feast/engine/services.py), a part of the flow the flow;
- no import inside a function, unless the line says why with a marker comment
  `# import here: <why>` (an optional extra, a cycle that cannot be cut, a cost paid only
  by the rare caller). Top-level imports show a module's dependencies in one place, and the
  import-graph test (tests/test_import_graph.py) sees them.

PACKAGES is the one list of checked packages; the front-end packages join it as they follow
the rules (it only grows).
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# `games` holds each game's package, its engine included (rulesdsl/games/feast/engine, rulesdsl/games/tableau/engine)
# "." is the top-level modules (rulesdsl/*.py, cli.py and api.py among them)
PACKAGES = ("core", "mechanisms", "lang", "geometry", "content", "games", "sim", "web", "agents",
            "learn", "authoring", "view", ".")
MARKER = "# import here:"
PRIVATE_MARKER = "# private import:"
# files of a checked package that do not follow the rules yet (none: the list only shrinks; the
# first game's scenario tools, the last on it, follow them since 2026-12-07)
NOT_YET: set[str] = set()


def _files(package: str) -> list[Path]:
    folder = ROOT / "rulesdsl" / package
    found = folder.glob("*.py") if package == "." else folder.rglob("*.py")
    return [p for p in sorted(found) if str(p.relative_to(ROOT)) not in NOT_YET]


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _marked(lines: list[str], node: ast.stmt, marker: str = MARKER) -> bool:
    """The marker on one of the statement's lines or on the line just above it."""
    first = max(node.lineno - 2, 0)
    return any(marker in line for line in lines[first:node.end_lineno])


def private_imports(path: Path) -> list[str]:
    """`from M import _x` of another module M (relative imports resolved), as 'file:line: text'."""
    text = path.read_text()
    lines = text.splitlines()
    tree = ast.parse(text, str(path))
    own = _module_name(path)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:  # relative: resolved against this module's package
                base = own.split(".")[: -node.level] if path.stem != "__init__" else own.split(".")[: len(own.split(".")) - node.level + 1]
                module = ".".join(base + ([module] if module else []))
            if module == own or _marked(lines, node, PRIVATE_MARKER):
                continue
            out += [f"{path.relative_to(ROOT)}:{node.lineno}: from {module} import {a.name}"
                    for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
    return out


def function_imports(path: Path) -> list[str]:
    """Imports inside a function without the marker comment, as 'file:line: text'."""
    text = path.read_text()
    lines = text.splitlines()
    out = []
    for func in ast.walk(ast.parse(text, str(path))):
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(func):
                if isinstance(node, (ast.Import, ast.ImportFrom)) and not _marked(lines, node):
                    out.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    return sorted(set(out))


def reaches_back(path: Path) -> list[str]:
    """`X.g.flow`: something holding a game (`.g`) reaching through it to the game's flow, as
    'file:line: text'."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Attribute) and node.attr == "flow" and isinstance(node.value, ast.Attribute) \
                and node.value.attr == "g":
            out.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    return out


def test_nothing_reaches_back_through_the_game_to_its_flow():
    """Statements, queries, dice, events and verdicts are given the game's course (its services)
    when the game is built; none climbs from the game to its flow."""
    assert [found for path in sorted((ROOT / "rulesdsl").rglob("*.py")) for found in reaches_back(path)] == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_private_name_is_imported_from_another_module(package):
    assert [found for path in _files(package) for found in private_imports(path)] == []


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_inside_a_function_without_a_reason(package):
    assert [found for path in _files(package) for found in function_imports(path)] == []


def test_the_rules_find_what_they_forbid(tmp_path):
    """The checks themselves: a private import and an unexplained function-level import are found,
    a marked one is not."""
    package = tmp_path / "rulesdsl" / "pkg"
    package.mkdir(parents=True)
    path = package / "mod.py"
    path.write_text("from rulesdsl.other import _hidden\nfrom .sibling import _also\n\n\ndef f():\n"
                    "    import json\n    import csv  # import here: only the rare caller pays\n    return json, csv\n"
                    "\n\ndef g(self):\n    return self.g.flow.interp, self.flow.g\n")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert private_imports(path) == ["rulesdsl/pkg/mod.py:1: from rulesdsl.other import _hidden",
                                         "rulesdsl/pkg/mod.py:2: from rulesdsl.pkg.sibling import _also"]
        assert function_imports(path) == ["rulesdsl/pkg/mod.py:6: import json"]
        assert reaches_back(path) == ["rulesdsl/pkg/mod.py:12: self.g.flow"]
    finally:
        ROOT = saved


# Modules held to `mypy --strict` beyond the public API (tests/test_api.py): the game-neutral
# core with the modules it imports of rulesdsl but lang/ (errors, bounded), the kernels and the
# tableau adapters over them, the grammar-section registry and the packages' front doors. Grows
# as modules are typed. pyproject.toml's [tool.mypy] is the config.
STRICT = ("rulesdsl/core", "rulesdsl/errors.py", "rulesdsl/bounded.py", "rulesdsl/mechanisms",
          "rulesdsl/games/tableau/engine/mech.py", "rulesdsl/lang/sections.py",
          "rulesdsl/games/feast/engine/legality/__init__.py", "rulesdsl/games/feast/engine/steps/__init__.py")

STRICT += ("rulesdsl/games/feast/engine/services.py",)  # the protocols of the statements' services
STRICT += ("rulesdsl/games/registry.py", "rulesdsl/games/tableau/engine/language.py")  # the plug-ins and the sections they register


def test_the_typed_modules_pass_mypy_strict():
    mypy = pytest.importorskip("mypy.api")
    out, err, status = mypy.run(["--strict", "--follow-imports=silent", "--no-incremental",
                                 "--config-file", str(ROOT / "pyproject.toml"), *(str(ROOT / path) for path in STRICT)])
    assert status == 0, out + err


# The layers below the games reach no game: the language and the shared kernels import neither
# game's package (a game's sections and steps register themselves or live in their game). And one
# game is built on the core, not on the other: the tableau package imports nothing of the first game's.
GAMES = ("rulesdsl.games.feast", "rulesdsl.games.tableau")
LOWER = {"lang": GAMES, "mechanisms": GAMES, "games/tableau": ("rulesdsl.games.feast",)}


@pytest.mark.parametrize("package", sorted(LOWER))
def test_the_lower_layers_import_no_game(package):
    found = []
    for path in _files(package):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.relative_to(ROOT)}:{node.lineno}: {name}" for name in names
                      if any(name == game or name.startswith(game + ".") for game in LOWER[package])]
    assert found == []


# The game-neutral core is built on the language alone: it imports, of rulesdsl, only itself,
# lang/, errors and bounded (no engine, no game, no front end), so a game plugs into it and never
# the other way round.
CORE_MAY_IMPORT = ("rulesdsl.core", "rulesdsl.lang", "rulesdsl.errors", "rulesdsl.bounded")


def _rulesdsl_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import of a rulesdsl module in the file (relative ones resolved)."""
    own = _module_name(path).split(".")
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = own[: len(own) - node.level + (path.stem == "__init__")]
                module = ".".join(base + ([module] if module else []))
            found += [(node.lineno, module)] + [(node.lineno, f"{module}.{a.name}") for a in node.names if not node.module]
    return [(line, name) for line, name in found if name == "rulesdsl" or name.startswith("rulesdsl.")]


def _core_may_import(name: str) -> bool:
    return any(name == allowed or name.startswith(allowed + ".") for allowed in CORE_MAY_IMPORT)


def test_the_core_imports_only_the_language_and_the_errors():
    found = [f"{path.relative_to(ROOT)}:{line}: {name}" for path in _files("core") for line, name in _rulesdsl_imports(path)
             if not _core_may_import(name)]
    assert found == []


def test_the_core_check_finds_an_import_of_a_game(tmp_path):
    """The check itself: a core module importing a game's engine (absolute or relative) is found."""
    core = tmp_path / "rulesdsl" / "core"
    core.mkdir(parents=True)
    path = core / "mod.py"
    path.write_text("from rulesdsl.lang import tree\nfrom rulesdsl.games.feast.engine import ops\nfrom ..games.tableau.engine import mech\nimport rulesdsl.errors\n")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        bad = [name for _, name in _rulesdsl_imports(path) if not _core_may_import(name)]
        assert bad == ["rulesdsl.games.feast.engine", "rulesdsl.games.tableau.engine"]
    finally:
        ROOT = saved
