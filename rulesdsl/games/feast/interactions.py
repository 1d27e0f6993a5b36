"""A Feast for Odin's `interactions` hook (`CommandHooks.interactions`): what a rules judge
asks about cards together: shared timing points and values, the order they apply in, whether
modifiers stack (with a worked value), replacements that stop another card's trigger, and
exchange cycles that make goods or silver out of nothing (found by the game-neutral kernel,
`mechanisms.exchanges`, which the tableau rulesets' check asks too).

Everything is read off the effect trees and, for worked values, computed by the engine
itself on a small game; no card is known by name. It sits beside the game's other plug-in
modules: it is the first game's tool, and only the first game's commands and scenarios use it.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import attrs

from rulesdsl.games.feast.engine.events import EventInfo
from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.games.feast.engine.interp import Action
from rulesdsl.lang import printer
from rulesdsl.lang import tree as t
from rulesdsl.mechanisms.exchanges import Cycle, Exchange, cycle_text, find_cycles, merge


@attrs.frozen
class Touch:
    """One place where an effect meets the game: a hook, a modifier or a rule switch."""

    owner: str  # "card 52 <name>" or "rule column_3_draw" or "space ..."
    kind: str  # hook | modifier | allow | watch
    key: str  # event key (`before action`), value name or rule name
    text: str  # the canonical text of the item
    temporary: bool = False


def card_label(content: Any, number: int) -> str:
    """How the reports name an occupation: `card N name`."""
    return f"card {number} {content.occupations[number].name}"


def _event_key(hook: t.Hook) -> str:
    timing = "instead of" if hook.timing == "instead" else hook.timing
    return f"{timing} {printer.event(hook.event)}"


def touches(content: Any, owner: str, program: t.Program) -> list[Touch]:
    """Every hook, modifier, rule switch and watch of a program, as touches of `owner`."""
    out = []
    for item in program.items:
        hook = item.hook if isinstance(item, t.OnceHook) else item if isinstance(item, t.Hook) else None
        if hook is not None:
            text = printer.to_text(t.Program((item,))).strip().split("\n")[0]
            out.append(Touch(owner, "hook", _event_key(hook), text))
            for node in t.walk(hook.body):
                if isinstance(node, (t.Modify, t.SetValue)):
                    out.append(Touch(owner, "modifier", node.value, printer.simple(node), temporary=True))
        elif isinstance(item, t.Watch):
            out.append(Touch(owner, "watch", "as soon as", printer.to_text(t.Program((item,))).strip().split("\n")[0]))
        elif isinstance(item, (t.Modify, t.SetValue)):
            out.append(Touch(owner, "modifier", item.value, printer.simple(item)))
        elif isinstance(item, t.Allow):
            out.append(Touch(owner, "allow", item.rule, printer.simple(item)))
    return out


class Checker:
    """The checks over one content, with a small game of it for worked values."""

    def __init__(self, content: Any):
        self.content = content
        self.game = Game(content, GameOptions(players=2, decks=tuple(sorted({o.deck for o in content.occupations.values()}))), 0)
        self.catalog = self.game.catalog

    # ------------------------------------------------------------------ shared points
    def shared(self, numbers: Sequence[int]) -> dict[tuple[str, str], list[Touch]]:
        """key -> touches of at least two of the given cards (base rules join in)."""
        by_key: dict[tuple, list[Touch]] = defaultdict(list)
        for number in numbers:
            for touch in touches(self.content, card_label(self.content, number), self.content.programs[("occupations", number)]):
                by_key[(touch.kind if touch.kind != "allow" else "allow", touch.key)].append(touch)
        owners = {k: {x.owner for x in v} for k, v in by_key.items()}
        for rule_id in self.content.rules:
            for touch in touches(self.content, f"rule {rule_id}", self.content.programs[("rules", rule_id)]):
                key = (touch.kind, touch.key)
                if key in by_key:
                    by_key[key].append(touch)
                    owners[key].add(touch.owner)
        return {k: v for k, v in by_key.items() if len(owners[k]) >= 2}

    # ------------------------------------------------------------------ worked values
    def worked_value(self, value: str, numbers: Sequence[int]) -> list[str]:
        """Install the cards for player 0 of a fresh game and compute the value in an example."""
        game = Game(self.content, self.game.options, 0)
        for number in numbers:
            game.state.players[0].played.append(number)
            game.events.install_card(0, number)
        flow = game.flow
        ctx = flow.ctx(0)
        lines = []
        if value in ("silver_cost", "stone_cost", "wood_cost"):
            resource = value.split("_")[0]
            for sid, space in sorted(self.content.spaces.items()):
                base = _printed_cost(self.content, sid, resource)
                if not base:
                    continue
                action = Action(sid, space.group, space.column, space.column, "space")
                actx = ctx.derive(space=sid, action=action, value=base)
                info = EventInfo("action", space=sid, group=space.group, column=space.column, how=frozenset({"space"}), amount=space.column)
                result = game.events.value(value, base, actx, info, floor=0)
                if result != base:
                    lines.append(f"{sid}: {base} {resource} -> {result}")
        elif value in ("die_result", "rolls", "battle_result", "worth", "loot_count"):
            bases = {"die_result": 4, "rolls": 3, "battle_result": 8, "worth": 1, "loot_count": 1}
            kinds = sorted({n.kind for sid in self.content.spaces for n in t.walk(self.content.programs[("spaces", sid)])
                            if isinstance(n, t.Dice)})
            for kind in kinds:
                base = bases[value]
                info = EventInfo(value, kind=kind, how=frozenset({"space"}))
                dctx = ctx.derive(action=Action(None, None, None, 0, "space"))
                result = game.events.value(value, base, dctx, info)
                if result != base:
                    what = {"die_result": "a roll of 4", "rolls": "3 rolls", "battle_result": "a battle result of 8",
                            "worth": "an item worth 1", "loot_count": "1 tile"}[value]
                    lines.append(f"{kind}: {what} -> {result}")
        elif value == "vikings_needed":
            for sid, space in sorted(self.content.spaces.items()):
                base = self.content.columns[space.column].vikings
                result = flow.vikings_needed(ctx, sid)
                if result != base:
                    lines.append(f"{sid}: {base} Vikings -> {result}")
        elif value == "emigration_cost":
            game.state.round = 4
            result = flow.emigration_cost(ctx, 4)
            lines.append(f"emigrating in round 4: 4 silver -> {result}")
        else:
            lines.append("(no worked example for this value)")
        return lines

    # ------------------------------------------------------------------ conflicts
    def conflicts(self, numbers: Sequence[int]) -> list[str]:
        """Replacements that keep another card's trigger from firing."""
        out = []
        programs = {n: self.content.programs[("occupations", n)] for n in numbers}
        listeners = []
        for n, program in programs.items():
            for item in program.items:
                hook = item.hook if isinstance(item, t.OnceHook) else item if isinstance(item, t.Hook) else None
                if hook is not None and hook.timing != "instead":
                    listeners.append((n, hook))
        for n, program in programs.items():
            for item in program.items:
                hook = item.hook if isinstance(item, t.OnceHook) else item if isinstance(item, t.Hook) else None
                if hook is None or hook.timing != "instead":
                    continue
                silenced = self._silenced(hook)
                for other, listened in listeners:
                    if other == n:
                        continue
                    key = listened.event.name if listened.event.kind == "named" else listened.event.kind
                    if key in silenced:
                        kinds = silenced[key]
                        if key == "received":
                            heard = {m for f in listened.filters if isinstance(f, t.OfFilter) for m in self.catalog.selector_members(f.nouns)}
                            if kinds is not None and heard and not heard & kinds:
                                continue
                            out.append(f"{card_label(self.content, n)} can replace ({_event_key(hook)}{printer.filters(hook.filters)}); "
                                       f"then {card_label(self.content, other)} ({_event_key(listened)}{printer.filters(listened.filters)}) does not fire")
                            continue
                        wanted = {name for f in listened.filters if isinstance(f, t.ForFilter) for name in f.names}
                        if kinds is None or not wanted or wanted & kinds:
                            out.append(f"{card_label(self.content, n)} can replace ({_event_key(hook)}"
                                       f"{printer.filters(hook.filters)}); then {card_label(self.content, other)} "
                                       f"({_event_key(listened)}{printer.filters(listened.filters)}) does not fire")
        return out

    def _silenced(self, hook: t.Hook) -> dict:
        """Events that no longer happen when the hook replaces its event: name -> dice kinds (or None)."""
        event = hook.event
        out: dict = {}
        if event.kind == "action":
            spaces = [s for f in hook.filters if isinstance(f, t.OnFilter) and isinstance(f.place, t.SpacePlace) for s in f.place.names]
            for sid in spaces:
                program = self.content.programs.get(("spaces", sid))
                for node in t.walk(program):
                    if isinstance(node, t.Dice):
                        for name in ("dice_started", "die_rolled", "dice_succeeded", "dice_failed", "dice_ended"):
                            out.setdefault(name, set()).add(node.kind)
                    elif isinstance(node, t.TakeMountain):
                        out["mountain_taken"] = None
                    elif isinstance(node, t.Emigrate):
                        out["emigrated"] = None
                    elif isinstance(node, t.Explore):
                        out["explored"] = None
        elif event.kind == "named" and event.name == "gaining":
            replaced = {m for f in hook.filters if isinstance(f, t.OfFilter) for m in self.catalog.selector_members(f.nouns)}
            out["received"] = replaced or None
        elif event.kind == "named" and event.name == "drawing":
            out["played"] = None
        return out

    # ------------------------------------------------------------------ exchange cycles
    def exchanges(self, numbers: Sequence[int], extra_programs: Sequence[tuple[str, t.Program]] = ()) -> list[Exchange]:
        """The repeatable exchanges of the cards (and of `extra_programs`) and the base rules' ship purchases."""
        out = []
        sources = [(card_label(self.content, n), self.content.programs[("occupations", n)]) for n in numbers]
        sources += list(extra_programs)
        for owner, program in sources:
            for item in program.items:
                if isinstance(item, t.Anytime) and item.mode == "repeatable":
                    for stmt in item.body:
                        out += self._exchange_edges(owner, stmt)
        for ship in self.content.ships.values():  # the base rules: ships bought for silver at any time
            out.append(Exchange("rule: buy a ship", (("silver", ship.price),), ((ship.id, 1),), f"pay {ship.price} silver -> gain 1 {ship.id}"))
        return out

    def _exchange_edges(self, owner: str, stmt) -> list[Exchange]:
        if isinstance(stmt, t.Mood):
            stmt = stmt.stmt
        if isinstance(stmt, t.ChooseOne):
            return [e for alt in stmt.alternatives for s in alt for e in self._exchange_edges(owner, s)]
        if not isinstance(stmt, t.Exchange) or not isinstance(stmt.cost, t.Bundle):
            return []
        out = []
        for pay in self._bundles(stmt.cost):
            results = []
            for result in stmt.results:
                inner = result.stmt if isinstance(result, t.Mood) else result
                if isinstance(inner, t.Acquire) and inner.per is None:
                    results.append(self._bundles(inner.bundle))
                elif isinstance(inner, t.Upgrade):
                    results.append("upgrade")
                else:
                    results.append(None)
            if any(r is None for r in results):
                continue
            if "upgrade" in results:
                node = next(r for r in stmt.results if isinstance(r, t.Upgrade) or (isinstance(r, t.Mood) and isinstance(r.stmt, t.Upgrade)))
                node = node.stmt if isinstance(node, t.Mood) else node
                for good, target in self._upgrade_pairs(node):
                    out.append(Exchange(owner, merge(pay, ((good, 1),)), ((target, 1),), printer.simple(stmt)))
                continue
            for combo in itertools.product(*results):
                gain = ()
                for part in combo:
                    gain = merge(gain, part)
                out.append(Exchange(owner, pay, gain, printer.simple(stmt)))
        return out

    def _bundles(self, bundle: t.Bundle) -> list[tuple]:
        """Every concrete (item, n) tuple the bundle can stand for (alternatives expanded)."""
        options = [()]
        for part in bundle.parts:
            choices = []
            for item in part:
                if not isinstance(item, t.Item) or not isinstance(item.amount, t.IntAmount) or item.slash:
                    continue
                for member in sorted(self.catalog.members(item.words))[:8]:
                    choices.append(((member, item.amount.value),))
            if not choices:
                return []
            options = [merge(o, c) for o in options for c in choices]
        return options

    def _upgrade_pairs(self, node: t.Upgrade):
        goods = self.content.goods
        members = self.catalog.selector_members(node.selector.nouns) if isinstance(node.selector, t.Selector) else set()
        steps = node.steps.value if isinstance(node.steps, t.IntAmount) else 1
        for good in sorted(members):
            target = good
            for _ in range(steps):
                target = goods[target].upgrades_to if target in goods else None
                if target is None:
                    break
            if target is not None and target in goods:
                yield good, target

    def cycles(self, exchanges: list[Exchange], size: int = 3, most: int = 3) -> list[Cycle]:
        """Exchange cycles among `exchanges` (`find_cycles`)."""
        return find_cycles(exchanges, size, most)


