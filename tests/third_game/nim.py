"""A third game for the games registry's tests: Nim (take one to three sticks; who takes the
last stick wins), with its own small engine, plugged in through the `rulesdsl.games` entry
point of a distribution of its own (see tests/test_games_registry.py).

Its rule is written in the card language, in a section of its own: the grammar rule, the
tree node, its builder and its printer below, registered by the plug-in's `language` hook
when the registry asks. Nothing outside this module is edited for it."""

from __future__ import annotations

import functools
from typing import Any

import attrs
from lark import Transformer, v_args

from rulesdsl.errors import IllegalMove, RulesError
from rulesdsl.games.registry import CommandHooks, GamePlugin
from rulesdsl.lang import sections
from rulesdsl.lang.parser import parse
from rulesdsl.lang.tree import Node, Pos, node

STICKS = 10
RULE = "take 1 to 3 sticks\n"  # the whole of Nim's rules, in its own section of the card language

GRAMMAR = """
// Nim's section of the card language: how many sticks a turn takes
%extend core: take_sticks
take_sticks: "take" INT "to" INT "sticks"
"""


@node
class TakeSticks(Node):
    """`take A to B sticks`: a turn takes from A to B sticks."""

    least: int
    most: int


@v_args(meta=True)
class NimBuilders(Transformer):
    """The builder of Nim's statement (mixed into the parser's transformer)."""

    def take_sticks(self, meta, children):
        least, most = (int(c) for c in children)
        return TakeSticks(least, most, pos=None if meta.empty else Pos(meta.line, meta.column))


def _print(statement: TakeSticks) -> str:
    return f"take {statement.least} to {statement.most} sticks"


def _no_block(statement: Any, depth: int, out: list[str]) -> None:
    raise TypeError(type(statement).__name__)  # Nim's only statement has no block


def register() -> None:
    """Register Nim's section of the card language: grammar rule, builder, printer."""
    sections.extend_grammar(GRAMMAR)
    sections.extend_builders(NimBuilders)
    sections.extend((TakeSticks,), _print, _no_block)


@functools.cache
def rules() -> TakeSticks:
    """Nim's rules, read from the card language."""
    (take,) = parse(RULE).items
    return take


@attrs.frozen
class Option:
    key: str
    label: str
    refusal: str | None = None


@attrs.frozen
class Decision:
    player: int
    left: int
    kind: str = "take"

    @property
    def prompt(self) -> str:
        return f"take sticks ({self.left} left)"

    @property
    def options(self) -> tuple[Option, ...]:
        take = rules()
        return tuple(Option(str(n), f"take {n}", None if n <= self.left else f"only {self.left} left")
                     for n in range(take.least, take.most + 1))

    def legal(self) -> list[str]:
        return [o.key for o in self.options if o.refusal is None]


class Nim:
    def __init__(self, players: int, seed: int, sticks: int = STICKS):
        self.players, self.seed, self.sticks = players, seed, sticks
        self.log: list[str] = []

    @property
    def left(self) -> int:
        return self.sticks - sum(map(int, self.log))

    @property
    def decision(self) -> Decision | None:
        return Decision(len(self.log) % self.players, self.left) if self.left > 0 else None

    def answer(self, key: str) -> None:
        decision = self.decision
        if decision is None or key not in decision.legal():
            raise IllegalMove(f"'{key}' is not an answer now")
        self.log.append(key)

    def fork(self) -> "Nim":
        return Nim.load(self.save())

    def save(self) -> dict[str, Any]:
        return {"game": "nim", "players": self.players, "seed": self.seed, "sticks": self.sticks, "answers": list(self.log)}

    @classmethod
    def load(cls, record: dict[str, Any]) -> "Nim":
        game = cls(record["players"], record["seed"], record["sticks"])
        for key in record["answers"]:
            game.answer(key)
        return game


class Greediest:
    """Takes as many sticks as it may."""

    def __init__(self, seed: int):
        self.seed = seed

    def answer(self, game: Nim, decision: Decision) -> str:
        return decision.legal()[-1]


def _scores(game: Nim) -> list[dict[str, Any]]:
    last = (len(game.log) - 1) % game.players
    return [{"player": p, "sticks": sum(int(k) for i, k in enumerate(game.log) if i % game.players == p),
             "winner": p == last} for p in range(game.players)]


def _show(take: TakeSticks, name: str, tree_only: bool) -> str:
    """What the one rule of Nim says: the only item there is."""
    if name != "take":
        raise RulesError(f"Nim has one item, take; nothing is called '{name}'")
    return f"take: {_print(take)} of {STICKS}; who takes the last stick wins\n"


PLUGIN = GamePlugin(
    key="nim",
    offers=lambda: ["nim"],
    claims=lambda name: name == "nim",
    rules=lambda name, content, builtin: rules(),  # its rule, in its own section of the language (no content files)
    new_game=lambda rules, players, seed, options: Nim(players, seed, **options),
    load_game=lambda rules, record, force: Nim.load(record),
    scores=_scores,
    agents={"greediest": lambda seed, think, iterations, weights, model: Greediest(seed)},
    default_agent="greediest",
    commands=CommandHooks(show=_show),  # no validate, scenario, render: the commands say Nim has none
    served=lambda name: None,
    language=register,
)
