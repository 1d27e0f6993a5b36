"""The greedy, learned and search agents: legal answers in whole games with every invariant checked,
determinism, forks that reach the identical state, cards valued by what they do (a variant
card they have never seen), games on a variant with replaced spaces, and `play` naming them."""

import attrs
import pytest

from rulesdsl.agents import RandomAgent
from rulesdsl.games.feast.agents.greedy import GreedyAgent
from rulesdsl.games.feast.agents.learned import LearnedAgent
from rulesdsl.games.feast.agents.ranker import load_ranker
from rulesdsl.agents.registry import make_agent, parse_think
from rulesdsl.games.feast.agents.search import SearchAgent
from rulesdsl.games.feast.agents.value import WEIGHT_NAMES, Weights, load_weights, save_weights
from rulesdsl.cli import main
from rulesdsl.content.loader import load_content
from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine import invariants
from rulesdsl.games.feast.engine.game import Game, GameOptions, ResumeReached

WINDFALL = """number: 901
deck: Z
starting: true
name: Windfall
points: 0
category: immediate
text: When you play this card, gain 10 silver.
effect: |
  gain 10 silver
"""

SPOILER = """number: 902
deck: Y
starting: true
name: Spoiler
points: 0
category: immediate
text: When you play this card, return 1 mead.
effect: |
  must pay 1 mead
"""

REPLACED_SPACES = """spaces:
  - id: buy_sheep_2
    name: Free sheep
    group: livestock_market
    column: 2
    row: 5
    effect: gain 1 sheep
    replaces: true
  - id: stockfish_1
    name: Fish market
    group: hunting
    column: 1
    row: 30
    effect: |
      gain 3 stockfish
    replaces: true
"""


def fast_greedy(seed):
    """A cheap greedy (2 answers judged per decision, the anytime menu unopened, held tiles not
    searched for their best place) for the many-games tests."""
    import attrs

    return GreedyAgent(seed, weights=attrs.evolve(load_weights(), placeable=0.0), sample=2, menus=False)


def fast_learned(seed):
    """A cheap learned agent (the shipped model; 2 answers judged per decision, the menu unopened)."""
    return LearnedAgent(seed, sample=2, menus=False)


def fast_ranked(seed):
    """A cheap fast agent (the shipped answer ranker keeping 2 of a turn's answers, the menu unopened)."""
    return GreedyAgent(seed, sample=2, menus=False, ranker=load_ranker(), keep=2)


def fast_search(seed):
    agent = SearchAgent(seed, iterations=1, width=2, depth=3)
    agent.greedy, agent.playout = fast_greedy(seed), fast_greedy(seed + 1)
    return agent


