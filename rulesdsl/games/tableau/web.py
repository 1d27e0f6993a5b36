"""Tableau rulesets at the web table: the hooks the table (`rulesdsl.web`, written once for
every game) asks of them (`registry.WebHooks`): the page (the market ring with its prices,
every home board as `rulesdsl render` draws it, the offered answers as buttons and the refused
ones with their reasons), the start and open forms, and the options the start form reads.

The page holds no rules: a click sends the option's key to the table's answer route, which goes
through `TableauGame.answer`. The templates are the table's (`tableau.html`, `tableau_start.html`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rulesdsl.errors import ContentError
from rulesdsl.games.options import parse_options
from rulesdsl.games.registry import Asked, Offer, Page
from rulesdsl.games.tableau.engine import mech
from rulesdsl.games.tableau.engine.render import seat_view
from rulesdsl.games.tableau.engine.rulesets import load, ruleset_folders


def games() -> list[tuple[str, str]]:
    """(id, name) of the built-in tableau rulesets."""
    out = []
    for key in ruleset_folders():
        try:
            out.append((key, load(key).manifest.name))
        except ContentError:
            continue
    return out


def ring_view(game: Any) -> list[dict[str, Any]]:
    """The market ring slot by slot: the lot, its price now, or bought."""
    ring = game.table.ring
    base = mech.lowest(ring) or 0  # None: nothing left to price
    return [{"slot": i, "tile": lot[0].replace("_", " "), "figure": lot[1], "price": i - base} if lot is not None
            else {"slot": i} for i, lot in enumerate(ring)]


def page(session: Any, asked: Asked) -> Page:
    """The game's page: the ring, the question with its answers, the boards, the scores at the end."""
    game = session.game
    decision = game.decision if session.waiting_for_person else None
    options = [{"key": o.key, "label": o.label.replace("_", " "), "refusal": o.refusal} for o in decision.options] if decision else []
    people = [agent is None for agent in session.agents]
    return Page("tableau.html", {
        "ring": ring_view(game), "decision": decision,
        "legal": [o for o in options if o["refusal"] is None], "refused": [o for o in options if o["refusal"] is not None],
        "seats": [seat_view(game.ruleset, game.table, i) for i in range(game.players)],
        "figures": {f.id: f.colour for f in game.ruleset.figures.values()},
        "scores": game.score_table(session.names) if game.decision is None else None,
        "can_undo": any(people) and not all(people) and bool(game.log),
        "state": json.dumps({"answers": len(game.log), "over": game.decision is None,
                             "decision": {"player": decision.player, "kind": decision.kind,
                                          "legal": [o["key"] for o in options if o["refusal"] is None]} if decision else None})})


def start(offer: Offer) -> Page:
    """The start and open forms: the ruleset, players, agents, options, seed."""
    return Page("tableau_start.html", {"games": games(), "agent_names": offer.agents, "suggested": offer.suggested,
                                       "chosen": offer.chosen})


def options(field: Callable[[str, str], str]) -> dict[str, Any]:
    """A new game's options from the start form's `auction=1 boatsman_limit=1`."""
    return dict(parse_options(v for v in field("options", "").replace(",", " ").split() if v))


def title(game: Any) -> str:
    """The ruleset's name, for the list of open games."""
    return str(game.ruleset.manifest.name)
