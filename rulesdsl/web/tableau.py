"""The web table for tableau games (`rulesdsl serve`, rulesdsl.tableau): start or open a game
of a tableau ruleset, see the table (the market ring with its prices, every home board as
`rulesdsl render` draws it), answer by clicking the offered answers, save.

Like the first game's page it holds no rules: a click sends the option's key to
`/tableau/<id>/answer`, which goes through `TableauGame.answer` (a refused key changes nothing
and the page says why); the refused options are listed with their reasons. Agents answer
until a person must. Games live in memory; a game is saved as its usual JSON record.
"""

from __future__ import annotations

import itertools
import json

import attrs
from flask import abort, jsonify, redirect, render_template, request, url_for

from rulesdsl.errors import ContentError, RulesError


@attrs.define
class TableauSession:
    """One tableau game open in the page; agents by seat (None: a person at the page)."""

    id: str
    game: object
    agents: list
    names: list

    @property
    def waiting_for_person(self) -> bool:
        """Whether the open decision is a person's at the page."""
        return self.game.decision is not None and self.agents[self.game.decision.player] is None


def games() -> list[tuple[str, str]]:
    """(id, name) of the built-in tableau rulesets."""
    from rulesdsl.tableau.rulesets import load, ruleset_folders

    out = []
    for key in ruleset_folders():
        try:
            out.append((key, load(key).manifest.name))
        except ContentError:
            continue
    return out


def _agents(names: list[str], game) -> list:
    from rulesdsl.agents.registry import make_agents

    made, _ = make_agents(",".join(n if n != "human" else "random" for n in names), game.players, game.seed,
                          game=game.ruleset.id)
    return [None if name == "human" else agent for name, agent in zip(names, made)]


def ring_view(game) -> list[dict]:
    """The market ring slot by slot: the lot, its price now, or bought."""
    from rulesdsl.tableau import mech

    ring = game.table.ring
    base = mech.lowest(ring)
    return [{"slot": i, "tile": lot[0].replace("_", " "), "figure": lot[1], "price": i - base} if lot is not None else {"slot": i}
            for i, lot in enumerate(ring)]


def undo_point(session: TableauSession) -> int | None:
    """How many answers stay when the last answer of a person is taken back (None: none to take
    back, or no agent plays: every seat is a person's)."""
    from rulesdsl.tableau.game import TableauGame

    people = {i for i, agent in enumerate(session.agents) if agent is None}
    if not people or len(people) == len(session.agents):
        return None
    data = session.game.save()
    replay = TableauGame.load(session.game.ruleset, dict(data, answers=[]))
    last = None
    for index, key in enumerate(data["answers"]):  # the record keeps keys only: who answered is replayed
        if replay.decision is not None and replay.decision.player in people:
            last = index
        replay.answer(key)
    return last


