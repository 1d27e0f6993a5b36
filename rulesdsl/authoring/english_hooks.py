"""English for the openings of hooks (timing points: "After each Feast phase"), named events'
clauses with their filters, and the modifiers that hold from now on ("the silver cost ... is 1
less"). A mixin of `rulesdsl.authoring.english.English`, whose `place`, `noun`, `cond` and the
rest it uses."""

from __future__ import annotations

from rulesdsl.authoring import english_words as w
from rulesdsl.authoring.english_values import article as _article, join, plain
from rulesdsl.lang import tree as t


class HookEnglish:
    """Hook openings, event clauses, filters and modifiers in English."""

    def hook_head(self, hook: t.Hook, once: bool = False) -> str:
        """The opening of a hook: "After each Feast phase", "Each time you use a Crafting space"
        ("the first" instead of "each" for a hook that fires once)."""
        ev, timing = hook.event, hook.timing
        each = "the first" if once else "each"
        on = [f for f in hook.filters if isinstance(f, t.OnFilter)]
        rest = [f for f in hook.filters if not isinstance(f, t.OnFilter)]
        where = self.place(on[0].place) if on else None
        if ev.kind == "phase":
            head = {"before": "Just before", "during": "During", "after": "After"}[timing]
            hows = [n for f in rest if isinstance(f, t.HowFilter) for n in f.names]
            rest = [f for f in rest if not isinstance(f, t.HowFilter)]
            text = f"{head} {each} {self.phase(ev.name)}"
            if hows == ["phase"]:
                text += " of the round (not an extra one)"
            elif hows:
                text += " (" + join([w.HOWS.get(n, plain(n)) for n in hows], "or") + ")"
            where = None
        elif ev.kind == "action":
            target = where or "an action space"
            text = {"before": f"{each.capitalize()} time just before you take the action of {target}",
                    "after": f"{each.capitalize()} time after you use {target}",
                    "instead": f"{each.capitalize()} time you would take the action of {target}"}[timing]
            where = None
        elif ev.kind == "part":
            text = f"Instead of the {plain(ev.name)} part of the action"
            if where is not None:
                text += f" of {where}"
            where = None
        else:
            text, rest = self.event_clause(ev.name, hook.filters)
            text = f"{each.capitalize()} time {text}"
            where = None
        if where is not None:
            text += f" on {where}"
        text += self.filters_text(rest)
        if hook.cond is not None:
            text += f", if {self.cond(hook.cond)}"
        if timing == "instead":
            text += ", you may do this" + ("" if ev.kind == "part" else " instead")
        return text

    def event_clause(self, name: str, filters) -> tuple[str, list]:
        """A named event's clause with its filters put in place; the filters left over."""
        template = w.EVENTS.get(name, plain(name))
        rest = []
        slots = {}
        for f in filters:
            if isinstance(f, t.OnFilter) and "{on}" in template:
                slots["on"] = self.place(f.place) if not isinstance(f.place, t.NounPlace) else "one of " + self.place(f.place)
            elif isinstance(f, t.OfFilter) and "{of}" in template:
                slots["of"] = join([self.a(n) for n in f.nouns], "or")
            elif isinstance(f, t.WithFilter) and "{with}" in template:
                slots["with"] = f"exactly {f.amount} {self.noun(f.noun, f.amount != 1)}"
            elif isinstance(f, t.ForFilter) and "{for}" in template:
                kinds, decks = self.kinds_and_decks(f)
                if kinds:
                    slots["for"] = f"a {join(kinds, 'or')} dice action of yours"
                else:
                    slots["for"] = _article(join(decks, "or")) + " card"
            else:
                rest.append(f)
        for slot in ("on", "of", "with", "for"):
            if "{" + slot + "}" in template and slot not in slots:
                slots[slot] = w.EVENT_DEFAULTS.get((name, slot), "it")
        return template.format(**slots), rest

    def kinds_and_decks(self, f: t.ForFilter) -> tuple[list[str], list[str]]:
        """A `for` filter's dice kinds and card decks (occupation, weapon), in words."""
        decks = ("occupation", "weapon")
        return [self.words(n) for n in f.names if n not in decks], [self.noun(n) for n in f.names if n in decks]

    def filters_text(self, filters) -> str:
        text = ""
        for f in filters:
            if isinstance(f, t.HowFilter):
                text += " " + join([w.HOWS.get(n, plain(n)) for n in f.names], "or")
            elif isinstance(f, t.ForFilter):
                kinds, decks = self.kinds_and_decks(f)
                if kinds:
                    text += f" in a {join(kinds, 'or')} dice action"
                if decks:
                    text += f" for {_article(join(decks, 'or'))} card"
            elif isinstance(f, t.OfFilter):
                text += f" ({join([self.noun(n) for n in f.nouns], 'or')})"
            elif isinstance(f, t.AsFilter):
                text += f" as {self.a(f.name)}"
            elif isinstance(f, t.WithFilter):
                text += f" (exactly {f.amount} {self.noun(f.noun, f.amount != 1)})"
            elif isinstance(f, t.OnFilter):
                text += f" on {self.place(f.place)}"
        return text

    def static(self, s) -> str:
        """A modifier in words: "the silver cost of actions on a Livestock Market space is 1 less"."""
        where = self.static_filters(s.filters)
        cond = f", if {self.cond(s.cond)}" if s.cond is not None else ""
        if isinstance(s, t.Allow):
            template = w.RULES.get(s.rule, plain(s.rule))
            slots = {"of": "those items", "on": "there", "as": "another item"}
            for f in s.filters:
                if isinstance(f, t.OfFilter):
                    slots["of"] = join([self.noun(n, True) for n in f.nouns], "or")
                elif isinstance(f, t.OnFilter):
                    slots["on"] = self.place(f.place, plural=True)
                elif isinstance(f, t.AsFilter):
                    slots["as"] = self.noun(f.name, True)
            rest = self.static_filters([f for f in s.filters if isinstance(f, t.ForFilter)
                                        or (isinstance(f, t.OnFilter) and "{on}" not in template)])
            return f"you may {template.format(**slots)}{rest}{cond}"
        template = w.VALUES.get(s.value, plain(s.value))
        if "{of}" in template or "{a_of}" in template:
            nouns = [n for f in s.filters if isinstance(f, t.OfFilter) for n in f.nouns]
            filler = join([self.noun(n) for n in nouns], "or") if nouns else w.VALUE_DEFAULTS.get(s.value, "item")
            with_article = join([_article(self.noun(n)) for n in nouns], "or") if nouns else _article(filler)
            template = template.format(of=filler, a_of=with_article)
            where = self.static_filters([f for f in s.filters if not isinstance(f, t.OfFilter)])
        what = template + where
        if isinstance(s, t.Modify):
            if isinstance(s.by, t.Num) or (isinstance(s.by, t.Signed) and isinstance(s.by.arg, t.Num)):
                number = s.by.value if isinstance(s.by, t.Num) else (-1 if s.by.sign == "-" else 1) * s.by.arg.value
                change = f"is increased by {number}" if number >= 0 else f"is reduced by {-number}"
            else:
                change = f"changes by {self.expr(s.by)}"
            return f"{what} {change}{cond}"
        return f"{what} is {self.expr(s.to)}{cond}"

    def static_filters(self, filters) -> str:
        text = ""
        for f in filters:
            if isinstance(f, t.OnFilter):
                text += f" for actions on {self.place(f.place, plural=True)}"
            elif isinstance(f, t.ForFilter):
                text += f" in {join([self.words(n) for n in f.names], 'and')} dice actions"
            elif isinstance(f, t.OfFilter):
                text += f" of {join([self.noun(n, True) for n in f.nouns], 'and')}"
            elif isinstance(f, t.AsFilter):
                text += f" as {self.a(f.name)}"
            else:
                text += self.filters_text((f,))
        return text
