"""The routes of the games at the table, written once for every game: start a game against
agents or open a saved one, see it, answer, take a person's answer back, play on from a past
step as a new game, save. Each game with web hooks (`registry.WebHooks`) gets this one set of
routes under its own paths (A Feast for Odin's at `/new`, `/open` and `/game/ID`, the tableau
rulesets' at `/tableau/...`); the game supplies only its page, its part of the start page, the
options its start form reads and a few further views (`more`).

The pages hold no rules: an answer's key goes through the game's own `answer` (an illegal one
is refused with the reason and changes nothing), and the agents answer off the request
(`web.runner`). A request names a game only by a name the registry offers, never a folder."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
from flask import Blueprint, Flask, Response, abort, jsonify, redirect, render_template, request, url_for

from rulesdsl.agents.registry import PERSON
from rulesdsl.errors import ContentError, IllegalMove, RulesError
from rulesdsl.games import registry as games
from rulesdsl.games.registry import Asked, Drawing, GamePlugin, WebHooks
from rulesdsl.web import security
from rulesdsl.web.busy import busy_page
from rulesdsl.web.downloads import record_download
from rulesdsl.web.problems import problems
from rulesdsl.web.runner import busy, new_lock
from rulesdsl.web.seats import humans, seat_arg, undo_point, viewer_of

MAX_PLAYERS = 8  # refused beyond this before any list is built (a game's own limit is lower)
START_ERRORS = (ValueError, RulesError, ContentError, OSError, RecursionError)
OPEN_ERRORS = START_ERRORS + (KeyError, TypeError, AttributeError)  # a record of any shape


@attrs.define
class Session:
    """One game open at the table: which game, its rules, its agents by seat (None: a person at
    the page) and their names, and the agents' run."""

    id: str
    name: str  # the game's name, as the registry offers it
    plugin: GamePlugin
    rules: Any  # what the plug-in's `rules` gave: the game is replayed on it
    roots: tuple[str, ...]  # the server's variant folders chosen, by name
    game: Any
    agents: list[Any]
    names: list[str] = attrs.field(factory=list)  # the agents' names by seat ("human": a person)
    lock: Any = attrs.field(factory=new_lock, repr=False)  # this game's own: agents answer under it
    job: Any = None  # the agents' run (a Future) while they answer
    error: str | None = None  # why the agents' run stopped, when it failed
    memo: dict[str, Any] = attrs.field(factory=dict, repr=False)  # the page's caches; emptied when the game is replaced

    @property
    def waiting_for_person(self) -> bool:
        """Whether the open decision is a person's at the page."""
        return self.game.decision is not None and self.agents[self.game.decision.player] is None

    @property
    def view(self) -> WebHooks:
        """The game's web hooks."""
        return hooks(self.plugin)

    def replaced(self, answers: int) -> Any:
        """The game replayed from its record cut to its first `answers` answers."""
        data = self.game.save()
        return self.plugin.load_game(self.rules, dict(data, answers=data["answers"][:answers]), False)


def playable() -> dict[str, GamePlugin]:
    """The games the table plays, by name: those of every plug-in with web hooks."""
    return {name: plugin for plugin in games.plugins() if plugin.web is not None for name in plugin.offers()}


def plugin_of(name: str) -> GamePlugin:
    """The plug-in of the game called `name` (a name offered, never a folder); BadInput naming
    the games the table plays otherwise (404 for a known game the table cannot show)."""
    offered = playable()
    if name in offered:
        return offered[name]
    plays = ", ".join(offered) or "none"
    if name in games.games():
        raise security.BadInput(f"{name} cannot be played at this table: its plug-in has no web page "
                                f"(this table plays {plays})", 404)
    raise security.BadInput(f"unknown game '{name[:60]}': this table offers {plays}")


def hooks(plugin: GamePlugin) -> WebHooks:
    """The plug-in's web hooks (of a game the table plays)."""
    if plugin.web is None:
        raise security.BadInput(f"{plugin.key} has no page at this table", 404)
    return plugin.web


def blueprint_name(plugin: GamePlugin) -> str:
    """The name of the routes of one plug-in's games (`url_for` NAME.show and so on)."""
    return f"play_{plugin.key}"


def game_url(session: Session, what: str = "show", **args: Any) -> str:
    """The URL of one of the game's routes (`show`, `answer`, `undo`, `branch`, `save`, a view of `more`)."""
    return url_for(f"{blueprint_name(session.plugin)}.{endpoint(what)}", gid=session.id, **args)


def form_urls(plugin: GamePlugin) -> dict[str, str]:
    """Where the plug-in's start form (`new`) and open form (`open`) post."""
    return {what: url_for(f"{blueprint_name(plugin)}.{what}") for what in ("new", "open")}


def endpoint(name: str) -> str:
    """A route's name as Flask takes it (no dot)."""
    return name.replace(".", "_")


def pages_path(plugin: GamePlugin, view: WebHooks) -> str:
    """Where the plug-in's games' pages live."""
    return view.pages or f"/{plugin.key}"


