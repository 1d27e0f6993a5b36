"""A Feast for Odin at the web table: start a game against agents or open a saved one, see the
whole table, answer decisions by clicking, step through the timeline, save.

The page holds no rules. It shows the engine's pending `Decision`: clicking a space or an
option sends that option's key to `/game/<id>/answer`, which goes through `Game.answer`
like a terminal answer (an illegal one is refused with the reason and changes nothing).
Tile previews ask `/game/<id>/preview`, answered from the decision's own placements and
the placement rules. The game's plug-in (`rulesdsl.games.feast`) names `register`, which the
table (`web.app`) calls with every game's."""

from __future__ import annotations

import itertools

import attrs
from flask import Flask, Response, abort, jsonify, redirect, render_template, request, url_for

from rulesdsl.engine.game import Game, GameOptions
from rulesdsl.errors import ContentError, IllegalMove, RulesError
from rulesdsl.games.feast import NAME
from rulesdsl.learn.reference import citation
from rulesdsl.view import present
from rulesdsl.view.table import table_svg
from rulesdsl.web import game_page, security, table_routes
from rulesdsl.web.busy import busy_page
from rulesdsl.web.downloads import record_download
from rulesdsl.web.problems import problems
from rulesdsl.web.runner import busy, new_lock

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


def timeline(session: Session) -> list:
    """Every step so far (the replay goes on from where it was last asked)."""
    data = session.game.save()
    if session.timeline is None:
        session.timeline = present.Timeline(Game, session.game.content, data)
    return session.timeline.extend(data["answers"])


def at_step(session: Session, step: int) -> Game:
    """The game as it was after `step` answers (replayed from the record)."""
    data = session.game.save()
    if step >= len(data["answers"]):
        return session.game
    return Game.load(session.game.content, dict(data, answers=data["answers"][:step]))


def register(app: Flask, tables) -> None:
    """Add A Feast for Odin's routes and its part of the start page to the app (`tables`: web.app's)."""
    counter = itertools.count(1)

    def default_agent() -> str:
        return tables.default_agent(NAME)

    def agent_list(names: list[str], players: int, seed: int) -> list:
        return tables.agent_list(NAME, names, players, seed)

    def add(roots, game: Game, agents: list) -> Session:
        """List a new game and start its agents; a failure in their first moves unlists it."""
        tables.room()
        return tables.listed(tables.sessions, Session(str(next(counter)), tuple(roots), game, agents))

    def session_or_404(gid: str) -> Session:
        session = tables.sessions.get(gid)
        if session is None:
            abort(404, f"no open game {gid[:40]}")
        return session

    def start_page() -> dict:
        return {"sessions": list(tables.sessions.values()), "agent_names": tables.agent_names(NAME),
                "suggested": default_agent(), "variants": list(tables.variants)}

    tables.open_games.append(lambda: tables.sessions)
    tables.index_parts.append(start_page)
    table_routes.register(app, tables, agent_list, default_agent, add)  # undo, play on from a past step

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
            session = add(extra, game, agent_list(names, players, seed))
            session.names = names
        except security.BadInput as err:
            return tables.index_page(f"cannot start the game: {err.message}", err.status)
        except (ValueError, RulesError, ContentError, OSError, RecursionError) as err:
            return tables.index_page(f"cannot start the game: {problems(err)}", 400)
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
            session = add(extra, game, agent_list(agent_names, game.options.players, game.seed))
            session.names = agent_names
        except security.BadInput as err:
            return tables.index_page(f"cannot open the saved game: {err.message}", err.status)
        except (RulesError, ContentError, OSError, KeyError, TypeError, ValueError, AttributeError, RecursionError) as err:
            return tables.index_page(f"cannot open the saved game: {problems(err)}", 400)
        return redirect(url_for("show_game", gid=session.id, step=0 if request.form.get("from_start") else None))

    @app.get("/game/<gid>")
    def show_game(gid: str):
        session = session_or_404(gid)
        waiting = busy_page(session, "show_game")
        if waiting is not None:
            return waiting
        with session.lock:
            steps = timeline(session)
            last = len(steps) - 1
            step = request.args.get("step", type=int)
            step = last if step is None else max(0, min(step, last))
            game = at_step(session, step)
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
            game = at_step(session, len(session.game.log) if step is None else max(0, step))
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

