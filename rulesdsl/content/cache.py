"""A disk cache of fully loaded and checked content.

Loading parses every effect with Lark and reads every YAML file; the result only
depends on the bytes of the content files, the grammar and the package's code. The
cache key is a hash of all of those, so any edit to a card, a board, the grammar or
the engine makes a fresh load; only content that loaded without problems is stored.

The cache lives in $RULESDSL_CACHE_DIR, else $XDG_CACHE_HOME/rulesdsl, else
~/.cache/rulesdsl. RULESDSL_NO_CACHE=1 turns it off.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent
_FORMAT = 1
_KEEP = 8


def enabled() -> bool:
    return os.environ.get("RULESDSL_NO_CACHE", "") in ("", "0")


def cache_dir() -> Path:
    explicit = os.environ.get("RULESDSL_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rulesdsl"


@functools.cache
def _code_fingerprint() -> bytes:
    digest = hashlib.sha256()
    digest.update(f"{_FORMAT}|{sys.version_info[:2]}".encode())
    from rulesdsl.resources import grammar_path

    grammar = grammar_path()
    for path in sorted(_PACKAGE.rglob("*.py")):
        digest.update(str(path.relative_to(_PACKAGE)).encode())
        digest.update(path.read_bytes())
    digest.update(b"grammar")
    digest.update(grammar.read_bytes())
    return digest.digest()


def key_for(files: list[tuple[str, bytes]]) -> str:
    """A key for the given (path, bytes) list, in load order, and the current code."""
    digest = hashlib.sha256(_code_fingerprint())
    for path, raw in files:
        digest.update(path.encode())
        digest.update(len(raw).to_bytes(8, "little"))
        digest.update(raw)
    return digest.hexdigest()


def get(key: str):
    if not enabled():
        return None
    path = cache_dir() / f"content-{key}.pickle"
    try:
        with path.open("rb") as handle:
            return pickle.load(handle)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        return None


def put(key: str, content) -> None:
    if not enabled():
        return
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # Keep the few most recent entries (built-in content alone, with a variant or two).
        entries = sorted(folder.glob("content-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in entries[_KEEP - 1:]:
            old.unlink(missing_ok=True)
        handle, temp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            pickle.dump(content, out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temp, folder / f"content-{key}.pickle")
    except OSError:
        pass  # a read-only home or a full disk only costs speed