def seat_names(spec: list[str], players: int) -> list[str]:
    """One agent name per seat: one name for everyone, or one per player; RulesError otherwise."""
    if len(spec) == 1:
        return spec * players
    if len(spec) != players:
        raise RulesError(f"the agents name {len(spec)} seats for {players} players")
    return spec


def register(app: Flask, tables: Any, plugin: GamePlugin) -> None:
    """Add the routes of one plug-in's games to the app (`tables`: web.app's `Tables`)."""
    view = hooks(plugin)
    pages = pages_path(plugin, view)
    forms = pages if view.forms is None else view.forms
    offers = plugin.offers()
    first = offers[0] if offers else ""  # the game a form without a `game` field (or a record without one) means
    routes = Blueprint(blueprint_name(plugin), __name__, template_folder=view.templates)

    def session_or_404(gid: str) -> Session:
        session = tables.sessions.get(gid)
        if not isinstance(session, Session) or session.plugin is not plugin:
            abort(404, f"no open game {gid[:40]}")
        return session

    def body() -> dict[str, Any]:
        # through the table's one input layer: a list, a number or deep JSON is a 400, never a 500
        return security.json_object(required=False) if request.is_json else dict(request.form)

    def draw(session: Session, error: str | None = None, status: int = 200) -> tuple[str, int]:
        asked = request.args.get("seat")
        viewer = viewer_of(session, asked)
        page = session.view.page(session, Asked(request.args.to_dict(), viewer, seat_arg(viewer, asked), error))
        values = {"session": session, "game": session.game, "error": error, "urls": urls(session), **page.context}
        return render_template(page.template, **values), status

    def urls(session: Session) -> dict[str, str]:
        return {what: game_url(session, what) for what in ("show", "answer", "undo", "branch", "save", *view.more)}

    def refused(session: Session, error: str, status: int, **more: Any) -> Any:
        """A refusal as the asker reads it: JSON for the page's script, else the page saying why."""
        if request.is_json:
            return jsonify(error=error, **more), status
        return draw(session, error, status)

    @routes.post(f"{forms}/new", endpoint="new")
    def new_game() -> Any:
        """Start a game of the form's `game` (this plug-in's first by default) against agents."""
        try:
            name = security.field("game", first) or first
            chosen = plugin_of(name)
            players = security.number("players", 2, 1, MAX_PLAYERS)
            seed = security.number("seed", 0, -(2**63), 2**63 - 1)
            extra = tables.chosen(request.form.getlist("variants")) if hooks(chosen).variants else ()
            names = [security.field(f"agent{n}", chosen.default_agent if n else PERSON) for n in range(players)]
            options = hooks(chosen).options(security.field)
            rules = tables.rules(chosen, name, extra)
            game = chosen.new_game(rules, players, seed, options)
            session = tables.add(Session(tables.new_id(chosen), name, chosen, rules, extra, game,
                                         tables.agent_list(name, names, players, seed), names))
        except security.BadInput as err:
            return tables.index_page(f"cannot start the game: {err.message}", err.status)
        except START_ERRORS as err:
            return tables.index_page(f"cannot start the game: {problems(err)}", 400)
        return redirect(game_url(session))

    @routes.post(f"{forms}/open", endpoint="open")
    def open_game() -> Any:
        """Open a saved game (of the game its record names), with the agents the form names."""
        try:
            data = security.uploaded_json("save")
            named = data.get("game") if isinstance(data, dict) else None
            name = first if named is None else str(named)  # a record says its game (the first game's need not)
            chosen = plugin_of(name)
            extra = tables.chosen(request.form.getlist("variants")) if hooks(chosen).variants else ()
            rules = tables.rules(chosen, name, extra)
            game = chosen.load_game(rules, data, False)
            players = chosen.players(game)
            given = [a.strip() for a in security.field("agents", "", 40 * MAX_PLAYERS).split(",") if a.strip()]
            names = seat_names(given or [PERSON], players)
            session = tables.add(Session(tables.new_id(chosen), name, chosen, rules, extra, game,
                                         tables.agent_list(name, names, players, game.seed), names))
        except security.BadInput as err:
            return tables.index_page(f"cannot open the saved game: {err.message}", err.status)
        except OPEN_ERRORS as err:
            return tables.index_page(f"cannot open the saved game: {problems(err)}", 400)
        return redirect(game_url(session, step=0 if request.form.get("from_start") else None))

    @routes.get(f"{pages}/<gid>", endpoint="show")
    def show_game(gid: str) -> Any:
        """The game's page, or the busy page while its agents answer."""
        session = session_or_404(gid)
        waiting = busy_page(session, game_url(session))
        if waiting is not None:
            return waiting
        with session.lock:
            return draw(session)

    @routes.post(f"{pages}/<gid>/answer", endpoint="answer")
    def answer(gid: str) -> Any:
        """A person's answer through the game's own `answer`; then the agents answer."""
        session = session_or_404(gid)
        key = security.answer_key()
        with session.lock:
            game = session.game
            if busy(session) or not session.waiting_for_person:
                return refused(session, "no decision is waiting for a person at this page", 409)
            seat = str(body().get("seat") or "")
            if seat not in ("", "all") and viewer_of(session, seat) != game.decision.player:
                return refused(session, f"this question is P{game.decision.player + 1}'s, not seat {seat[:20]}'s", 409)
            try:
                game.answer(key)
            except IllegalMove as err:
                more = session.view.refusal(err) if session.view.refusal is not None else {}
                return refused(session, str(err), 400, **more)  # (the first game links the rule it rests on)
            except (RulesError, RecursionError) as err:
                session.error = f"the game stopped: {err}"
                return refused(session, session.error, 409)
        tables.run_agents(session)
        if not request.is_json:
            return redirect(game_url(session))
        return jsonify(ok=True, answers=len(game.log), over=game.decision is None, error=session.error, playing=busy(session))

    @routes.post(f"{pages}/<gid>/undo", endpoint="undo")
    def undo(gid: str) -> Any:
        """Take back the last answer of a person at the page, with the agents' answers after it."""
        session = session_or_404(gid)
        with session.lock:
            viewer = viewer_of(session, str(body().get("seat") or "") or None)
            if len(humans(session)) == len(session.agents):
                return refused(session, "undo takes back an answer in a game against agents; here every seat is a person", 409)
            keep = undo_point(session, viewer, answered_by(session))
            if keep is None:
                return refused(session, "there is no answer of yours to take back", 409)
            session.game = session.replaced(keep)
            session.memo.clear()  # replayed afresh
        if not request.is_json:
            return redirect(game_url(session))
        return jsonify(ok=True, answers=keep)

    @routes.post(f"{pages}/<gid>/branch", endpoint="branch")
    def branch(gid: str) -> Any:
        """Play on from a past step as a new game (this one stays)."""
        session = session_or_404(gid)
        try:
            step = int(body().get("step", ""))
        except (TypeError, ValueError):
            return refused(session, "say from which step to play on ({\"step\": N})", 400)
        with session.lock:
            last = len(session.game.save()["answers"])
            if not 0 <= step <= last:
                return refused(session, f"step {step} is outside the game: it has steps 0 to {last}", 400)
            game = session.replaced(step)
            names = list(session.names)
        players = plugin.players(game)
        if len(names) != players:
            names = [PERSON if agent is None else plugin.default_agent for agent in session.agents]
        try:
            agents = tables.agent_list(session.name, names, players, game.seed)
        except RulesError:
            agents = [None] * players
        try:
            made = tables.add(Session(tables.new_id(plugin), session.name, plugin, session.rules, session.roots, game,
                                      agents, names))
        except RulesError as err:  # the agents failed in their first moves: no game is listed
            return refused(session, str(err), 409)
        if not request.is_json:
            return redirect(game_url(made))
        return jsonify(ok=True, url=game_url(made))

    @routes.get(f"{pages}/<gid>/save", endpoint="save")
    def save(gid: str) -> Response:
        """The game's record as a download."""
        session = session_or_404(gid)
        with session.lock:
            return record_download(session.game, f"rulesdsl-{session.name}-{gid}.json")

    def more_view(hook: Callable[[Any, Asked], Any]) -> Callable[[str], Any]:
        def shown(gid: str) -> Any:
            """One of the game's further views (`more`), as JSON or a drawing."""
            session = session_or_404(gid)
            with session.lock:
                asked = request.args.get("seat")
                viewer = viewer_of(session, asked)
                try:
                    out = hook(session, Asked(request.args.to_dict(), viewer, seat_arg(viewer, asked)))
                except RulesError as err:
                    return jsonify(error=str(err)), 400
            if isinstance(out, Drawing):
                return Response(out.text, mimetype="image/svg+xml" if out.svg else "text/plain")
            if isinstance(out, tuple):
                return jsonify(out[0]), out[1]
            return jsonify(out)

        return shown

    for name, hook in view.more.items():
        routes.add_url_rule(f"{pages}/<gid>/{name}", endpoint=endpoint(name), view_func=more_view(hook))
    app.register_blueprint(routes)


def answered_by(session: Session) -> list[int]:
    """The seat that gave each answer so far: the game's hook, else replayed from the record's keys."""
    if session.view.answered_by is not None:
        return session.view.answered_by(session.game)
    data = session.game.save()
    replay = session.plugin.load_game(session.rules, dict(data, answers=[]), False)
    seats = []
    for key in data["answers"]:
        seats.append(-1 if replay.decision is None else int(replay.decision.player))
        replay.answer(key)
    return seats


def register_all(app: Flask, tables: Any) -> None:
    """The routes of every game the table plays, the pages of its own it adds, and `/play/NAME`: the start page offering that
    game first (a refusal naming the games it plays, for any other name)."""
    for plugin in games.plugins():
        if plugin.web is not None:
            register(app, tables, plugin)
            if plugin.web.site is not None:
                plugin.web.site(app)  # the game's own further pages

    @app.get("/play/<name>")
    def play(name: str) -> Any:
        """The start page offering the game `name` first."""
        plugin_of(name)  # BadInput (the start page saying why) for a game the table does not play
        return tables.index_page(chosen=name)
