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
    # per board: (income, uncovered minus squares, ids of the pieces on it), read once per board
    # (boards never change; an agent values thousands of states sharing them)
    income, minus, pieces = _board_terms(p.home)
    placed_specials = [x for x in pieces if x in specials]
    for board in p.explored.values():
        more, less, pieces = _board_terms(board)
        income += more
        minus += less
        placed_specials += [x for x in pieces if x in specials]
    for b in p.buildings:
        if b.grid is not None:
            _, less, pieces = _board_terms(b.grid)
            minus += less
            placed_specials += [x for x in pieces if x in specials]
        if b.slots is not None:
            minus += empty_slots(b.slots)
    supply = p.supply
    owned_specials = [x for x in specials if supply[x] > 0] + placed_specials
    ships, goods = content.ships, content.goods
    return {
        "ships": sum([ships[s.kind].points for s in p.ships]),
        "emigrations": sum([ships[k].emigrated_points or 0 for k in p.emigrated]),
        "exploration": sum([content.exploration_boards[b].points for b in p.explored]),
        "buildings": sum([content.buildings[b.kind].points for b in p.buildings]),
        "animals": sum([goods[a].points * n for a, n in p.stables.items()]),
        "occupations": sum([content.occupations[n].points for n in p.played]),
        "silver": supply["silver"],
        "income": income,
        "special_tiles": sum([specials[x].points for x in owned_specials]),
        "minus_squares": -minus,
        "thing_penalties": -PENALTY_POINTS * p.penalties,
    }


_BOARDS: dict = {}  # id(board) -> (board, its terms); the board is kept, so its id stays its own
_BOARDS_MAX = 8192


def _board_terms(board) -> tuple[int, int, tuple[str, ...]]:
    """(income, uncovered minus squares, piece ids of its tiles in order) of a board."""
    found = _BOARDS.get(id(board))
    if found is not None and found[0] is board:
        return found[1]
    if len(_BOARDS) >= _BOARDS_MAX:
        _BOARDS.clear()
    terms = (grid_scoring.income(board), grid_scoring.uncovered_minus(board), tuple(t.piece.id for t in board.tiles))
    _BOARDS[id(board)] = (board, terms)
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
