"""The local web table (`rulesdsl serve`): open a saved game or start one against agents,
see the whole table, answer decisions by clicking, step through the timeline, save.

The page holds no rules. It shows the engine's pending `Decision`: clicking a space or an
option sends that option's key to `/game/<id>/answer`, which goes through `Game.answer`
like a terminal answer (an illegal one is refused with the reason and changes nothing).
Tile previews ask `/game/<id>/preview`, answered from the decision's own placements and
the placement rules. Games live in memory in this process; a game is saved as the usual
JSON record and can be opened again."""

from __future__ import annotations

import itertools
import json
import threading

import attrs
from flask import Flask, Response, abort, jsonify, redirect, render_template, request, url_for

from rulesdsl.engine.game import Game, GameOptions
from rulesdsl.errors import ContentError, IllegalMove, RulesError
from rulesdsl.view import present
from rulesdsl.view.table import table_svg

MAX_SAVE_BYTES = 5_000_000


@attrs.define
class Session:
    """One game open in the page: its content roots, agents (None: a person at the page)."""

    id: str
    roots: tuple[str, ...]
    game: Game
    agents: list
    timeline: object = None  # present.Timeline, replayed as far as the page has asked

    @property
    def waiting_for_person(self) -> bool:
        return self.game.decision is not None and self.agents[self.game.decision.player] is None


def _agent_list(names: list[str], players: int, seed: int) -> list:
    """Agents by name as `rulesdsl play --agents` makes them; a human is None (the page)."""
    from rulesdsl.agents import HumanAgent
    from rulesdsl.agents.registry import make_agents

    made, _ = make_agents(",".join(names), players, seed)
    return [None if isinstance(agent, HumanAgent) else agent for agent in made]


class Tables:
    """The games open in this server, and the content each one uses."""

    def __init__(self, roots: tuple[str, ...] = (), include_builtin: bool = True):
        self.roots = tuple(roots)
        self.include_builtin = include_builtin
        self.sessions: dict[str, Session] = {}
        self.contents: dict[tuple, object] = {}
        self.lock = threading.RLock()
        self.counter = itertools.count(1)

    def content(self, extra: tuple[str, ...]):
        from rulesdsl.content.loader import load_content

        roots = self.roots + tuple(extra)
        if roots not in self.contents:
            self.contents[roots] = load_content(list(roots), include_builtin=self.include_builtin)
        return self.contents[roots]

    def add(self, roots, game: Game, agents: list) -> Session:
        session = Session(str(next(self.counter)), tuple(roots), game, agents)
        self.sessions[session.id] = session
        self.run_agents(session)
        return session

    def run_agents(self, session: Session, limit: int = 100_000) -> None:
        """Let the agents answer until a person must, or the game ends."""
        game = session.game
        for _ in range(limit):
            if game.decision is None or session.agents[game.decision.player] is None:
                return
            game.answer(session.agents[game.decision.player].answer(game, game.decision))

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


def _problems(err: Exception) -> str:
    if isinstance(err, ContentError):
        return "; ".join(map(str, err.problems[:5])) + (f" (and {len(err.problems) - 5} more)" if len(err.problems) > 5 else "")
    return str(err)


