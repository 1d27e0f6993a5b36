"""The registry of games: which plug-in plays a game called NAME, and the one protocol every
plug-in offers (see `GamePlugin`). This is the only place that tells games apart; front ends
ask it, they never compare a game's name themselves.

Plug-ins are found in two ways: the built-in ones by module name below, and any installed
distribution's `rulesdsl.games` entry points (each a `GamePlugin`). They are imported on the
first question, so importing the registry costs nothing and a broken extra plug-in is named.

A game whose card language has a section of its own (statements of its own) registers it
through its plug-in's `language` hook: the registry calls it for a game it looks up
(`plugin_for`, before its content is read), and answers a reader of the card language that
meets a statement of a section not registered yet (`languages`, given to
`rulesdsl.lang.sections.find_with` here), so no shared package imports a game for it. A
built-in game's grammar rules are a file of its package (`GRAMMAR_FILE`): the registry gives
them to the language before any text is read (`built_in_grammars`), reading the file without
importing the game, so the keywords and syntax errors do not depend on which game was opened.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
from collections.abc import Callable, Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

import attrs

from rulesdsl.errors import RulesError
from rulesdsl.lang import sections

ENTRY_POINTS = "rulesdsl.games"
BUILT_IN = ("rulesdsl.games.feast", "rulesdsl.games.tableau")  # each defines PLUGIN
DEFAULT_GAME = "feast"  # what `--game` and `open_game` mean when no game is named
GRAMMAR_FILE = "card.lark"  # a built-in plug-in's own grammar rules, beside its package's __init__.py, if it has any


@attrs.frozen
class Lazy:
    """A plug-in's function named by module and attribute, imported on its first call (as an
    entry point is): a plug-in lists what it offers without loading its engine, its agents'
    models or the simulation stack until a front end uses them."""

    module: str
    name: str

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Call the named function with these arguments."""
        return getattr(importlib.import_module(self.module), self.name)(*args, **kwargs)


# An agent factory: (seed, think seconds, iterations, weights, model file) -> an agent.
AgentFactory = Callable[[int, "float | None", "int | None", Any, Any], Any]


@attrs.frozen
class Drawing:
    """A picture `render` prints or writes: SVG (written as PNG for a .png name) or plain text."""

    text: str
    svg: bool = True
    about: str = ""  # what it shows, after "wrote FILE (SVG, ...)"


def _no_commands() -> dict[str, Callable[[Any], int]]:
    return {}


@attrs.frozen
class CommandHooks:
    """What the command line's game-neutral commands (`rulesdsl.games.commands`: play, validate,
    show, scenario, render, interactions) ask of one game: only what differs between games. A hook left None
    means the game has no such thing, and the command says so instead of failing."""

    # (parsed command line) -> a new game's options besides --option NAME=NUMBER (a game's own flags)
    options: Callable[[Any], dict[str, Any]] | None = None
    # (parser, command) -> the game's own flags added to the parser of a command that starts games
    # (`play`, `simulate`, and its own such as `balance`); `options` and `SimHooks.setup` read them.
    # The command line builds its parsers for the game --game names, so no game shows another's flags.
    arguments: Callable[[Any, str], None] | None = None
    # (the main parser's subcommands) -> the parsers of the game's own commands (`more`) that
    # take options of their own; every game's are added, the command refuses the games without it
    parsers: Callable[[Any], None] | None = None
    status: Callable[[Any], str] | None = None  # where an unfinished game stands ("round 3, actions")
    score_table: Callable[[Any, list[str]], str] | None = None  # (game, agents) -> text; None: a table of `scores`
    log_lines: Callable[[Any, Any], list[str]] | None = None  # (rules, game) -> what happened (`play --log`)
    keeps_agents: bool = False  # whether a saved record may name its agents (`play --load` resumes with them)
    validate: Callable[[str, Sequence[str], bool, Sequence[str]], str] | None = None  # (name, content, builtin, paths)
    show: Callable[[Any, str, bool], str] | None = None  # (rules, name, tree only) -> text; RulesError if unknown
    run_scenario: Callable[[Any, Path], Any] | None = None  # (rules, file) -> a result with passed, title, failures
    draw: Callable[[Any, str, dict[str, Any]], Drawing] | None = None  # (rules, what, options): a board, a file ...
    draw_game: Callable[[Any, str], Drawing] | None = None  # (game, title): the table of a saved game
    # (rules, cards named, --all) -> how the game's cards meet (shared timing points, stacking,
    # conflicts, exchange cycles); RulesError for a card it does not have
    interactions: Callable[[Any, Sequence[str], bool], str] | None = None
    # the game's own commands by name (A Feast for Odin's cards, learn, balance ...); a game without
    # one of them is refused naming the games that have it
    more: Mapping[str, Callable[[Any], int]] = attrs.field(factory=_no_commands)


