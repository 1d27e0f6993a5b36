"""The public library API: open a game of any registered ruleset, answer, fork, save, score.

    import rulesdsl
    game = rulesdsl.open_game("feast", players=2, seed=1)
    while not game.over:
        game.answer(game.legal()[0])
    print(game.scores())

One handle, `OpenGame`, serves every game: A Feast for Odin (run by `rulesdsl.engine`) and each
tableau ruleset (`rulesdsl.tableau`: Vikings and any folder with a `ruleset.yaml`). The two
engines still differ inside (their error types, logs and options); this module is the one
place that maps them onto one protocol, so a library user never branches on the game. Which
engine runs a game is read from the registry below, never from a name elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import attrs

from rulesdsl.errors import IllegalMove, RulesError

__all__ = ["Choice", "Question", "OpenGame", "open_game", "load_game", "games"]


@attrs.frozen
class Choice:
    """One answer of a question: its key (what `answer` takes), its label, and why it is refused."""

    key: str
    label: str
    refusal: str | None = None


@attrs.frozen
class Question:
    """The pending decision: who answers, what kind of question it is, its prompt and its choices."""

    player: int
    kind: str
    prompt: str
    choices: tuple[Choice, ...]


class _Engine(Protocol):
    """What both engines' games offer (the parts this module reads)."""

    decision: Any
    seed: int

    def answer(self, key: str) -> None: ...

    def save(self) -> dict[str, Any]: ...


@attrs.define(eq=False)
class OpenGame:
    """A game in progress of any ruleset: read the question, answer it, fork, save and score."""

    name: str
    _game: _Engine = attrs.field(alias="game")
    _plugin: "_Plugin" = attrs.field(alias="plugin", repr=False)

    @property
    def over(self) -> bool:
        """True once the game has ended (no question is pending)."""
        return self._game.decision is None

    @property
    def decision(self) -> Question | None:
        """The pending question, or None when the game is over."""
        decision = self._game.decision
        if decision is None:
            return None
        choices = tuple(Choice(str(o.key), str(o.label), o.refusal) for o in decision.options)
        return Question(int(decision.player), str(decision.kind), str(decision.prompt), choices)

    def legal(self) -> list[str]:
        """The keys `answer` accepts now (empty when the game is over)."""
        decision = self._game.decision
        return [] if decision is None else list(decision.legal())

    def answer(self, key: str) -> None:
        """Answer the pending question; IllegalMove (the game unchanged) if the rules refuse `key`."""
        if self._game.decision is None:
            raise IllegalMove("the game is over; there is nothing to answer")
        try:
            self._game.answer(key)
        except IllegalMove:
            raise
        except RulesError as err:  # the tableau engine refuses with RulesError; one type here
            raise IllegalMove(str(err)) from None

    def fork(self) -> "OpenGame":
        """An independent copy of this game at the same pending question."""
        return OpenGame(self.name, self._plugin.fork(self._game), self._plugin)

    def scores(self) -> list[dict[str, Any]]:
        """One row per player: the game's own scoring columns and `winner` (True for each winner)."""
        return self._plugin.scores(self._game)

    def save(self) -> dict[str, Any]:
        """The game's JSON record (options, seed, answers, content); `load_game` replays it."""
        return self._game.save()

    @property
    def engine_game(self) -> Any:
        """The engine's own game object, for the tools built on one engine (agents, views)."""
        return self._game


@attrs.frozen
class _Plugin:
    """How one kind of game is opened, loaded, forked and scored."""

    open: Callable[[str, int, int, dict[str, Any], Sequence[str]], _Engine]
    load: Callable[[str, dict[str, Any], Sequence[str], bool], _Engine]
    fork: Callable[[Any], _Engine]
    scores: Callable[[Any], list[dict[str, Any]]]


# ------------------------------------------------------------------ A Feast for Odin (rulesdsl.engine)
def _feast_content(content: Sequence[str]) -> Any:
    from rulesdsl.content.loader import load_content

    return load_content([Path(c) for c in content])


