"""A Feast for Odin at the web table: the hooks the table (`rulesdsl.web`, written once for
every game) asks of it (`registry.WebHooks`): its page (`feast.page`: the whole table seen from
one seat, the timeline, the scores), its start and open forms, the options its start form
reads, who gave each answer (for undo), the rule a refusal rests on, and two more views of a
game: the tile placement preview and the table's drawing.

The page holds no rules: a click sends an option's key to the table's answer route, which goes
through `Game.answer`; tile previews are answered from the decision's own placements and the
placement rules. The templates are the table's (`game.html`, `feast_start.html`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine.game import Game
from rulesdsl.games.feast.page import page_context
from rulesdsl.games.registry import Asked, Drawing, Offer, Page
from rulesdsl.learn.reference import citation
from rulesdsl.view import present
from rulesdsl.view.table import table_svg
from rulesdsl.view.timeline import Timeline

DEFAULT_DECKS = "A,B,C"


def timeline(session: Any) -> list[Any]:
    """Every step so far (the replay goes on from where it was last asked)."""
    data = session.game.save()
    if "timeline" not in session.memo:
        session.memo["timeline"] = Timeline(Game, session.game.content, data)
    steps: list[Any] = session.memo["timeline"].extend(data["answers"])
    return steps


def at_step(session: Any, step: int) -> Game:
    """The game as it was after `step` answers (replayed from the record)."""
    data = session.game.save()
    if step >= len(data["answers"]):
        game: Game = session.game
        return game
    return Game.load(session.game.content, dict(data, answers=data["answers"][:step]))


def whole_number(text: str | None) -> int | None:
    """`?step=` and the like as a number; None when absent or not one."""
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


def page(session: Any, asked: Asked) -> Page:
    """The game's page at `?step=` (the last step by default), seen from the asking seat."""
    steps = timeline(session)
    last = len(steps) - 1
    step = whole_number(asked.args.get("step"))
    step = last if step is None else max(0, min(step, last))
    game = at_step(session, step)
    context = page_context(session, game, steps, step, asked.viewer)
    rounds = sorted({s.round for s in steps})
    first_of_round = {r: next(s.number for s in steps if s.round == r) for r in rounds}
    return Page("game.html", {"game": game, "step": step, "last": last, "steps": steps, "current": steps[step],
                              "first_of_round": first_of_round, "player_name": present.player_name,
                              "seat": asked.seat, **context})


def start(offer: Offer) -> Page:
    """The start and open forms: players, agents, length, decks, seed, the server's variants."""
    return Page("feast_start.html", {"agent_names": offer.agents, "suggested": offer.suggested,
                                     "variants": offer.variants, "decks": DEFAULT_DECKS})


def options(field: Callable[[str, str], str]) -> dict[str, Any]:
    """A new game's options from the start form (`field(name, default)` reads one)."""
    decks = tuple(d.strip().upper() for d in field("decks", DEFAULT_DECKS).split(",") if d.strip())
    return {"length": field("length", "long"), "decks": decks}


def answered_by(game: Game) -> list[int]:
    """The seat of every answer so far (the record keeps it beside the key)."""
    return [int(player) for player, _ in game.save()["answers"]]


def refusal(err: Exception) -> dict[str, Any]:
    """The rule a refused answer rests on, linked to the Rules page."""
    return {"rule": citation(getattr(err, "reason", None))}


def preview(session: Any, asked: Asked) -> Any:
    """Whether a tile fits where the pointer is: the placement rules' verdict, with the reason."""
    decision = session.game.decision if session.waiting_for_person else None
    if decision is None:
        return {"error": "no decision is waiting"}, 409
    args = asked.args
    try:
        return present.placement_verdict(session.game, decision, args.get("area", "home"), int(args["row"]),
                                         int(args["column"]), int(args.get("turn", 0)) % 360,
                                         args.get("mirror") in ("1", "true"), args.get("piece") or None)
    except (KeyError, ValueError, RulesError) as err:
        raise RulesError(f"bad preview request: {err}") from None


def table_image(session: Any, asked: Asked) -> Drawing:
    """The table at `?step=` as one SVG, seen from the asking seat (another hand stays hidden)."""
    step = whole_number(asked.args.get("step"))
    game = at_step(session, len(session.game.log) if step is None else max(0, step))
    return Drawing(table_svg(game, viewer=asked.viewer))
