"""Effect trees told in English a player reads without knowing the card language.

`English(content)` turns a program, a statement or a condition into sentences: timing points
become openings ("After each Feast phase:"), blocks become indented lines, optional effects
say "you may", a slash table becomes one line per case, and every name is the content's
English name, plural where the count asks for it. The public functions at the end render
one effect (`english_effect`), item (`english_item`, `english_card`, `english_space`),
statement (`english_statement`), condition (`english_condition`) or question
(`english_question`) for the table, the lessons and `explain`.
"""

from __future__ import annotations

import attrs

from rulesdsl.authoring import english_words as w
from rulesdsl.authoring.english_actions import ActionEnglish
from rulesdsl.authoring.english_hooks import HookEnglish
from rulesdsl.authoring.english_values import Words, article as _article, join, lower_first as _lower, plain, sentence as _sentence
from rulesdsl.lang import tree as t
from rulesdsl.lang.printer import is_simple

_STATIC = (t.Modify, t.SetValue, t.Allow)
_TOP = (t.Hook, t.Anytime, t.Watch, t.OnceHook)
# Statements that cost something or choose: optional unless `must` (docs/LANGUAGE.md, Statements).
_OPTIONAL = (t.Exchange, t.Pay, t.Play, t.Upgrade, t.Flip, t.Emigrate, t.PlaceBundle, t.PlaceAll, t.Lift,
             t.MakePregnant, t.DoSpace, t.Imitate)