def create_app(roots: tuple[str, ...] = (), include_builtin: bool = True, game: str | None = None) -> Flask:
    """The Flask application serving the table (`game`: the tableau game the start form offers first)."""
    app = Flask(__name__)
    app.config["RULESDSL_GAME"] = game
    app.config["MAX_CONTENT_LENGTH"] = MAX_SAVE_BYTES
    tables = Tables(roots, include_builtin)
    app.extensions["rulesdsl_tables"] = tables

    def session_or_404(gid: str) -> Session:
        session = tables.sessions.get(gid)
        if session is None:
            abort(404, f"no open game {gid}")
        return session

    def index_page(error: str | None = None, status: int = 200):
        from rulesdsl.web.tableau import games

        return render_template("index.html", error=error, sessions=list(tables.sessions.values()),
                               tableau_games=games(), chosen=app.config.get("RULESDSL_GAME"),
                               tableau_sessions=list(tables.tableau_sessions.values())), status

    from rulesdsl.web.tableau import register

    tables.index_page = index_page
    register(app, tables)  # the tableau games' routes (rulesdsl.tableau)
    from rulesdsl.web.learn import register as register_learn

    register_learn(app)  # the Learn, Rules and Components pages, in English and Chinese

    @app.get("/")
    def index():
        return index_page()

    @app.post("/new")
    def new_game():
        form = request.form
        try:
            players = int(form.get("players", "2"))
            seed = int(form.get("seed", "0") or 0)
            extra = tuple(v.strip() for v in form.get("variants", "").split(",") if v.strip())
            names = [form.get(f"agent{n}", "random" if n else "human") for n in range(players)]
            decks = tuple(d.strip().upper() for d in form.get("decks", "A,B,C").split(",") if d.strip())
            options = GameOptions(players=players, length=form.get("length", "long"), decks=decks)
            with tables.lock:
                content = tables.content(extra)
                game = Game(content, options, seed)
                session = tables.add(extra, game, _agent_list(names, players, seed))
        except (ValueError, RulesError, ContentError, OSError) as err:
            return index_page(f"cannot start the game: {_problems(err)}", 400)
        return redirect(url_for("show_game", gid=session.id))

    @app.post("/open")
    def open_game():
        upload = request.files.get("save")
        text = upload.read().decode("utf-8", "replace") if upload and upload.filename else request.form.get("text", "")
        extra = tuple(v.strip() for v in request.form.get("variants", "").split(",") if v.strip())
        try:
            data = json.loads(text)
        except ValueError as err:
            return index_page(f"cannot open the saved game: it is not JSON ({err})", 400)
        try:
            with tables.lock:
                game = Game.load(tables.content(extra), data)
                names = request.form.get("agents", "")
                agent_names = [a.strip() for a in names.split(",") if a.strip()] or ["human"] * game.options.players
                session = tables.add(extra, game, _agent_list(agent_names, game.options.players, game.seed))
        except (RulesError, ContentError, OSError, KeyError, TypeError, ValueError) as err:
            return index_page(f"cannot open the saved game: {_problems(err)}", 400)
        return redirect(url_for("show_game", gid=session.id, step=0 if request.form.get("from_start") else None))

    @app.get("/game/<gid>")
    def show_game(gid: str):
        session = session_or_404(gid)
        with tables.lock:
            steps = tables.timeline(session)
            last = len(steps) - 1
            step = request.args.get("step", type=int)
            step = last if step is None else max(0, min(step, last))
            game = tables.at_step(session, step)
            live = step == last
            decision = game.decision if live and session.waiting_for_person else None
            view = _decision_view(game, decision) if decision is not None else None
            rounds = sorted({s.round for s in steps})
            first_of_round = {r: next(s.number for s in steps if s.round == r) for r in rounds}
            return render_template(
                "game.html", session=session, game=game, svg=table_svg(game, f"step {step} of {last}"), step=step,
                last=last, steps=steps, current=steps[step], decision=decision, view=view,
                players=[present.player_lines(game, i) for i in range(len(game.state.players))],
                first_of_round=first_of_round, player_name=present.player_name,
                scores=_scores(game) if game.over else None)

    @app.get("/game/<gid>/table.svg")
    def table_image(gid: str):
        session = session_or_404(gid)
        with tables.lock:
            step = request.args.get("step", type=int)
            game = tables.at_step(session, len(session.game.log) if step is None else max(0, step))
            return Response(table_svg(game), mimetype="image/svg+xml")

    @app.post("/game/<gid>/answer")
    def answer(gid: str):
        session = session_or_404(gid)
        key = (request.get_json(silent=True) or {}).get("key") if request.is_json else request.form.get("key")
        with tables.lock:
            game = session.game
            if not session.waiting_for_person:
                return jsonify(error="no decision is waiting for a person at this page"), 409
            if not isinstance(key, str):
                return jsonify(error="the answer names no option (send {\"key\": ...})"), 400
            try:
                game.answer(key)
            except IllegalMove as err:
                return jsonify(error=str(err)), 400
            tables.run_agents(session)
            return jsonify(ok=True, answers=len(game.log), over=game.over)

    @app.get("/game/<gid>/preview")
    def preview(gid: str):
        session = session_or_404(gid)
        args = request.args
        with tables.lock:
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
        with tables.lock:
            return record_download(session.game, f"rulesdsl-game-{gid}.json")

    @app.errorhandler(413)
    def too_large(_err):
        return index_page(f"cannot open the saved game: larger than {MAX_SAVE_BYTES} bytes", 413)

    return app


def record_download(game, filename: str) -> Response:
    """A game's saved record as a JSON download called `filename`."""
    return Response(json.dumps(game.save(), indent=1), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def _decision_view(game: Game, decision) -> dict:
    """What the page needs to answer a decision: options with labels and refusals, the
    placements it offers (by board and square) and the tiles they lay."""
    labels = present.distinct_labels(game, decision)
    options = [{"key": o.key, "label": labels[o.key], "refusal": o.refusal,
                "placement": present.placement_of(o) is not None} for o in decision.options]
    placed = present.placements(decision)
    return {
        "player": present.player_name(decision.player), "index": decision.player, "prompt": present.readable(decision.prompt), "kind": decision.kind,
        "legal": [o for o in options if o["refusal"] is None and not o["placement"]],
        "refused": [o for o in options if o["refusal"] is not None],
        "spaces": {o.key: {"legal": o.refusal is None, "reason": o.refusal, "label": labels[o.key]}
                   for o in decision.options if o.key in game.content.spaces},
        "placements": [attrs.asdict(pl) for pl in placed],
        "pieces": sorted({pl.piece for pl in placed if pl.piece}),
        "areas": sorted({pl.area for pl in placed}),
    }


def _scores(game: Game) -> list[dict]:
    from rulesdsl.engine.scoring import final_scores

    return final_scores(game)


def serve(host: str = "127.0.0.1", port: int = 8765, roots=(), include_builtin: bool = True, game: str | None = None) -> None:
    """Run the table until interrupted."""
    from werkzeug.serving import make_server

    app = create_app(tuple(roots), include_builtin, game)
    try:
        server = make_server(host, port, app, threaded=True)
    except OSError as err:
        raise RulesError(f"cannot listen on {host}:{port}: {err.strerror or err}") from None
    except SystemExit:  # werkzeug exits when the port is taken, having said so
        raise RulesError(f"cannot listen on {host}:{port}") from None
    print(f"rulesdsl table on http://{host}:{server.port}/ (Ctrl-C stops it)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped.")
