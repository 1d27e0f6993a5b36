"""Which cards in a player's hand could matter to a space, if a preparation plays them: what
their play may give, free or set off, read from the content (`relevance`), against what the
space needs. A mixin of `Trials` (engine/legality/preparations.py), which decides what to try with it.
"""

from __future__ import annotations

from rulesdsl.games.feast.engine.legality import relevance

CARD_VERDICTS_MAX = 100_000  # cards judged per content (`_hand_reaching`), cleared when full


class HandReach:
    """The cards of a hand that a preparation playing cards could reach (`Trials` reads them)."""

    _card_verdicts = None  # (card, needs, gains, chain, phases heard) -> whether it matters: the content's

    def _cards_that_matter(self, p, needs, gains: bool, chain=frozenset()) -> frozenset:
        """The cards in hand whose play could reach what a space needs (with `gains`: give or
        free it), directly or through the listeners in play it may set off (`chain`, what
        `_chain_reach` found: a card that touches anything may set them off)."""
        if self.g.events.candidates("when", "occupations_played", p.index):
            return frozenset(p.hand)  # a card in play rewards any play
        heard = self._phases_heard(p.index) if gains else None
        return self._batched(("cards", tuple(p.hand), needs, gains, chain, heard),
                             lambda: self._hand_reaching(p.hand, needs, gains, chain, heard))

    def _card_matters(self, n: int, reach, needs, chain) -> bool:
        """Whether card `n`, of this reach, could matter: what it touches (all it names, paid
        or read too) may set off the listeners in play (which event it announces is not read),
        so a card that touches anything reaches what they give too; one that touches nothing
        announces nothing they hear."""
        if relevance.may_matter(reach, needs):
            return True
        if not relevance.may_matter(chain, needs):
            return False
        content, catalog = self.g.content, self.g.catalog
        touched = self._relevance("card", n, lambda: relevance.produced_by_card(content, catalog, n))
        return touched is None or bool(touched)

    def _hand_reaching(self, hand, needs, gains: bool, chain=frozenset(), heard=frozenset()) -> frozenset:
        """The cards of `hand` that could matter (`_cards_that_matter`); `heard`: what
        `_phases_heard` found for the player. Whether a card matters depends only on the card
        and these values (readings of the content): remembered per content card by card, so
        hands alike in any game, for any player, read each card once."""
        table = self._card_verdicts
        if table is None:
            table = self._card_verdicts = relevance.cached(self.g.content, ("cards that matter",), dict)
        if len(table) >= CARD_VERDICTS_MAX:  # the values are readings of the content, but chains vary: bounded
            table.clear()
        found = []
        for n in hand:
            key = (n, needs, gains, chain, heard)
            matters = table.get(key)
            if matters is None:
                matters = table[key] = self._one_card_matters(n, needs, gains, chain, heard)
            if matters:
                found.append(n)
        return frozenset(found)

    def _one_card_matters(self, n: int, needs, gains: bool, chain, heard) -> bool:
        """Whether card `n` could matter (one card of `_hand_reaching`)."""
        content, catalog = self.g.content, self.g.catalog
        if not gains:
            return self._card_matters(n, self._relevance("card", n, lambda: relevance.produced_by_card(content, catalog, n)), needs, chain)
        # a phase a card runs gives only what its mechanisms give, unless a listener hears
        # that phase or an event a mechanism announces (what those hooks do is not read)
        runs = self._relevance("phases run", n, lambda: relevance.phases_run(content, n))
        if runs and (heard & runs or heard & relevance.MECHANISM_EVENTS):
            reach = self._relevance("card-gains", n, lambda: relevance.gained_by_card(content, catalog, n))
        else:
            reach = self._relevance("card-gains-quiet", n, lambda: relevance.gained_by_card(content, catalog, n, quiet=True))
        return self._card_matters(n, reach, needs, chain)
