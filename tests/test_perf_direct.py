"""Direct verdicts remembered by the values they read (games/feast/engine/legality/direct.py) are the interpreter's:
on the states of random games (1-4 players), every space with a static reading is judged
afresh and compared with what the memo gives, and what the interpreter reads while judging
it (recorded through views of the player and the state) lies within the listed values."""

import pytest

from rulesdsl.games.feast.engine.context import Action, Ctx
from rulesdsl.games.feast.engine.game import Game, GameOptions, _catalog
from rulesdsl.games.feast.engine.legality import direct
from rulesdsl.games.feast.engine.legality.verdicts import _ALL, _PlayerReads, _Seen, _StateReads
from rulesdsl.games.feast.engine.spaces import _judge
from rulesdsl.lang import tree as t
from tests.test_trials import sampled_space_decisions

EVERY = 2  # compare at every second decision that asks where the Vikings go


def _fresh(game, player: int, space: str) -> bool:
    """The interpreter's direct verdict, judged now."""
    flow = game.flow
    p = game.state.players[player]
    needed = flow.vikings_needed(flow.ctx(player), space)
    spec = game.content.spaces[space]
    items = game.content.programs[("spaces", space)].items
    sub = Ctx(player, p, space=space, action=Action(space, spec.group, spec.column, needed, "space"))
    return _judge(flow.interp, sub, [i for i in items if isinstance(i, t.Require)],
                  [i for i in items if not isinstance(i, t.Require)])


def _reads(game, player: int, space: str):
    """(player attributes, items of supply and stables, state attributes) the judgment read."""
    state = game.state
    seen = [_Seen() for _ in state.players]
    views = [_PlayerReads(q, seen[i].names, seen[i].counters) for i, q in enumerate(state.players)]
    names: set = set()
    game.state = _StateReads(state, names, views)
    try:
        flow = game.flow
        spec = game.content.spaces[space]
        items = game.content.programs[("spaces", space)].items
        needed = flow.vikings_needed(Ctx(player, state.players[player]), space)
        sub = Ctx(player, views[player], space=space, action=Action(space, spec.group, spec.column, needed, "space"))
        _judge(flow.interp, sub, [i for i in items if isinstance(i, t.Require)], [i for i in items if not isinstance(i, t.Require)])
    finally:
        game.state = state
    others = [i for i, s in enumerate(seen) if i != player and (s.names or s.counters)]
    mine = seen[player]
    return others, mine.names, {name: c._keys for name, c in mine.counters.items()}, names


def _assert_unread_values_do_not_matter(game, player, space, reads, verdict):
    """More of a good or an animal the check does not count (or counts only as held) leaves its verdict."""
    state = game.state
    p = state.players[player]
    counted = set(reads.supply)
    changed = [i for i in sorted(p.supply) if i not in counted and (i not in reads.held or p.supply[i] > 0)][:3]
    game.state = state.clone()
    try:
        q = game.state.players[player]
        for item in changed:
            q.supply[item] += 2
        for item in [i for i in sorted(q.stables) if i not in reads.stables][:2]:
            q.stables[item] += 1
        assert _fresh(game, player, space) == verdict, (space, changed)
    finally:
        game.state = state


@pytest.mark.parametrize("block", range(2))
def test_remembered_direct_verdicts_are_the_interpreters(content, block):
    catalog = _catalog(content)
    compared = 0
    for seed, game in sampled_space_decisions(content, range(block * 10, block * 10 + 10), EVERY, lambda seed: ("long", "short")[seed % 2]):
        player, memo = game.decision.player, game.flow.direct
        for space in game.flow.spaces_in_play():
            reads = direct.reads_of_space(content, catalog, space)
            key = memo.key(game.state.players[player], space, game.flow.vikings_needed(game.flow.ctx(player), space))
            if reads is None or key is None:
                continue
            verdict = _fresh(game, player, space)
            if key in memo.table:
                assert memo.table[key] == verdict, (seed, len(game.log), space)
            others, names, counters, state_names = _reads(game, player, space)
            assert not others, (space, others)
            assert names <= {"supply", "stables", "ships"}, (space, names)
            assert "ships" not in names or reads.ships, space
            supply_read = set(counters.get("supply", ()))
            if _ALL in supply_read:  # an upgrade looks through the supply for goods held
                assert reads.held, space
                supply_read.discard(_ALL)
            assert supply_read <= set(reads.supply) | set(reads.held), space
            _assert_unread_values_do_not_matter(game, player, space, reads, verdict)
            assert set(counters.get("stables", ())) <= set(reads.stables), space
            assert state_names <= {"buildings_left", "specials_left", "strips"}, (space, state_names)
            assert "strips" not in state_names or reads.strips, space
            assert "buildings_left" not in state_names or reads.buildings, space
            assert "specials_left" not in state_names or reads.specials, space
            compared += 1
    assert compared > 500


def test_a_cost_modifier_turns_the_memo_off(content):
    game = Game(content, GameOptions(players=2, length="long", decks=("A",)), 3)
    p = game.state.players[0]
    assert game.flow.direct.key(p, "build_shed_1", 1) is not None
    game.events._values.add("wood_cost")
    game.events._owned.setdefault(1, set()).add("wood_cost")
    assert game.flow.direct.key(p, "build_shed_1", 1) is not None  # another player's card
    game.events._owned.setdefault(0, set()).add("wood_cost")
    assert game.flow.direct.key(p, "build_shed_1", 1) is None
    assert game.flow.direct.key(p, "imitation_1", 1) is None  # its check reads the occupied spaces
