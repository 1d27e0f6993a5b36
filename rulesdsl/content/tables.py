"""Readings of one loaded content (a catalog, the trees' relevance, a checker's vocabulary ...),
made once and kept on the content itself, so that they are freed with it: no module-level table
keyed by `id(content)` that would outlive the content (and could hand a later content, given the
same id, the readings of a freed one)."""

from __future__ import annotations

from typing import Callable, TypeVar

T = TypeVar("T")

TABLES = "_tables"  # the content's attribute holding its readings (never pickled: see Content.__getstate__)


def content_table(content, name: str, make: Callable[[], T]) -> T:
    """The reading `name` of this content, made by `make()` the first time it is asked for."""
    tables = content.__dict__.get(TABLES)
    if tables is None:
        tables = content.__dict__[TABLES] = {}
    found = tables.get(name, tables)
    if found is tables:
        found = tables[name] = make()
    return found


def forget_table(content, name: str) -> None:
    """Drop one reading of the content (a tool that changed a program in place reads it anew)."""
    content.__dict__.get(TABLES, {}).pop(name, None)
