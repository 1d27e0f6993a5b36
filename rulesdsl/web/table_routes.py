"""The first game's table routes beyond answering: take back a person's last answer in a
game against agents (`/game/<id>/undo`), and play on from a past step of the timeline as a
new game (`/game/<id>/branch`). Both replay the saved record cut short, so the game goes on
exactly as the engine would have from there."""

from __future__ import annotations

from flask import abort, jsonify, request, url_for

from rulesdsl.engine.game import Game
from rulesdsl.errors import RulesError
from rulesdsl.web import game_page, security


def register(app, tables, agent_list, default_agent, add) -> None:
    """Add the undo and branch routes to the app (`tables` keeps the sessions; `agent_list(names,
    players, seed)`, `default_agent()` and `add(roots, game, agents)` are web.feast's, passed in so
    this module never imports it)."""

    def session_or_404(gid: str):
        session = tables.sessions.get(gid)
        if session is None:
            abort(404, f"no open game {gid}")
        return session

    def body() -> dict:
        # through the table's one input layer: a list, a number or deep JSON is a 400, never a 500
        return security.json_object(required=False) if request.is_json else dict(request.form)

    @app.post("/game/<gid>/undo")
    def undo(gid: str):
        session = session_or_404(gid)
        with getattr(session, "lock", tables.lock):
            viewer = game_page.viewer_of(session, body().get("seat"))
            if len(game_page.humans(session)) == len(session.agents):
                return jsonify(error="undo takes back an answer in a game against agents; here every seat is a person"), 409
            keep = game_page.undo_point(session, viewer)
            if keep is None:
                return jsonify(error="there is no answer of yours to take back"), 409
            data = session.game.save()
            session.game = Game.load(session.game.content, dict(data, answers=data["answers"][:keep]))
            session.timeline = None  # replayed afresh: it only grows
            return jsonify(ok=True, answers=keep)

    @app.post("/game/<gid>/branch")
    def branch(gid: str):
        session = session_or_404(gid)
        try:
            step = int(body().get("step", ""))
        except (TypeError, ValueError):
            return jsonify(error="say from which step to play on ({\"step\": N})"), 400
        with getattr(session, "lock", tables.lock):
            data = session.game.save()
            if not 0 <= step <= len(data["answers"]):
                return jsonify(error=f"step {step} is outside the game: it has steps 0 to {len(data['answers'])}"), 400
            game = Game.load(session.game.content, dict(data, answers=data["answers"][:step]))
            names = list(getattr(session, "names", None) or [])
        if len(names) != len(session.agents):
            names = ["human" if agent is None else default_agent() for agent in session.agents]
        try:
            agents = agent_list(names, game.options.players, game.seed)
        except RulesError:
            agents = [None] * game.options.players
        made = add(session.roots, game, agents)  # takes the tables' lock itself
        made.names = names
        return jsonify(ok=True, url=url_for("show_game", gid=made.id))
