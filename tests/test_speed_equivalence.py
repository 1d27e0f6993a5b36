"""The cheaper paths of the engine and agents give what the plain ones give (issue 29's CPU work:
a faster path must never change a game). Games themselves: tests/test_same_games.py."""

from __future__ import annotations

from collections import Counter, defaultdict

from hypothesis import given
from hypothesis import strategies as st

from rulesdsl.games.feast.engine.state import _equal


def _plain_equal(a, b) -> bool:
    """`state._equal` as it was written first: item by item, recursively."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return len(a) == len(b) and all(k in b and _plain_equal(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(_plain_equal(x, y) for x, y in zip(a, b))
    return a == b


_SCALARS = st.one_of(st.integers(-2, 2), st.booleans(), st.none(), st.sampled_from(["a", "b"]),
                     st.floats(allow_nan=True, allow_infinity=False, width=16),
                     st.tuples(st.integers(0, 2), st.sampled_from(["a", "b"])))
_KEYS = st.one_of(st.integers(0, 3), st.sampled_from(["a", "b", "c"]))
_VALUES = st.recursive(_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(_KEYS, inner, max_size=4),
    st.dictionaries(_KEYS, st.integers(-1, 2), max_size=4).map(Counter),
    st.dictionaries(_KEYS, st.lists(inner, max_size=2), max_size=3).map(lambda d: defaultdict(list, d))), max_leaves=12)


@given(_VALUES, _VALUES)
def test_state_equal_is_the_item_by_item_comparison(a, b):
    assert _equal(a, b) == _plain_equal(a, b)


@given(_VALUES)
def test_state_equal_of_a_value_and_its_copy(a):
    import copy
    b = copy.deepcopy(a)
    assert _equal(a, b) == _plain_equal(a, b) and _equal(a, a) == _plain_equal(a, a)


def _positions(content, seeds=(3, 11), every: int = 3):
    """Games of random agents, stopped at every `every`-th decision (forks of them)."""
    from rulesdsl.agents import RandomAgent
    from rulesdsl.games.feast.engine.game import Game, GameOptions
    for seed in seeds:
        game = Game(content, GameOptions(players=2, length="long", decks=("A", "B", "C")), seed)
        agents = [RandomAgent(seed * 10 + i) for i in range(2)]
        while game.decision is not None:
            if len(game.log) % every == 0:
                yield game
            game.answer(agents[game.decision.player].answer(game, game.decision))
        yield game


def test_value_is_the_weighted_sum_of_every_feature(content):
    from rulesdsl.games.feast.agents.value import Valuer, load_weights
    from rulesdsl.games.feast.engine.game import Game
    valuer = Valuer(content, Game(content).catalog, load_weights())
    checked = 0
    for game in _positions(content):
        for player in (0, 1):
            full = valuer.features(game, player)
            weighted = 0
            for name, weight in valuer._weighted:
                weighted += weight * full[name]
            assert valuer.value(game, player) == full["score"] + weighted
            lean = valuer.features(game, player, funds_wanted=False)
            assert {**full, "emigration_funds": 0} == lean
            checked += 1
    assert checked > 200


def test_a_valuer_shared_by_agents_and_games_values_as_a_fresh_one(content):
    """`value.shared_valuer` keeps one Valuer per content and weights for every agent and game:
    its caches (by board, piece and weights) must give what a Valuer made for the position gives."""
    from rulesdsl.games.feast.agents.value import Valuer, load_weights, shared_valuer
    from rulesdsl.games.feast.engine.game import Game
    weights = load_weights()
    catalog = Game(content).catalog
    shared = shared_valuer(content, catalog, weights)
    assert shared_valuer(content, catalog, load_weights()) is shared  # one for every agent
    for game in _positions(content, seeds=(5,), every=7):  # the shared one has valued other games before
        for player in (0, 1):
            assert shared.value(game, player) == Valuer(content, catalog, weights).value(game, player)
