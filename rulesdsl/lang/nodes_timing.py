"""Timing points and static modifiers: hooks and their filters, `anytime`, `once`, `modify`/`set`/`allow`, the program - the nodes and how they are built from the parse."""

from typing import Union  # noqa: F401 (the node unions)

from lark import Transformer, v_args

from rulesdsl.lang.nodes_base import child_nodes, CondClause, flatten, Node, node, plain, pos_of
from rulesdsl.lang.nodes_expressions import Cond, Expr
from rulesdsl.lang.nodes_selectors import Place


@node
class OnFilter(Node):
    place: Place


@node
class ForFilter(Node):
    names: tuple[str, ...]


@node
class OfFilter(Node):
    nouns: tuple[tuple[str, ...], ...]


@node
class HowFilter(Node):
    names: tuple[str, ...]


@node
class AsFilter(Node):
    name: str


@node
class WithFilter(Node):
    """`with 2 vikings`: the event is about exactly that many (Vikings placed, items received)."""
    amount: int
    noun: str


Filter = Union[OnFilter, ForFilter, OfFilter, HowFilter, AsFilter, WithFilter]


@node
class Modify(Node):
    value: str
    filters: tuple
    cond: Cond | None
    by: Expr


@node
class SetValue(Node):
    value: str
    filters: tuple
    cond: Cond | None
    to: Expr


@node
class Allow(Node):
    rule: str
    filters: tuple
    cond: Cond | None


@node
class Event(Node):
    """What a hook listens to: `phase <name>`, `action`, `part <name>` or a named event."""

    kind: str  # phase | action | part | named
    name: str | None = None


TIMINGS = ("before", "after", "when", "during", "instead")


@node
class Hook(Node):
    timing: str
    event: Event
    filters: tuple
    cond: Cond | None
    body: tuple


@node
class Anytime(Node):
    mode: str  # once (per game) | repeatable (any number of times)
    cond: Cond | None
    body: tuple


@node
class Watch(Node):
    """`once as soon as <cond>:` - a limited level watch."""

    cond: Cond
    body: tuple


@node
class OnceHook(Node):
    """`once <hook>` - a limited trigger that removes itself after firing."""

    hook: Hook


@node
class Program(Node):
    items: tuple


@v_args(meta=True)
class TimingBuilder(Transformer):
    """Builds the nodes above from Lark's parse tree (one method per grammar rule)."""

    def start(self, meta, children):
        return Program(flatten(children), pos=pos_of(meta))

    def hook(self, meta, children):
        timing, event, *rest = children
        cond = None
        filters = []
        body = rest[-1]
        for c in rest[:-1]:
            if isinstance(c, CondClause):
                cond = c.cond
            else:
                filters.append(c)
        return Hook(timing, event, tuple(filters), cond, body, pos=pos_of(meta))

    def before(self, meta, children):
        return "before"

    def after(self, meta, children):
        return "after"

    def when(self, meta, children):
        return "when"

    def during(self, meta, children):
        return "during"

    def instead(self, meta, children):
        return "instead"

    def phase_event(self, meta, children):
        return Event("phase", str(children[0]), pos=pos_of(meta))

    def action_event(self, meta, children):
        return Event("action", None, pos=pos_of(meta))

    def part_event(self, meta, children):
        return Event("part", str(children[0]), pos=pos_of(meta))

    def named_event(self, meta, children):
        return Event("named", str(children[0]), pos=pos_of(meta))

    def on_filter(self, meta, children):
        return OnFilter(children[0], pos=pos_of(meta))

    def for_filter(self, meta, children):
        return ForFilter(tuple(str(c) for c in children), pos=pos_of(meta))

    def of_filter(self, meta, children):
        return OfFilter(plain(children[0]), pos=children[0].pos or pos_of(meta))

    def how_filter(self, meta, children):
        return HowFilter(tuple(str(c) for c in children), pos=pos_of(meta))

    def as_filter(self, meta, children):
        return AsFilter(str(children[0]), pos=pos_of(meta))

    def with_filter(self, meta, children):
        return WithFilter(int(children[0]), str(children[1]), pos=pos_of(meta))

    def condition_clause(self, meta, children):
        return CondClause(children[0])

    def anytime(self, meta, children):
        mode = None
        cond = None
        for c in children[:-1]:
            if isinstance(c, CondClause):
                cond = c.cond
            elif isinstance(c, str):
                mode = c
        return Anytime(mode, cond, children[-1], pos=pos_of(meta))

    def mode_once(self, meta, children):
        return "once"

    def mode_repeatable(self, meta, children):
        return "repeatable"

    def watch(self, meta, children):
        cond, body = child_nodes(children)
        return Watch(cond, body, pos=pos_of(meta))

    def once_hook(self, meta, children):
        return OnceHook(child_nodes(children)[0], pos=pos_of(meta))

    def _modifier_parts(self, children):
        name = str(children[0])
        rest = children[1:]
        filters = tuple(c for c in rest if isinstance(c, (OnFilter, ForFilter, OfFilter, HowFilter, AsFilter, WithFilter)))
        conds = [c.cond for c in rest if isinstance(c, CondClause)]
        return name, filters, (conds[0] if conds else None)

    def modify(self, meta, children):
        name, filters, cond = self._modifier_parts(children[:-1])
        return Modify(name, filters, cond, children[-1], pos=pos_of(meta))

    def set_value(self, meta, children):
        name, filters, cond = self._modifier_parts(children[:-1])
        return SetValue(name, filters, cond, children[-1], pos=pos_of(meta))

    def allow(self, meta, children):
        name, filters, cond = self._modifier_parts(children)
        return Allow(name, filters, cond, pos=pos_of(meta))
