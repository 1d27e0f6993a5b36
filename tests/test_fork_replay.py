"""Forks replay the answers since their checkpoint; an answer sequence replayed legally from a
checkpoint once is not judged again, and a turn's question asked again after anytime actions
becomes a checkpoint of its own (forks replay only what came after it). A fork, a fork of a
fork and a second fork along a replay already checked equal the game and its from-scratch load
at every decision (the whole state, the pending decision, the dice generator, events, history
and log), and a record with an illegal answer is still refused."""

import random

import attrs
import pytest

from rulesdsl.agents import RandomAgent
from rulesdsl.errors import IllegalMove, RulesError
from rulesdsl.games.feast.engine.forking import REASKED
from rulesdsl.games.feast.engine.game import Game, GameOptions

OPTIONS = GameOptions(players=2, length="short", decks=("A", "B", "C"))


def picture(x):
    """Everything a value holds, as plain comparable data (slotted classes field by field;
    attrs values, immutable here, compare as they are)."""
    if x is None or isinstance(x, (str, int, float)):
        return x
    if isinstance(x, dict):  # Counters too: zero counts kept, a copy must keep them alike
        return (type(x).__name__, sorted(((repr(k), picture(v)) for k, v in x.items())))
    if isinstance(x, (list, tuple)):
        return (type(x).__name__, [picture(v) for v in x])
    if isinstance(x, (set, frozenset)):
        return (type(x).__name__, sorted(map(repr, x)))
    if attrs.has(type(x)):
        return x
    slots = getattr(type(x), "__slots__", None)
    assert slots, f"no way to picture a {type(x).__name__}"
    return (type(x).__name__, {name: picture(getattr(x, name)) for name in slots})


def whole(game) -> dict:
    """The whole of a game as comparable data."""
    return {"state": picture(game.state), "decision": game.decision, "rng": game.rng.getstate(),
            "dice": list(game.forced_dice), "events": game.events.checkpoint(), "history": list(game.history),
            "log": [list(a) for a in game.log]}


def test_forks_and_forks_of_forks_equal_the_game_and_its_load_at_every_decision(content):
    game = Game(content, OPTIONS, 23)
    agents = [RandomAgent(230 + i) for i in range(2)]
    checked, reasked = 0, {}  # id -> checkpoint: kept alive, so no freed checkpoint's id is reused
    while game.decision is not None:
        expected = whole(game)
        first = game.fork()  # may judge the answers since the checkpoint
        second = game.fork()  # replays the same answers from the same checkpoint unjudged
        assert whole(first) == expected and whole(second) == expected
        assert type(first.rng) is random.Random
        # a reseeded fork's dice are Random(7)'s, kept as a state until its first roll makes them a
        # plain generator (forking.reseeded: a lookahead's forks mostly roll no die)
        reseeded = game.fork(reseed=7)
        assert reseeded.rng.getstate() == random.Random(7).getstate()
        assert reseeded.roll(6) == random.Random(7).randint(1, 6) and type(reseeded.rng) is random.Random
        assert whole(first.fork()) == expected and whole(second.fork().fork()) == expected
        if len(game.log) % 9 == 0:  # a load replays everything from the setup: every ninth decision
            assert whole(Game.load(content, game.save())) == expected
            checked += 1
        assert whole(game) == expected  # forking left the game alone
        reasked.update({id(cp): cp for k, cp in game._checkpoint.memo.items() if k[0] == REASKED and cp})
        game.answer(agents[game.decision.player].answer(game, game.decision))
    assert checked > 10 and game.over
    assert len(reasked) >= 5  # forks started at the turn's question asked again after anytime actions


def test_a_fork_answered_on_goes_on_like_the_game(content):
    game = Game(content, OPTIONS, 29)
    agents = [RandomAgent(290 + i) for i in range(2)]
    pending = []
    while game.decision is not None:
        if len(game.log) % 17 == 5:
            pending.append((len(game.log), game.fork(), game.fork()))
        game.answer(agents[game.decision.player].answer(game, game.decision))
    for start, *forks in pending:
        for fork in forks:  # the same answers given to a fork lead to the same end
            for player, key in game.log[start:]:
                assert fork.decision.player == player
                fork.answer(key)
            assert whole(fork) == whole(game)
    assert len(pending) > 10


def test_a_fork_upto_an_earlier_answer_is_the_game_as_it_was_then(content):
    game = Game(content, OPTIONS, 41)
    agents = [RandomAgent(410 + i) for i in range(2)]
    game.fork()  # checkpoints from here on
    seen, checked, earlier = [], 0, 0  # seen: (answers, checkpoint, the whole game then) since the last checkpoint
    while game.decision is not None and checked < 150:
        cp = game._checkpoint
        seen = [entry for entry in seen if entry[1] is cp] + [(len(game.log), cp, whole(game))]
        for answers, _, then in seen[-4:]:  # the game as it was up to 3 answers ago
            assert whole(game.fork(upto=answers)) == then
            checked += 1
            earlier += answers < len(game.log)
        if cp.answers:
            with pytest.raises(RulesError, match="checkpoint"):
                game.fork(upto=cp.answers - 1)  # an answer before the checkpoint: no such fork
        game.answer(agents[game.decision.player].answer(game, game.decision))
    assert checked >= 150 and earlier > 50  # the last decision may add up to 4 checks past 150


def _mid_turn(content, seed: int, refusing: bool = False) -> Game:
    """A game some answers past its last checkpoint (a fork has answers to replay); with
    `refusing`, at a decision that offers an answer it refuses."""
    game = Game(content, OPTIONS, seed)
    agents = [RandomAgent(seed + i) for i in range(2)]
    game.fork()  # checkpoints are taken from here on
    while True:
        game.answer(agents[game.decision.player].answer(game, game.decision))
        if len(game.log) > 30 and game._checkpoint.answers < len(game.log):
            if not refusing or any(o.refusal is not None for o in game.decision.options):
                return game


def test_a_record_with_an_illegal_answer_is_still_refused_after_its_legal_prefix_was_replayed(content):
    game = _mid_turn(content, 31, refusing=True)
    game.fork()  # the real answers are replayed and checked once
    assert whole(game.fork()) == whole(game)
    # the last answer replaced by one not offered: a fork must judge it
    bad = game.fork()
    bad.log[-1] = [bad.log[-1][0], "no_such_answer"]
    for _ in range(2):  # refused again: a refusal is not remembered as replayed
        with pytest.raises(IllegalMove, match="no_such_answer"):
            bad.fork()
    # an answer offered but refused, after the checked prefix
    refused = next(o for o in game.decision.options if o.refusal is not None)
    tampered = game.fork()
    tampered.log.append([game.decision.player, refused.key])
    for _ in range(2):
        with pytest.raises(IllegalMove):
            tampered.fork()
    assert whole(game.fork()) == whole(game)


def test_a_load_with_an_illegal_answer_is_refused(content):
    game = _mid_turn(content, 37)
    data = game.save()
    data["answers"][-1][1] = "no_such_answer"
    with pytest.raises(RulesError, match="no_such_answer"):
        Game.load(content, data)


def test_a_state_clone_is_the_same_and_independent(content):
    game = _mid_turn(content, 41)
    state = game.state
    copy = state.clone()
    assert copy.same(state) and picture(copy) == picture(state)
    before = picture(state)
    p = copy.players[0]
    p.supply["wood"] += 1
    p.hand.append(999)
    copy.occupancy.setdefault("nowhere", []).append((0, 1, 1))
    copy.weapon_deck.append("x")
    assert not copy.same(state) and picture(state) == before
