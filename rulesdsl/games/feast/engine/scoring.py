"""Final scoring ([F3], [F4]): a breakdown per player and the winners (ties share)."""

from __future__ import annotations

from rulesdsl.games.feast.engine.flow import PENALTY_POINTS
from rulesdsl.geometry import scoring as grid_scoring
from rulesdsl.geometry.slots import empty_slots

CATEGORIES = ("ships", "emigrations", "exploration", "buildings", "animals", "occupations", "silver", "income",
              "special_tiles", "minus_squares", "thing_penalties")


def breakdown(game, p) -> dict[str, int]:
    content = game.content
    specials = content.special_tiles
    minus = grid_scoring.uncovered_minus(p.home)
    placed_specials = [t.piece.id for t in p.home.tiles if t.piece.id in specials]
    for board in p.explored.values():
        minus += grid_scoring.uncovered_minus(board)
        placed_specials += [t.piece.id for t in board.tiles if t.piece.id in specials]
    for b in p.buildings:
        if b.grid is not None:
            minus += grid_scoring.uncovered_minus(b.grid)
            placed_specials += [t.piece.id for t in b.grid.tiles if t.piece.id in specials]
        if b.slots is not None:
            minus += empty_slots(b.slots)
    supply = p.supply
    owned_specials = [x for x in specials if supply.get(x, 0) > 0] + placed_specials  # (get: no __missing__ call per tile)
    ships, goods = content.ships, content.goods
    return {
        "ships": sum([ships[s.kind].points for s in p.ships]),
        "emigrations": sum([ships[k].emigrated_points or 0 for k in p.emigrated]),
        "exploration": sum([content.exploration_boards[b].points for b in p.explored]),
        "buildings": sum([content.buildings[b.kind].points for b in p.buildings]),
        "animals": sum([goods[a].points * n for a, n in p.stables.items()]),
        "occupations": sum([content.occupations[n].points for n in p.played]),
        "silver": supply["silver"],
        "income": game.flow.income(p),
        "special_tiles": sum([specials[x].points for x in owned_specials]),
        "minus_squares": -minus,
        "thing_penalties": -PENALTY_POINTS * p.penalties,
    }


def final_scores(game) -> list[dict]:
    rows = []
    for p in game.state.players:
        parts = breakdown(game, p)
        rows.append({"player": p.index, "color": p.color, "total": sum(parts.values()), **parts})
    best = max(r["total"] for r in rows)
    for r in rows:
        r["winner"] = r["total"] == best
    return rows


def table(rows, agents=None) -> str:
    """The score table as text: one column per player, one row per category (and the agents)."""
    header = f"{'':16}" + "".join(f"{'P' + str(r['player'] + 1) + ' ' + r['color']:>14}" for r in rows)
    lines = [header]
    if agents is not None:
        lines.append(f"{'agent':16}" + "".join(f"{name:>14}" for name in agents))
    for category in CATEGORIES:
        lines.append(f"{category.replace('_', ' '):16}" + "".join(f"{r[category]:>14}" for r in rows))
    lines.append(f"{'total':16}" + "".join(f"{r['total']:>14}" for r in rows))
    winners = ", ".join(f"P{r['player'] + 1}" for r in rows if r["winner"])
    lines.append(f"winner{'s' if winners.count(',') else ''}: {winners}")
    return "\n".join(lines)
