"""Final scoring ([F3], [F4]): a breakdown per player and the winners (ties share)."""

from __future__ import annotations

from rulesdsl.content.tables import content_table
from rulesdsl.games.feast.engine.flow import PENALTY_POINTS
from rulesdsl.geometry import scoring as grid_scoring
from rulesdsl.geometry.slots import empty_slots

CATEGORIES = ("ships", "emigrations", "exploration", "buildings", "animals", "occupations", "silver", "income",
              "special_tiles", "minus_squares", "thing_penalties")


def breakdown(game, p) -> dict[str, int]:
    content = game.content
    specials = content.special_tiles
    kept = content_table(content, BOARD_TERMS, dict)
    minus, placed = _board_terms(kept, p.home, specials)
    for board in p.explored.values():
        m, points = _board_terms(kept, board, specials)
        minus, placed = minus + m, placed + points
    for b in p.buildings:
        if b.grid is not None:
            m, points = _board_terms(kept, b.grid, specials)
            minus, placed = minus + m, placed + points
        if b.slots is not None:
            minus += empty_slots(b.slots)
    supply = p.supply
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
        # the special tiles held (the ids both hold, intersected in C: most supplies hold none) and placed
        "special_tiles": sum([specials[x].points for x in specials.keys() & supply.keys() if supply[x] > 0]) + placed,
        "minus_squares": -minus,
        "thing_penalties": -PENALTY_POINTS * p.penalties,
    }


# the content's table of its boards' terms: id(board) -> (board, (uncovered minus squares, special
# tile points)); kept with the content and freed with it (no module-level table outlives a content)
BOARD_TERMS = "scoring: board terms"
_BOARD_TERMS_MAX = 4096  # boards kept at most


def _board_terms(kept: dict, board, specials: dict) -> tuple[int, int]:
    """(uncovered minus squares, points of the special tiles placed on it) of a board, kept in
    `kept` while the board is (boards never change once made; a lookahead values the same boards
    thousands of times a game, through forks of one game: a breakdown read every placed tile of
    every board)."""
    found = kept.get(id(board))
    if found is not None and found[0] is board:
        terms: tuple[int, int] = found[1]
        return terms
    if len(kept) >= _BOARD_TERMS_MAX:
        kept.clear()
    terms = (grid_scoring.uncovered_minus(board),
             sum([specials[t.piece.id].points for t in board.tiles if t.piece.id in specials]))
    kept[id(board)] = (board, terms)
    return terms


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