def _feast_open(name: str, players: int, seed: int, options: dict[str, Any], content: Sequence[str]) -> _Engine:
    from rulesdsl.engine.game import Game, GameOptions

    fields = {f.name for f in attrs.fields(GameOptions)} - {"players"}
    unknown = sorted(set(options) - fields)
    if unknown:
        raise RulesError(f"unknown option(s) {', '.join(unknown)} for {name}: use {', '.join(sorted(fields))}")
    given = dict(options)
    if "decks" in given:
        given["decks"] = tuple(given["decks"])
    return Game(_feast_content(content), GameOptions(players=players, **given), seed)


def _feast_load(name: str, record: dict[str, Any], content: Sequence[str], force: bool) -> _Engine:
    from rulesdsl.engine.game import Game

    data = {k: v for k, v in record.items() if k != "game"}
    return Game.load(_feast_content(content), data, force)


def _feast_scores(game: Any) -> list[dict[str, Any]]:
    from rulesdsl.engine.scoring import final_scores

    return final_scores(game)


# ------------------------------------------------------------------ tableau rulesets (rulesdsl.tableau)
def _tableau_ruleset(name: str, content: Sequence[str]) -> Any:
    from rulesdsl.tableau import rulesets

    if content:
        raise RulesError(f"{name} is a ruleset folder: give a variant as its own folder, not as extra content")
    return rulesets.load(name)


def _tableau_open(name: str, players: int, seed: int, options: dict[str, Any], content: Sequence[str]) -> _Engine:
    from rulesdsl.tableau.game import TableauGame

    return TableauGame(_tableau_ruleset(name, content), players, options, seed)


def _tableau_load(name: str, record: dict[str, Any], content: Sequence[str], force: bool) -> _Engine:
    from rulesdsl.tableau.game import TableauGame

    return TableauGame.load(_tableau_ruleset(name, content), record, force)


def _tableau_scores(game: Any) -> list[dict[str, Any]]:
    return [dict(row, winner=row["place"] == 1) for row in game.scores()]


_FEAST = _Plugin(_feast_open, _feast_load, lambda game: game.fork(), _feast_scores)
_TABLEAU = _Plugin(_tableau_open, _tableau_load, lambda game: game.fork(), _tableau_scores)


def games() -> list[str]:
    """The names `open_game` takes: the first game and every built-in tableau ruleset."""
    from rulesdsl.tableau import rulesets

    return [rulesets.DEFAULT, *rulesets.ruleset_folders()]


def _plugin(name: str) -> _Plugin:
    from rulesdsl.tableau import rulesets

    if name == rulesets.DEFAULT:
        return _FEAST
    rulesets.folder_of(name)  # RulesError naming the games when there is no such ruleset
    return _TABLEAU


def open_game(name: str = "feast", *, players: int = 2, seed: int = 0, content: Sequence[str] = (),
              **options: Any) -> OpenGame:
    """A new game of `name` (see `games()`, or a ruleset folder) at its first question.

    `content` adds variant folders (A Feast for Odin); other keyword options are the game's own
    (`length="short"`, `decks=("A", "B")` for A Feast for Odin; a tableau ruleset's options).
    """
    if isinstance(players, bool) or not isinstance(players, int):
        raise RulesError(f"players is a whole number, not {players!r}")
    plugin = _plugin(name)
    return OpenGame(name, plugin.open(name, players, seed, options, tuple(content)), plugin)


def load_game(record: dict[str, Any], *, content: Sequence[str] = (), force: bool = False) -> OpenGame:
    """Replay a record written by `OpenGame.save` (or `rulesdsl play --save`) to the identical state."""
    if not isinstance(record, dict):
        raise RulesError("a saved game is a JSON object")
    from rulesdsl.tableau import rulesets

    name = record.get("game", rulesets.DEFAULT)
    if not isinstance(name, str):
        raise RulesError("the record's 'game' is not a name")
    plugin = _plugin(name)
    return OpenGame(name, plugin.load(name, record, tuple(content), force), plugin)