@attrs.frozen
class Simulated:
    """The rules a simulation plays and its store is read against (`SimHooks.rules`)."""

    game: str  # the store's name of the game (`games.game` and the meta's `game`)
    title: str  # the game's name for people, at the head of the report
    fingerprint: str  # the content's digest: a store is only extended or reported on with the same content
    rules: Any  # the loaded rules (content, a ruleset) that the setup is checked on and the game's report reads
    bundle: Any = None  # what a worker loads its content from (None: the setup loads its own rules)
    meta: Mapping[str, str] = attrs.field(factory=dict)  # more of the store's meta (what the content was, the version)


# A game's own parts of the report: (title, lines) in the order shown, e.g. cards never played.
Section = tuple[str, list[str]]
# A game's own table in the report: (title, column names, rows of text), e.g. occupations played per seat.
ReportTable = tuple[str, list[str], list[list[str]]]


@attrs.frozen
class SimHooks:
    """What `simulate` (`rulesdsl.sim.command`, written once: the seeds played on a backend into
    the store, the report of any store) asks of one game. A setup is plain data
    that a worker anywhere plays: `to_json()` (the store's meta) and `play_many(content, seeds)`
    (the rows of `sim.store.SCHEMA` per game; `content` is the bundle's, loaded by the worker)."""

    rules: Callable[[Any], Simulated]  # (parsed command line) -> the rules played and read
    setup: Callable[[Any, Simulated], Any]  # (parsed command line, rules) -> a checked setup
    # (store connection, store meta, rules) -> the game's own parts of `simulate --report`
    sections: Callable[[Any, dict[str, str], Simulated], list[Section]] | None = None
    # (store connection, store meta, rules) -> the game's own tables, shown after a run and with --report
    tables: Callable[[Any, dict[str, str], Simulated], list[ReportTable]] | None = None


@attrs.frozen
class Asked:
    """What a request asks of one game's page, as the web table read it (never a path)."""

    args: Mapping[str, str]  # the query's fields (`step`, `row` ...), as sent
    viewer: int | None  # the seat the request looks from (an index); None: a spectator
    seat: str | None  # the `seat` to keep in the page's links (only when the request named one)
    error: str | None = None  # why the last request was refused, shown on the page


@attrs.frozen
class Page:
    """A page (or part of one) to draw: a template (the table's, or the game's own) and what it shows."""

    template: str
    context: Mapping[str, Any] = attrs.field(factory=dict)


@attrs.frozen
class Offer:
    """What the web table offers a game's part of the start page."""

    agents: list[str]  # the agents the game's form offers, by name
    suggested: str  # the agent it suggests as an opponent
    variants: list[str]  # the server's variant folders by name (for a game that takes them)
    chosen: str | None  # the game the start page offers first (`serve --game`)


