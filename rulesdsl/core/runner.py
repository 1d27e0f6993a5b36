"""The statement-running core every game shares: blocks, dispatch by node type, moods, slash
positions, feasibility, and the way a statement asks its player.

Every statement is a generator: it yields decisions and returns whether it did anything (a
statement that never asks may return the bool directly). A game's interpreter is this core
plus its statement modules: each statement kind's `c_X` (can it happen) and `s_X` (do it)
live side by side in the module of what it acts on; the control statements (`if`, `choose`,
`first of`, `repeat`, `for each` ...) are `core/control.py`, the currency gains and payments
of a game that keeps plain counts `core/currency.py`.

Where games differ, they say so by data on their interpreter class, never by a game's name:
`optional` (statement kinds done without a yes/no question because they choose or cost
something anyway), `yields` (kinds whose gains arrive as one yield, see `whole_yield`),
`paid_on_space` (kinds whose cost counts as an action space's effect, see `run`) and
`slashed` (kinds whose slash position is chosen for the whole statement).
A game supplies `watching()` / `changed(ctx)` ("as soon as" conditions re-checked after
every change) and `ask` (how a decision reaches the player) when the defaults do not fit.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence
from typing import Any, Protocol, Self, TypeAlias, TypeVar

from rulesdsl.core.decisions import Candidates, Decision, Option
from rulesdsl.core.describe import describe
from rulesdsl.core.slash import NoSlash, has_slash, slash_size
from rulesdsl.errors import RulesError
from rulesdsl.lang import tree as t

T = TypeVar("T")
# what a statement is while it runs: it yields decisions, is sent their answers, returns its result
Asking: TypeAlias = Generator[Decision, str, T]
# what an `s_X` gives: the generator of a statement that may ask, or the result of one that never does
Outcome: TypeAlias = "Asking[bool] | bool | None"
OptionList: TypeAlias = "Iterable[Option] | Candidates"


class Context(Protocol):
    """What the core reads of a game's context: who acts, the slash position chosen (None: not
    yet), the arrivals of the current yield (None: no yield open), the bound names."""

    player: int
    slash: int | None
    pending: list[Any] | None
    vars: dict[str, Any]

    def derive(self, **changes: Any) -> Self:
        """A copy with some fields changed."""
        ...


class Abort(Exception):
    """A requirement of the block is not met: the rest of the block does not happen."""


class Runner:
    """Runs statement trees: blocks and single statements, by node type (`s_X`, `c_X` methods)."""

    optional: tuple[type, ...] = ()  # kinds done without asking "do you want to?": they offer a choice themselves
    yields: tuple[type, ...] = ()  # kinds whose gains form one yield: arrivals announced when all have arrived
    # kinds whose cost is itself an effect among an action space's own effects (`run` with
    # costs_count): run as one yield, their `s_X` told whether the space's check found them usable
    paid_on_space: tuple[type, ...] = ()
    # kinds whose slash position (`gain 1/2/3 hide`) is asked before the statement runs, for the
    # whole of it: the language's gains and payments; a game with more such statements adds them
    slashed: tuple[type, ...] = (t.Acquire, t.Pay, t.Exchange)

    def __init__(self) -> None:
        # a decision to ask as it stands at the next question of the same player, kind and prompt
        # whose options are a function: a fork's pending decision where the fork restarts right
        # at it (its options judged already, a value), so that it is not built a second time
        self.given: Decision | None = None
        # statement kind -> its `c_X` as a function of (runner, node, ctx) (None: always can),
        # looked up once per runner class (a game's forks each make a runner)
        self._can_methods: dict[type, Callable[[Any, Any, Any], bool] | None] = _CAN_METHODS.setdefault(type(self), {})
        # `slash_size`'s table (a game on a shared content passes the content's)
        self._slash_sizes: dict[int, tuple[t.Node, int]] = {}
        # `describe`'s texts of statements asked about (a game on a shared content passes the content's)
        self._written: dict[int, tuple[t.Node, str]] = {}

    # ------------------------------------------------------------------ blocks
    def run(self, stmts: Iterable[t.Node], ctx: Context, need_one: bool = False, costs_count: bool = False) -> Asking[bool]:
        """Run statements in order; with need_one, the last doable one is made mandatory if nothing happened yet.
        With costs_count (an action space's own effects), paying an exchange's cost is itself an effect."""
        did = False
        stmts = tuple(stmts)
        can = self.can_on_space if costs_count else self.can
        try:
            for index, stmt in enumerate(stmts):
                mandatory = False
                if need_one and not did and not any(can(later, ctx) for later in stmts[index + 1:]):
                    mandatory = True
                if costs_count and isinstance(stmt, self.paid_on_space):
                    method = getattr(self, "s_" + type(stmt).__name__)
                    done = yield from self.whole_yield(ctx, _on_space(self, method, stmt, mandatory))
                else:
                    done = yield from self.stmt(stmt, ctx, mandatory)
                did = did or done
                if done and self.watching():  # "as soon as": after every change, mid-action included
                    yield from self.changed(ctx)
        except Abort:
            pass
        return did

    def stmt(self, node: t.Node, ctx: Context, mandatory: bool = False) -> Asking[bool]:
        """Run one statement: its mood, its slash position, its yield, then its `s_X`."""
        if isinstance(node, t.Mood):
            if node.mood == "must":
                return (yield from self.stmt(node.stmt, ctx, True))
            return (yield from self._may(node.stmt, ctx, mandatory))
        if ctx.slash is None and has_slash(node, self._slash_sizes, self.slashed):
            return (yield from self._slash_choice(node, ctx, mandatory))
        if ctx.pending is None and isinstance(node, self.yields):
            return (yield from self.whole_yield(ctx, lambda sub: self.stmt(node, sub, mandatory)))
        try:
            method = getattr(self, "s_" + type(node).__name__)
        except AttributeError:
            raise RulesError(f"'{type(node).__name__}' is not a statement of this game") from None
        result: Outcome = method(node, ctx, mandatory)
        if isinstance(result, bool) or result is None:  # a statement that never asks anything
            return bool(result)
        return (yield from result)

    def watching(self) -> bool:
        """Whether conditions wait to be re-checked after every change (none by default)."""
        return False

    def changed(self, ctx: Context) -> Asking[None]:
        """Re-check the waiting conditions after a change (a generator; nothing by default)."""
        return
        yield  # pragma: no cover

    def whole_yield(self, ctx: Context, work: Callable[[Context], Asking[bool] | bool]) -> Asking[bool]:
        """Run `work(sub)` as one yield; a game with arrival events announces them (here: none wait)."""
        result = work(ctx)
        return (yield from result) if not isinstance(result, bool) else result

    def can_on_space(self, node: t.Node, ctx: Context) -> bool:
        """Feasibility as an action space's own effect (a game with spaces refines it)."""
        return self.can(node, ctx)

    def _may(self, node: t.Node, ctx: Context, mandatory: bool) -> Asking[bool]:
        if not self.can(node, ctx):
            return False
        if not mandatory and not isinstance(node, self.optional):
            if not (yield from self.ask_yes(ctx.player, f"{describe(node, self._written)}?")):
                return False
        return (yield from self.stmt(node, ctx, mandatory))

    def _slash_choice(self, node: t.Node, ctx: Context, mandatory: bool) -> Asking[bool]:
        positions = slash_size(node, self._slash_sizes, self.slashed)
        options = []
        for i in range(positions):
            sub = ctx.derive(slash=i)
            ok = self.can(node, sub)
            options.append(Option(str(i + 1), f"option {i + 1}", None if ok else "not possible now"))
        if not any(o.refusal is None for o in options):
            return False
        if not mandatory:
            options.append(Option("none", "none of them"))
        answer = yield from self.ask(ctx.player, "slash", f"{describe(node, self._written)}: which position?", options)
        if answer == "none":
            return False
        return (yield from self.stmt(node, ctx.derive(slash=int(answer) - 1), mandatory))

    # ------------------------------------------------------------------ feasibility
    def can(self, node: t.Node, ctx: Context) -> bool:
        """Whether the statement can happen now (a kind without `c_X` always can)."""
        kind = type(node)
        methods = self._can_methods
        method = methods.get(kind, _NOT_LOOKED_UP)
        if method is _NOT_LOOKED_UP:  # the check of a statement kind, looked up once
            method = methods[kind] = getattr(type(self), "c_" + kind.__name__, None)
        if method is None:
            return True
        try:
            verdict: bool = method(self, node, ctx)
            return verdict
        except NoSlash:
            return any(method(self, node, ctx.derive(slash=i)) for i in range(slash_size(node, self._slash_sizes, self.slashed)))

    def c_Mood(self, node: t.Mood, ctx: Context) -> bool:
        return self.can(node.stmt, ctx)

    # ------------------------------------------------------------------ asking
    def ask(self, player: int, kind: str, prompt: str, options: OptionList | Callable[[], OptionList],
            anytime: bool = False, opened: str | None = None) -> Asking[str]:
        """Yield a decision until a real answer comes; a single legal answer is taken at once
        (and reported to `forced`). `options` may be judged lazily (`Candidates`): then only
        as far as that check needs. With `anytime`, the player's anytime options
        (`anytime_options`) are offered beside `options` (then a function, asked again after
        each one, since an anytime action changes what he holds; only such safe points offer
        them: inside an action the options were computed from a state that must not change).
        `opened`: an anytime answer this very question was given before a game's flow was
        restarted here (a fork's copy, see the feast engine's forking.py): its action comes first.
        A function `options` is not called where `given` (see `given`) asks in its place."""
        if opened is not None:
            yield from self.anytime(player, opened)
        while True:
            given = self.given
            if given is not None and callable(options) and (given.player, given.kind, given.prompt) == (player, kind, prompt):
                # the very decision a copied game was forked at: asked again as it stands, not built again
                self.given = None
                answer = yield given
                if answer.startswith("anytime:"):
                    yield from self.anytime(player, answer)
                    continue
                return answer
            current = options() if callable(options) else options
            extra = tuple(self.anytime_options(player)) if anytime else ()
            # (no extra option, the common case inside statements: no generator to ask it)
            open_extra = bool(extra) and any(o.refusal is None for o in extra)
            if isinstance(current, Candidates):
                decision = self.decision_for(player, kind, prompt, candidates=current, extra=extra)
                if not open_extra:
                    count, first = decision.count_legal(2)
                    if count == 0:
                        raise RulesError(f"no legal answer to '{prompt}' for player {player}")
                    if count == 1:
                        chosen = decision.option(first) if first is not None else None
                        assert chosen is not None and first is not None  # one legal key: it is offered
                        self.forced(player, prompt, chosen.label, kind, first)
                        return first
            else:
                current = tuple(current)
                if not open_extra:
                    legal = [o for o in current if o.refusal is None]
                    if not legal:
                        raise RulesError(f"no legal answer to '{prompt}' for player {player}")
                    if len(legal) == 1:
                        self.forced(player, prompt, legal[0].label, kind, legal[0].key)
                        return legal[0].key
                decision = self.decision_for(player, kind, prompt, current, extra=extra)
            answer = yield decision
            if answer.startswith("anytime:"):
                yield from self.anytime(player, answer)
                continue
            return answer

    def forced(self, player: int, prompt: str, label: str, kind: str = "", key: str = "") -> None:
        """A question answered without asking, its one legal answer taken (a game may note it)."""

    def ask_yes(self, player: int, prompt: str) -> Asking[bool]:
        """Ask a yes/no question; True for yes."""
        answer = yield from self.ask(player, "confirm", prompt, [Option("yes", "yes"), Option("no", "no")])
        return answer == "yes"

    def decision_for(self, player: int, kind: str, prompt: str, options: Iterable[Option] = (),
                     candidates: Candidates | None = None, extra: Sequence[Option] = ()) -> Decision:
        """The decision put to the player: options judged already, or candidates judged lazily, then `extra`."""
        return Decision(player, kind, prompt, options, candidates=candidates, extra=extra)

    def anytime_options(self, player: int) -> list[Option]:
        """What the player may do at any time besides answering (none by default)."""
        return []

    def anytime(self, player: int, key: str) -> Asking[None]:
        """Do the anytime option `key` (a generator; a game with anytime options supplies it)."""
        raise RulesError(f"'{key}' is not an anytime option here")
        yield  # pragma: no cover


_NOT_LOOKED_UP: Any = object()  # Runner.can: a statement kind not looked up yet
_CAN_METHODS: dict[type, dict[type, Any]] = {}  # runner class -> {statement kind: its `c_X` function, or None}


def _on_space(runner: Runner, method: Callable[..., Asking[bool]], stmt: t.Node,
              mandatory: bool) -> Callable[[Context], Asking[bool]]:
    """An action space's own statement as the work of one yield: its `s_X` told whether the
    space's check found it usable."""
    return lambda sub: method(stmt, sub, mandatory, usable=runner.can_on_space(stmt, sub))
