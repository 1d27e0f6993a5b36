"""The local web table (`rulesdsl serve`): open a saved game or start one against agents,
see the whole table, answer decisions by clicking, step through the timeline, save.

The page holds no rules. It shows the engine's pending `Decision`: clicking a space or an
option sends that option's key to `/game/<id>/answer`, which goes through `Game.answer`
like a terminal answer (an illegal one is refused with the reason and changes nothing).
Tile previews ask `/game/<id>/preview`, answered from the decision's own placements and
the placement rules. Games live in memory in this process; a game is saved as the usual
JSON record and can be opened again."""

from __future__ import annotations

import collections
import itertools
import threading
from pathlib import Path

import attrs
from flask import Flask, Response, abort, jsonify, redirect, render_template, request, url_for

from werkzeug.serving import make_server

from rulesdsl.agents import HumanAgent, registry
from rulesdsl.content.loader import load_content
from rulesdsl.engine.game import Game, GameOptions
from rulesdsl.errors import ContentError, IllegalMove, RulesError
from rulesdsl.learn.reference import citation
from rulesdsl.view import present
from rulesdsl.view.table import table_svg
from rulesdsl.web import game_page, security, table_routes
from rulesdsl.web.downloads import record_download
from rulesdsl.web.learn import register as register_learn
from rulesdsl.web.runner import AgentRunner, busy, new_lock
from rulesdsl.web.tableau import games
from rulesdsl.web.tableau import register as register_tableau

MAX_SAVE_BYTES = security.MAX_BODY_BYTES
MAX_CONTENTS = 4  # contents kept loaded (one per choice of variant folders; ~3 MB each)
MAX_PLAYERS = 8  # refused beyond this before any list is built (the game's own limit is lower)


@attrs.define
class Session:
    """One game open in the page: its content roots, agents (None: a person at the page)."""

    id: str
    roots: tuple[str, ...]
    game: Game
    agents: list
    timeline: object = None  # present.Timeline, replayed as far as the page has asked
    lock: object = attrs.field(factory=new_lock, repr=False)  # this game's own: agents answer under it
    job: object = None  # the agents' run (a Future) while they answer
    error: str | None = None  # why the agents' run stopped, when it failed
    names: list = attrs.field(factory=list)  # the agents' names by seat ("human": a person at the page)

    @property
    def waiting_for_person(self) -> bool:
        return self.game.decision is not None and self.agents[self.game.decision.player] is None


def agent_names() -> tuple[list[str], str]:
    """(the agents the start form offers, the one it suggests as an opponent), from the registry."""
    return registry.names(), default_agent()


def default_agent() -> str:
    """The registry's default agent (what `rulesdsl play` plays when no agent is named)."""
    return registry.default_agent()


def _agent_list(names: list[str], players: int, seed: int) -> list:
    """Agents by name as `rulesdsl play --agents` makes them; a human is None (the page)."""
    made, _ = registry.make_agents(",".join(names), players, seed)
    return [None if isinstance(agent, HumanAgent) else agent for agent in made]


def variant_names(folders) -> dict[str, Path]:
    """The variant folders a server offers, by the name the page shows (the folder's name;
    a second folder of the same name gets `-2`). Folders are resolved once, here."""
    out: dict[str, Path] = {}
    for folder in folders:
        path = Path(folder).resolve()
        name, n = path.name or "variant", 1
        while name in out:
            n += 1
            name = f"{path.name}-{n}"
        out[name] = path
    return out


