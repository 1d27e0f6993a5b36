"""Occupations drawn and played: a played card's effects are installed, its immediate part runs,
and `played` / `occupations_played` are announced."""

from __future__ import annotations

from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine.events import EventInfo
from rulesdsl.games.feast.engine.spaces import HOW_SPACE


class CardPlay:
    """Occupation cards of a `Flow`: drawing and playing."""

    def draw_occupation(self, ctx):
        if self.g.events.hears("instead", "drawing", ctx.player):  # (no listener: no event built, nothing replaced)
            replaced = yield from self.replace(ctx, "drawing", EventInfo("drawing", kind="occupation", how=HOW_SPACE))
            if replaced is not None:
                return 1 if replaced else 0
        deck = self.g.state.occupation_deck
        if not deck:
            return 0
        ctx.p.hand.append(deck.pop())
        return 1

    def play_card(self, ctx, number: int):
        p = ctx.p
        if number not in p.hand:
            raise RulesError(f"occupation {number} is not in the hand of player {ctx.player}")
        p.hand.remove(number)
        p.played.append(number)
        if ctx.action is not None:
            ctx.action.bonus_plays += 1
        self.g.note(f"player {ctx.player} plays {number} {self.g.content.occupations[number].name}")
        immediate = self.g.events.install_card(ctx.player, number)
        cctx = ctx.derive(card=number)
        self.g.state.fired[(ctx.player, number, "round")] = self.g.state.round
        if immediate:
            self.g.state.fired[(ctx.player, number, "immediate")] += 1
            yield from self.interp.run(immediate, cctx)
        yield from self.emit("when", "played", cctx, EventInfo("played", items=frozenset({number})), only_card=number)
        yield from self.check_watches()

    def occupations_played(self, ctx, occasion: list[int]):
        info = EventInfo("occupations_played", items=frozenset(occasion), amount=len(occasion))
        # a card played on this occasion hears it only if another card followed it
        yield from self.emit("when", "occupations_played", ctx, info, skip_cards=frozenset({occasion[-1]}))
