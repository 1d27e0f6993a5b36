"""The first game's saved-game record read back: its options (players, length, decks,
occupations dealt or left out), seed, forced dice and answers, with the checks every game's
record shares (`rulesdsl/core/record.py`: exact types, limits, the content it was played on)."""

from __future__ import annotations

from rulesdsl.core.record import MAX_ANSWERS, SEED_RANGE, RecordError, agents, check_content, listing, mapping, text, whole_number
from rulesdsl.errors import describe

FORMAT = 1
MAX_CARDS = 1000  # dealt or excluded occupations in a record's options
MAX_CARD_NUMBER = 10**9


def options(data, path=("options",)) -> dict:
    """The keyword arguments of GameOptions, type-checked."""
    data = mapping(data, path, ("players", "length", "decks", "occupations", "deal", "exclude"), ("players", "length", "decks"))
    decks = tuple(text(d, path + ("decks", i)) for i, d in enumerate(listing(data["decks"], path + ("decks",), 26)))
    occupations = data.get("occupations", True)
    if not isinstance(occupations, bool):
        raise RecordError(f"expected true or false, found {describe(occupations)}", path + ("occupations",))
    players = whole_number(data["players"], path + ("players",), 1, 4)
    deal = []
    for i, entry in enumerate(listing(data.get("deal", []), path + ("deal",), MAX_CARDS)):
        where = path + ("deal", i)
        if not isinstance(entry, list) or len(entry) != 2:
            raise RecordError(f"expected [seat, occupation], found {describe(entry)}", where)
        deal.append((whole_number(entry[0], where + (0,), 0, players - 1), whole_number(entry[1], where + (1,), 0, MAX_CARD_NUMBER)))
    exclude = tuple(whole_number(c, path + ("exclude", i), 0, MAX_CARD_NUMBER)
                    for i, c in enumerate(listing(data.get("exclude", []), path + ("exclude",), MAX_CARDS)))
    return {"players": players, "length": text(data["length"], path + ("length",)), "decks": decks,
            "occupations": occupations, "deal": tuple(deal), "exclude": exclude}


def read(data, content, force: bool = False) -> tuple[dict, int, list[int], list[tuple[int, str]]]:
    """(options, seed, dice, answers) of a record; RecordError when it is not one for `content`."""
    if not isinstance(data, dict) or "format" not in data:
        raise RecordError("not a rulesdsl saved game (missing or unknown 'format')")
    if type(data["format"]) is not int or data["format"] != FORMAT:
        raise RecordError(f"this rulesdsl reads saved games of format {FORMAT}, found {describe(data['format'])}", ("format",))
    mapping(data, (), ("format", "options", "seed", "dice", "answers", "content", "agents"), ("options", "seed", "answers"))
    opts = options(data["options"])
    if opts["length"] not in content.game_lengths:  # here, so the error points at the value
        raise RecordError(f"unknown game length '{opts['length']}'; choose one of: {', '.join(content.game_lengths)}",
                          ("options", "length"))
    decks = {o.deck for o in content.occupations.values()}
    for index, deck in enumerate(opts["decks"]):
        if deck not in decks:
            raise RecordError(f"unknown occupation deck '{deck}'; decks: {', '.join(sorted(decks))}", ("options", "decks", index))
    agents(data, opts["players"])
    seed = whole_number(data["seed"], ("seed",), *SEED_RANGE)
    faces = max((d.faces for d in content.dice.values()), default=0)
    dice = [whole_number(d, ("dice", i), 1, faces) for i, d in enumerate(listing(data.get("dice", []), ("dice",), MAX_ANSWERS))]
    answers = []
    for index, entry in enumerate(listing(data["answers"], ("answers",), MAX_ANSWERS)):
        where = ("answers", index)
        if not isinstance(entry, list) or len(entry) != 2:
            raise RecordError(f"expected [player, answer], found {describe(entry)}", where)
        answers.append((whole_number(entry[0], where + (0,), 0, opts["players"] - 1), text(entry[1], where + (1,))))
    check_content(data, content, force)
    return opts, seed, dice, answers
