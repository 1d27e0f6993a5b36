"""Every usage example in the mechanisms' module docstrings runs and shows what it says."""

import doctest
import importlib
from pathlib import Path

import pytest

MODULES = sorted(p.stem for p in (Path(__file__).resolve().parent.parent / "rulesdsl" / "mechanisms").glob("*.py") if p.stem != "__init__")


@pytest.mark.parametrize("name", MODULES)
def test_the_module_example_holds(name):
    module = importlib.import_module(f"rulesdsl.mechanisms.{name}")
    assert ">>>" in module.__doc__, f"{name} has no usage example"
    failed, tried = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried and not failed