@pytest.mark.parametrize("block", range(4))
def test_agents_never_answer_illegally_and_keep_every_invariant(content, block):
    """200 short and long games in all (4 blocks of 50), 1-4 players; one seat is a (cheap)
    greedy, fast (ranked), learned or search agent, the others random. Game.answer refuses an illegal answer."""
    for seed in range(block * 50, block * 50 + 50):
        players = 1 + seed % 4
        length = ("short", "long")[seed // 4 % 2]
        game = Game(content, GameOptions(players=players, length=length, decks=("A", "B", "C")), seed)
        smart = (fast_search(seed) if seed % 10 == 9 else fast_learned(seed) if seed % 2
                 else fast_ranked(seed) if seed % 4 == 2 else fast_greedy(seed))
        agents = [smart if i == seed % players else RandomAgent(seed * 10 + i) for i in range(players)]
        game.run(agents, check=invariants.check)
        assert game.over and game.state.finished


@pytest.mark.parametrize("other", [GreedyAgent, LearnedAgent, lambda seed: GreedyAgent(seed, ranker=load_ranker())],
                         ids=["greedy", "learned", "fast"])
def test_the_same_seed_and_budget_give_the_same_game(content, other):
    def play(seed, steps=60):
        game = Game(content, GameOptions(players=2, length="short", decks=("A", "B", "C")), seed)
        agents = [SearchAgent(seed, iterations=3, width=2, depth=4), other(seed + 1)]
        for _ in range(steps):
            game.answer(agents[game.decision.player].answer(game, game.decision))
        return game

    a, b = play(5), play(5)
    assert a.log == b.log and a.state.snapshot() == b.state.snapshot()
    assert play(6).log != a.log


def test_a_fork_answered_like_the_original_reaches_the_identical_state(content):
    game = Game(content, GameOptions(players=3, decks=("A", "B", "C")), 17)
    agents = [RandomAgent(170 + i) for i in range(3)]
    forks = []
    step = 0
    while game.decision is not None:
        if step % 23 == 0:
            fork = game.fork()
            assert fork.decision == game.decision and fork.state.snapshot() == game.state.snapshot()
            forks.append(fork)
        game.answer(agents[game.decision.player].answer(game, game.decision))
        step += 1
    for fork in forks:
        fork.run(agents)  # random answers depend only on the seed and the answer count
        assert fork.state.snapshot() == game.state.snapshot() and fork.log == game.log
    assert len(forks) > 10


def test_a_halting_fork_stops_at_the_next_resume_point_and_leaves_the_game_alone(content):
    game = Game(content, GameOptions(players=2, decks=("A",)), 3)
    while game.decision.kind != "space":
        game.answer(game.decision.legal()[0])
    before = game.state.snapshot()
    fork = game.fork(reseed=1, halt=True)
    space = next(k for k in fork.decision.legal() if not k.startswith("anytime:") and k != "pass")
    with pytest.raises(ResumeReached):
        while True:
            fork.answer(space if fork.decision.kind == "space" else fork.decision.legal()[0])
    assert game.state.snapshot() == before
    assert fork.state.occupancy.get(space)


def _variant_content(variant, card_file, text):
    variant.write(f"cards/occupations/{card_file}", text)
    return load_content([variant.root])


def _decisions_offering(game, agent, key, when=lambda game: True):
    """Play a solo game with `agent`; the answers it gave where `key` was a legal choice among
    others (and `when(game)` held)."""
    given = []
    while game.decision is not None:
        d = game.decision
        answer = agent.answer(game, d)
        if key in d.legal() and len(d.legal()) > 1 and when(game):
            given.append(answer)
        game.answer(answer)
    return given


def test_greedy_plays_a_card_it_has_never_seen_that_gains_silver(variant):
    content = _variant_content(variant, "Z/901-windfall.yaml", WINDFALL)
    game = Game(content, GameOptions(players=1, length="short", decks=("Z",)), 2)
    assert game.state.players[0].hand == [901]
    given = _decisions_offering(game, GreedyAgent(2), "901")
    assert given and given[0] == "901"
    assert 901 in game.state.players[0].played


def test_greedy_does_not_play_a_card_whose_only_effect_is_a_loss(variant):
    content = _variant_content(variant, "Y/902-spoiler.yaml", SPOILER)
    game = Game(content, GameOptions(players=1, length="short", decks=("Y",)), 2)
    player = game.state.players[0]
    assert player.hand == [902]
    agent, offered, played_holding_mead = GreedyAgent(2), 0, False
    while game.decision is not None:
        d = game.decision
        answer = agent.answer(game, d)
        offered += "902" in d.legal() and len(d.legal()) > 1
        mead = player.supply["mead"]
        game.answer(answer)
        played_holding_mead |= mead > 0 and 902 in player.played
        if 902 in player.played:
            break
    assert offered  # it could have played the card ...
    assert not played_holding_mead  # ... but never gave up mead for nothing
    # (with nothing to lose, playing it costs nothing, so either answer is fine then)


def test_both_agents_finish_games_on_a_variant_with_replaced_spaces(variant):
    variant.write("boards/replaced.yaml", REPLACED_SPACES)
    content = load_content([variant.root])
    assert content.spaces["stockfish_1"].name == "Fish market"
    game = Game(content, GameOptions(players=2, length="short", decks=("A",)), 4)
    game.run([fast_greedy(1), fast_search(2)], check=invariants.check)
    assert game.state.finished


def test_greedy_beats_random(content):
    from rulesdsl.games.feast.engine.scoring import final_scores

    game = Game(content, GameOptions(players=2, length="short", decks=("A", "B", "C")), 8)
    game.run([GreedyAgent(1), RandomAgent(2)])
    greedy, random_ = (r["total"] for r in final_scores(game))
    assert greedy > random_ + 50


def test_weights_are_data_and_round_trip(tmp_path):
    weights = load_weights()
    assert set(weights.to_dict()) == set(WEIGHT_NAMES)
    path = tmp_path / "w.yaml"
    save_weights(Weights(income_per_round=2.5), path, "tuned by a test")
    assert path.read_text().startswith("# tuned by a test")
    assert load_weights(path).income_per_round == 2.5
    path.write_text("income_per_roundd: 1\n")
    with pytest.raises(ValueError, match="unknown weights income_per_roundd"):
        load_weights(path)


def test_weights_that_differ_by_players_hold_in_games_of_that_many_players(tmp_path):
    path = tmp_path / "w.yaml"
    path.write_text("resource: 1.5\nhand: 0.5\nplayers:\n  1:\n    resource: 1.0\n  3:\n    hand: 0.25\n")
    weights = load_weights(path)
    assert (weights.for_players(1).resource, weights.for_players(1).hand) == (1.0, 0.5)
    assert (weights.for_players(2).resource, weights.for_players(2).hand) == (1.5, 0.5)
    assert (weights.for_players(3).resource, weights.for_players(3).hand) == (1.5, 0.25)
    save_weights(weights, tmp_path / "again.yaml", "round trip")
    assert load_weights(tmp_path / "again.yaml") == weights
    # an agent's value takes the weights of its game's player count
    content = load_content()
    agent = GreedyAgent(1, weights=weights)
    for players, resource in ((1, 1.0), (2, 1.5), (1, 1.0)):
        game = Game(content, GameOptions(players=players, length="short", decks=("A", "B", "C")), 3)
        assert agent.valuer(game).weights.resource == resource
    path.write_text("players:\n  1:\n    resourse: 1.0\n")
    with pytest.raises(ValueError, match="players 1: unknown weights resourse"):
        load_weights(path)
    path.write_text("players:\n  5:\n    resource: 1.0\n")
    with pytest.raises(ValueError, match="player counts 1 to 4"):
        load_weights(path)
    path.write_text("players:\n  1:\n    resource: lots\n")
    with pytest.raises(ValueError, match="weight resource expects a number"):
        load_weights(path)


def test_agents_by_name_and_budgets():
    assert isinstance(make_agent("greedy", 1), GreedyAgent)
    assert make_agent("search", 1, think=0.2).think == 0.2
    assert parse_think("0.2s") == 0.2 and parse_think("200ms") == 0.2
    with pytest.raises(RulesError, match="unknown agent"):
        make_agent("clever", 1)


def test_play_uses_fast_by_default_and_names_the_agents(capsys):
    assert main(["play", "--players", "2", "--short", "--seed", "3", "--decks", "A"]) == 0
    out = capsys.readouterr().out
    agent_row = next(line for line in out.splitlines() if line.startswith("agent"))
    assert agent_row.split() == ["agent", "fast", "fast"]  # greedy's judgement for about half its time
    assert main(["play", "--players", "3", "--short", "--seed", "3", "--decks", "A", "--agents", "random"]) == 0
    assert next(line for line in capsys.readouterr().out.splitlines() if line.startswith("agent")).split() == ["agent"] + ["random"] * 3


def test_income_progress_grows_as_the_squares_under_the_income_line_are_covered(content):
    import attrs

    from rulesdsl.games.feast.agents.placement import income_progress
    from rulesdsl.geometry import scoring as grid_scoring

    game = Game(content, GameOptions(players=1, decks=("A",)), 1)
    home = game.state.players[0].home
    grid = home.grid
    assert income_progress(home) == 0
    squares = grid.income_lines[0][0]
    need = grid.income_required[squares[1][0]] & ~grid.bonus_mask
    one = attrs.evolve(home, covered=home.covered | (need & -need))  # one square the second income square needs
    assert grid_scoring.income(one) == grid_scoring.income(home) and income_progress(one) > 0
    more = attrs.evolve(one, covered=one.covered | need)
    assert income_progress(more) > income_progress(one)
    first = attrs.evolve(home, covered=home.covered | squares[0][0])
    assert grid_scoring.income(first) > grid_scoring.income(home)


def test_open_edges_is_the_perimeter_of_the_uncovered_squares(content):
    """A square covered at the border's corner leaves the perimeter as it was, one in the open adds
    its four edges, and filling the hole again restores it."""
    import attrs

    from rulesdsl.games.feast.agents.placement import open_edges

    game = Game(content, GameOptions(players=1, decks=("A",)), 1)
    home = game.state.players[0].home
    grid = home.grid
    empty = open_edges(home)
    free = {(r, c) for r in range(grid.height) for c in range(grid.width) if grid.coverable & grid.bit(r, c)}
    assert empty == sum((r + dr, c + dc) not in free for r, c in free for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)))
    corner = attrs.evolve(home, covered=home.covered | grid.bit(0, 0))
    assert open_edges(corner) == empty
    middle = attrs.evolve(home, covered=home.covered | grid.bit(5, 5))
    assert open_edges(middle) == empty + 4