@attrs.frozen
class WebHooks:
    """What the web table (`rulesdsl.web`, written once for every game) asks of one game to show
    it: its page and its part of the start page, and the few things that differ between games.
    Everything else (starting, opening, answering, the agents' turns, undo, playing on from a
    past step, save, the open games, the limits and checks on requests) is the table's own.
    A game without these hooks is refused by the table with the names of the games it plays."""

    page: Callable[[Any, Asked], Page]  # (web.play.Session, what is asked) -> the game's page
    start: Callable[[Offer], Page]  # the game's start and open forms on the start page
    options: Callable[[Callable[[str, str], str]], dict[str, Any]]  # (read a form field) -> new-game options
    pages: str = ""  # where its games' pages live ("/game": /game/ID, /game/ID/answer ...); "": /KEY
    forms: str | None = None  # where its start and open forms post (PATH/new, PATH/open); None: as `pages`
    ids: str = ""  # what its games' ids start with (the table numbers every game's games apart)
    variants: bool = False  # whether a game chooses among the server's variant folders
    templates: str | None = None  # a folder of the game's own templates, found after the table's
    title: Callable[[Any], str] | None = None  # (game) -> its name in the list of open games
    # (game) -> the seat that gave each answer so far; None: replayed from the record's keys
    answered_by: Callable[[Any], list[int]] | None = None
    refusal: Callable[[Exception], dict[str, Any]] | None = None  # more about a refused answer (JSON fields)
    # further views of one game by name (/game/ID/NAME): (session, asked) -> a dict (JSON), a
    # Drawing, or (dict, status); RulesError: a bad request, said as JSON with status 400
    more: Mapping[str, Callable[[Any, Asked], Any]] = attrs.field(factory=dict)
    site: Callable[[Any], None] | None = None  # (flask app) -> the game's own further pages (Learn, Rules ...)


@attrs.frozen
class ViewHooks:
    """What the shared views (`rulesdsl.view.present`: the words the terminal agent, the lessons and
    a game's page show) ask of one game: the readings of its state that only its engine can count
    (what a player holds of an item, its answer keys). A hook left None: the view shows nothing there."""

    # (game, player index, hand hidden) -> what the player has, as lines of text
    player_lines: Callable[[Any, int, bool], list[str]] | None = None
    # (game, decision) -> for a dice question, what the player holds to pay per pip; None: no hint
    dice_hint: Callable[[Any, Any], str | None] | None = None
    # (game, player index, action space) -> what the player lacks to use it ("needs 2 wood (you have 0)"); None: unknown
    needs: Callable[[Any, int, str], str | None] | None = None


@attrs.frozen
class GamePlugin:
    """How one kind of game is opened, loaded, forked, scored, played by agents and served."""

    key: str  # the plug-in's own name
    offers: Callable[[], list[str]]  # the game names it lists (the built-in ones)
    claims: Callable[[str], bool]  # whether it plays the game called NAME (a folder, say)
    rules: Callable[[str, Sequence[str], bool], Any]  # (name, content folders, built-in content too) -> checked rules
    new_game: Callable[[Any, int, int, dict[str, Any]], Any]  # (rules, players, seed, options)
    load_game: Callable[[Any, dict[str, Any], bool], Any]  # (rules, record, force)
    scores: Callable[[Any], list[dict[str, Any]]]  # one row per player, with `winner`
    agents: Mapping[str, AgentFactory]  # by name, in the order they are offered
    default_agent: str
    served: Callable[[str], str | None]  # the game the web table's start form offers first
    simulation: SimHooks | None = None  # what `simulate` asks; None: the game is not simulated
    commands: CommandHooks = attrs.field(factory=CommandHooks)  # what the command line asks of this game
    web: WebHooks | None = None  # what the web table shows of its games; None: it is not played there
    view: ViewHooks | None = None  # what the shared views ask of its games; None: they are not shown there
    # (a game object) -> whether it is one of this plug-in's games: how a shared view handed a game finds its hooks
    owns: Callable[[Any], bool] = attrs.field(default=lambda game: False)
    fork: Callable[[Any], Any] = attrs.field(default=lambda game: game.fork())
    players: Callable[[Any], int] = attrs.field(default=lambda game: game.players)  # a game's number of players
    also: str = ""  # what else names a game of this plug-in, for the message of an unknown game
    # the JSON Schemas of its own content files (`rulesdsl schema`): file name -> (title, attrs model)
    schemas: Mapping[str, tuple[str, Any]] = attrs.field(factory=dict)
    schema_of: Callable[[Any], str | None] = attrs.field(default=lambda data: None)  # (a file's data) -> its schema; None: not its file
    # () -> registers its own section of the card language (grammar rules, builders, printer) with rulesdsl.lang.sections
    # (a built-in plug-in's grammar rules may instead be its package's GRAMMAR_FILE, always read);
    # None: its content uses the language's own statements only
    language: Callable[[], None] | None = None


