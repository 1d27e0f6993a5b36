"""Events reaching the effects that listen to them: hooks in the owner's order, `instead of`
replacements, payments announced, and `once as soon as` watches checked after every change."""

from __future__ import annotations

from rulesdsl.core.decisions import Option
from rulesdsl.errors import RunawayRules
from rulesdsl.games.feast.engine.context import Ctx, hows
from rulesdsl.games.feast.engine.events import EventInfo
from rulesdsl.games.feast.engine.state import PlayersOnDemand

MAX_CHAIN = 24  # effects running inside one another; the deepest chain of the built-in cards is a handful


class Emission:
    """How a `Flow` runs the effects listening to an event."""

    _watch_plan = None  # (the list of watches, its length, [what `check_watches` reads of each])

    def emit(self, timing: str, name: str, ctx, info: EventInfo, only_card: int | None = None,
             skip_cards: frozenset = frozenset()):
        """Run every effect listening to this event for the acting player; the owner orders them."""
        events = self.g.events
        listeners = events.candidates(timing, name, ctx.player)
        if not listeners:
            return
        ready = []
        for lst in listeners:
            if only_card is not None and lst.card != only_card:
                continue
            if lst.card in skip_cards:
                continue
            hook = lst.hook
            if not events.matches(hook.filters, info, ctx):
                continue
            key = ("hook", lst.card, lst.index)
            if lst.card is not None:
                ctx.p.counters[key] += 1
            local = EventInfo(info.name, info.space, info.group, info.column, info.kind, info.items, info.how, info.area,
                              info.amount, dict(info.data))
            if lst.card is not None:
                local.data["times"] = ctx.p.counters[key]
            hctx = ctx.derive(card=lst.card, info=local)
            if hook.cond is not None and not self.interp.condition(hook.cond)(hctx):
                continue
            ready.append((lst, hctx))
        while ready:
            if len(ready) > 1:
                options = [Option(_effect_key(lst, i), f"{self.g.content.occupations[lst.card].name if lst.card else 'rule'}") for i, (lst, _) in enumerate(ready)]
                answer = yield from self.interp.ask(ctx.player, "order", f"which effect first ({name})?", options, anytime=False)
                lst, hctx = ready.pop(next(i for i, o in enumerate(options) if o.key == answer))
            else:
                lst, hctx = ready.pop()
            if lst.once:
                events.spend((timing, name), lst)
            self.g.note(f"player {ctx.player}: {self.cause(lst)} ({timing} {name})")  # what follows is its doing
            if lst.card is not None:
                self.g.state.fired[(lst.owner, lst.card, timing)] += 1
            chain = self.__dict__.setdefault("_firing", [])  # the effects running inside one another now
            if len(chain) >= MAX_CHAIN:
                raise self.runaway(chain + [(lst, timing, name)])
            chain.append((lst, timing, name))
            try:
                yield from self.interp.run(lst.hook.body, hctx)
            finally:
                chain.pop()

    def runaway(self, chain: list) -> RunawayRules:
        """The rules error of effects that set each other off without end, at the first card of the loop."""
        loop = []
        for lst, timing, name in chain[-MAX_CHAIN:]:
            step = f"{self.cause(lst)} ({timing} {name})"
            if step not in loop:
                loop.append(step)
        first = chain[-1][0]
        return RunawayRules(self.hook_location(first), [step for step in loop],
                            f"effects set each other off {MAX_CHAIN} times in a row: {' -> '.join(loop)} -> ...; "
                            "the game stops (an effect must not set off what sets it off again without end)")

    def hook_location(self, listener):
        """Where a listener's hook is written (its card's or rule's effect text), or None."""
        collection, key = ("occupations", listener.card) if listener.card is not None else ("rules", listener.rule)
        source = self.g.content.sources.get((collection, key))
        pos = getattr(listener.hook, "pos", None)
        if source is None:
            return None
        if pos is None:
            return source.location()
        try:
            return source.text_location("effect", pos.line, pos.column)
        except (KeyError, AttributeError, TypeError):
            return source.location()

    def cause(self, listener) -> str:
        """The card or board rule a listener comes from, as the history names it."""
        if listener.card is not None:
            return f"{self.g.content.occupations[listener.card].name} (card {listener.card})"
        rule = self.g.content.rules.get(listener.rule) if listener.rule else None
        return rule.name if rule is not None else "a rule of the board"

    def replace(self, ctx, name: str, info: EventInfo):
        """`instead of` hooks: the player may swap the pending thing for the hook's effect.
        Returns None when nothing replaced it, else whether the replacement did something."""
        events = self.g.events
        if not events.hooks.get(("instead", name)):  # most things have no replacement in play
            return None
        listeners = [lst for lst in events.candidates("instead", name, ctx.player)
                     if events.matches(lst.hook.filters, info, ctx)]
        usable = []
        for lst in listeners:
            hctx = ctx.derive(card=lst.card, info=info)
            if lst.hook.cond is not None and not self.interp.truth(lst.hook.cond, hctx):
                continue
            if not any(self.interp.can(s, hctx) for s in lst.hook.body):
                continue
            usable.append((lst, hctx))
        if not usable:
            return None
        options = [Option(_effect_key(lst, i), f"instead: {self.g.content.occupations[lst.card].name if lst.card else 'rule'}") for i, (lst, _) in enumerate(usable)]
        options.append(Option("keep", "keep it as it is"))
        answer = yield from self.interp.ask(ctx.player, "instead", f"replace {name}?", options)
        if answer == "keep":
            return None
        lst, hctx = usable[next(i for i, o in enumerate(options) if o.key == answer)]
        if lst.card is not None:
            self.g.state.fired[(lst.owner, lst.card, "instead")] += 1
        return (yield from self.interp.run(lst.hook.body, hctx, need_one=True))

    def before_payment(self, ctx, item: str):
        if self.g.events.listening("before", "payment"):
            a = ctx.action
            yield from self.emit("before", "payment", ctx, EventInfo("payment", items=frozenset({item}), space=a.space if a else None,
                                                                     group=a.group if a else None, column=a.column if a else None,
                                                                     how=hows(a.how) if a else frozenset()))

    def check_watches(self):
        """`once as soon as`: each unspent watch whose condition holds fires now, once (timing model).

        This runs after every change, for every player's watches: with several players most
        belong to someone else. A condition only reads, so it is judged on the player as he
        stands (`PlayersOnDemand.peek`: a trial's copy does not copy a player it only reads)
        and in a context kept per watch while its owner's state is the same object; the player
        is copied, and a fresh context made, only when a watch fires. The watches are read
        into a plan (with their compiled conditions) once per list of watches installed: the
        list is only appended to (a checkpoint keeps the old one, copied on write), so its
        identity and length name it."""
        watches = self.g.events.watches
        if not watches:
            return
        plan = self._watch_plan
        if plan is None or plan[0] is not watches or plan[1] != len(watches):
            condition = self.interp.condition
            # [owner, card, index, watch, its key in `spent`, its condition, the player read last, a context of his]
            plan = self._watch_plan = (watches, len(watches), [
                [owner, card, index, watch, (card, index), condition(watch.cond), None, None]
                for owner, card, index, watch in watches])
        players = self.g.state.players
        peek = players.peek if type(players) is PlayersOnDemand else players.__getitem__
        for entry in plan[2]:  # the watches installed now (one that fires may install more)
            owner, card, index, watch, spent, holds, last, ctx = entry
            p = peek(owner)
            if spent in p.spent:
                continue
            if p is not last:
                ctx = entry[7] = Ctx(owner, p, card=card)  # (`ctx` would copy a trial's player)
                entry[6] = p
            if holds(ctx):
                p = players[owner]  # the player as the game changes him (a trial's copy: copied now)
                p.spent.add(spent)
                self.g.state.fired[(owner, card, "watch")] += 1
                yield from self.interp.run(watch.body, self.ctx(owner, card=card))


def _effect_key(listener, index: int) -> str:
    return f"{listener.card}:{listener.index}" if listener.card is not None else f"rule:{index}"