def _printed_cost(content, space: str, resource: str) -> int:
    program = content.programs[("spaces", space)]
    for node in t.walk(program):
        if isinstance(node, t.Exchange) and isinstance(node.cost, t.Bundle):
            for part in node.cost.parts:
                for item in part:
                    if isinstance(item, t.Item) and item.words == (resource,) and isinstance(item.amount, t.IntAmount):
                        return item.amount.value
    return 0


ORDER_NOTE = ("when several effects of one player fire at the same moment, that player chooses their order (a decision); "
              "each player's effects fire only for that player's own actions")
STACK_NOTE = ("modifiers of one value all apply: deltas add up, a `set` replaces the printed value before the deltas, "
              "and a floor (costs never below 0) applies once at the end")


def report(content: Any, numbers: Sequence[int]) -> str:
    """The full report of how the cards `numbers` meet."""
    checker = Checker(content)
    lines = ["Cards: " + ", ".join(card_label(content, n) for n in numbers), ""]
    shared = checker.shared(numbers)
    if not shared:
        lines.append("Shared timing points and values: none")
    for (kind, key), items in sorted(shared.items()):
        lines.append(f"Shared {'timing point' if kind in ('hook', 'watch') else 'value' if kind == 'modifier' else 'rule'}: {key}")
        for touch in items:
            lines.append(f"  - {touch.owner}: {touch.text}{' (for the current action)' if touch.temporary else ''}")
        if kind in ("hook", "watch"):
            lines.append(f"  order: {ORDER_NOTE}")
        elif kind == "modifier":
            lines.append(f"  stacking: {STACK_NOTE}")
            for example in checker.worked_value(key, numbers):
                lines.append(f"  example: {example}")
        lines.append("")
    single = defaultdict(list)
    for number in numbers:
        for touch in touches(content, card_label(content, number), content.programs[("occupations", number)]):
            if touch.kind == "modifier" and ("modifier", touch.key) not in shared:
                single[touch.key].append(touch)
    for key, items in sorted(single.items()):
        lines.append(f"Value changed by one of them: {key}")
        for touch in items:
            lines.append(f"  - {touch.owner}: {touch.text}{' (for the current action)' if touch.temporary else ''}")
        for example in checker.worked_value(key, numbers):
            lines.append(f"  example (all the cards in play): {example}")
        lines.append("")
    dice_values = {k for (kind, k) in shared if kind == "modifier"} | set(single)
    if {"rolls", "die_result"} <= dice_values | {k for k in dice_values}:
        lines.append("Together in one dice action: the number of rolls and every roll's result are both changed; "
                     "each roll gets the result changes, and the extra rolls may be used")
        lines.append("")
    conflicts = checker.conflicts(numbers)
    lines.append("Conflicts: " + ("none" if not conflicts else ""))
    lines += [f"  - {c}" for c in conflicts]
    cycles = checker.cycles(checker.exchanges(numbers))
    lines.append("Exchange cycles that make something out of nothing: " + ("none" if not cycles else ""))
    for cycle in cycles:
        lines.append(f"  - {cycle_text(cycle)}")
    return "\n".join(lines).rstrip() + "\n"


