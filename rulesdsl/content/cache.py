"""A disk cache of fully loaded and checked content and of the built card grammar.

Loading parses every effect with Lark and reads every YAML file; the result only
depends on the bytes of the content files, the grammar, the package's code and the
versions of the libraries it runs on. The cache key is a hash of all of those, so any
edit to a card, a board, the grammar, the engine or an upgrade of lark, attrs, cattrs
or ruamel.yaml makes a fresh load; only content that loaded without problems is stored.

Why the entries are signed: an entry is a pickle, and unpickling runs whatever the
file says. The cache folder may be shared or restored from elsewhere (a CI cache, a
`RULESDSL_CACHE_DIR` on a group folder) and keys are computable, so a file's name proves
nothing. Every entry therefore starts with an HMAC-SHA256 over its name and payload,
made with a random per-user secret key kept (mode 0600) in the cache folder itself, and
nothing is unpickled before that MAC is verified. The folder must be a directory owned
by the current user and private (0700, enforced when it is created or found looser):
a folder owned by someone else is not used at all, and a folder that others could write
into gets a fresh key, which turns everything planted there into a miss. A missing,
unreadable, foreign, truncated or altered entry is a cache miss and the content is
rebuilt; nothing here ever raises for a bad cache. Writes go to a temporary file that is
renamed into place, and removed when the write fails.

The cache lives in $RULESDSL_CACHE_DIR, else $XDG_CACHE_HOME/rulesdsl, else
~/.cache/rulesdsl. RULESDSL_NO_CACHE=1 turns it off.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import os
import pickle
import secrets
import stat
import sys
import tempfile
import time
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent
_FORMAT = 2
_KEEP = 8
_KEY_FILE = "secret.key"
_KEY_BYTES = 32
_MAC_BYTES = hashlib.sha256().digest_size
# (module, distribution) of every library whose code shapes what is cached
_DEPENDENCIES = (("lark", "lark"), ("attrs", "attrs"), ("cattrs", "cattrs"), ("ruamel.yaml", "ruamel.yaml"),
                 ("_ruamel_yaml", "ruamel.yaml.clib"))


def enabled() -> bool:
    """Whether the cache is on (RULESDSL_NO_CACHE unset or 0)."""
    return os.environ.get("RULESDSL_NO_CACHE", "") in ("", "0")


def cache_dir() -> Path:
    """The cache folder named by the environment (it may not exist yet)."""
    explicit = os.environ.get("RULESDSL_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "rulesdsl"


@functools.cache
def dependency_versions() -> str:
    """Python's and the libraries' versions, as part of every cache key.

    Read from the `.dist-info` folder beside each module: importlib.metadata scans every
    installed distribution and would cost more than the cache saves on a warm start."""
    import importlib.util
    import re

    def norm(name: str) -> str:
        return re.sub(r"[-_.]+", "_", name).lower()

    parts = [sys.version, str(_FORMAT)]
    for module, dist in _DEPENDENCIES:
        try:
            spec = importlib.util.find_spec(module)
        except (ImportError, ValueError):
            spec = None
        origin = Path(spec.origin) if spec is not None and spec.origin else None
        found = None
        for folder in (origin.parents[:3] if origin is not None else ()):
            try:
                names = os.listdir(folder)
            except OSError:
                continue
            for name in names:
                stem, dot, ext = name.rpartition(".")
                base, dash, version = stem.rpartition("-")
                if ext == "dist-info" and dash and norm(base) == norm(dist):
                    found = version
            if found:
                break
        if found is None and origin is not None:  # not installed as a distribution: the file's identity
            try:
                info = os.stat(origin)
                found = f"{info.st_size}:{info.st_mtime_ns}"
            except OSError:
                found = "-"
        parts.append(f"{dist}={found or '-'}")
    return "|".join(parts)


@functools.cache
def _code_fingerprint() -> bytes:
    digest = hashlib.sha256(dependency_versions().encode())
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


# ------------------------------------------------------------------ the private folder and its key
def _private_dir() -> Path | None:
    """The cache folder, created private; None when it is not safely ours."""
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, mode=0o700, exist_ok=True)
        info = os.stat(folder)
        if not stat.S_ISDIR(info.st_mode):
            return None
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            return None  # someone else's folder: neither read nor write it
        if stat.S_IMODE(info.st_mode) & 0o077:
            os.chmod(folder, 0o700)
            # Others could write here until now, so the key may be known to them.
            (folder / _KEY_FILE).unlink(missing_ok=True)
        return folder
    except OSError:
        return None


def _read_key(path: Path) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or stat.S_IMODE(info.st_mode) & 0o077:
            return None
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            return None
        key = os.read(fd, _KEY_BYTES + 1)
        return key if len(key) == _KEY_BYTES else None
    finally:
        os.close(fd)


def _secret(folder: Path) -> bytes | None:
    """The per-user key of the folder, made on first use (0600); None if it cannot be had."""
    path = folder / _KEY_FILE
    key = _read_key(path)
    if key is not None:
        return key
    try:
        path.unlink(missing_ok=True)  # a foreign, loose or truncated key is replaced
        fd, temp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        try:
            os.write(fd, secrets.token_bytes(_KEY_BYTES))
            os.close(fd)
            try:
                os.link(temp, path)  # atomic and never overwrites a key another process just made
            except FileExistsError:
                pass
        finally:
            os.unlink(temp)
    except OSError:
        return None
    return _read_key(path)


def _mac(key: bytes, name: str, payload: bytes) -> bytes:
    return hmac.new(key, name.encode() + b"\0" + payload, hashlib.sha256).digest()


def read_verified(name: str) -> bytes | None:
    """The payload stored under `name` if its MAC checks out with this user's key, else None."""
    if not enabled():
        return None
    folder = _private_dir()
    key = _secret(folder) if folder is not None else None
    if key is None:
        return None
    try:
        fd = os.open(folder / name, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as handle:
            blob = handle.read()
    except OSError:
        return None
    mac, payload = blob[:_MAC_BYTES], blob[_MAC_BYTES:]
    if len(mac) != _MAC_BYTES or not hmac.compare_digest(mac, _mac(key, name, payload)):
        return None
    return payload


def write_verified(name: str, payload: bytes, prune: str | None = None) -> None:
    """Store `payload` under `name`, signed; keep at most a few files matching `prune`."""
    if not enabled():
        return
    folder = _private_dir()
    key = _secret(folder) if folder is not None else None
    if key is None:
        return
    from rulesdsl.savefile import replace_file

    try:
        _clean(folder, prune)
        replace_file(folder / name, _mac(key, name, payload) + payload, durable=False)
    except OSError:
        pass  # a read-only home or a full disk only costs speed


def _clean(folder: Path, prune: str | None) -> None:
    now = time.time()
    for stale in folder.glob("*.tmp"):  # left by a process killed while writing
        try:
            if now - stale.stat().st_mtime > 3600:
                stale.unlink()
        except OSError:
            pass
    if prune:
        entries = sorted(folder.glob(prune), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in entries[_KEEP - 1:]:
            old.unlink(missing_ok=True)


# ------------------------------------------------------------------ content entries
def get(key: str):
    """The cached Content for `key`, or None (missing, foreign, corrupt or from other code)."""
    payload = read_verified(f"content-{key}.pickle")
    if payload is None:
        return None
    try:
        return pickle.loads(payload)
    except Exception:  # signed by us but unloadable (e.g. written by other code): a miss
        return None


def put(key: str, content) -> None:
    """Store checked content under `key`."""
    if not enabled():
        return
    try:
        payload = pickle.dumps(content, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # pragma: no cover - content is plain attrs data
        return
    # Keep the few most recent entries (built-in content alone, with a variant or two).
    write_verified(f"content-{key}.pickle", payload, prune="content-*.pickle")
