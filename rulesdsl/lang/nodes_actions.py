"""Statements about Vikings, spaces, phases and mechanisms: `return ... viking`, `do`, `imitate`, `run phase`, `as phase`, `part`, dice actions, `use` - the nodes and how they are built from the parse."""

from lark import Transformer, v_args

from rulesdsl.lang.nodes_base import error_at, Node, node, pos_of, soft_keyword, tokens_of
from rulesdsl.lang.nodes_control import Mood
from rulesdsl.lang.nodes_expressions import Ref
from rulesdsl.lang.nodes_selectors import Amount, AnySelector, Place, Range


@node
class ReturnVikings(Node):
    amount: Amount
    place: Place


@node
class DoNamed(Node):
    name: str


@node
class DoSpace(Node):
    ref: Ref


@node
class Imitate(Node):
    place: Place


@node
class RunPhase(Node):
    phase: str
    on: AnySelector | None = None


@node
class AsPhase(Node):
    phase: str
    body: tuple


@node
class Part(Node):
    """A named part of a space's action that a card can replace."""

    name: str
    body: tuple


@node
class Sail(Node):
    range: Range
    selector: AnySelector
    ore: str | None = None  # adding | subtracting | ignoring


@node
class Dice(Node):
    kind: str
    die: str
    direction: str  # low | high
    rolls: int | None = None
    sail: Sail | None = None
    pay_per_pip: AnySelector | None = None
    add_per_item: AnySelector | None = None
    fail_at_most: int | None = None
    stop_at_zero: bool = False
    success: tuple | None = None
    failure: tuple | None = None


@node
class Use(Node):
    """`use breed_pairs with offspring 1`: a generic mechanism named in data, with its parameters
    as (name, amount) pairs in the order written."""

    name: str
    args: tuple = ()


@v_args(meta=True)
class ActionsBuilder(Transformer):
    """Builds the nodes above from Lark's parse tree (one method per grammar rule)."""

    def return_vikings(self, meta, children):
        amount, word, place = children
        soft_keyword(meta, word, "vikings", "viking")
        return ReturnVikings(amount, place, pos=pos_of(meta))

    def do_named(self, meta, children):
        return DoNamed(str(children[0]), pos=pos_of(meta))

    def do_space(self, meta, children):
        return DoSpace(children[0], pos=pos_of(meta))

    def imitate(self, meta, children):
        return Imitate(children[0], pos=pos_of(meta))

    def run_phase(self, meta, children):
        return RunPhase(str(children[0]), children[1] if len(children) > 1 else None, pos=pos_of(meta))

    def as_phase(self, meta, children):
        return AsPhase(str(children[0]), children[1], pos=pos_of(meta))

    def as_phase_result(self, meta, children):
        name, *rest = children
        stmt = Mood(rest[0], rest[1], pos=pos_of(meta)) if len(rest) == 2 else rest[0]
        return AsPhase(str(name), (stmt,), pos=pos_of(meta))

    def part(self, meta, children):
        return Part(str(children[0]), children[1], pos=pos_of(meta))

    def dice(self, meta, children):
        kind, die, direction, *clauses = children
        fields = {}
        for name, value, clause_meta in clauses:
            if name in fields:
                error_at(clause_meta, f"the dice action already has a '{name.replace('_', ' ')}' clause")
            fields[name] = value
        return Dice(str(kind), str(die), direction, pos=pos_of(meta), **fields)

    def low(self, meta, children):
        return "low"

    def high(self, meta, children):
        return "high"

    def dice_rolls(self, meta, children):
        return ("rolls", int(tokens_of(children, "INT")[0]), meta)

    def dice_sail(self, meta, children):
        rng, sel, *ore = children
        return ("sail", Sail(rng, sel, ore[0] if ore else None, pos=pos_of(meta)), meta)

    def dice_pay_per_pip(self, meta, children):
        return ("pay_per_pip", children[0], meta)

    def dice_add_per_item(self, meta, children):
        return ("add_per_item", children[0], meta)

    def dice_fail_at(self, meta, children):
        return ("fail_at_most", int(tokens_of(children, "INT")[0]), meta)

    def dice_stop_at_zero(self, meta, children):
        return ("stop_at_zero", True, meta)

    def dice_success(self, meta, children):
        return ("success", children[0], meta)

    def dice_failure(self, meta, children):
        return ("failure", children[0], meta)

    def ore_adds(self, meta, children):
        soft_keyword(meta, children[-1], "ore")
        return "adding"

    def ore_subtracts(self, meta, children):
        soft_keyword(meta, children[-1], "ore")
        return "subtracting"

    def ore_ignored(self, meta, children):
        soft_keyword(meta, children[-1], "ore")
        return "ignoring"

    def mechanism(self, meta, children):
        return Use(str(children[0]), tuple(children[1:]), pos=pos_of(meta))

    def mechanism_arg(self, meta, children):
        return (str(children[0]), children[1])