class English(ActionEnglish, HookEnglish, Words):
    """Sentences for the effect trees of one content."""

    # ---------------------------------------------------------------- programs
    def program(self, program: t.Program, opening: str | None = None) -> list[str]:
        """English lines for a whole effect; `opening` heads its immediate statements
        ("When you play this card"), which stand alone without it."""
        out: list[str] = []
        bare = [item for item in program.items if not isinstance(item, _TOP + _STATIC)]
        for item in program.items:
            if isinstance(item, t.Hook):
                self.block(self.hook_head(item), item.body, 0, out)
            elif isinstance(item, t.OnceHook):
                self.block(self.hook_head(item.hook, once=True), item.hook.body, 0, out)
            elif isinstance(item, t.Watch):
                self.block(f"Once, as soon as {self.cond(item.cond)}", item.body, 0, out)
            elif isinstance(item, t.Anytime):
                head = "Once per game, at any time" if item.mode == "once" else "At any time, as often as you like"
                if item.cond is not None:
                    head += f", if {self.cond(item.cond)}"
                self.block(head, item.body, 0, out)
            elif isinstance(item, _STATIC):
                out.append(_sentence("From now on, " + self.static(item)))
            elif item is bare[0]:
                if opening:
                    self.block(opening, tuple(bare), 0, out)
                else:
                    for stmt in bare:
                        self.statement(stmt, 0, out)
        return out

    # ---------------------------------------------------------------- blocks
    def block(self, head: str, body: tuple, depth: int, out: list[str]) -> None:
        """A head and its statements: on one line when the block is one short statement."""
        pad = "  " * depth
        if len(body) == 1 and self.is_line(body[0]):
            out.append(f"{pad}{head}: {_lower(self.sentence(body[0]))}")
            return
        out.append(f"{pad}{head}:")
        for stmt in body:
            self.statement(stmt, depth + 1, out)

    def is_line(self, s) -> bool:
        return self.is_simple(s) and not _has_slash(s)

    @staticmethod
    def is_simple(s) -> bool:
        return is_simple(s)

    def sentence(self, s) -> str:
        """One simple statement as a sentence ("You may pay 1 stone to gain 2 silver.")."""
        return _sentence(self.phrase(s))

    def phrase(self, s) -> str:
        """One simple statement as a clause, with "you may" / "you must" where it is a choice."""
        if isinstance(s, t.Mood):
            return ("you must " if s.mood == "must" else "you may ") + self.simple(s.stmt)
        if isinstance(s, _STATIC):
            return self.static(s) + ", until the end of this action"
        if isinstance(s, _OPTIONAL):
            return "you may " + self.simple(s)
        return self.simple(s)

    def statement(self, s, depth: int, out: list[str]) -> None:
        pad = "  " * depth
        if self.is_simple(s) and _has_slash(s):
            self.slash_choice(s, depth, out)
        elif self.is_simple(s):
            out.append(pad + self.sentence(s))
        elif isinstance(s, t.If):
            self.block(f"If {self.cond(s.cond)}", s.then, depth, out)
            if s.otherwise is not None:
                self.block("Otherwise", s.otherwise, depth, out)
        elif isinstance(s, t.ChooseOne):
            out.append(f"{pad}{'You must choose' if s.must else 'You may choose'} one of these:")
            for alt in s.alternatives:
                if all(self.is_line(x) for x in alt):
                    out.append(f"{pad}  - " + _sentence(", then ".join(self.simple(x) for x in alt)))
                    continue
                lines: list[str] = []
                for stmt in alt:
                    self.statement(stmt, 0, lines)
                if len(lines) == 1:
                    out.append(f"{pad}  - {lines[0]}")
                else:
                    out.append(f"{pad}  - All of this:")
                    out.extend(f"{pad}    {line}" for line in lines)
        elif isinstance(s, t.ChooseVar):
            self.chosen(s, depth, out)
        elif isinstance(s, t.ForEach):
            self.chosen(s, depth, out)
        elif isinstance(s, t.BySlash):
            for index, key in enumerate(s.keys):
                op = ">=" if s.open_top and index == len(s.keys) - 1 else "="
                self.block(f"If {self.compare(op, s.expr, t.Num(key))}", _pick(s.body, index), depth, out)
        elif isinstance(s, t.ByTable):
            for number, row in enumerate(s.rows):
                head = f"If {self.compare('>=' if row.open_top else '=', s.expr, t.Num(row.key))}"
                self.block(head if number == 0 else "Otherwise, " + _lower(head), row.body, depth, out)
            if s.otherwise is not None:
                self.block("Otherwise", s.otherwise, depth, out)
        elif isinstance(s, t.FirstOf):
            for number, bracket in enumerate(s.brackets):
                head = f"If {self.cond(bracket.cond)}"
                self.block(head if number == 0 else "Otherwise, " + _lower(head), bracket.body, depth, out)
            if s.otherwise is not None:
                self.block("Otherwise", s.otherwise, depth, out)
        elif isinstance(s, t.RepeatTimes):
            self.block(self.times(s.times), s.body, depth, out)
        elif isinstance(s, t.RepeatUntil):
            self.block(f"Repeat until {self.cond(s.cond)}", s.body, depth, out)
        elif isinstance(s, t.AsPhase):
            self.block(f"As an extra {self.phase(s.phase)} for you", s.body, depth, out)
        elif isinstance(s, t.Part):
            self.block(f"The {plain(s.name)} part of the action (some cards replace it)", s.body, depth, out)
        elif isinstance(s, t.Dice):
            self.dice(s, depth, out)
        else:
            self.section_compound(s, depth, out)

    def chosen(self, s, depth: int, out: list[str]) -> None:
        """`choose space S where ...` / `for each ...`: the thing is "it" in its condition and
        "that space" in its block."""
        noun = self.noun(s.noun)
        everybody = self.resolve(s.noun) in ("space", "strip")
        self.bound.append({s.var: "it"})
        try:
            where = f" where {self.cond(s.where)}" if s.where is not None else ""
            if where.startswith(" where it "):  # "an action space that is in column 2"
                where = " that " + where[len(" where it "):]
        finally:
            self.bound.pop()
        thing = noun if everybody else f"of your {self.noun(s.noun, True)}"
        if isinstance(s, t.ForEach):
            head = f"For each {noun if everybody else f'one {thing}'}{where}"
        else:
            verb = "You must choose" if s.must else "You may choose"
            head = f"{verb} {_article(noun) if everybody else 'one ' + thing}{where}"
        self.bound.append({s.var: f"that {noun}"})
        try:
            self.block(head, s.body, depth, out)
        finally:
            self.bound.pop()

    def times(self, e) -> str:
        if isinstance(e, t.Num):
            return {1: "Once", 2: "Twice"}.get(e.value, f"{e.value} times")
        if isinstance(e, t.Query) and e.name == "count" and e.arg is not None:
            return f"Once for each of {self.selector(e.arg, plural=True, owner='your')}"
        return f"Repeat as many times as {self.expr(e)}"

    def slash_choice(self, s, depth: int, out: list[str]) -> None:
        """Slash amounts outside a table: the player picks one position."""
        pad = "  " * depth
        count = max(len(n.values) if isinstance(n, t.SlashAmount) else len(n.words)
                    for n in t.walk(s) if isinstance(n, t.SlashAmount) or (isinstance(n, t.Item) and n.slash))
        out.append(f"{pad}You may choose one of these:")
        for index in range(count):
            out.append(f"{pad}  - " + _sentence(self.simple(_pick((s,), index)[0])))

    # ---------------------------------------------------------------- simple statements
    def simple(self, s) -> str:
        """The clause of a simple statement, without "you may"."""
        if isinstance(s, t.Mood):
            return self.phrase(s)
        if isinstance(s, t.Acquire):
            verb = {"gain": "gain", "build": "build", "buy": "buy"}.get(s.verb, s.verb)
            text = f"{verb} {self.bundle(s.bundle)}"
            if s.per is not None:
                text += f" for each of {self.selector(s.per, plural=True, owner='your')}"
            if s.placed_on is not None:
                text += f", placed straight onto {self.selector(s.placed_on, plural=True, owner='your')}"
            return text
        if isinstance(s, t.Pay):
            return f"pay {self.bundle(s.bundle)}"
        if isinstance(s, t.Exchange):
            cost = f"pay {self.bundle(s.cost)}" if isinstance(s.cost, t.Bundle) else self.simple(s.cost)
            results = [self.result(r) for r in s.results]
            if isinstance(s.cost, t.Bundle) and ("equal to" in cost or "either way" in cost):  # a long price: after what it buys
                return f"{results[0]}" + "".join(f", then {r}" for r in results[1:]) + f", paying {cost[4:]}"
            return f"{cost} to {results[0]}" + "".join(f", then {r}" for r in results[1:])
        if isinstance(s, t.Draw):
            number = self.count(s.amount)
            return f"draw {self.items(s.amount, s.what) if number is not None else self.items(s.amount, s.what)}"
        if isinstance(s, t.Play):
            return f"play {self.ranged(s.range, t.Selector(None, ((s.what,),)))} from your hand"
        if isinstance(s, t.Upgrade):
            text = f"upgrade {self.ranged(s.range, s.selector)}"
            if s.steps is not None:
                steps = self.amount(s.steps)
                text += f" by {steps} {'step' if steps == '1' else 'steps'}"
                if not (isinstance(s.range, t.Exactly) and self.count(s.range.amount) == 1):
                    text += " each"
            else:
                text += f" up to {plain(s.to_color)}"
            return text + (", moving diagonally in the goods box" if s.diagonal else "")
        if isinstance(s, t.Flip):
            return f"turn over {self.ranged(s.range, s.selector)}"
        if isinstance(s, t.TakeMountain):
            return self.mountain(s)
        if isinstance(s, t.ReturnVikings):
            number = self.count(s.amount)
            return f"bring {self.amount(s.amount)} {'Viking' if number == 1 else 'Vikings'} back from {self.place(s.place)} to the Thing square"
        if isinstance(s, t.Require):
            return f"you need {self.ranged(s.range, s.selector)} for this (you keep it)"
        if isinstance(s, t.Emigrate):
            return f"emigrate one of your ships, paying {self.items(s.cost, 'silver')}"
        if isinstance(s, t.Explore):
            return f"take the {join([self.noun(b) for b in s.boards], 'or')} exploration board"
        if isinstance(s, t.DoNamed):
            return f"take a {self.words(s.name)} action without placing Vikings"
        if isinstance(s, t.DoSpace):
            return f"take the action of {self.ref(s.ref)} without placing Vikings"
        if isinstance(s, t.Imitate):
            return f"copy the action of {self.place(s.place)} occupied by another player"
        if isinstance(s, t.RunPhase):
            text = f"hold an extra {self.phase(s.phase)} for yourself"
            if s.on is not None:
                text += f", for {self.selector(s.on, plural=True, owner='your')} only"
            return text
        if isinstance(s, t.LoadOre):
            return f"load {self.items(s.amount, 'ore')} onto {self.ref(s.target)}"
        if isinstance(s, t.RemoveOre):
            return f"discard {self.items(s.amount, 'ore')} from {self.ref(s.source)}"
        if isinstance(s, t.UnloadOre):
            return f"take {self.items(s.amount, 'ore')} from {self.ref(s.source)} back into your supply"
        if isinstance(s, t.PlaceBundle):
            return f"place {self.bundle(s.bundle)} on {self.selector(s.into, plural=True, owner='your')}"
        if isinstance(s, t.PlaceAll):
            how_many = "any number of" if s.any_number else "all"
            return f"place {how_many} {self.selector(s.selector)} on {self.selector(s.into, plural=True, owner='your')}"
        if isinstance(s, t.Loot):
            return (f"take {self.amount(s.amount)} {self.selector(s.selector, plural=self.count(s.amount) != 1)} as loot, "
                    "its sword value at most the battle result")
        if isinstance(s, t.MakePregnant):
            return f"make {self.amount(s.amount)} {self.selector(s.selector, plural=self.count(s.amount) != 1)} pregnant"
        if isinstance(s, t.Harvest):
            return self.harvest(s.up_to)
        if isinstance(s, t.Lift):
            return (f"take the {self.selector(s.selector, plural=False)} off {self.selector(s.off, plural=False)} into your supply, "
                    f"and that player covers its squares with {self.bundle(s.refill)}")
        if isinstance(s, t.Nothing):
            return "nothing happens"
        if isinstance(s, t.Use):
            return self.mechanism(s)
        if isinstance(s, _STATIC):
            return self.static(s) + ", until the end of this action"
        return self.section_simple(s)

    def result(self, r) -> str:
        """What an exchange gives: a clause after "to" (the exchange itself is the choice)."""
        if isinstance(r, t.AsPhase):
            return f"{self.result(r.body[0])}, which counts as a {self.phase(r.phase)} for you"
        if isinstance(r, t.Mood):
            return self.result(r.stmt)
        if isinstance(r, _STATIC):
            return "have " + self.static(r).replace(" is ", " be ", 1) + " until the end of this action"
        return self.simple(r)

