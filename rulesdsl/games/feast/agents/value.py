"""How good a state is for one player: the final score the engine would count now, plus
what the player's holdings are worth for the rounds still to come.

Every term is read from the state through kinds of things (goods that feed a feast, tiles
that cover squares, resources, weapons, cards in hand), never through a named card, space or
good, so a variant's new content is valued by what it is. The weights are data
(`weights.yaml` beside this module, re-tuned by `tools/tune_agents.py`).
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

import attrs
from ruamel.yaml import YAML

from rulesdsl.games.feast.agents.lookahead import PLACE_KIND
from rulesdsl.games.feast.agents.placement import PLACE_MENU, PlacementJudge, income_progress
from rulesdsl.content.catalog import ANIMAL, GOOD, RESOURCE, WEAPON
from rulesdsl.content.tables import content_table
from rulesdsl.games.feast.engine.scoring import breakdown
from rulesdsl.games.feast.engine.steps.feast import HELD as BANQUET_HELD
from rulesdsl.geometry import scoring as grid_scoring
from rulesdsl.geometry.shapes import squares
from rulesdsl.lang import tree as t

SILVER = "silver"  # the currency is already in the score
WEAPONS_USEFUL = 4  # weapons beyond these add little to a roll already won
FADE_ROUNDS = 1.5  # holdings that are not income are worth their full value until this many rounds are left
PACK_ROUNDS = 1  # the last rounds in which held tiles are valued by a packing (Weights.packed); 2 (the
# packing from the round before the last, when tiles are still to come): +0.8 +- 1.9 points, seeds 400-429
MENU_PLACES = 2  # tiles of the anytime menu tried on forks (the best by the boards' geometry)
MENU_FOOD = 1  # food laid on a board (instead of eaten) from the anytime menu, tried on forks alike
LASTING = (t.Hook, t.OnceHook, t.Watch, t.Anytime, t.Modify, t.SetValue, t.Allow)  # what outlives playing a card


@attrs.frozen
class Weights:
    """What one unit of each amount is worth beyond the score. `*_per_round` amounts are
    multiplied by the rounds still to come (0 once the game is over), so holdings fade to
    nothing at the end and only the score counts. The values live in weights.yaml."""

    income_per_round: float = 0.0  # income of the boards: silver in every income phase to come
    progress_per_round: float = 0.0  # progress towards the next income steps (placement.income_progress)
    cells_per_round: float = 0.0  # squares the held tiles for the boards could cover
    coverable: float = 0.0  # of those, as many as there are uncovered minus squares (not per round)
    placeable: float = 0.0  # what the held tiles would add to the boards, each at its best place now
    # (costs a search of the legal positions per new board; 0 skips it. Tried by hand at 0.5-0.9 with
    # `coverable` lowered: the agent then hoarded tiles, every copy valued at the one best place)
    food_cells_per_round: float = 0.0  # squares held food will cover once upgraded, per upgrade step
    food_coverable: float = 0.0  # of those, as many as the minus squares left over (not per round)
    resource: float = 0.0  # building resources (not silver), while there is time to use them
    weapon: float = 0.0  # weapon cards, up to WEAPONS_USEFUL of them, while there is time to use them
    hand: float = 0.0  # occupations in hand, while there is time to play them
    lasting_per_round: float = 0.0  # played occupations that keep doing something
    food_needed: float = 0.0  # banquet seats the held food fills at the next feast
    food_extra: float = 0.0  # seats of food beyond that, while there are feasts to come
    shortfall: float = 0.0  # seats neither food nor silver could fill (a Thing penalty each)
    bonus_per_round: float = 0.0  # goods the boards' bonus squares pay in a bonus phase
    vikings_now: float = 0.0  # Vikings still to place this round (0 once passed): what a space's Viking
    # cost gives up, so a space is judged by its worth per Viking (tried at 2.0: the agent then
    # took cheap spaces and left its Vikings idle)
    seats_per_round: float = 0.0  # banquet seats to cover at the next feast, for every feast to come
    emigrable: float = 0.0  # points held ships would gain by emigrating, while there is time to emigrate
    emigration_funds: float = 0.0  # silver, up to what emigrating every held ship would cost now
    stranded: float = 0.0  # squares of held tiles that no legal place now lets cover a minus square (the
    # uncovered minus squares left are in gaps too small or beside tiles of the same colour): what
    # `coverable` counts for them is not there, and boards only fill up (a new board may free them)
    packed: float = 0.0  # in the last round, instead of `coverable` and `stranded`: the minus squares the
    # held tiles cover laid together (placement.PlacementJudge.packed), as no tile or board is to come
    # that would fit the gaps they leave (coverable counted 17.6 squares at the last decision where
    # the final placements covered 7.5)
    open_edges: float = 0.0  # where a tile goes only (not a feature of the value): each edge around the
    # boards' uncovered squares (placement.open_edges) while there are tiles to come, as a ragged board
    # leaves the late game's large tiles nowhere to go. (As a feature of the value, -0.2 also charged a
    # new exploration board or building its whole perimeter.)
    # ((players, ((name, value), ...)), ...): weights that differ in games of that many players
    # (weights.yaml's `players`); `for_players` applies them
    by_players: tuple = ()

    def to_dict(self) -> dict:
        """The weights by name (numbers only; the overrides by players are not among them)."""
        return {name: getattr(self, name) for name in WEIGHT_NAMES}

    def for_players(self, players: int) -> "Weights":
        """These weights as they hold in a game of `players` players (its overrides applied)."""
        changed = dict(self.by_players).get(players, ())
        return attrs.evolve(self, **dict(changed), by_players=()) if self.by_players else self


WEIGHT_NAMES = tuple(f.name for f in attrs.fields(Weights) if f.name != "by_players")
PLACEMENT_ONLY = frozenset({"open_edges"})  # weights of where a tile goes (placement.board_worth), not of the value
VALUE_NAMES = tuple(name for name in WEIGHT_NAMES if name not in PLACEMENT_ONLY)  # the weights that multiply features
PLAYERS_KEY = "players"  # weights.yaml: the weights that differ by the number of players


def load_weights(path: str | Path | None = None) -> Weights:
    """The weights in `path` (default: the package's weights.yaml, read once: every agent of
    every game asks for them); unknown keys are an error."""
    return _read_weights(path) if path is not None else _package_weights()


@functools.cache
def _package_weights() -> Weights:
    """The package's weights, read once (Weights are frozen: one object serves all)."""
    return _read_weights(None)