def test_the_fitted_weights_recover_a_known_linear_value():
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("tune_agents", Path(__file__).resolve().parent.parent / "tools" / "tune_agents.py")
    tune = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tune)
    truth = {"income_per_round": 1.5, "hand": -0.5}
    rows = []
    for i in range(40):
        features = {"income_per_round": i % 7, "hand": (i * 3) % 5}
        rows.append((features, sum(truth[k] * v for k, v in features.items())))
    fitted = tune.ridge(rows, ("income_per_round", "hand"), {"income_per_round": 0.0, "hand": 0.0}, strength=1e-6)
    assert fitted == pytest.approx(truth, abs=1e-3)
    shrunk = tune.ridge(rows, ("income_per_round", "hand"), {"income_per_round": 0.0, "hand": 0.0}, strength=1.0)
    assert 0 < shrunk["income_per_round"] < truth["income_per_round"]


def at_first_turn(content):
    """(game, player, valuer) of a solo game at its first "where do your Vikings go?" question."""
    from rulesdsl.games.feast.agents.value import Valuer

    game = Game(content, GameOptions(players=1, decks=("A",)), 1)
    while game.decision.kind != "space":
        game.answer(game.decision.legal()[0])
    return game, game.state.players[0], Valuer(content, game.catalog, load_weights())


