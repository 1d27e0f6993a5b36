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


@pytest.fixture
def third_game(tmp_path, monkeypatch):
    """Nim (tests/third_game/nim.py) installed as a distribution of its own: its module and its
    `rulesdsl.games` entry point on sys.path, the registry's plug-ins read afresh around it."""
    from rulesdsl.games import registry

    shutil.copy(ROOT / "tests" / "third_game" / "nim.py", tmp_path / "nim_for_rulesdsl.py")
    info = tmp_path / "nim_for_rulesdsl-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: nim-for-rulesdsl\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[rulesdsl.games]\nnim = nim_for_rulesdsl:PLUGIN\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    plugins = registry.plugins  # (a test may replace it for a while)
    plugins.cache_clear()
    # Nim registers its own section of the card language: the sections and the registry's
    # record of them are put back afterwards, so no other test reads Nim's keywords
    from rulesdsl.lang import sections

    kept = [list(group) for group in (sections._GRAMMARS, sections._BUILDERS, sections._SECTIONS, registry._SPOKEN)]
    yield
    plugins.cache_clear()
    for group, before in zip((sections._GRAMMARS, sections._BUILDERS, sections._SECTIONS), kept):
        group[:] = before
    registry._SPOKEN.clear()
    registry._SPOKEN.update(kept[3])
