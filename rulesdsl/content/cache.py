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
by the current user and private (0700 when this code creates it): a folder owned by someone
else is not used at all, and in a folder of ours that others may read or write (a shared
or group folder, never chmodded) the cache goes into a private folder made inside it, with
its own key, so everything planted beside it is a miss. Entries are read only when they are
regular files of a sane size: a pipe or a giant planted in the folder is a miss. A missing,
unreadable, foreign, truncated or altered entry is a cache miss and the content is
rebuilt; nothing here ever raises for a bad cache. Writes go to a temporary file that is
renamed into place, and removed when the write fails.

The cache lives in $RULESDSL_CACHE_DIR, else $XDG_CACHE_HOME/rulesdsl (when absolute), else
~/.cache/rulesdsl; with no usable home (HOME='' or /) there is no cache. RULESDSL_NO_CACHE=1
turns it off.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import importlib.util
import os
import pickle
import re
import secrets
import stat
import sys
import tempfile
import time
from pathlib import Path

from rulesdsl.lang import sections
from rulesdsl.resources import grammar_path
from rulesdsl.savefile import replace_file

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


def cache_dir() -> Path | None:
    """The cache folder named by the environment (it may not exist yet); None when there is
    no home to put it in (HOME='' must not mean a cache at /.cache)."""
    explicit = os.environ.get("RULESDSL_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):  # the XDG rule: a relative value is ignored
        return Path(xdg) / "rulesdsl"
    home = os.environ.get("HOME")
    if home is None and hasattr(os, "getuid"):
        try:
            import pwd  # import here: POSIX only (ImportError handled), and needed only without HOME

            home = pwd.getpwuid(os.getuid()).pw_dir
        except (KeyError, ImportError):
            home = None
    if not home or not os.path.isabs(home) or home == "/":
        return None
    return Path(home) / ".cache" / "rulesdsl"


@functools.cache
def dependency_versions() -> str:
    """Python's and the libraries' versions, as part of every cache key.

    Read from the `.dist-info` folder beside each module: importlib.metadata scans every
    installed distribution and would cost more than the cache saves on a warm start."""
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
    for grammar in sections.grammars():  # a game's own grammar rules, registered since: its keywords are reserved too
        digest.update(b"section" + grammar.encode())
    for path, raw in files:
        digest.update(path.encode("utf-8", "surrogateescape"))  # a name need not be UTF-8
        digest.update(len(raw).to_bytes(8, "little"))
        digest.update(raw)
    return digest.hexdigest()


# ------------------------------------------------------------------ the private folder and its key
def _private_dir() -> Path | None:
    """The cache folder, created private; None when it is not safely ours.

    A folder that was there already is never chmodded (RULESDSL_CACHE_DIR=/tmp must not lock
    everyone out of /tmp): when others may read or write it, the cache goes into a private
    folder of this user's made inside it."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        made = _made_private(folder)
        info = os.stat(folder)
        if not stat.S_ISDIR(info.st_mode):
            return None
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            return None  # someone else's folder: neither read nor write it
        if stat.S_IMODE(info.st_mode) & 0o077 and not made:
            inner = folder / f"rulesdsl-{os.getuid() if hasattr(os, 'getuid') else 'user'}"
            _made_private(inner)
            inside = os.lstat(inner)  # not a link others could have put in the shared folder
            if not stat.S_ISDIR(inside.st_mode) or stat.S_IMODE(inside.st_mode) & 0o077:
                return None
            if hasattr(os, "getuid") and inside.st_uid != os.getuid():
                return None
            return inner
        return folder
    except OSError:
        return None


def _made_private(folder: Path) -> bool:
    """Make `folder` (mode 0700); False when it was there already."""
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:
        return False
    os.chmod(folder, 0o700)  # ours, new: whatever the umask did
    return True


_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)  # a planted pipe never blocks
MAX_ENTRY_BYTES = 64 * 1024 * 1024  # the built-in content's entry is ~3 MB; a larger file is no entry of ours


def _read_key(path: Path) -> bytes | None:
    try:
        fd = os.open(path, _OPEN_FLAGS)
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
        fd = os.open(folder / name, _OPEN_FLAGS)
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ENTRY_BYTES:
                return None  # a pipe, a device or a giant planted here: a miss, never read
            blob = handle.read(MAX_ENTRY_BYTES + 1)
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
