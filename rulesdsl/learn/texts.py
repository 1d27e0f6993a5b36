"""Text in the two languages of the learning pages, and references to the rules."""

from __future__ import annotations

import attrs

LANGUAGES = ("en", "zh")
MAX_TEXT = 4000  # characters of one text; the longest written is under 500


@attrs.frozen
class Text:
    """One text in English and in Simplified Chinese (both required)."""

    en: str = attrs.field(metadata={"max_length": MAX_TEXT})
    zh: str = attrs.field(metadata={"max_length": MAX_TEXT})

    def get(self, language: str) -> str:
        """The text in `language` (English for any other)."""
        return self.zh if language == "zh" else self.en


@attrs.frozen
class RuleRef:
    """A rule the text rests on: the project's rule id and the rulebook page, where a source gives one."""

    id: str
    page: int | None = attrs.field(default=None, metadata={"range": (1, 60)})
