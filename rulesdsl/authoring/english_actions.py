"""English for the statements with more to tell than one clause: dice actions, mountain
strips, harvests, the phases' mechanisms and the second ruleset's statements (read by their
fields, so that this module imports no game). A mixin of `rulesdsl.authoring.english.English`,
whose `block`, `selector` and the rest it uses."""

from __future__ import annotations

import attrs

from rulesdsl.authoring import english_words as w
from rulesdsl.authoring.english_values import join, plain, sentence as _sentence
from rulesdsl.lang import tree as t


class ActionEnglish:
    """Dice, mountain, harvest, mechanism and second-ruleset statements in English."""

    def dice(self, d: t.Dice, depth: int, out: list[str]) -> None:
        pad = "  " * (depth + 1)
        faces = self.faces.get(d.die)
        die = f"the {faces}-sided die" if faces else "a die"
        better = "lower" if d.direction == "low" else "higher"
        out.append(f"{'  ' * depth}A {self.words(d.kind)} dice action with {die}, where {better} results are better:")
        out.append(f"{pad}You may roll up to {d.rolls or 3} times; each roll replaces the one before, and you may stop after any roll.")
        if d.sail is not None:
            ships = self.ranged(d.sail.range, d.sail.selector)
            one = isinstance(d.sail.range, t.Exactly) and self.count(d.sail.range.amount) == 1
            ore = {"adding": "the ore on {} is added to each roll", "subtracting": "the ore on {} is subtracted from each roll",
                   "ignoring": "the ore on {} does not count"}.get(d.sail.ore or "")
            line = f"Sail with {ships}"
            if ore:
                line += "; " + ore.format("it" if one else "them")
            out.append(pad + _sentence(line))
        if d.stop_at_zero:
            out.append(f"{pad}A result of 0 is a success at no cost.")
        if d.pay_per_pip is not None:
            out.append(pad + _sentence(f"To succeed, pay 1 {self.selector(d.pay_per_pip, plural=False)} for each point of the result"))
        if d.add_per_item is not None:
            out.append(pad + _sentence(f"Each {self.selector(d.add_per_item, plural=False)} you pay adds 1 to the result"))
        if d.fail_at_most is not None:
            out.append(f"{pad}A result of {d.fail_at_most} or less is a failure.")
        if d.success is not None:
            self.block("If it succeeds", d.success, depth + 1, out)
        if d.failure is not None:
            self.block("If it fails", d.failure, depth + 1, out)

    def mountain(self, s: t.TakeMountain) -> str:
        only = f", only while the leftmost item is {join([self.noun(n) for n in s.only], 'or')}" if s.only else ""
        words, _ = self.rng(s.takes[0])
        if s.strips is not None:
            strips, many = self.rng(s.strips)
            return f"take {words} items from each of {strips} mountain {'strips' if many else 'strip'}{only}"
        text = f"take {words} {'item' if words in ('1', 'up to 1') else 'items'} from one mountain strip{only}"
        for more in s.takes[1:]:
            text += f", and {self.rng(more)[0]} from another strip"
        return text

    def harvest(self, up_to: int) -> str:
        goods = [good for good in getattr(self.content, "collections", {}).get("goods", {}).values()
                 if getattr(good, "harvest", None) and good.harvest <= up_to]
        if not goods:
            return "take the goods of a harvest (none at this number)"
        return f"take {join(['1 ' + good.name for good in goods])}, as a harvest up to {up_to} gives"

    def mechanism(self, s: t.Use) -> str:
        template = w.MECHANISMS.get(s.name)
        args = {name: self.amount(a) for name, a in s.args}
        if template is None:
            return plain(s.name) + "".join(f", {plain(k)} {v}" for k, v in args.items())
        try:
            return template.format(**args)
        except KeyError:
            return template

    # ---------------------------------------------------------------- statements of other grammar sections
    def section_simple(self, s) -> str:
        """The second ruleset's statements (rulesdsl/games/tableau/engine/nodes.py), read by their fields."""
        kind = type(s).__name__
        f = {a.name: getattr(s, a.name) for a in attrs.fields(type(s)) if a.name != "pos"}
        n = self.words
        texts = {
            "LayOut": lambda: f"lay out the {n(f.get('stacks', ''))} onto the {n(f.get('ring', ''))}, {n(f.get('ascending', ''))} ascending and {n(f.get('descending', ''))} descending",
            "Reveal": lambda: f"reveal {f.get('count')} {n(f.get('what', ''))} from the {n(f.get('bag', ''))}",
            "FillRing": lambda: (f"fill the {n(f.get('ring', ''))} with "
                                 f"{'the revealed' if f.get('count') is None else f.get('count')} "
                                 f"{n(f.get('what', ''))} from the {n(f.get('bag', ''))}"
                                 + (f", chosen by the player, who discards {f.get('discard')}" if f.get("chosen") else ", in order")),
            "SellLots": lambda: f"players take turns buying the lots of the {n(f.get('ring', ''))}; the free lot only if {self.cond(f.get('free_if'))}",
            "Ferry": lambda: f"ferry with the {n(f.get('carrier', ''))}" + (
                f", carrying {f.get('limit')}" if f.get("limit") is not None else ", carrying one kind or all different kinds")
                + (f", forced in rounds {join([str(r) for r in f.get('forced_rounds')])}" if f.get("forced_rounds") else ""),
            "CollectReward": lambda: "collect your reward",
            "ForfeitReward": lambda: f"forfeit your reward if you lack {n(f.get('lacking', ''))}, taking {n(f.get('fallback', ''))} instead",
            "Convert": lambda: f"convert {f.get('give')} {n(f.get('source', ''))} into {f.get('get')} {n(f.get('target', ''))}",
            "AwardMost": lambda: f"award {f.get('amount')} {n(f.get('currency', ''))} to the player for whom {self.expr(f.get('expr'))} is highest",
            "Lose": lambda: f"lose {self.amount(f.get('amount'))} {n(f.get('currency', ''))}",
            "PassStart": lambda: "pass the start player marker to the left",
            "Auction": lambda: f"auction the {n(f.get('prize', ''))}",
        }
        if kind in texts:
            return texts[kind]()
        return plain(kind.lower())

    def section_compound(self, s, depth: int, out: list[str]) -> None:
        kind = type(s).__name__
        body = getattr(s, "body", ())
        if kind == "InRounds":
            head = f"In rounds {join([str(r) for r in s.rounds])}"
        elif kind == "InTurnOrder":
            head = "Each player in turn order"
        elif kind == "ScoreEach":
            head = f"For each {plain(s.filter)} {self.words(s.kind)}, score"
        else:
            head = plain(kind.lower())
        self.block(head, tuple(body), depth, out)
