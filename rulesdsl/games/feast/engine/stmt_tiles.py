"""Statements that change goods tiles and animals already held: `upgrade`, `flip`,
`make ... pregnant`, `harvest up to`, `loot`."""

from __future__ import annotations

from collections import Counter
from rulesdsl.content.catalog import GOOD
from rulesdsl.core.decisions import Option
from rulesdsl.games.feast.engine import ops
from rulesdsl.lang import tree as t


class TileStatements:
    """Goods tiles and animals changed by the `Interpreter`."""

    def c_Upgrade(self, node, ctx):
        supply = ctx.p.supply
        return any(supply[good] > 0 for good, _ in self._upgrades(node, ctx))  # the first one will do

    def s_Upgrade(self, node, ctx, mandatory):
        low, high = self.range(node.range, ctx)
        chosen: Counter = Counter()
        sources: Counter = Counter()
        done = 0
        while done < high:
            eligible = self._upgradable(node, ctx, chosen, sources)
            if not eligible:
                break
            options = [Option(good, f"{good} -> {target}") for good, target in eligible]
            if not (mandatory and done == 0) and done >= low:
                options.append(Option("stop", "upgrade no more"))
            answer = yield from self.ask(ctx.player, "upgrade", f"upgrade which good ({done} of up to {high})?", options)
            if answer == "stop":
                break
            target = dict(eligible)[answer]
            self._swap(ctx, answer, target)
            chosen[target] += 1
            sources[answer] += 1
            done += 1
            yield from self.received(ctx, target, 1, "upgraded")
        if done and ctx.action is not None:
            ctx.action.upgraded += done
        if done and self.g.events.allowed("upgrading_extra_step", ctx, self._action_info(ctx)):
            extra = [(good, self._step(good, 1, False)) for good in chosen if self._step(good, 1, False)]
            extra = [(g_, tgt) for g_, tgt in extra if tgt is not None and ctx.p.supply[g_] > 0]
            if extra:
                options = [Option(good, f"{good} -> {target}") for good, target in extra] + [Option("stop", "no extra step")]
                answer = yield from self.ask(ctx.player, "upgrade", "one upgraded good may go one step further", options)
                if answer != "stop":
                    self._swap(ctx, answer, dict(extra)[answer])
        return done > 0

    def c_Flip(self, node, ctx):
        return bool(self._flippable(node, ctx, set()))

    def s_Flip(self, node, ctx, mandatory):
        low, high = self.range(node.range, ctx)
        flipped: set = set()
        count = 0
        while count < high:
            eligible = self._flippable(node, ctx, flipped)
            if not eligible:
                break
            options = [Option(good, f"{good} -> {back}") for good, back in eligible]
            if count >= low and not (mandatory and count == 0):
                options.append(Option("stop", "turn no more"))
            answer = yield from self.ask(ctx.player, "flip", "turn which tile over?", options)
            if answer == "stop":
                break
            back = dict(eligible)[answer]
            self._swap(ctx, answer, back)
            flipped.add(answer)
            count += 1
            yield from self.received(ctx, back, 1, "flipped")
        return count > 0 or mandatory

    def c_MakePregnant(self, node, ctx):
        return any(ctx.p.stables[a] for a in self.catalog.selector_members(node.selector.nouns) if not self._pregnant(a))

    def s_MakePregnant(self, node, ctx, mandatory):
        n = self.amount(node.amount, ctx)
        done = 0
        for animal in sorted(self.catalog.selector_members(node.selector.nouns)):
            if self._pregnant(animal):
                continue
            pregnant = self.g.content.goods[animal].other_side
            while done < n and ctx.p.stables[animal] > 0:
                ctx.p.stables[animal] -= 1
                ctx.p.stables[pregnant] += 1
                self.g.state.bank[animal] += 1
                self.g.state.bank[pregnant] -= 1
                done += 1
        return done > 0

    def s_Harvest(self, node, ctx, mandatory):
        did = False
        for good in self.g.content.goods.values():
            if good.harvest is not None and good.harvest <= node.up_to:
                ops.gain(self.g, ctx.p, good.id, 1)
                did = True
                yield from self.received(ctx, good.id, 1, "harvested")
        return did

    def c_Loot(self, node, ctx):
        return True

    def s_Loot(self, node, ctx, mandatory):
        return (yield from self.dice.loot(node, ctx))

    def _swap(self, ctx, old: str, new: str) -> None:
        """Exchange a goods tile in the supply for another (upgrade, flip)."""
        ctx.p.supply[old] -= 1
        ctx.p.supply[new] += 1
        self.g.state.bank[old] += 1
        self.g.state.bank[new] -= 1

    def _step(self, good: str, steps: int, diagonal: bool) -> str | None:
        goods = self.g.content.goods
        current = good
        for _ in range(steps):
            nxt = goods[current].upgrades_to
            if nxt is None:
                return None
            if diagonal:
                column = goods[current].box_column + 1
                color = goods[nxt].color
                found = [x for x in goods.values() if x.box_column == column and x.color == color]
                if not found:
                    return None
                nxt = found[0].id
            current = nxt
        return current

    def _upgradable(self, node, ctx, chosen: Counter, sources: Counter | None = None) -> list[tuple[str, str]]:
        """(good, result) pairs still open to this upgrade: an upgraded tile is not upgraded again."""
        same_kind = any(isinstance(m, t.SameKindMod) for m in getattr(node.selector, "mods", ()))
        supply = ctx.p.supply
        out = []
        for good, target in self._upgrades(node, ctx):
            if supply.get(good, 0) - chosen.get(good, 0) <= 0:  # (a Counter's [] calls __missing__ for each good not held)
                continue
            if same_kind and sources and good not in sources:
                continue
            out.append((good, target))
        return out

    def _upgrades(self, node, ctx) -> list[tuple[str, str]]:
        """(good, what upgrading it gives) for every good of the selector this upgrade can take,
        in id order: the content's, read once per node and number of steps (when the selector
        names goods, not a bound value)."""
        steps = self.amount(node.steps, ctx) if node.steps is not None else None
        named = isinstance(node.selector, t.Selector)
        key = (id(node), steps)
        found = self._upgrade_orders.get(key) if named else None
        if found is None or found[0] is not node:
            members = self._selector_ids(node.selector, ctx)
            kinds = self.catalog.kind
            pairs = [(good, self._upgrade_target(node, good, steps)) for good in sorted(members) if kinds.get(good) == GOOD]
            found = (node, [(good, target) for good, target in pairs if target is not None])
            if named:
                self._upgrade_orders[key] = found
        return found[1]

    def _upgrade_target(self, node, good: str, steps) -> str | None:
        """What upgrading `good` gives (None: this upgrade cannot take it)."""
        if node.to_color is not None:
            target = good
            while target is not None and self.g.content.goods[target].color != node.to_color:
                target = self.g.content.goods[target].upgrades_to
        else:
            target = self._step(good, steps, node.diagonal)
        if target is None or target == good or self.catalog.kind.get(target) != GOOD:
            return None
        return target

    def _flippable(self, node, ctx, flipped: set) -> list[tuple[str, str]]:
        members = self._selector_ids(node.selector, ctx)
        different = any(isinstance(m, t.DifferentKindsMod) for m in getattr(node.selector, "mods", ()))
        out = []
        for good in sorted(members):
            if self.catalog.kind.get(good) != GOOD or ctx.p.supply[good] <= 0:
                continue
            if different and good in flipped:
                continue
            back = self.g.content.goods[good].other_side
            if back is None or self.catalog.kind.get(back) != GOOD:
                continue
            out.append((good, back))
        return out

    def _selector_ids(self, selector, ctx) -> frozenset:
        if isinstance(selector, t.RefSelector):
            value = self.resolve_ref(selector.ref, ctx)
            return frozenset({value}) if isinstance(value, str) else frozenset()
        return self.catalog.selector_members(selector.nouns)

    def _pregnant(self, animal: str) -> bool:
        good = self.g.content.goods.get(animal)
        return bool(good and good.pregnant)