def _read_weights(path: str | Path | None) -> Weights:
    """The weights in `path` (None: the package's), parsed."""
    if path is None:
        text = resources.files("rulesdsl.games.feast.agents").joinpath("weights.yaml").read_text(encoding="utf-8")
        where = "rulesdsl/games/feast/agents/weights.yaml"
    else:
        text, where = Path(path).read_text(encoding="utf-8"), str(path)
    data = YAML(typ="safe").load(text) or {}
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected a mapping of weight names to numbers")
    by_players = data.pop(PLAYERS_KEY, None) or {}
    if not isinstance(by_players, dict):
        raise ValueError(f"{where}: '{PLAYERS_KEY}' expects a mapping of player counts to weights")
    unknown = sorted(set(data) - set(WEIGHT_NAMES))
    if unknown:
        raise ValueError(f"{where}: unknown weights {', '.join(unknown)}; known: {', '.join(WEIGHT_NAMES)}")
    overrides = []
    for players, changed in sorted(by_players.items(), key=lambda item: str(item[0])):
        if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4 or not isinstance(changed, dict):
            raise ValueError(f"{where}: '{PLAYERS_KEY}' expects player counts 1 to 4, each with a mapping of "
                             f"weights, not {players!r}")
        wrong = sorted(set(changed) - set(WEIGHT_NAMES))
        if wrong:
            raise ValueError(f"{where}: {PLAYERS_KEY} {players}: unknown weights {', '.join(wrong)}")
        overrides.append((players, tuple((name, _number(where, name, value)) for name, value in sorted(changed.items()))))
    return Weights(**{k: _number(where, k, v) for k, v in data.items()}, by_players=tuple(overrides))


