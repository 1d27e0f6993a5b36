"""An expression read once into functions (`Expressions.number`) gives what reading it node by
node gives (`plain_number`): every expression of the content's programs, for every player, at
states of seeded random games, with the same errors where there is none to give."""

import random

from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.lang import tree as t

EXPRESSIONS = (t.BinOp, t.Signed, t.MinOf, t.MaxOf, t.Half, t.Quantity, t.Query, t.Num, t.Var, t.It, t.This)


def _outcome(read, e, ctx):
    try:
        return "value", read(e, ctx)
    except Exception as err:  # noqa: BLE001 (a slash amount before a slash is chosen, a reference out of place)
        return "error", type(err).__name__


def test_number_functions_give_the_node_by_node_values(content):
    found = [node for program in content.programs.values() for node in t.walk(program) if isinstance(node, EXPRESSIONS)]
    assert len(found) > 100
    checked = valued = 0
    for seed in (3, 4):
        game = Game(content, GameOptions(players=2, length="long", decks=("A", "B", "C")), seed)
        rng = random.Random(seed)
        for step in range(400):
            if game.decision is None:
                break
            if step % 40 == 0:
                interp = game.flow.interp
                for player in range(2):
                    ctx = game.flow.ctx(player)
                    for e in found:
                        outcome = _outcome(interp.number, e, ctx)
                        assert outcome == _outcome(interp.plain_number, e, ctx), e
                        checked += 1
                        valued += outcome[0] == "value" and not isinstance(e, t.Num)
            game.answer(game.decision.sample(rng))
    assert checked > 1000 and valued > checked // 4