def test_the_anytime_menu_forks_every_entry_but_only_the_best_placed_tiles_and_food(content):
    from rulesdsl.games.feast.agents.value import MENU_FOOD, MENU_PLACES

    game, p, valuer = at_first_turn(content)
    goods = sorted(g for g in valuer.cells if g in content.goods)[:5]  # tiles for the boards
    food = sorted(valuer.food_seats)[:4]
    for good in goods + food:
        p.supply[good] += 1
    p.supply["silver"] += 1
    keys = [f"place:{g}" for g in goods + food] + ["place:silver", "back"]
    pruned = valuer.menu_pruned(game, 0, keys)
    assert "place:silver" in pruned and "back" in pruned
    assert len([k for k in pruned if k[len("place:"):] in goods]) == MENU_PLACES
    assert len([k for k in pruned if k[len("place:"):] in food]) == MENU_FOOD
    assert len(pruned) == MENU_PLACES + MENU_FOOD + 2


def test_vikings_to_place_count_until_the_player_passes_and_ships_by_what_emigrating_gains(content):
    from rulesdsl.games.feast.engine.state import ShipState

    game, p, valuer = at_first_turn(content)
    features = valuer.features(game, 0)
    assert p.thing > 0 and features["vikings_now"] == p.thing
    p.passed = True
    assert valuer.features(game, 0)["vikings_now"] == 0  # a passed player's Vikings give up nothing
    p.passed = False
    assert features["emigrable"] == 0
    emigrants = sorted((k for k, s in content.ships.items() if s.emigrated_points is not None), key=str)
    stay = [k for k, s in content.ships.items() if s.emigrated_points is None]
    assert emigrants and stay
    p.ships.append(ShipState(stay[0], 0, 900))
    assert valuer.features(game, 0)["emigrable"] == 0
    for uid, kind in enumerate(emigrants, 901):
        p.ships.append(ShipState(kind, 0, uid))
    gain = sum(content.ships[k].emigrated_points - content.ships[k].points for k in emigrants)
    assert gain > 0 and valuer.features(game, 0)["emigrable"] == gain
    p.supply["silver"] = 0
    assert valuer.features(game, 0)["emigration_funds"] == 0
    p.supply["silver"] = 100  # the base game's emigration costs the round number in silver
    assert valuer.features(game, 0)["emigration_funds"] == len(emigrants) * game.state.round
    p.supply["silver"] = 1
    assert valuer.features(game, 0)["emigration_funds"] == 1