def report_all(content: Any) -> str:
    """Cycles and conflicts over all occupations, with a table of the most shared timing points and values."""
    checker = Checker(content)
    numbers = sorted(content.occupations)
    conflicts = checker.conflicts(numbers)
    exchanges = checker.exchanges(numbers)
    cycles = checker.cycles(exchanges)
    shared = checker.shared(numbers)
    lines = [f"{len(numbers)} occupations, {len(exchanges)} repeatable exchanges (anytime cards and ship purchases)", ""]
    lines.append(f"{'timing point / value':44} {'cards':>6}")
    for (kind, key), items in sorted(shared.items(), key=lambda kv: (-len({x.owner for x in kv[1]}), kv[0])):
        lines.append(f"{key:44} {len({x.owner for x in items}):>6}")
    lines.append("")
    lines.append(f"conflicts (a replacement stops another card's trigger): {len(conflicts)}")
    lines += [f"  - {c}" for c in conflicts]
    lines.append(f"exchange cycles that make something out of nothing: {len(cycles)}")
    for cycle in cycles:
        lines.append(f"  - {cycle_text(cycle)}")
    return "\n".join(lines) + "\n"



def report_against_all(content: Any, number: int) -> str:
    """One card (a new one, say) against every other occupation: the timing points and values it
    shares with each, then the full report of the card with those that share something."""
    mine = {(x.kind, x.key) for x in touches(content, card_label(content, number), content.programs[("occupations", number)])}
    meets: dict[tuple, list[int]] = defaultdict(list)
    for other in sorted(content.occupations):
        if other == number:
            continue
        theirs = {(x.kind, x.key) for x in touches(content, card_label(content, other), content.programs[("occupations", other)])}
        for key in mine & theirs:
            meets[key].append(other)
    lines = [f"{card_label(content, number)} against the {len(content.occupations) - 1} other occupations", ""]
    if not meets:
        lines.append("Shared timing points and values: none (only the base rules may join in)")
        return "\n".join(lines) + "\n"
    partners = sorted({n for cards in meets.values() for n in cards})
    for (kind, key), cards in sorted(meets.items()):
        what = "timing point" if kind in ("hook", "watch") else "value" if kind == "modifier" else "rule"
        lines.append(f"Shared {what}: {key} - {len(cards)} card{'s' if len(cards) != 1 else ''}: "
                     + ", ".join(str(n) for n in cards))
    lines += ["", f"{len(partners)} cards meet it; `rulesdsl interactions {number} N` shows how with one of them.", ""]
    return "\n".join(lines) + "\n"