def _has_slash(s) -> bool:
    return any(isinstance(n, t.SlashAmount) or (isinstance(n, t.Item) and n.slash) for n in t.walk(s))


def _pick(body: tuple, index: int) -> tuple:
    """The body with every slash list replaced by its position `index`."""
    def one(node):
        if isinstance(node, t.SlashAmount):
            return t.IntAmount(node.values[min(index, len(node.values) - 1)], pos=node.pos)
        if isinstance(node, t.Item) and node.slash:
            return attrs.evolve(node, words=(node.words[min(index, len(node.words) - 1)],), slash=False)
        if isinstance(node, tuple):
            return tuple(one(x) for x in node)
        if isinstance(node, t.Node):
            changes = {}
            for field in attrs.fields(type(node)):
                if field.name == "pos":
                    continue
                value = getattr(node, field.name)
                new = one(value)
                if new is not value:
                    changes[field.name] = new
            return attrs.evolve(node, **changes) if changes else node
        return node

    return tuple(one(s) for s in body)


# ---------------------------------------------------------------- the public functions
def english_effect(content, program: t.Program, opening: str | None = None) -> list[str]:
    """English lines for one effect (a card's, a space's, a rule's or a phase's)."""
    return English(content).program(program, opening)


def english_statement(content, statement) -> str:
    """One statement (an option of a question, a cost, a result) as one English sentence or block."""
    english = English(content)
    if english.is_line(statement):
        return english.sentence(statement)
    out: list[str] = []
    english.statement(statement, 0, out)
    return "\n".join(out)


def english_condition(content, condition) -> str:
    """A condition of the language as an English clause ("you have at least 2 grain")."""
    return English(content).cond(condition)


OPENINGS = {"occupations": "When you play this card"}


def english_item(content, collection: str, item_id) -> list[str]:
    """The English of one card, space, rule or phase of the content (by collection and id)."""
    return english_effect(content, content.programs[(collection, item_id)], OPENINGS.get(collection))


def english_card(content, number: int) -> list[str]:
    """The English of one occupation."""
    return english_item(content, "occupations", number)


def english_space(content, space_id: str) -> list[str]:
    """The English of one action space's action."""
    return english_item(content, "spaces", space_id)


def english_question(content, prompt: str, options) -> list[str]:
    """A question to a player in English: its prompt, then one line per option; an option that
    is a statement of the language (a choice of `choose one`, an exchange offered) is told in
    English, any other option is shown as given."""
    english = English(content)
    lines = [prompt.strip()]
    for option in options:
        if isinstance(option, t.Node):
            text = english.sentence(option) if english.is_line(option) else english_statement(content, option)
        else:
            text = str(option)
        lines.append("- " + text.replace("\n", "\n  "))
    return lines
