"""Every scenario under scenarios/ passes (rulebook examples, Q&A, and one or more per card)."""

from pathlib import Path

import pytest

from rulesdsl.content.loader import load_content
from rulesdsl.scenario import run_file

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
FILES = sorted(ROOT.rglob("*.yaml"))
CONTENT = load_content()


@pytest.mark.parametrize("path", FILES, ids=[str(f.relative_to(ROOT)) for f in FILES])
def test_scenario(path):
    result = run_file(path, CONTENT)
    assert result.passed, "\n".join(result.failures)