def test_a_held_tile_is_stranded_once_no_legal_place_covers_a_minus_square(content):
    import attrs

    from rulesdsl.games.feast.agents.value import Valuer

    game, p, _ = at_first_turn(content)
    valuer = Valuer(content, game.catalog, attrs.evolve(load_weights(), stranded=-1.0))
    largest = max((g for g in valuer.cells if g in content.goods), key=lambda g: (valuer.cells[g], g))
    p.supply[largest] += 1
    assert valuer.features(game, 0)["stranded"] == 0  # it fits on the empty home board
    grid = p.home.grid
    last = grid.minus & -grid.minus  # one minus square stays uncovered: too small a gap for the tile
    p.home = attrs.evolve(p.home, covered=grid.coverable & ~last)
    assert valuer.features(game, 0)["stranded"] == valuer.cells[largest]


def test_in_the_last_round_held_tiles_count_the_minus_squares_they_cover_laid_together(content):
    """Two gaps that each take one copy of a tile and a lone minus square no tile fits: three
    copies held cover the two gaps, not the lone square nor a third gap (the per-tile reading
    of earlier rounds counts every held square up to the minus squares left), and still do at
    the end of the game while the final placements are to make."""
    import attrs

    from rulesdsl.games.feast.agents.value import Valuer
    from rulesdsl.geometry import pieces
    from rulesdsl.geometry.placement import legal_positions

    game, p, _ = at_first_turn(content)
    valuer = Valuer(content, game.catalog, attrs.evolve(load_weights(), packed=1.0))
    tile = max((g for g in valuer.cells if g in content.goods and 2 < valuer.cells[g] < 6), key=lambda g: (valuer.cells[g], g))
    grid = p.home.grid
    inside = [pos for pos in legal_positions(p.home, pieces.piece(content, tile)) if not pos[0] & ~grid.minus]
    first = inside[0]
    second = next(pos for pos in inside if not pos[0] & (first[0] | first[1]))  # apart, not touching
    taken = first[0] | second[0] | first[1] | second[1]
    lone = next(1 << i for i in range(grid.minus.bit_length()) if grid.minus >> i & 1 and not (1 << i) & taken)
    p.home = attrs.evolve(p.home, covered=grid.coverable & ~(first[0] | second[0] | lone))
    p.supply[tile] += 3
    s = game.state
    early = valuer.features(game, 0)
    assert early["packed"] == 0 and early["coverable"] == 2 * valuer.cells[tile] + 1
    s.round = s.rounds
    last = valuer.features(game, 0)
    assert last["coverable"] == last["stranded"] == 0
    assert last["packed"] == 2 * valuer.cells[tile]
    p.supply[tile] -= 2
    assert valuer.features(game, 0)["packed"] == valuer.cells[tile]
    s.phase = "end"  # the game is over, its final placements still to make: a rollout's leaf counts the tile
    assert valuer.rounds_left(game, p) == 0 and valuer.features(game, 0)["packed"] == 0
    assert valuer.leaf_value(game, 0) == valuer.value(game, 0) + valuer.cells[tile]


def test_at_the_end_of_the_game_greedy_lays_the_tiles_it_holds(content):
    """At the last question (place what you still want, then finish) greedy lays held tiles
    that cover minus squares before it finishes. (The state is reached by play, not edited:
    forks replay the answers, so an edited state would not be what they restore.)"""
    from rulesdsl.geometry import scoring as grid_scoring

    for seed in range(20):
        game = Game(content, GameOptions(players=1, length="short", decks=("A",)), seed)
        rng = RandomAgent(seed)
        while game.decision.kind != "end":
            game.answer(rng.answer(game, game.decision))
        p, greedy = game.state.players[0], GreedyAgent(1)
        valuer = greedy.valuer(game)
        boards = lambda: [board for _, _, _, board in game.flow.areas(p)]
        held = tuple(sorted((i, n) for i, n in p.supply.items() if n > 0 and i in valuer.cells and i not in valuer.food_seats))
        if held and valuer.judge.packed(game, boards(), held) > 0:
            break
    else:
        pytest.skip("no random game ends with a tile that fits")
    before = sum(grid_scoring.uncovered_minus(b) for b in boards())
    assert valuer.leaf_value(game, 0) > valuer.value(game, 0)  # a rollout's leaf here counts the tiles
    while game.decision is not None:
        game.answer(greedy.answer(game, game.decision))
    assert sum(grid_scoring.uncovered_minus(b) for b in boards()) < before


