"""The generic mechanisms (and the first game's phase steps) name no game's component, not even
in a comment or docstring."""

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "rulesdsl" / "mechanisms"
STEPS = PACKAGE.parent / "games" / "feast" / "engine" / "steps"  # the first game's phase steps, once in mechanisms/

# Vikings (vikings.md "Terms" and components), in English and German. "coin" and "food" are not
# here: they are also the first game's own kinds of things (its content's `coins`, the foods of the
# banquet mechanism, feast.py); the second game's money is named by its currency ids (gold, fame).
SECOND_GAME = """
    viking vikings wikinger homeland winkel festland island islands insel ship ships schiff sail sails
    wheel drehrad lot lots fisherman fishermen fischer goldsmith goldsmiths goldschmied scout scouts
    noble nobles adliger warrior warriors boatsman boatsmen boatswain boatswains bootsmann
    fame gold sea land pirate pirates threat threatened feeding ferry ferrying
"""


def _words(content) -> set[str]:
    ids = set(content.spaces) | set(content.exploration_boards) | set(content.buildings)
    ids |= set(content.goods) | set(content.special_tiles)
    return {str(i).lower() for i in ids} | {o.name.lower() for o in content.occupations.values()} | set(SECOND_GAME.split())


def test_no_component_of_either_game_is_named_in_the_mechanisms(content):
    words = _words(content)
    found = []
    for path in sorted(PACKAGE.glob("*.py")) + sorted(STEPS.glob("*.py")):
        text = path.read_text().lower()
        found += [f"{path.name}: {w}" for w in words if re.search(r"(?<![a-z_])" + re.escape(w) + r"(?![a-z_])", text)]
    assert sorted(found) == []


def test_the_package_docstring_is_the_one_line():
    assert (PACKAGE / "__init__.py").read_text() == (
        '"""Generic mechanisms named in data: each is parameterised by content and names no game\'s component."""\n'
    )