def _from_entry_points() -> list[GamePlugin]:
    found = []
    for point in metadata.entry_points(group=ENTRY_POINTS):
        plugin = point.load()
        if not isinstance(plugin, GamePlugin):
            raise RulesError(f"the entry point {point.name} ({point.value}) of {ENTRY_POINTS} is not a GamePlugin")
        found.append(plugin)
    return found


@functools.cache
def plugins() -> tuple[GamePlugin, ...]:
    """Every plug-in: the built-in ones, then the installed ones (a key is taken once)."""
    found: dict[str, GamePlugin] = {}
    for plugin in [importlib.import_module(name).PLUGIN for name in BUILT_IN] + _from_entry_points():
        found.setdefault(plugin.key, plugin)
    return tuple(found.values())


def games() -> list[str]:
    """The names of the games the plug-ins offer, the default first."""
    return [name for plugin in plugins() for name in plugin.offers()]


_SPOKEN: set[str] = set()  # the keys of the plug-ins whose language sections are registered


def speak(plugin: GamePlugin) -> GamePlugin:
    """The plug-in, its own section of the card language registered (once)."""
    if plugin.key not in _SPOKEN:
        if plugin.language is not None:
            plugin.language()
        _SPOKEN.add(plugin.key)
    return plugin


def languages() -> None:
    """Register every plug-in's section of the card language (a reader of any game's text asks)."""
    for plugin in plugins():
        speak(plugin)


sections.find_with(languages)  # a statement of a section not registered yet: the plug-ins register theirs


@functools.cache
def built_in_grammars() -> tuple[str, ...]:
    """The grammar rules of every built-in plug-in that has its own, read without importing it."""
    found = []
    for name in BUILT_IN:
        spec = importlib.util.find_spec(name)  # imports rulesdsl.games only, not the plug-in
        if spec is None or spec.loader is None:
            continue
        for folder in spec.submodule_search_locations or ():
            try:  # the loader's get_data reads from a folder or a zip alike
                found.append(spec.loader.get_data(os.path.join(folder, GRAMMAR_FILE)).decode("utf-8"))  # type: ignore[attr-defined]
            except OSError:  # a plug-in without grammar rules of its own
                continue
    return tuple(found)


sections.grammars_from(built_in_grammars)  # before any text is read: every built-in game's statements


def plugin_for(name: str) -> GamePlugin:
    """The plug-in that plays the game called `name`, its language section registered; RulesError naming the games otherwise."""
    for plugin in plugins():
        if name in plugin.offers():
            return speak(plugin)
    for plugin in plugins():
        if plugin.claims(name):
            return speak(plugin)
    more = "".join(f" or {plugin.also}" for plugin in plugins() if plugin.also)
    raise RulesError(f"no game '{name}': games are {', '.join(games())}{more}")


def view_of(game: Any) -> ViewHooks:
    """The view hooks of the plug-in whose game this is; RulesError naming the plug-ins with views otherwise."""
    for plugin in plugins():
        if plugin.view is not None and plugin.owns(game):
            return plugin.view
    shown = ", ".join(plugin.key for plugin in plugins() if plugin.view is not None) or "none"
    raise RulesError(f"no plug-in shows a game of type {type(game).__name__}; plug-ins with views: {shown}")


def make_agent(game: str, name: str, seed: int, think: float | None = None, iterations: int | None = None,
               weights: Any = None, model: Any = None) -> Any:
    """The agent called `name` of `game`, seeded; RulesError naming the game's agents otherwise."""
    plugin = plugin_for(game)
    factory = plugin.agents.get(name)
    if factory is None:
        raise RulesError(f"unknown agent '{name}': use one of {', '.join(plugin.agents)}")
    return factory(seed, think, iterations, weights, model)
