"""The shortcuts that make games with several players cheaper per decision give what the long
way gives: counts from a selector's plan equal `_items`' counts, compiled conditions equal
`truth`, a trial's copy with players copied on demand equals a full copy and leaves the
original alone, and an events checkpoint (copy on write) stays as it was whatever is
installed after it."""

import pytest

from rulesdsl.agents import RandomAgent
from rulesdsl.games.feast.engine.events import _copied
from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.games.feast.engine.state import PlayersOnDemand
from rulesdsl.lang import tree as t

OPTIONS = GameOptions(players=4, length="long", decks=("A", "B", "C"))


def _states(content, seed: int, every: int = 60, limit: int = 600):
    """A 4-player random game, stopped every `every` decisions (the game itself is yielded)."""
    game = Game(content, OPTIONS, seed)
    agents = [RandomAgent(seed * 10 + i) for i in range(4)]
    count = 0
    while game.decision is not None and count < limit:
        if count % every == 0:
            yield game
        game.answer(agents[game.decision.player].answer(game, game.decision))
        count += 1


def _nodes(content, kinds):
    for program in content.programs.values():
        for node in t.walk(program):
            if isinstance(node, kinds):
                yield node


def test_counts_from_a_plan_equal_the_items_counted(content):
    selectors = {id(n.arg): n.arg for n in _nodes(content, t.Query) if n.name == "count" and isinstance(n.arg, t.Selector)}
    assert selectors
    checked = 0
    for seed in (3, 11):
        for game in _states(content, seed):
            q = game.flow.interp.q
            for player in range(4):
                ctx = game.flow.ctx(player)
                for selector in selectors.values():
                    if q._count_plan(selector) is None:
                        continue
                    assert q.count(selector, ctx) == sum(n for _, n in q._items(selector, ctx))
                    checked += 1
    assert checked > 100


def test_compiled_conditions_equal_truth(content):
    conds = {}
    for node in _nodes(content, (t.Watch, t.Hook, t.ChooseVar, t.ForEach)):
        cond = getattr(node, "where", None) if isinstance(node, (t.ChooseVar, t.ForEach)) else node.cond
        if cond is not None:
            conds[id(cond)] = cond
    assert conds
    for game in _states(content, 5, every=100):
        interp = game.flow.interp
        for player in range(4):
            ctx = game.flow.ctx(player)
            for cond in conds.values():
                try:
                    expected = interp.truth(cond, ctx)
                except Exception as err:  # a condition about an event or an action needs more context
                    with pytest.raises(type(err)):
                        interp.condition(cond)(ctx)
                    continue
                assert interp.condition(cond)(ctx) == expected


def test_players_copied_on_demand_equal_a_copy_and_leave_the_original_alone(content):
    game = next(g for i, g in enumerate(_states(content, 7, every=200)) if i == 1)
    state = game.state
    lazy = state.clone(players_on_demand=True)
    assert isinstance(lazy.players, PlayersOnDemand) and len(lazy.players) == 4
    assert list.__getitem__(lazy.players, 2) is state.players[2]  # not copied before it is read
    p = lazy.players[2]
    assert p is not state.players[2] and p.same(state.players[2])
    assert lazy.players[2] is p and lazy.players[-2] is p  # copied once
    p.supply["wood"] += 5
    assert state.players[2].supply["wood"] + 5 == p.supply["wood"]
    others = list(lazy.players)  # going through the list copies the rest
    assert all(a is not b for a, b in zip(others, state.players))
    assert not lazy.players._pending
    p.supply["wood"] -= 5
    assert lazy.same(state) and state.same(lazy)
    nested = lazy.clone(players_on_demand=True)  # a copy of a copy reads the copy's players
    assert nested.players[2] is not p and nested.players[2].same(p)


def test_an_events_checkpoint_stays_as_it_was(content):
    game = next(iter(_states(content, 9, every=300)))
    events = game.events
    saved = events.checkpoint()
    before = _copied(saved)
    generation = events.generation
    events.restore(saved)  # the live containers are the checkpoint's: nothing to do
    assert events.generation == generation
    number = next(n for n in content.occupations if any(isinstance(i, t.Hook) for i in content.programs[("occupations", n)].items))
    events.install_card(0, number)
    assert saved == before  # copied before the change
    assert events.checkpoint() != before
    events.restore(saved)
    assert events.generation != generation and events.checkpoint() == before
    events.install_card(1, number)
    assert saved == before  # restored containers are copied before a change too



def test_other_players_cards_left_out_of_a_chain_change_no_verdict(content, monkeypatch):
    """What a preparation may set off counts only the listeners of the players it can act for
    (his own, the rules', the owners of watches), in the chain and in the phases heard: with 4
    players, the refusals equal those judged with every player's listeners counted (both read
    `_chain_owners`), at every other space question."""
    from rulesdsl.games.feast.engine.legality.preparations import Trials

    compared = 0
    for seed in range(100, 108):
        game = Game(content, OPTIONS, seed)
        agents = [RandomAgent(seed * 10 + i) for i in range(4)]
        asked = 0
        while game.decision is not None:
            decision = game.decision
            if decision.kind == "space":
                asked += 1
                if asked % 2 == 0:
                    ours = [(o.key, o.refusal) for o in decision.rejudged().options]
                    with monkeypatch.context() as m:
                        m.setattr(Trials, "_chain_owners", lambda self, player, watches: frozenset(range(4)))
                        every = [(o.key, o.refusal) for o in decision.rejudged().options]
                    assert ours == every, (seed, len(game.log))
                    compared += 1
            game.answer(agents[decision.player].answer(game, decision))
    assert compared > 200