def at_banquet(content, last: bool):
    """A solo short game played at random up to a banquet question with a coin among its
    answers (`last`: in the last round; else in an earlier one), or None for the first seeds."""
    for seed in range(40):
        game = Game(content, GameOptions(players=1, length="short", decks=("A",)), seed)
        rng, s = RandomAgent(seed), game.state
        while game.decision is not None:
            d = game.decision
            if d.kind == "feast" and (s.round == s.rounds) == last and "coin" in d.legal():
                return game
            game.answer(rng.answer(game, d))
    return None


def test_after_the_last_banquet_nothing_is_kept_for_a_feast_and_greedy_pays_empty_seats_with_silver(content):
    from rulesdsl.games.feast.agents.value import Valuer
    from rulesdsl.games.feast.engine.steps.feast import HELD

    game = at_banquet(content, last=True)
    p, valuer = game.state.players[0], Valuer(content, game.catalog, load_weights())
    assert p.counters[HELD] == 0 and valuer.rounds_left(game, p) == 0.5
    scored = GreedyAgent(1).scores(game, game.decision, ["coin", "stop"])
    assert scored["coin"] > scored["stop"]  # a coin costs 1 point, an empty seat 3: no feast follows this one
    while game.decision.kind == "feast":
        game.answer("stop")
    assert p.counters[HELD] == 1 and valuer.rounds_left(game, p) == 0
    after = valuer.features(game, 0)
    assert after["food_needed"] == after["shortfall"] == after["food_extra"] == 0


def test_a_banquet_held_counts_for_its_round_only(content):
    from rulesdsl.games.feast.agents.value import Valuer
    from rulesdsl.games.feast.engine.steps.feast import HELD

    game = at_banquet(content, last=False)
    s = game.state
    p, valuer = s.players[0], Valuer(content, game.catalog, load_weights())
    assert valuer.rounds_left(game, p) == s.rounds - s.round + 0.5
    feast_round = s.round
    while game.decision.kind == "feast":
        game.answer("coin" if "coin" in game.decision.legal() else "stop")
    assert s.round == feast_round + 1 and p.counters[HELD] == 0  # the next question is the next round's
    assert valuer.rounds_left(game, p) == s.rounds - s.round + 0.5


def test_rollouts_overturn_greedy_only_by_more_than_its_own_gap():
    """paired.choose: a challenger 3 points ahead in every rollout wins when greedy's lookahead
    put it 1 point behind the best, and not when it put it 5 points behind."""
    from rulesdsl.agents.paired import choose

    results = {"best": [10.0, 12.0, 11.0, 9.0], "other": [13.0, 15.0, 14.1, 11.9]}
    assert choose(["best", "other"], results, 0.5) == "other"
    assert choose(["best", "other"], results, 0.5, behind={"best": 0.0, "other": 1.0}) == "other"
    assert choose(["best", "other"], results, 0.5, behind={"best": 0.0, "other": 5.0}) == "best"


def test_a_lookahead_knows_without_pruning_which_questions_its_first_level_judges_deeper(content):
    # A first-level choice ends with its best trial's value when that trial met no question the
    # first level judges deeper; the trial finds that out by the cheap test, which must agree.
    from rulesdsl.games.feast.agents import lookahead
    from rulesdsl.games.feast.agents.value import Valuer

    valuer = Valuer(content, Game(content, GameOptions(players=2)).catalog, load_weights())
    kinds, judged = set(), 0
    for seed in range(3):
        game = Game(content, GameOptions(players=2, length="short", decks=("A", "B", "C")), 50 + seed)
        agent = RandomAgent(seed)
        while game.decision is not None:
            d = game.decision
            if d.kind not in lookahead.TOP_KINDS:
                deeper = lookahead.judged(game, d, d.player, valuer)
                assert lookahead._judged_at_first_level(d) == bool(deeper), (d.kind, d.legal())
                assert not deeper or 1 < len(deeper) <= len(d.legal())
                kinds.add(d.kind)
                judged += bool(deeper)
            game.answer(agent.answer(game, d))
    assert judged > 20 and {"anytime", "place"} <= kinds


