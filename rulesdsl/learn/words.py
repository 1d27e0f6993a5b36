"""The words of the learning pages in a language: gettext messages from the catalogue
(`rulesdsl/web/translations/<lang>/LC_MESSAGES/messages.po`, compiled in memory) and the
components' names (`lessons/reference/names.yaml`). Usable without Flask (`rulesdsl render`)."""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path

import attrs

from rulesdsl.learn.reference import name_in

TRANSLATIONS = Path(__file__).resolve().parent.parent / "web" / "translations"


@functools.cache
def catalogue(language: str):
    """The compiled translations of one language (no translation for English, an unknown
    language, or when Babel is not installed)."""
    path = TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"
    try:
        from babel.messages.mofile import write_mo  # import here: Babel is in the optional `web` extra
        from babel.messages.pofile import read_po  # import here: as above
        from babel.support import NullTranslations, Translations  # import here: as above
    except ImportError:  # `rulesdsl render` without the web extra: English
        return gettext.NullTranslations()
    if not path.is_file():
        return NullTranslations()
    with path.open("rb") as handle:
        messages = read_po(handle, locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, messages)
    compiled.seek(0)
    return Translations(compiled)


@attrs.frozen
class Words:
    """Translate a message (`gettext("... %(n)s", n=3)`) and a component's name into one language."""

    language: str = "en"

    def gettext(self, message: str, /, **values) -> str:
        """The message in this language, with `%(name)s` values filled in."""
        translated = catalogue(self.language).gettext(message)
        return translated % values if values else translated

    def name(self, name: str) -> str:
        """A component's name in this language (the English name where none is known)."""
        return name_in(self.language)(name)
