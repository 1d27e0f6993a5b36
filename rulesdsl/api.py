"""The public library API: open a game of any registered ruleset, answer, fork, save, score.

    import rulesdsl
    game = rulesdsl.open_game("feast", players=2, seed=1)
    while not game.over:
        game.answer(game.legal()[0])
    print(game.scores())

One handle, `OpenGame`, serves every game the registry of games (`rulesdsl.games.registry`)
knows: A Feast for Odin (run by `rulesdsl.games.feast.engine`), each tableau ruleset (`rulesdsl.games.tableau.engine`:
Vikings and any folder with a `ruleset.yaml`) and any plug-in installed under the
`rulesdsl.games` entry points. Each plug-in's games follow the core's protocol
(`rulesdsl.core.game.Game`: its refusals are `IllegalMove`, a `RulesError` with the reason) and
its plug-in says how they are opened, loaded, forked and scored, so a library user never
branches on the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from rulesdsl.core.game import Game
from rulesdsl.errors import IllegalMove, RulesError
from rulesdsl.games import registry
from rulesdsl.games.registry import DEFAULT_GAME, GamePlugin

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


@attrs.define(eq=False)
class OpenGame:
    """A game in progress of any ruleset: read the question, answer it, fork, save and score."""

    name: str
    _game: Game = attrs.field(alias="game")
    _plugin: GamePlugin = attrs.field(alias="plugin", repr=False)

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
        self._game.answer(key)

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


def games() -> list[str]:
    """The names `open_game` takes: every game the registered plug-ins offer."""
    return registry.games()


def open_game(name: str = DEFAULT_GAME, *, players: int = 2, seed: int = 0, content: Sequence[str] = (),
              **options: Any) -> OpenGame:
    """A new game of `name` (see `games()`, or a ruleset folder) at its first question.

    `content` adds variant folders (A Feast for Odin); other keyword options are the game's own
    (`length="short"`, `decks=("A", "B")` for A Feast for Odin; a tableau ruleset's options).
    """
    if isinstance(players, bool) or not isinstance(players, int):
        raise RulesError(f"players is a whole number, not {players!r}")
    plugin = registry.plugin_for(name)
    return OpenGame(name, plugin.new_game(plugin.rules(name, tuple(content), True), players, seed, options), plugin)


def load_game(record: dict[str, Any], *, content: Sequence[str] = (), force: bool = False) -> OpenGame:
    """Replay a record written by `OpenGame.save` (or `rulesdsl play --save`) to the identical state."""
    if not isinstance(record, dict):
        raise RulesError("a saved game is a JSON object")
    name = record.get("game", DEFAULT_GAME)  # the first game's records name no game
    if not isinstance(name, str):
        raise RulesError("the record's 'game' is not a name")
    plugin = registry.plugin_for(name)
    return OpenGame(name, plugin.load_game(plugin.rules(name, tuple(content), True), record, force), plugin)
