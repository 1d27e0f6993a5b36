"""Where the built-in content is: the one place in the package that decides it.

The repository keeps `boards/`, `cards/`, `grammar/` and `scenarios/` at its top level,
where card authors edit them. A wheel or an sdist carries them as package data under
`rulesdsl/_content/` (`pyproject.toml` maps that package onto the repository root), so an
installed package finds them through `importlib.resources`. An editable install has no
`_content` folder: pip records the checkout it was installed from (PEP 610
`direct_url.json`), and the package reads that checkout's files, so an edited card takes
effect without reinstalling. A package imported from a zip is extracted once into a private
folder, because the loader reads content through the file system.
"""

from __future__ import annotations

import functools
import json
import os
import tempfile
from importlib import metadata, resources
from pathlib import Path
from urllib.parse import unquote, urlparse

from rulesdsl.errors import RulesError

PACKAGE = "rulesdsl"
CONTENT_FOLDERS = ("boards", "cards", "grammar", "scenarios")


class DamagedInstall(RulesError):
    """The built-in content of the installed package is missing or unreadable."""

    def __init__(self, path, why: str):
        super().__init__(f"{path}: {why}; the installation is damaged: reinstall rulesdsl")
        self.path = str(path)


def version() -> str:
    """The installed version of rulesdsl."""
    try:
        return metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


@functools.cache
def builtin_root() -> Path:
    """The folder holding the built-in boards/, cards/, grammar/ and scenarios/."""
    packaged = resources.files(PACKAGE) / "_content"
    if packaged.is_dir():
        return _on_disk(packaged)
    checkout = _editable_checkout()
    if checkout is not None:
        return checkout
    raise DamagedInstall(str(packaged), "the built-in content is missing")


def is_packaged() -> bool:
    """True when the content comes from an installed wheel (not from a checkout)."""
    return (resources.files(PACKAGE) / "_content").is_dir()


def grammar_path() -> Path:
    """The card language's grammar file."""
    path = builtin_root() / "grammar" / "card.lark"
    if not path.is_file():
        raise DamagedInstall(path, "the grammar of the card language is missing")
    return path


def scenarios_root() -> Path:
    """The built-in scenario files (rulebook examples and card proofs)."""
    return builtin_root() / "scenarios"


def missing_packaged_files() -> list[str]:
    """Built-in content files listed in the installed wheel's RECORD that are gone."""
    if not is_packaged():
        return []
    try:
        files = metadata.distribution(PACKAGE).files or []
    except metadata.PackageNotFoundError:
        return []
    prefix = f"{PACKAGE}/_content/"
    missing = []
    for entry in files:
        name = str(entry).replace("\\", "/")
        if name.startswith(prefix) and not Path(entry.locate()).is_file():
            missing.append(str(entry.locate()))
    return sorted(missing)


def _editable_checkout() -> Path | None:
    """The source folder of an editable install or of a checkout run in place."""
    # Code and content must come from the same tree: the folder the package was imported
    # from, when that is a rulesdsl source tree (an editable install imports from there).
    here = resources.files(PACKAGE)
    if isinstance(here, Path) and _looks_like_content(here.parent):
        return here.parent
    # Otherwise what pip recorded for an editable install (PEP 610).
    try:
        raw = metadata.distribution(PACKAGE).read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return None
    try:
        record = json.loads(raw or "{}")
    except ValueError:
        return None
    url = urlparse(str(record.get("url", "")))
    if record.get("dir_info", {}).get("editable") and url.scheme == "file":
        folder = Path(unquote(url.path))
        if _looks_like_content(folder):
            return folder
    return None


def _looks_like_content(folder: Path) -> bool:
    return (folder / "boards").is_dir() and (folder / "grammar" / "card.lark").is_file()


def _on_disk(folder) -> Path:
    """A Path for a resource folder, extracting it from a zip into a private folder."""
    if isinstance(folder, Path):
        return folder
    target = Path(tempfile.mkdtemp(prefix="rulesdsl-content-"))  # mode 0700, private
    _copy_tree(folder, target)
    return target


def _copy_tree(source, target: Path) -> None:
    for entry in source.iterdir():
        destination = target / entry.name
        if entry.is_dir():
            destination.mkdir(mode=0o700)
            _copy_tree(entry, destination)
        else:
            destination.write_bytes(entry.read_bytes())
            os.chmod(destination, 0o600)