class Tables:
    """The games open in this server, the variant folders it offers and the content each
    choice of them loads. The lock guards these lists only: a game has its own lock."""

    def __init__(self, roots: tuple[str, ...] = (), include_builtin: bool = True):
        self.variants = variant_names(roots)  # chosen per game by name; a request never names a path
        self.include_builtin = include_builtin
        self.sessions: dict[str, Session] = {}
        self.contents: collections.OrderedDict = collections.OrderedDict()
        self.lock = threading.RLock()
        self.content_lock = threading.Lock()
        self.counter = itertools.count(1)
        self.runner = AgentRunner()

    def chosen(self, names: list[str]) -> tuple[str, ...]:
        """The offered variants named in a request (a comma list or repeated fields), checked."""
        picked = []
        for name in (n.strip() for value in names for n in value.split(",")):
            if not name:
                continue
            if name not in self.variants:
                offered = ", ".join(self.variants) or "none (start the server with --content DIR to offer one)"
                raise security.BadInput(f"unknown variant '{name[:60]}': this table offers {offered}")
            if name not in picked:
                picked.append(name)
        return tuple(picked)

    def content(self, extra: tuple[str, ...]):
        """The content for the chosen variant names, loaded once per choice (the last few kept)."""
        key = tuple(str(self.variants[name]) for name in extra)
        with self.content_lock:
            if key in self.contents:
                self.contents.move_to_end(key)
                return self.contents[key]
            content = load_content(list(key), include_builtin=self.include_builtin)
            self.contents[key] = content
            while len(self.contents) > MAX_CONTENTS:
                self.contents.popitem(last=False)
            return content

    def room(self) -> None:
        """Make room for one more game: drop the oldest finished one when full, else refuse."""
        with self.lock:
            kept = list(self.sessions.items()) + list(getattr(self, "tableau_sessions", {}).items())
            if len(kept) < security.MAX_OPEN_GAMES:
                return
            for gid, session in kept:
                if session.game.decision is None and not busy(session):
                    (self.sessions if gid in self.sessions else self.tableau_sessions).pop(gid, None)
                    return
        raise security.BadInput(f"this table already holds {security.MAX_OPEN_GAMES} unfinished games; "
                                "finish some or restart the server", 503)

    def add(self, roots, game: Game, agents: list) -> Session:
        """List a new game and start its agents; a failure in their first moves unlists it."""
        self.room()
        session = Session(str(next(self.counter)), tuple(roots), game, agents)
        return self.listed(self.sessions, session)

    def listed(self, sessions: dict, session):
        """Start `session`'s agents; list it unless they fail at once (no half-made game stays)."""
        self.runner.start(session)
        self.runner.wait(session, AGENT_WAIT)
        if session.error is not None:
            raise RulesError(session.error)
        with self.lock:
            sessions[session.id] = session
        return session

    def run_agents(self, session) -> None:
        """Let the agents answer (off this request) and wait for them a little, holding no lock."""
        self.runner.start(session)
        self.runner.wait(session, AGENT_WAIT)

    def timeline(self, session: Session) -> list:
        """Every step so far (the replay goes on from where it was last asked)."""
        data = session.game.save()
        if session.timeline is None:
            session.timeline = present.Timeline(Game, session.game.content, data)
        return session.timeline.extend(data["answers"])

    def at_step(self, session: Session, step: int) -> Game:
        """The game as it was after `step` answers (replayed from the record)."""
        data = session.game.save()
        if step >= len(data["answers"]):
            return session.game
        return Game.load(session.game.content, dict(data, answers=data["answers"][:step]))


AGENT_WAIT = 10.0  # seconds a request waits for the agents before the page says they are still playing


def _problems(err: Exception) -> str:
    if isinstance(err, ContentError):
        return "; ".join(map(str, err.problems[:5])) + (f" (and {len(err.problems) - 5} more)" if len(err.problems) > 5 else "")
    return str(err)


