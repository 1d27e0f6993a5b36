"""Snapshots of the parsed tree of every effect text that exists (spaces, rules, occupations, phases).

A change to the grammar, the parser or an effect text shows up here as a reviewed diff:
`pytest tests/test_snapshots.py --snapshot-update` records the new trees.
"""

import pytest

from rulesdsl.content.loader import load_content
from rulesdsl.lang.dump import dump
from rulesdsl.lang.parser import parse
from rulesdsl.lang.printer import to_text

_CONTENT = load_content()
_KEYS = sorted(_CONTENT.programs, key=lambda key: (key[0], str(key[1]).zfill(4)))


def _name(key):
    collection, item_id = key
    return f"{collection}-{str(item_id).zfill(3) if collection == 'occupations' else item_id}"


@pytest.mark.parametrize("key", _KEYS, ids=[_name(k) for k in _KEYS])
def test_effect_tree(key, snapshot):
    program = _CONTENT.programs[key]
    text = to_text(program)
    assert parse(text) == program  # the canonical text reads back as the same tree
    assert f"{text}\n{dump(program)}" == snapshot


def test_every_occupation_has_a_snapshot():
    assert sum(1 for key in _KEYS if key[0] == "occupations") == 190
    assert sum(1 for key in _KEYS if key[0] == "spaces") == 65  # 61 on the board, 4 on the extension tiles