def _number(where: str, name: str, value) -> float:
    """A weight's value as a float; a ValueError naming the file and weight otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{where}: weight {name} expects a number, not {value!r}")
    return float(value)


def save_weights(weights: Weights, path: str | Path, comment: str) -> None:
    """Write weights as YAML with a leading comment saying how they were obtained."""
    lines = [f"# {line}" if line else "#" for line in comment.splitlines()]
    lines += [f"{name}: {round(value, 4)}" for name, value in weights.to_dict().items()]
    if weights.by_players:
        lines.append(f"{PLAYERS_KEY}:")
        for players, changed in weights.by_players:
            lines.append(f"  {players}:")
            lines += [f"    {name}: {round(value, 4)}" for name, value in changed]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def shared_valuer(content, catalog, weights: Weights) -> "Valuer":
    """The Valuer of this content and these weights, made once and kept with the content: what
    it keeps (the content's tables, what boards and tiles are worth) is the same for every agent
    and game on it, and an agent made per seat and game would else read it all again (about 7
    ms an agent; 2 a game, 0.9 s of CPU a game). Its caches change no value it gives."""
    kept = content_table(content, "agents: valuers by weights", dict)
    found = kept.get(weights)
    if found is None:
        if len(kept) >= 8:  # (a tuning run tries many weights: the newest few are kept)
            kept.clear()
        found = kept[weights] = Valuer(content, catalog, weights)
    return found


class Valuer:
    """The value of a state for a player, with the content-derived tables computed once."""

    def __init__(self, content, catalog, weights: Weights):
        self.weights = weights
        self.content = content
        food = catalog.classes.get("food", frozenset())
        self.food_seats: dict[str, int] = {}  # item -> banquet seats it fills lengthwise
        self.cells: dict[str, int] = {}  # held tile -> squares it can cover
        for good in content.goods.values():
            size = max(len(good.shape), max(len(row) for row in good.shape))
            if good.id in food:
                self.food_seats[good.id] = size
            elif catalog.kind.get(good.id) == GOOD:
                self.cells[good.id] = squares(good.shape)
        # food that upgrades into a tile for the boards: the squares it will cover, per step away
        self.upgraded_cells: dict[str, float] = {}
        for good in content.goods.values():
            if good.id not in self.food_seats:
                continue
            steps, current = 0, good
            while current is not None and current.id in self.food_seats and steps < 8:
                current = content.goods.get(current.upgrades_to) if current.upgrades_to else None
                steps += 1
            if current is not None and current.id in self.cells:
                self.upgraded_cells[good.id] = self.cells[current.id] / steps
        for tile in content.special_tiles.values():
            self.cells[tile.id] = squares(tile.shape)
        self.kind = catalog.kind
        # ship kind -> points it gains by turning to its emigration side
        self.emigration_gain = {k: ship.emigrated_points - ship.points for k, ship in content.ships.items()
                                if ship.emigrated_points is not None}
        # what the action spaces' emigrations cost (amounts read in the player's context when valued)
        self.emigration_costs = tuple(node.cost for (kind, _), program in content.programs.items() if kind == "spaces"
                                      for node in t.walk(program) if isinstance(node, t.Emigrate))
        self._lasting: dict[int, bool] = {}
        self._boards: dict = {}  # id(board) -> (board, board_terms); boards are immutable, shared by forks
        self._minus: dict = {}  # (tile, ids of the boards) -> (the boards, whether the tile covers a minus square now)
        self.judge = PlacementJudge()
        self._weighted = tuple((name, getattr(weights, name)) for name in VALUE_NAMES if getattr(weights, name))
        # the silver for emigrations is an amount read through the rules (an expression per space): not read when unweighted
        self._funds_wanted = bool(weights.emigration_funds)

    def lasting(self, card: int) -> bool:
        """Whether a played card keeps doing something (hooks, modifiers, anytime effects)."""
        found = self._lasting.get(card)
        if found is None:
            program = self.content.programs.get(("occupations", card))
            found = self._lasting[card] = program is not None and any(isinstance(item, LASTING) for item in program.items)
        return found

    def _lasting_played(self, played: list[int]) -> int:
        """How many of the played cards keep doing something (`lasting`, read from its table)."""
        known, count = self._lasting, 0
        for card in played:
            found = known.get(card)
            if found is None:
                found = self.lasting(card)
            if found:
                count += 1
        return count

    def _covers_minus(self, game, boards: list, item: str) -> bool:
        """PlacementJudge.covers_minus, kept by the boards (objects that never change) and the
        tile: a value asks it for every tile held, of the same boards, across a game's forks."""
        key = (item, *map(id, boards))
        found = self._minus.get(key)
        if found is not None and all(a is b for a, b in zip(found[0], boards)):
            covers: bool = found[1]
            return covers
        if len(self._minus) > PlacementJudge.LIMIT:
            self._minus.clear()
        covers = self.judge.covers_minus(game, boards, item)
        self._minus[key] = (tuple(boards), covers)
        return covers

    def board_terms(self, board) -> tuple[int, float]:
        """(goods its bonus squares pay, income progress) of a board, kept while it exists."""
        found = self._boards.get(id(board))
        if found is not None and found[0] is board:
            return found[1]
        if len(self._boards) > PlacementJudge.LIMIT:
            self._boards.clear()
        terms = (sum(len(goods) for _, goods in grid_scoring.bonus(board)), income_progress(board))
        self._boards[id(board)] = (board, terms)
        return terms

    def features(self, game, player: int, parts: dict | None = None, funds_wanted: bool = True) -> dict[str, float]:
        """The score now and the raw amounts the weights multiply (`parts`: the player's score
        breakdown, if the caller has it already; without `funds_wanted`, `emigration_funds` is 0:
        `value` reads it only when its weight is not 0)."""
        s = game.state
        p = s.players[player]
        if parts is None:
            parts = breakdown(game, p)
        score = sum(parts.values())
        uncovered = -parts["minus_squares"]
        left = self.rounds_left(game, p)
        over = left == 0
        food = resource = weapon = cells = food_cells = stranded = 0
        w = self.weights
        last = not over and s.rounds - s.round < PACK_ROUNDS and bool(w.packed)  # tiles valued by a packing
        held = []
        boards = game.flow.boards(p)
        placeable = 0.0
        # (the tables read into locals: a value is taken thousands of times a game)
        food_seats, cells_of, kinds, upgraded = self.food_seats, self.cells, self.kind, self.upgraded_cells
        placing = not over and w.placeable
        judging = not over and w.stranded
        board_weights = self.board_weights(left) if placing else None
        for item, n in p.supply.items():
            if n <= 0:
                continue
            if item in food_seats:
                food += food_seats[item] * n
                food_cells += upgraded.get(item, 0) * n
            elif item in cells_of:
                cells += cells_of[item] * n
                if last:
                    held.append((item, n))
                    continue
                if placing:
                    placeable += self.judge.best(game, boards, item, board_weights) * n
                if judging and not self._covers_minus(game, boards, item):
                    stranded += cells_of[item] * n
            else:
                kind = kinds.get(item)
                if kind == RESOURCE and item != SILVER:
                    resource += n
                elif kind == WEAPON:
                    weapon += n
        for item, n in p.stables.items():
            if n > 0 and kinds.get(item) == ANIMAL:
                food += food_seats.get(item, 1) * n
        packed = self.packing(game, boards, held) if held else 0
        need = 0 if over else game.flow.feast_seats(p)
        bonus = progress = 0
        known = self._boards
        for board in boards:
            found = known.get(id(board))  # (board_terms, inlined: a value reads every board)
            paid, toward = found[1] if found is not None and found[0] is board else self.board_terms(board)
            bonus += paid
            progress += toward
        if not left:
            progress = 0
        fade = min(1.0, left / FADE_ROUNDS)
        gain = self.emigration_gain
        emigrable = sum([gain.get(ship.kind, 0) for ship in p.ships]) if p.ships else 0
        funds = 0
        if funds_wanted and emigrable and self.emigration_costs and not over:
            emigrants = sum(1 for ship in p.ships if ship.kind in self.emigration_gain)
            ctx = game.flow.ctx(player)
            cost = min(game.flow.interp.amount(c, ctx) for c in self.emigration_costs)
            funds = min(p.supply[SILVER], cost * emigrants)
        return {
            "score": score,
            "income_per_round": parts["income"] * left,
            "progress_per_round": progress * left,
            "cells_per_round": cells * left,
            "resource": resource * fade,
            "weapon": min(weapon, WEAPONS_USEFUL) * fade,
            "hand": len(p.hand) * fade,
            "food_needed": min(food, need),
            "food_extra": max(0, food - need) * fade,
            "shortfall": max(0, need - food - p.supply[SILVER]),
            "lasting_per_round": self._lasting_played(p.played) * left,
            "food_cells_per_round": food_cells * left,
            "bonus_per_round": bonus * left,
            "coverable": 0 if over or last else min(cells, uncovered),
            "packed": packed,
            "placeable": placeable,
            "stranded": stranded,
            "food_coverable": 0 if over else min(food_cells, max(0, uncovered - cells)),
            "vikings_now": 0 if over or p.passed else p.thing,
            "seats_per_round": need * left,
            "emigrable": emigrable * fade,
            "emigration_funds": funds * fade,
        }

    def rounds_left(self, game, p=None) -> float:
        """Rounds still to come, the current one counted half; for player `p`, once it has held
        this round's banquet, the current one no more (in the last round its feasting is over:
        food and silver kept for a next feast are worth nothing, the empty seats already cost)."""
        s = game.state
        if s.finished or s.phase == "end":
            return 0
        fed = p is not None and p.counters.get(BANQUET_HELD, 0) > 0
        return max(0, s.rounds - s.round) + (0 if fed else 0.5)

    def board_weights(self, left: float) -> tuple[float, float, float, float]:
        """What one step of income, one good of the bonus squares and one step of income progress
        add to a board's worth, and what one open edge of its uncovered squares costs."""
        w = self.weights
        return (w.income_per_round * left + 1, w.bonus_per_round * left, w.progress_per_round * left,
                -w.open_edges * min(1.0, left / FADE_ROUNDS))

    def placement_ranked(self, game, decision, limit: int | None = None) -> list[tuple[str, float]] | None:
        """The legal placement answers of `decision`, best for the board first, with what each
        adds to it (the first `limit`; None: not a placement question)."""
        if decision.kind != PLACE_KIND:
            return None
        return self.judge.ranked(game, decision, self.board_weights(self.rounds_left(game)), limit)

    def menu_pruned(self, game, player: int, keys: list[str], keep: int = MENU_PLACES,
                    keep_food: int = MENU_FOOD) -> list[str]:
        """The anytime menu's answers worth a fork: every one that is not laying a good; of the
        tiles, the `keep` whose best place now adds most to a board beyond what holding the tile
        is worth, and of food laid on a board (not eaten), the `keep_food` best so judged (the
        board's geometry alone; the fork adds what cards do)."""
        p = game.state.players[player]
        left = self.rounds_left(game)
        boards = game.flow.boards(p)
        weights = self.board_weights(left)
        uncovered = sum(grid_scoring.uncovered_minus(board) for board in boards)
        w = self.weights
        tiles, food, out = [], [], []
        for key in keys:
            item = key[len(PLACE_MENU):] if key.startswith(PLACE_MENU) else None
            if item in self.food_seats:
                held, into = self.food_seats[item] * w.food_extra, food  # at least the seats it fills beyond need
            elif item in self.cells:
                cells = self.cells[item]
                held, into = (w.cells_per_round * left + (w.coverable if left and cells <= uncovered else 0)) * cells, tiles
            else:
                out.append(key)
                continue
            into.append((self.judge.best(game, boards, item, weights) - held, key))
        tiles.sort(key=lambda x: -x[0])
        food.sort(key=lambda x: -x[0])
        chosen = {key for _, key in tiles[:keep] + food[:keep_food]}
        return [k for k in keys if k in chosen or k in out]

    def value(self, game, player: int) -> float:
        """The state's worth for the player: the score now plus the weighted amounts."""
        f = self.features(game, player, funds_wanted=self._funds_wanted)
        weighted = 0  # sum()'s additions in its order, without a generator (thousands of values a game)
        for name, weight in self._weighted:
            weighted += weight * f[name]
        return f["score"] + weighted

    def leaf_value(self, game, player: int) -> float:
        """`value` for a rollout's leaf: once the game is over but its final placements are still
        to make, the held tiles add the minus squares their packing covers. (Not in `value`
        itself: a greedy choice there must find laying a tile worth more than holding it.)"""
        worth = self.value(game, player)
        s = game.state
        if s.phase == "end" and not s.finished and self.weights.packed:
            p = s.players[player]
            held = [(item, n) for item, n in p.supply.items() if n > 0 and item in self.cells and item not in self.food_seats]
            if held:
                boards = game.flow.boards(p)
                worth += self.weights.packed * self.packing(game, boards, held)
        return worth

    def packing(self, game, boards, held: list[tuple[str, int]]) -> int:
        """The minus squares the held tiles ((tile, how many)) cover laid together, largest first."""
        return self.judge.packed(game, boards, tuple(sorted(held, key=lambda x: (-self.cells[x[0]], x[0]))))


