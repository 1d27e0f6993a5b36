"""The second round of shortcuts for games with several players gives what the long way gives:
legal positions (one mask test per position, remembered by the squares covered) are exactly
the positions `check` accepts, and the modifiers indexed per player give the values and rules
of a plain look through every modifier installed."""

from rulesdsl.agents import RandomAgent
from rulesdsl.errors import IllegalPlacement
from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.geometry import pieces
from rulesdsl.geometry.placement import _positions, check, legal_positions

OPTIONS = GameOptions(players=4, length="long", decks=("A", "B", "C"))


def _games(content, seeds, every: int = 40):
    """4-player random games, yielded every `every` decisions."""
    for seed in seeds:
        game = Game(content, OPTIONS, seed)
        agents = [RandomAgent(seed * 10 + i) for i in range(4)]
        count = 0
        while game.decision is not None:
            if count % every == 0:
                yield game
            game.answer(agents[game.decision.player].answer(game, game.decision))
            count += 1


def _accepted(board, piece, allowed: bool) -> list:
    """The positions `check` accepts, in the order `_positions` lists them."""
    out = []
    for pos in _positions(board.grid, piece):
        mask, _, row, column, turn, mirror = pos
        try:
            check(board, piece, row, column, turn, mirror, allowed)
        except IllegalPlacement:
            continue
        out.append(pos)
    return out


def test_legal_positions_are_the_positions_check_accepts(content):
    items = sorted(content.goods)[::3] + sorted(content.special_tiles)[::4] + ["coin_1", "ore"]
    checked = 0
    for game in _games(content, (2, 9), every=60):
        flow = game.flow
        for p in game.state.players:
            for _, _, _, board in flow.areas(p):
                for item in items:
                    piece = pieces.piece(content, item)
                    for allowed in (False, True):
                        expected = _accepted(board, piece, allowed) if allowed or not board.grid.accepts.isdisjoint(piece.classes) else []
                        assert legal_positions(board, piece, allowed) == expected, (item, board.grid.name)
                        checked += 1
    assert checked > 500


def _plain_value(events, name, base, ctx, info, floor=None):
    """`Events.value` by looking through every modifier installed (what the index replaces)."""
    from rulesdsl.lang import tree as t

    if not events.affects(name, ctx):
        return base if floor is None else max(floor, base)
    delta, setting = 0, None
    every = [(o, c, s) for o, c, s in events.modifiers]
    if ctx.action is not None:
        every += [(ctx.player, c, s) for c, s in ctx.action.temporary]
    for owner, card, stmt in every:
        if isinstance(stmt, t.Allow) or stmt.value != name or (owner is not None and owner != ctx.player):
            continue
        if not events.matches(stmt.filters, info, ctx):
            continue
        sub = ctx.derive(card=card, info=info, value=base)
        if stmt.cond is not None and not events.judge.truth(stmt.cond, sub):
            continue
        if isinstance(stmt, t.Modify):
            delta += events.judge.number(stmt.by, sub)
        else:
            setting = events.judge.number(stmt.to, sub)
    result = (setting if setting is not None else base) + delta
    return result if floor is None else max(floor, result)


def test_modifiers_indexed_per_player_give_the_plain_values(content):
    from rulesdsl.games.feast.engine.events import EventInfo

    compared = 0
    for game in _games(content, (4, 13), every=25):
        events = game.events
        names = sorted({s.value for _, _, s in events.modifiers if hasattr(s, "value")})
        rules = sorted({s.rule for _, _, s in events.modifiers if hasattr(s, "rule")})
        for player in range(4):
            ctx = game.flow.ctx(player)
            for name in names:
                info = EventInfo(name)
                assert events.value(name, 3, ctx, info) == _plain_value(events, name, 3, ctx, info)
                compared += 1
            for rule in rules:
                plain = [(c, s) for o, c, s in events.modifiers if getattr(s, "rule", None) == rule and o in (None, player)]
                assert list(events.allowances(rule, ctx)) == (plain if events.affects(rule, ctx) else [])
                compared += 1
    assert compared > 50
