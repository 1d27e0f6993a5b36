"""The content of a simulation as data that travels to workers.

Workers get the package and its built-in content through their own install; the variant
folders are small YAML files, so their bytes travel with the task (never a shared file
system) and each worker writes them into a private folder and loads them itself. The
fingerprint hashes every file's path inside its root and its bytes, so the same content
has the same fingerprint on every machine, wherever it lies.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

import attrs

from rulesdsl.content import loader
from rulesdsl.errors import ContentError, Problem, RulesError
from rulesdsl.resources import version

FORMAT = "rulesdsl-sim-content/1"


@attrs.frozen
class Root:
    name: str  # as the user typed it (for messages)
    single_file: bool
    files: tuple[tuple[str, bytes], ...]  # (path inside the root, bytes)


@attrs.frozen
class ContentBundle:
    builtin: bool
    roots: tuple[Root, ...]
    fingerprint: str
    builtin_fingerprint: str  # what a worker's own built-in content must hash to


def _root(path: Path) -> Root:
    problems: list[Problem] = []
    found = loader.root_files(path, problems)  # the loader's own idea of what a root holds
    if problems:
        raise ContentError(problems)

    def read(file: Path) -> bytes:  # the loader's bounded reader: no pipe, no giant
        raw = loader._read_bytes(file, problems)
        if raw is None:
            raise ContentError(problems)
        return raw

    if path.is_file():
        return Root(str(path), True, ((path.name, read(path)),))
    return Root(str(path), False, tuple((p.relative_to(path).as_posix(), read(p)) for _, p in found))


def builtin_fingerprint() -> str:
    """The hash of the built-in content this installation carries."""
    return _hash([_root(loader.builtin_root())])


def _hash(roots) -> str:
    digest = hashlib.sha256(FORMAT.encode())
    for root in roots:
        digest.update(b"\0root\0" + (b"file" if root.single_file else b"folder"))
        for rel, raw in root.files:
            digest.update(rel.encode() + b"\0" + len(raw).to_bytes(8, "little"))
            digest.update(raw)
    return digest.hexdigest()


def make_bundle(extra_roots=(), include_builtin: bool = True) -> ContentBundle:
    """The bundle of the built-in content (unless left out) and the variant roots, in load order."""
    roots = tuple(_root(Path(r)) for r in extra_roots)
    base = builtin_fingerprint() if include_builtin else ""
    digest = hashlib.sha256(f"{FORMAT}|{base}|{_hash(roots)}".encode()).hexdigest()
    return ContentBundle(include_builtin, roots, digest, base)


_LOADED: dict[str, object] = {}
_PATHS: dict[str, list[str]] = {}  # fingerprint -> where its variant roots were written (as the loader names them)
_KEEP = 4  # contents kept loaded: a worker serving many variants one after another frees the oldest


def load(bundle: ContentBundle):
    """The content of a bundle, loaded once per process (the last few kept); refuses a worker whose built-in content differs."""
    found = _LOADED.get(bundle.fingerprint)
    if found is not None:
        return found
    if bundle.builtin and builtin_fingerprint() != bundle.builtin_fingerprint:
        raise RulesError(f"this worker's built-in content (rulesdsl {version()}) differs from the driver's; "
                         f"install the same rulesdsl on every worker")
    paths = []
    if bundle.roots:
        # one folder per fingerprint: the same paths in every worker, so the content cache serves them all
        folder = Path(tempfile.gettempdir()) / f"rulesdsl-sim-{bundle.fingerprint[:24]}"
        for index, root in enumerate(bundle.roots):
            # under the root's own folder name: the content's file names (and so a saved game's
            # record of them) are those of the user's folder, and `play --load` accepts the record
            base = folder / str(index) / (Path(root.name).name if not root.single_file else "")
            if not root.single_file:
                (base / "cards").mkdir(parents=True, exist_ok=True)  # a folder root needs boards/ or cards/
            for rel, raw in root.files:
                _write_once(base / rel, raw)
            paths.append(base / root.files[0][0] if root.single_file else base)
    content = loader.load_content(paths, include_builtin=bundle.builtin)
    while len(_LOADED) >= _KEEP:  # the oldest loaded first (dicts keep their order)
        oldest = next(iter(_LOADED))
        del _LOADED[oldest], _PATHS[oldest]
    _LOADED[bundle.fingerprint] = content
    _PATHS[bundle.fingerprint] = [str(p) for p in paths]
    return content


def _write_once(target: Path, raw: bytes) -> None:
    """Write a file unless it already holds these bytes; atomic, as other workers may read it meanwhile."""
    try:
        if target.read_bytes() == raw:
            return
    except OSError:
        pass
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(dir=target.parent, prefix=".part-")
    with os.fdopen(handle, "wb") as out:
        out.write(raw)
    os.replace(name, target)


def defined_by_last_root(bundle: ContentBundle, collection: str) -> list:
    """The ids of `collection` whose final definition comes from the bundle's last variant root."""
    content = load(bundle)
    if not bundle.roots:
        return []
    last = _PATHS[bundle.fingerprint][-1]
    return sorted(i for (c, i), src in content.sources.items() if c == collection and src.root == last)