def test_a_rollout_stops_where_the_phase_it_started_in_ends(content):
    # SAME_PHASE: no leaf is valued across the feast and the new round, where the value jumps.
    def leaves(same_phase: bool) -> set:
        agent = fast_search(3)
        agent.same_phase, agent.depth, agent.turns, agent.follow_up = same_phase, 80, 99, False
        seen = set()
        valuer = agent.greedy.valuer(game)
        plain = valuer.leaf_value
        valuer.leaf_value = lambda f, q: seen.add((f.state.round, f.state.phase)) or plain(f, q)
        try:
            for key in game.decision.legal()[:3]:
                agent._rollout(game, game.decision.player, key, 11)
        finally:
            del valuer.leaf_value
        return seen

    game = Game(content, GameOptions(players=2, length="short", decks=("A", "B", "C")), 8)
    agents = [fast_greedy(80), fast_greedy(81)]
    turns = 0
    while turns < 3:  # a few turns into the first round's actions
        turns += game.decision.kind == "space"
        game.answer(agents[game.decision.player].answer(game, game.decision))
    while game.decision.kind != "space":
        game.answer(agents[game.decision.player].answer(game, game.decision))
    # the leaf is at most the first decision after the phase (here the feast), never a new round's
    assert {r for r, _ in leaves(True)} == {game.state.round}
    assert max(r for r, _ in leaves(False)) > game.state.round  # 80 answers on reach the next rounds


def test_a_lookaheads_cheap_answer_takes_the_most_of_a_mountain_strip(content):
    """The cheap policy of a lookahead's trials takes every item a strip offers for nothing (it
    took the first answer, one item, and so judged the mountain spaces by a fraction of them),
    upgrades the good of most squares (it upgraded the first in the alphabet: beans before
    fruits), and stays the first answer that does something elsewhere."""
    from rulesdsl.games.feast.agents.lookahead import LARGEST_FIRST, TAKE_MOST, cheap_answer

    def size(item):
        return sum(row.count("#") for row in content.goods[item].shape)

    seen = set()
    for seed in range(6):
        game = Game(content, GameOptions(players=2, length="short"), seed)
        agents = [RandomAgent(seed * 7919 + i) for i in range(2)]
        while game.decision is not None:
            d = game.decision
            legal = d.legal()
            amounts = [k for k in legal if k.isdigit()]
            goods = [k for k in legal if k in content.goods]
            if d.kind in TAKE_MOST and len(amounts) > 1:
                assert cheap_answer(d, game) == max(amounts, key=int)
                seen.add("most")
            elif d.kind in LARGEST_FIRST and len({size(k) for k in goods}) > 1:
                largest = max(size(k) for k in goods)
                assert cheap_answer(d, game) == next(k for k in goods if size(k) == largest)
                assert cheap_answer(d) == next(k for k in legal if k not in ("stop", "no", "back"))  # no game: the first
                seen.add("largest")
            elif d.kind == "play" and len(legal) > 2:
                assert cheap_answer(d, game) == next(k for k in legal if k not in ("stop", "no", "back"))
                seen.add("first")
            game.answer(agents[d.player].answer(game, d))
    assert seen == {"most", "largest", "first"}


def test_a_benchmarks_agent_with_a_weight_changed_is_that_agent_with_that_weight():
    """tools/bench_agents.py's `fast/NAME=V` is the default fast agent (its cheaper judgement
    included) with one weight changed, in games of every player count: a comparison with the
    default measures that weight alone."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("bench_agents", Path(__file__).resolve().parent.parent / "tools" / "bench_agents.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    changed, default = bench.agent("fast/resource=1.25", 5, None, None), make_agent("fast", 5)
    options = ("keep", "nested_width", "seat_prune", "menu_direct", "width", "sample", "menus")
    assert [getattr(changed, name) for name in options] == [getattr(default, name) for name in options]
    assert changed.weights.for_players(2) == attrs.evolve(default.weights.for_players(2), resource=1.25)
    assert changed.weights.for_players(1).resource == 1.25
    assert default.weights.for_players(1).resource == load_weights().for_players(1).resource
