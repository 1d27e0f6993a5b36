"""Helpers for engine tests: a fresh game, and running one piece of the engine with scripted answers."""

from rulesdsl.games.feast.engine import ops
from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.games.feast.engine.interp import Action


def new_game(content, players=2, length="long", seed=0, dice=(), occupations=False):
    return Game(content, GameOptions(players=players, length=length, decks=("A",), occupations=occupations), seed, dice=list(dice))


def give(game, player, **items):
    p = game.state.players[player]
    for item, n in items.items():
        ops.gain(game, p, item, n)
    return p


def perform(gen, answers=(), log=None):
    """Run an engine generator, answering each decision from `answers` (keys, in order)."""
    answers = list(answers)
    try:
        decision = next(gen)
        while True:
            if log is not None:
                log.append(decision)
            if not answers:
                raise AssertionError(f"no answer left for: {decision.prompt} (legal: {decision.legal()})")
            key = answers.pop(0)
            assert key in decision.legal(), f"{key!r} is not legal for '{decision.prompt}': {decision.legal()}"
            decision = gen.send(key)
    except StopIteration as stop:
        assert not answers, f"answers left over: {answers}"
        return stop.value


def use(game, player, space, answers=(), log=None):
    """Put the player's Vikings on a space and carry out its action."""
    ctx = game.flow.ctx(player)
    return perform(game.flow.use_space(ctx, space), answers, log)
