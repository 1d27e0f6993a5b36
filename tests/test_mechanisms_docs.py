"""Every usage example in the mechanisms' module docstrings runs and shows what it says.

The pure mechanisms (no engine: ring, edges, projection ...) show a doctest. The phase
steps of the first game (rulesdsl.games.feast.engine.steps) run inside a game through `use NAME ...` (rulesdsl.games.feast.engine.uses);
their docstring shows that statement, which must parse and name a registered mechanism."""

import doctest
import importlib
import re
from pathlib import Path

import pytest

from rulesdsl.lang import tree as t
from rulesdsl.lang.parser import parse
from rulesdsl.lang.registry import MECHANISMS

ROOT = Path(__file__).resolve().parent.parent
# the shared kernels and the first game's phase steps (rulesdsl.games.feast.engine.steps)
PACKAGES = ("rulesdsl.mechanisms", "rulesdsl.games.feast.engine.steps")
MODULES = sorted(f"{package}.{p.stem}" for package in PACKAGES
                 for p in (ROOT / package.replace(".", "/")).glob("*.py") if p.stem != "__init__")


def _phase_mechanism(name: str) -> bool:
    return "`use " in (ROOT / (name.replace(".", "/") + ".py")).read_text()


@pytest.mark.parametrize("name", [m for m in MODULES if not _phase_mechanism(m)])
def test_the_module_example_holds(name):
    module = importlib.import_module(name)
    assert ">>>" in module.__doc__, f"{name} has no usage example"
    failed, tried = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried and not failed


@pytest.mark.parametrize("name", [m for m in MODULES if _phase_mechanism(m)])
def test_a_phase_mechanism_shows_its_use_statement(name):
    module = importlib.import_module(name)
    examples = re.findall(r"`(use [a-z_]+(?: with [a-z_]+ [A-Z0-9]+(?:, [a-z_]+ [A-Z0-9]+)*)?)`", module.__doc__ + "".join(
        f.__doc__ or "" for f in vars(module).values() if callable(f) and getattr(f, "__module__", "") == module.__name__))
    assert examples, f"{name} shows no `use ...` statement"
    for text in examples:
        [stmt] = parse(re.sub(r"\b[A-Z]\b", "1", text) + "\n").items
        assert isinstance(stmt, t.Use) and stmt.name in MECHANISMS, text
