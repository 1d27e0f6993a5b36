import os
import shutil
import tempfile
from pathlib import Path

# Keep the suite's content cache out of the user's home and fresh for every run.
os.environ.setdefault("RULESDSL_CACHE_DIR", tempfile.mkdtemp(prefix="rulesdsl-test-cache-"))

import pytest

from rulesdsl.content.loader import builtin_root, load_content

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def content():
    return load_content()


@pytest.fixture
def variant(tmp_path):
    """A writable variant folder: `variant.write("boards/x.yaml", text)` returns the path."""

    class Variant:
        root = tmp_path / "variant"

        def write(self, relative: str, text, binary: bool = False) -> Path:
            path = self.root / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            if binary:
                path.write_bytes(text)
            else:
                path.write_text(text, encoding="utf-8")
            return path

    Variant.root.mkdir()
    return Variant()


@pytest.fixture
def boards_only(tmp_path):
    """A copy of the built-in boards without cards, for tests that replace everything."""
    target = tmp_path / "base"
    shutil.copytree(builtin_root() / "boards", target / "boards")
    return target


# `HYPOTHESIS_PROFILE=deep pytest tests/test_fuzz.py tests/test_roundtrip.py` runs the
# generators much longer than the suite does (a separate command, not part of CI).
from hypothesis import settings  # noqa: E402

settings.register_profile("deep", max_examples=5000, deadline=None)
if os.environ.get("HYPOTHESIS_PROFILE"):
    settings.load_profile(os.environ["HYPOTHESIS_PROFILE"])