def register(app, tables) -> None:
    """Add the tableau routes to the app (`tables` keeps the sessions)."""
    sessions: dict[str, TableauSession] = {}
    counter = itertools.count(1)
    tables.tableau_sessions = sessions

    def session_or_404(gid: str) -> TableauSession:
        session = sessions.get(gid)
        if session is None:
            abort(404, f"no open game {gid}")
        return session

    def run_agents(session: TableauSession, limit: int = 100_000) -> None:
        game = session.game
        for _ in range(limit):
            if game.decision is None or session.agents[game.decision.player] is None:
                return
            game.answer(session.agents[game.decision.player].answer(game, game.decision))

    def add(game, names) -> TableauSession:
        session = TableauSession(f"t{next(counter)}", game, _agents(names, game), names)
        sessions[session.id] = session
        run_agents(session)
        return session

    def page(session: TableauSession, error: str | None = None, status: int = 200):
        from rulesdsl.tableau.render import seat_view

        game = session.game
        decision = game.decision if session.waiting_for_person else None
        options = [{"key": o.key, "label": o.label.replace("_", " "), "refusal": o.refusal} for o in decision.options] if decision else []
        return render_template(
            "tableau.html", session=session, game=game, error=error, ring=ring_view(game), decision=decision,
            legal=[o for o in options if o["refusal"] is None], refused=[o for o in options if o["refusal"] is not None],
            seats=[seat_view(game.ruleset, game.table, i) for i in range(game.players)],
            figures={f.id: f.colour for f in game.ruleset.figures.values()},
            scores=game.score_table(session.names) if game.decision is None else None,
            can_undo=any(a is None for a in session.agents) and not all(a is None for a in session.agents) and bool(game.log),
            state=json.dumps({"answers": len(game.log), "over": game.decision is None,
                              "decision": {"player": decision.player, "kind": decision.kind,
                                           "legal": [o["key"] for o in options if o["refusal"] is None]} if decision else None})), status

    @app.post("/tableau/new")
    def tableau_new():
        from rulesdsl.tableau.cli import parse_options
        from rulesdsl.tableau.game import TableauGame
        from rulesdsl.tableau.rulesets import load

        form = request.form
        try:
            ruleset = load(form.get("game", ""))
            players = int(form.get("players", "2"))
            seed = int(form.get("seed", "0") or 0)
            names = [form.get(f"agent{n}", "random" if n else "human").strip() for n in range(players)]
            options = parse_options(v for v in form.get("options", "").replace(",", " ").split() if v)
            with tables.lock:
                session = add(TableauGame(ruleset, players, options, seed), names)
        except (ValueError, RulesError, ContentError) as err:
            return tables.index_page(f"cannot start the game: {err}", 400)
        return redirect(url_for("tableau_game", gid=session.id))

    @app.post("/tableau/open")
    def tableau_open():
        from rulesdsl.engine.record import RecordError
        from rulesdsl.tableau.game import TableauGame
        from rulesdsl.tableau.rulesets import load

        upload = request.files.get("save")
        text = upload.read().decode("utf-8", "replace") if upload and upload.filename else request.form.get("text", "")
        try:
            data = json.loads(text)
            ruleset = load(str(data.get("game", ""))) if isinstance(data, dict) else None
            if ruleset is None:
                raise RecordError("expected a mapping")
            with tables.lock:
                game = TableauGame.load(ruleset, data)
                names = [a.strip() for a in request.form.get("agents", "").split(",") if a.strip()] or ["human"] * game.players
                if len(names) != game.players:
                    raise RulesError(f"the agents name {len(names)} seats for {game.players} players")
                session = add(game, names)
        except (ValueError, RulesError, RecordError, ContentError) as err:
            return tables.index_page(f"cannot open the saved game: {err}", 400)
        return redirect(url_for("tableau_game", gid=session.id))

    @app.get("/tableau/<gid>")
    def tableau_game(gid: str):
        session = session_or_404(gid)
        with tables.lock:
            return page(session)

    @app.post("/tableau/<gid>/answer")
    def tableau_answer(gid: str):
        session = session_or_404(gid)
        wants_json = request.is_json
        key = (request.get_json(silent=True) or {}).get("key") if wants_json else request.form.get("key")
        with tables.lock:
            if not session.waiting_for_person:
                error, status = "no decision is waiting for a person at this page", 409
            elif not isinstance(key, str):
                error, status = "the answer names no option (send {\"key\": ...})", 400
            else:
                try:
                    session.game.answer(key)
                    run_agents(session)
                    error, status = None, 200
                except RulesError as err:
                    error, status = str(err), 400
            if wants_json:
                if error:
                    return jsonify(error=error), status
                return jsonify(ok=True, answers=len(session.game.log), over=session.game.decision is None)
            if error:
                return page(session, error, status)
            return redirect(url_for("tableau_game", gid=gid))

    @app.post("/tableau/<gid>/undo")
    def tableau_undo(gid: str):
        """Take back the last answer of a person at the page, with the agents' answers after it."""
        session = session_or_404(gid)
        with tables.lock:
            keep = undo_point(session)
            if keep is None:
                return page(session, "there is no answer of a person to take back in a game against agents", 409)
            from rulesdsl.tableau.game import TableauGame

            data = session.game.save()
            session.game = TableauGame.load(session.game.ruleset, dict(data, answers=data["answers"][:keep]))
        return redirect(url_for("tableau_game", gid=gid))

    @app.get("/tableau/<gid>/save")
    def tableau_save(gid: str):
        session = session_or_404(gid)
        from rulesdsl.web.app import record_download

        with tables.lock:
            return record_download(session.game, f"rulesdsl-{session.game.ruleset.id}-{gid}.json")
