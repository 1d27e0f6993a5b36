"""The package as users install it: a wheel in a fresh virtual environment, run elsewhere.

Builds the wheel from this checkout, installs it (dependencies from the registry) into a new
venv and runs the installed `rulesdsl` from a folder outside the checkout. Also checks that
pyproject.toml lists every subpackage, so no module is left out of the wheel.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _run(args, cwd, env=None, check=True):
    result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    if check and result.returncode != 0:
        raise AssertionError(f"{args} exited {result.returncode}:\n{result.stdout}\n{result.stderr}")
    return result


@pytest.fixture(scope="session")  # built at most once per worker, even if other modules' tests run between these
def installed(tmp_path_factory):
    """(bin folder, site-packages folder, a work folder outside the checkout, env)."""
    base = tmp_path_factory.mktemp("install")
    wheels = base / "wheels"
    # built from a copy: setuptools builds in the source's build/ folder, where a stale or a
    # concurrent build (another worker, the user's own) fails with "File exists"
    source = base / "source"
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(".git", ".venv", "build", "*.egg-info", "__pycache__",
                                                                ".mypy_cache", ".pytest_cache", "node_modules"))
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(source)], cwd=base)
    wheel = next(wheels.glob("rulesdsl-*.whl"))
    env_dir = base / "venv"
    venv.create(env_dir, with_pip=True)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    _run([str(bindir / "python"), "-m", "pip", "install", "-q", str(wheel)], cwd=base)
    site = Path(_run([str(bindir / "python"), "-c", "import rulesdsl, pathlib; print(pathlib.Path(rulesdsl.__file__).parent)"],
                     cwd=base).stdout.strip())
    work = base / "elsewhere"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env["RULESDSL_CACHE_DIR"] = str(base / "cache")
    env["PATH"] = f"{bindir}{os.pathsep}{env.get('PATH', '')}"
    return bindir, site, work, env, wheel


def test_wheel_carries_the_content(installed):
    *_, wheel = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("boards", "cards", "grammar", "lessons", "scenarios", "schemas", "templates"):
        source = {str(p.relative_to(REPO)).replace(os.sep, "/") for p in (REPO / folder).rglob("*")
                  if p.is_file() and p.suffix in (".yaml", ".lark", ".md", ".json")}
        packaged = {n[len("rulesdsl/_content/"):] for n in names if n.startswith(f"rulesdsl/_content/{folder}/")}
        assert source and source == packaged, folder
    assert not any(n.endswith(".whl") for n in names)
    # the Learn, Rules and Components pages: their templates, script and Chinese catalogue
    for name in ("rulesdsl/web/templates/learn/lesson.html", "rulesdsl/web/static/learn/learn.js",
                 "rulesdsl/web/translations/zh/LC_MESSAGES/messages.po"):
        assert name in names, name


def test_installed_commands_run_outside_the_checkout(installed):
    bindir, site, work, env, _ = installed
    exe = str(bindir / "rulesdsl")
    validate = _run([exe, "validate"], cwd=work, env=env)
    assert validate.stdout.startswith("OK: ") and "65 spaces" in validate.stdout and "190 occupations" in validate.stdout
    show = _run([exe, "show", "132"], cwd=work, env=env)
    assert show.stdout.startswith("occupation 132: ")
    assert "_content" in show.stdout  # "from <site-packages>/rulesdsl/_content/cards/..."
    play = _run([exe, "play", "--seed", "1"], cwd=work, env=env)
    assert "P1" in play.stdout and "P2" in play.stdout
    scenario = next(p for p in sorted((REPO / "scenarios").rglob("*.yaml")))
    shutil.copy(scenario, work / scenario.name)
    ran = _run([exe, "scenario", scenario.name], cwd=work, env=env)
    assert ran.stdout.strip().endswith("1 passed, 0 failed")
    lessons = _run([exe, "learn"], cwd=work, env=env)  # the packaged lessons and rules reference
    assert lessons.stdout.count("\n") == 11 and "Placing Vikings" in lessons.stdout
    module = _run([str(bindir / "python"), "-m", "rulesdsl", "--version"], cwd=work, env=env)
    assert re.fullmatch(r"rulesdsl \d+\.\d+\.\d+\S*", module.stdout.strip())
    variant = work / "variant" / "cards"
    variant.mkdir(parents=True)
    (variant / "900-tester.yaml").write_text(
        "number: 900\ndeck: A\nstarting: false\nname: Tester\npoints: 1\ncategory: immediate\n"
        "text: Gain 1 silver.\neffect: gain 1 silver\n", encoding="utf-8")
    after = _run([exe, "validate", "--content", "variant"], cwd=work, env=env)
    assert "191 occupations" in after.stdout


def test_cache_follows_the_installed_content(installed):
    bindir, site, work, env, _ = installed
    exe = str(bindir / "rulesdsl")
    card = next((site / "_content" / "cards").rglob("132-*.yaml"))
    original = card.read_text(encoding="utf-8")
    name = re.search(r"^name: (.+)$", original, re.M).group(1)
    _run([exe, "show", "132"], cwd=work, env=env)  # fills the cache
    try:
        card.write_text(original.replace(f"name: {name}", "name: Renamed Card"), encoding="utf-8")
        assert _run([exe, "show", "132"], cwd=work, env=env).stdout.startswith("occupation 132: Renamed Card")
    finally:
        card.write_text(original, encoding="utf-8")
    assert _run([exe, "show", "132"], cwd=work, env=env).stdout.startswith(f"occupation 132: {name}")


def test_damaged_install_says_reinstall(installed):
    bindir, site, work, env, _ = installed
    goods = site / "_content" / "boards" / "goods.yaml"
    kept = goods.read_bytes()
    goods.unlink()
    try:
        result = _run([str(bindir / "rulesdsl"), "validate"], cwd=work, env=env, check=False)
    finally:
        goods.write_bytes(kept)
    assert result.returncode == 1
    assert "goods.yaml" in result.stderr and "reinstall rulesdsl" in result.stderr
    assert "Traceback" not in result.stderr


def test_every_subpackage_is_listed_in_pyproject():
    listed = set(re.findall(r'^\s*"(rulesdsl(?:\.\w+)*)",\s*$', (REPO / "pyproject.toml").read_text(), re.M))
    found = {".".join(p.parent.relative_to(REPO).parts) for p in (REPO / "rulesdsl").rglob("__init__.py")}
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"


def test_license_matches_pyproject():
    declared = re.search(r'^license = \{ text = "(\w+)" \}', (REPO / "pyproject.toml").read_text(), re.M).group(1)
    assert (REPO / "LICENSE").read_text().startswith(f"{declared} License")
