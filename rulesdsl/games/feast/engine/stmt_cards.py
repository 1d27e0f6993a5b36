"""Statements about cards: `draw` (occupations, weapons) and `play` (occupations from the hand)."""

from __future__ import annotations

from rulesdsl.core.decisions import Option
from rulesdsl.games.feast.engine import ops


class CardStatements:
    """Cards drawn and played by the `Interpreter`."""

    def c_Draw(self, node, ctx):
        return True

    def s_Draw(self, node, ctx, mandatory):
        n = self.amount(node.amount, ctx)
        what = self.catalog.resolve((node.what,))
        got = 0
        for _ in range(n):
            if what == "occupation":
                got += yield from self.services.draw_occupation(ctx)
            else:
                weapon = ops.draw_weapon(self.g)
                if weapon is not None:
                    ctx.p.supply[weapon] += 1
                    got += 1
                    yield from self.received(ctx, weapon, 1, "drawn")
        return got > 0

    def c_Play(self, node, ctx):
        return bool(ctx.p.hand)

    def s_Play(self, node, ctx, mandatory):
        low, high = self.range(node.range, ctx)
        played = 0
        occasion: list[int] = []
        while played < high and ctx.p.hand:
            options = [Option(str(n), self.g.content.occupations[n].name) for n in ctx.p.hand]
            if played >= max(low, 1 if mandatory else 0) or not mandatory:
                if played >= low or not mandatory:
                    options.append(Option("stop", "play no more"))
            answer = yield from self.ask(ctx.player, "play", "play which occupation?", options)
            if answer == "stop":
                break
            yield from self.services.play_card(ctx, int(answer))
            occasion.append(int(answer))
            played += 1
        if played:
            yield from self.services.occupations_played(ctx, occasion)
        return played > 0
