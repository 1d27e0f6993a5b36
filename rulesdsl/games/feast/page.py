"""What A Feast for Odin's page at the web table shows, seat by seat: the shared board, every
player's part (another seat's hand hidden), the status line (round, phase, who plays, what
just happened), the open question with its options and refusals in English, the timeline,
and at the end the score breakdown with the winner. `feast.web` hands it to the table.

The seat a request looks from is the table's (`web.seats`): an index, or None for a
spectator (hands hidden until the game is over)."""

from __future__ import annotations

from typing import Any

import attrs

from rulesdsl.games.feast.engine.game import Game
from rulesdsl.games.feast.engine.scoring import CATEGORIES, final_scores
from rulesdsl.learn.reference import citation
from rulesdsl.view import present
from rulesdsl.view.table import board_part, hand_hidden, legend_entries, player_part

SPECTATOR = None  # the table's viewer of `seat=all`


def humans(session: Any) -> list[int]:
    """The seats a person plays at the page."""
    return [i for i, agent in enumerate(session.agents) if agent is None]


def decision_view(game: Game, decision: Any) -> dict[str, Any]:
    """What the page needs to answer a decision: options with labels and refusals, the
    placements it offers (by board and square) and the tiles they lay."""
    content = game.content
    labels = present.distinct_labels(game, decision)
    options = []
    for o in decision.options:
        card = present.occupation_of(game, decision, o)
        options.append({"key": o.key, "label": labels[o.key], "refusal": present.refusal_text(game, decision, o),
                        "rule": citation(o.refusal),  # the rule the engine's refusal rests on, linked
                        "placement": present.placement_of(o) is not None,
                        "card": {"name": card.name, "text": card.text, "number": card.number} if card else None})
    placed = present.placements(decision)
    spaces = {}
    for o, view in zip(decision.options, options):
        if o.key in content.spaces:
            spaces[o.key] = {"legal": o.refusal is None, "reason": view["refusal"], "rule": view["rule"],
                             "label": content.spaces[o.key].name}
    legal = [o for o in options if o["refusal"] is None and not o["placement"]]
    return {
        "player": present.player_name(decision.player), "index": decision.player,
        "prompt": present.history_line(game, decision.prompt), "kind": decision.kind,
        "hint": present.dice_hint(game, decision),
        "legal": [o for o in legal if o["key"] not in spaces],
        "legal_spaces": [o for o in legal if o["key"] in spaces],
        "refused": [o for o in options if o["refusal"] is not None],
        "spaces": spaces,
        "placements": [attrs.asdict(pl) for pl in placed],
        "pieces": sorted({pl.piece for pl in placed if pl.piece}),
        "areas": sorted({pl.area for pl in placed}),
    }


def scores(game: Game) -> dict[str, Any]:
    """The final score breakdown: a row per category, the totals and the winners."""
    rows = final_scores(game)
    winners = [present.player_name(r["player"]) for r in rows if r["winner"]]
    best = max(r["total"] for r in rows)
    return {"players": [(present.player_name(r["player"]), r["color"], r["winner"]) for r in rows],
            "rows": [(c.replace("_", " "), [r[c] for r in rows]) for c in CATEGORIES],
            "totals": [r["total"] for r in rows],
            "headline": (f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} with {best} points"
                         if len(rows) > 1 else f"{best} points")}


def _recent(steps: list[Any], limit: int = 5) -> list[str]:
    """The last lines of what happened: answers, what followed them, gains and payments."""
    lines: list[str] = []
    for step in reversed(steps):
        part = []
        if step.player is not None:
            part.append(f"{present.player_name(step.player)} chose {step.answer}")
        part += list(step.changes)
        for entry in step.entries:
            part.append(entry.text + (": " + "; ".join(entry.changes) if entry.changes else ""))
        lines = part + lines
        if len(lines) >= limit:
            break
    return lines[-limit:]


def page_context(session: Any, game: Game, steps: list[Any], step: int, viewer: int | None) -> dict[str, Any]:
    """Everything game.html draws, for `game` (the session's game at `step`) seen by `viewer`."""
    last = len(steps) - 1
    live = step == last
    decision = game.decision if live and session.waiting_for_person else None
    if decision is not None and viewer is not SPECTATOR and decision.player != viewer:
        decision = None  # another seat's question: this seat waits
    view = decision_view(game, decision) if decision is not None else None
    s = game.state
    order = list(range(len(s.players)))
    if viewer is not SPECTATOR:
        order = [viewer] + [i for i in order if i != viewer]
    people = humans(session)
    open_decision = session.game.decision
    return {
        "board_svg": board_part(game),
        "parts": [{"index": i, "name": present.player_name(i), "color": s.players[i].color, "mine": i == viewer,
                   "svg": player_part(game, i, viewer if viewer is not SPECTATOR else None),
                   "hidden": hand_hidden(game, i, viewer if viewer is not SPECTATOR else None)} for i in order],
        "viewer": viewer, "viewer_name": present.player_name(viewer) if viewer is not SPECTATOR else "spectator",
        "decision": decision, "view": view, "live": live,
        "to_play": present.player_name(open_decision.player) if live and open_decision is not None else None,
        "waiting_for": (present.player_name(open_decision.player)
                        if live and open_decision is not None and decision is None else None),
        "recent": _recent(steps[: step + 1]),
        "can_undo": live and any(player in people and (viewer is SPECTATOR or player == viewer)
                                 for player, _ in session.game.save()["answers"]) and len(people) < len(s.players),
        "seats": [(i, present.player_name(i), i in people) for i in range(len(s.players))],
        "legend": legend_entries(),
        "scores": scores(game) if game.over and live else None,
    }
