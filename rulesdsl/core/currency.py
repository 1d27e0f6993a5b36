"""The currency statements of a game whose items are plain currencies counted per player:
`gain`, `pay`, `lose`, `convert`, exchanges `pay A -> gain B`, and the anytime exchanges
(`anytime: pay A -> gain B`) a player may make before answering.

Mixed into such a game's interpreter (the tableau's), which says where the money is:
`purse(ctx)` / `purse_of(player)` (currency -> count), `spend_currency` (what prices are paid
in), `player_context(player)` (the context an exchange runs in) and `rates` (what
`exchange_rates` read of its program). A game whose items are more than counts (the first
game's goods, animals and ships) has its own gain and pay statements instead."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rulesdsl.core.decisions import Option
from rulesdsl.core.runner import Asking, Context
from rulesdsl.errors import RulesError
from rulesdsl.lang import tree as t

# (currency, amount) paid and (currency, amount) gained by one anytime exchange; (None, None)
# for an anytime item of another form
Rate = tuple[tuple[str, int], tuple[str, int]] | tuple[None, None]


class CurrencyStatements:
    """`gain`, `pay`, `lose`, `convert`, exchanges and the anytime exchanges over each player's purse."""

    exchanges: list[t.Anytime]  # the program's anytime items, run by `anytime`
    rates: list[Rate]  # what `exchange_rates` gave (set by the interpreter)

    if TYPE_CHECKING:  # what the interpreter this is mixed into offers (the Runner, Expressions, the game)
        def purse(self, ctx: Any) -> dict[str, int]: ...

        def purse_of(self, player: int) -> dict[str, int]: ...

        def player_context(self, player: int) -> Context: ...

        @property
        def spend_currency(self) -> str: ...

        def amount(self, a: t.Amount, ctx: Context, paying: bool = False) -> int: ...

        def number(self, e: t.Expr, ctx: Context) -> int: ...

        def can(self, node: t.Node, ctx: Context) -> bool: ...

        def stmt(self, node: t.Node, ctx: Context, mandatory: bool = False) -> Asking[bool]: ...

        def run(self, stmts: Iterable[t.Node], ctx: Context, need_one: bool = False,
                costs_count: bool = False) -> Asking[bool]: ...

    def s_Acquire(self, node: t.Acquire, ctx: Context, mandatory: bool) -> bool:
        """Every part of the bundle arrives: nothing to choose, no event."""
        purse = self.purse(ctx)
        for part in node.bundle.parts:
            item = part[0]
            name = " ".join(item.words)
            purse[name] = purse.get(name, 0) + self.amount(item.amount, ctx)
        return True

    def c_Pay(self, node: t.Pay, ctx: Context) -> bool:
        return self.purse_covers(node.bundle, ctx)

    def s_Pay(self, node: t.Pay, ctx: Context, mandatory: bool) -> bool:
        return self.pay_purse(node.bundle, ctx)  # what cannot be paid is not paid at all

    def purse_covers(self, bundle: t.Bundle, ctx: Context) -> bool:
        """Whether the acting player holds every part of the bundle."""
        purse = self.purse(ctx)
        return all(purse.get(" ".join(p[0].words), 0) >= self.amount(p[0].amount, ctx) for p in bundle.parts)

    def pay_purse(self, bundle: t.Bundle, ctx: Context) -> bool:
        """Pay the whole bundle if the player holds it; False (and nothing paid) otherwise."""
        if not self.purse_covers(bundle, ctx):
            return False
        purse = self.purse(ctx)
        for part in bundle.parts:
            purse[" ".join(part[0].words)] -= self.amount(part[0].amount, ctx)
        return True

    def c_Exchange(self, node: t.Exchange, ctx: Context) -> bool:
        return isinstance(node.cost, t.Bundle) and self.purse_covers(node.cost, ctx)

    def s_Exchange(self, node: t.Exchange, ctx: Context, mandatory: bool) -> Asking[bool]:
        """`pay A -> gain B`: the cost is paid in full, then each result happens (or nothing at all)."""
        if not isinstance(node.cost, t.Bundle) or not self.pay_purse(node.cost, ctx):
            return False
        for result in node.results:
            yield from self.stmt(result, ctx, True)
        return True

    def s_Lose(self, node: Any, ctx: Context, mandatory: bool) -> bool:
        """A penalty: unlike paying it may take the currency below zero (its amount unclamped)."""
        purse = self.purse(ctx)
        amount = node.amount
        lost = self.number(amount.expr, ctx) if isinstance(amount, t.ExprAmount) else self.amount(amount, ctx)
        purse[node.currency] = purse.get(node.currency, 0) - lost
        return True

    def s_Convert(self, node: Any, ctx: Context, mandatory: bool) -> bool:
        """Every `give` of the source becomes `get` of the target; the remainder is kept."""
        purse = self.purse(ctx)
        times: int = purse.get(node.source, 0) // node.give
        purse[node.source] -= times * node.give
        purse[node.target] = purse.get(node.target, 0) + times * node.get
        return times > 0

    # ------------------------------------------------------------------ exchanges at any time
    def exchange_rates(self, program: t.Program) -> list[Rate]:
        """(cost currency, amount), (gained currency, amount) of each `anytime: pay A -> gain B`
        of the program ((None, None) for an anytime item of another form); what `means` and
        `pay_with_fallback` reckon with. The items themselves are kept to be run (`anytime`)."""
        self.exchanges = [item for item in program.items if isinstance(item, t.Anytime)]
        rates: list[Rate] = []
        for item in self.exchanges:
            body = item.body[0] if item.body else None
            if not isinstance(body, t.Exchange) or not isinstance(body.cost, t.Bundle):
                rates.append((None, None))
                continue
            cost: Any = body.cost.parts[0][0]  # an item with a whole amount (the checker saw to it)
            gain: Any = body.results[0].bundle.parts[0][0]
            rates.append(((" ".join(cost.words), cost.amount.value), (" ".join(gain.words), gain.amount.value)))
        return rates

    def anytime_options(self, player: int) -> list[Option]:
        """The exchanges the player may make before answering (refused where he lacks the cost)."""
        out = []
        purse = self.purse_of(player)
        for index, (cost, gain) in enumerate(self.rates):
            if cost is None or gain is None:
                continue
            have = purse.get(cost[0], 0)
            refusal = None if have >= cost[1] else f"you have {have} {cost[0]}"
            out.append(Option(f"anytime:{index}", f"turn {cost[1]} {cost[0]} into {gain[1]} {gain[0]}", refusal))
        return out

    def anytime(self, player: int, key: str) -> Asking[None]:
        """Make the exchange `anytime:N`: its statements run like any other (RulesError if it cannot)."""
        item = self.exchanges[int(key[8:])]
        ctx = self.player_context(player)
        if not all(self.can(stmt, ctx) for stmt in item.body):
            cost, _ = self.rates[int(key[8:])]
            if cost is None:
                raise RulesError(f"'{key}' cannot be made now")
            raise RulesError(f"you have {self.purse_of(player).get(cost[0], 0)} {cost[0]}, need {cost[1]}")
        yield from self.run(item.body, ctx, True)

    def means(self, player: int) -> int:
        """What a player can spend at most: his spent currency plus all the exchanges turn into it."""
        purse = self.purse_of(player)
        spend = self.spend_currency
        total = purse.get(spend, 0)
        for cost, gain in self.rates:
            if cost and gain and gain[0] == spend:
                total += purse.get(cost[0], 0) // cost[1] * gain[1]
        return total

    def pay_with_fallback(self, player: int, amount: int) -> int:
        """Pay `amount` of the spent currency, exchanging what is missing; returns how much was exchanged."""
        purse = self.purse_of(player)
        spend = self.spend_currency
        converted = 0
        for cost, gain in self.rates:
            while purse[spend] < amount and cost and gain and gain[0] == spend and purse[cost[0]] >= cost[1]:
                purse[cost[0]] -= cost[1]
                purse[spend] += gain[1]
                converted += gain[1]
        if purse[spend] < amount:
            raise RulesError(f"player {player} cannot pay {amount} {spend}")
        purse[spend] -= amount
        return converted