def create_app(roots: tuple[str, ...] = (), include_builtin: bool = True, game: str | None = None,
               hosts: list[str] | None = None, token: str | None = None) -> Flask:
    """The Flask application serving the table (`game`: the tableau game the start form offers first;
    `roots`: the variant folders a game may choose; `hosts`: the host names served, this machine's
    by default; `token`: the access token every request must carry, None on this machine only)."""
    app = Flask(__name__)
    app.config["RULESDSL_GAME"] = game
    security.protect(app, hosts, token)
    tables = Tables(roots, include_builtin)
    app.extensions["rulesdsl_tables"] = tables

    def session_or_404(gid: str) -> Session:
        session = tables.sessions.get(gid)
        if session is None:
            abort(404, f"no open game {gid[:40]}")
        return session

    def index_page(error: str | None = None, status: int = 200):
        names, suggested = agent_names()
        return render_template("index.html", error=error, sessions=list(tables.sessions.values()),
                               agent_names=names, suggested=suggested,
                               tableau_games=games(), chosen=app.config.get("RULESDSL_GAME"), variants=list(tables.variants),
                               tableau_sessions=list(tables.tableau_sessions.values())), status

    tables.index_page = index_page
    register_tableau(app, tables)  # the tableau games' routes (rulesdsl.tableau)
    table_routes.register(app, tables, _agent_list, default_agent)  # undo, play on from a past step
    register_learn(app)  # the Learn, Rules and Components pages, in English and Chinese

    @app.get("/")
    def index():
        return index_page()

    @app.post("/new")
    def new_game():
        try:
            players = security.number("players", 2, 1, MAX_PLAYERS)
            seed = security.number("seed", 0, -(2**63), 2**63 - 1)
            extra = tables.chosen(request.form.getlist("variants"))
            names = [security.field(f"agent{n}", default_agent() if n else "human") for n in range(players)]
            decks = tuple(d.strip().upper() for d in security.field("decks", "A,B,C").split(",") if d.strip())
            options = GameOptions(players=players, length=security.field("length", "long"), decks=decks)
            content = tables.content(extra)
            game = Game(content, options, seed)
            session = tables.add(extra, game, _agent_list(names, players, seed))
            session.names = names
        except security.BadInput as err:
            return index_page(f"cannot start the game: {err.message}", err.status)
        except (ValueError, RulesError, ContentError, OSError, RecursionError) as err:
            return index_page(f"cannot start the game: {_problems(err)}", 400)
        return redirect(url_for("show_game", gid=session.id))

    @app.post("/open")
    def open_game():
        try:
            extra = tables.chosen(request.form.getlist("variants"))
            data = security.uploaded_json("save")
            content = tables.content(extra)
            game = Game.load(content, data)
            names = security.field("agents", "", 40 * MAX_PLAYERS)
            agent_names = [a.strip() for a in names.split(",") if a.strip()] or ["human"] * game.options.players
            session = tables.add(extra, game, _agent_list(agent_names, game.options.players, game.seed))
            session.names = agent_names
        except security.BadInput as err:
            return index_page(f"cannot open the saved game: {err.message}", err.status)
        except (RulesError, ContentError, OSError, KeyError, TypeError, ValueError, AttributeError, RecursionError) as err:
            return index_page(f"cannot open the saved game: {_problems(err)}", 400)
        return redirect(url_for("show_game", gid=session.id, step=0 if request.form.get("from_start") else None))

    @app.get("/game/<gid>")
    def show_game(gid: str):
        session = session_or_404(gid)
        if busy(session) or session.error:
            return render_template("busy.html", session=session, stopped=session.error, answers=len(session.game.log),
                                   again=url_for("show_game", gid=gid)), 200 if busy(session) else 409
        with session.lock:
            steps = tables.timeline(session)
            last = len(steps) - 1
            step = request.args.get("step", type=int)
            step = last if step is None else max(0, min(step, last))
            game = tables.at_step(session, step)
            asked = request.args.get("seat")
            viewer = game_page.viewer_of(session, asked)
            context = game_page.page_context(session, game, steps, step, viewer)
            rounds = sorted({s.round for s in steps})
            first_of_round = {r: next(s.number for s in steps if s.round == r) for r in rounds}
            return render_template(
                "game.html", session=session, game=game, step=step, last=last, steps=steps, current=steps[step],
                first_of_round=first_of_round, player_name=present.player_name,
                seat=game_page.seat_arg(session, viewer, asked), **context)

    @app.get("/game/<gid>/table.svg")
    def table_image(gid: str):
        session = session_or_404(gid)
        with session.lock:
            step = request.args.get("step", type=int)
            game = tables.at_step(session, len(session.game.log) if step is None else max(0, step))
            # a seat's drawing: another player's hand stays hidden, as on the page
            return Response(table_svg(game, viewer=game_page.viewer_of(session, request.args.get("seat"))), mimetype="image/svg+xml")

    @app.post("/game/<gid>/answer")
    def answer(gid: str):
        session = session_or_404(gid)
        key = security.answer_key()
        with session.lock:
            game = session.game
            if busy(session) or not session.waiting_for_person:
                return jsonify(error="no decision is waiting for a person at this page"), 409
            seat = security.json_object(required=False).get("seat") if request.is_json else request.form.get("seat")
            if seat not in (None, "", "all"):
                if game_page.viewer_of(session, str(seat)) != game.decision.player:
                    return jsonify(error=f"this question is {present.player_name(game.decision.player)}'s, not seat {seat}'s"), 409
            try:
                game.answer(key)
            except IllegalMove as err:
                return jsonify(error=str(err), rule=citation(err.reason)), 400  # the rule it rests on, linked
            except (RulesError, RecursionError) as err:
                session.error = f"the game stopped: {err}"
                return jsonify(error=session.error), 409
        tables.run_agents(session)
        return jsonify(ok=True, answers=len(game.log), over=game.over, error=session.error, playing=busy(session))

    @app.get("/game/<gid>/preview")
    def preview(gid: str):
        session = session_or_404(gid)
        args = request.args
        with session.lock:
            decision = session.game.decision if session.waiting_for_person else None
            if decision is None:
                return jsonify(error="no decision is waiting"), 409
            try:
                verdict = present.placement_verdict(session.game, decision, args.get("area", "home"), int(args["row"]),
                                                    int(args["column"]), int(args.get("turn", 0)) % 360,
                                                    args.get("mirror") in ("1", "true"), args.get("piece") or None)
            except (KeyError, ValueError, RulesError) as err:
                return jsonify(error=f"bad preview request: {err}"), 400
            return jsonify(verdict)

    @app.get("/game/<gid>/save")
    def save(gid: str):
        session = session_or_404(gid)
        with session.lock:
            return record_download(session.game, f"rulesdsl-game-{gid}.json")

    @app.errorhandler(413)
    def too_large(_err):
        return index_page(f"refused: the request is larger than {MAX_SAVE_BYTES} bytes or has too many fields", 413)

    return app


def serve(host: str = "127.0.0.1", port: int = 8765, roots=(), include_builtin: bool = True, game: str | None = None,
          allow_hosts: tuple[str, ...] = ()) -> None:
    """Run the table until interrupted; beyond this machine only with the access token it prints."""
    for folder in roots:
        if not Path(folder).is_dir():
            raise RulesError(f"--content {folder}: no such folder")
    token = None if security.is_loopback(host) else security.new_token()
    app = create_app(tuple(roots), include_builtin, game, security.trusted_hosts(host, tuple(allow_hosts)), token)
    try:
        server = make_server(host, port, app, threaded=True)
    except OSError as err:
        raise RulesError(f"cannot listen on {host}:{port}: {err.strerror or err}") from None
    except SystemExit:  # werkzeug exits when the port is taken, having said so
        raise RulesError(f"cannot listen on {host}:{port}") from None
    shown = f"[{host}]" if ":" in host else host
    print(f"rulesdsl table on http://{shown}:{server.port}/ (Ctrl-C stops it)", flush=True)
    if token is not None:
        security.warn_exposed(f"http://{shown}:{server.port}/", token)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped.")
