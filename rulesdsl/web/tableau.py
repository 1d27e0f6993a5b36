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

from rulesdsl.agents.registry import make_agents
from rulesdsl.core.record import RecordError
from rulesdsl.errors import ContentError, RulesError
from rulesdsl.games.options import parse_options
from rulesdsl.tableau import mech
from rulesdsl.tableau.game import TableauGame
from rulesdsl.tableau.render import seat_view
from rulesdsl.tableau.rulesets import load, ruleset_folders
from rulesdsl.web import security
from rulesdsl.web.busy import busy_page
from rulesdsl.web.downloads import record_download
from rulesdsl.web.runner import busy, new_lock


@attrs.define
class TableauSession:
    """One tableau game open in the page; agents by seat (None: a person at the page)."""

    id: str
    game: object
    agents: list
    names: list
    lock: object = attrs.field(factory=new_lock, repr=False)  # this game's own: agents answer under it
    job: object = None  # the agents' run (a Future) while they answer
    error: str | None = None  # why the agents' run stopped, when it failed

    @property
    def waiting_for_person(self) -> bool:
        """Whether the open decision is a person's at the page."""
        return self.game.decision is not None and self.agents[self.game.decision.player] is None


def games() -> list[tuple[str, str]]:
    """(id, name) of the built-in tableau rulesets."""
    out = []
    for key in ruleset_folders():
        try:
            out.append((key, load(key).manifest.name))
        except ContentError:
            continue
    return out


def ring_view(game) -> list[dict]:
    """The market ring slot by slot: the lot, its price now, or bought."""
    ring = game.table.ring
    base = mech.lowest(ring)
    return [{"slot": i, "tile": lot[0].replace("_", " "), "figure": lot[1], "price": i - base} if lot is not None else {"slot": i}
            for i, lot in enumerate(ring)]


def undo_point(session: TableauSession) -> int | None:
    """How many answers stay when the last answer of a person is taken back (None: none to take
    back, or no agent plays: every seat is a person's)."""
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
    """Add the tableau routes and their part of the start page to the app (`tables`: web.app's)."""
    sessions: dict[str, TableauSession] = {}
    counter = itertools.count(1)
    tables.tableau_sessions = sessions
    tables.open_games.append(lambda: sessions)
    tables.index_parts.append(lambda: {"tableau_games": games(), "tableau_sessions": list(sessions.values())})

    def session_or_404(gid: str) -> TableauSession:
        session = sessions.get(gid)
        if session is None:
            abort(404, f"no open game {gid[:40]}")
        return session

    def add(game, names) -> TableauSession:
        tables.room()
        session = TableauSession(f"t{next(counter)}", game, tables.agent_list(game.ruleset.id, names, game.players, game.seed),
                                 names)
        return tables.listed(sessions, session)

    def ruleset(name: str):
        """A built-in tableau ruleset by id (a request never names a folder)."""
        if name not in ruleset_folders():
            raise security.BadInput(f"unknown game '{name[:60]}': this table offers {', '.join(ruleset_folders())}")
        return load(name)

    def page(session: TableauSession, error: str | None = None, status: int = 200):
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
        try:
            chosen = ruleset(security.field("game"))
            players = security.number("players", 2, 1, 8)
            seed = security.number("seed", 0, -(2**63), 2**63 - 1)
            names = [security.field(f"agent{n}", "random" if n else "human") for n in range(players)]
            options = parse_options(v for v in security.field("options").replace(",", " ").split() if v)
            session = add(TableauGame(chosen, players, options, seed), names)
        except security.BadInput as err:
            return tables.index_page(f"cannot start the game: {err.message}", err.status)
        except (ValueError, RulesError, ContentError, RecursionError) as err:
            return tables.index_page(f"cannot start the game: {err}", 400)
        return redirect(url_for("tableau_game", gid=session.id))

    @app.post("/tableau/open")
    def tableau_open():
        try:
            data = security.uploaded_json("save")
            if not isinstance(data, dict):
                raise RecordError("expected a mapping")
            game = TableauGame.load(ruleset(str(data.get("game", ""))), data)
            names = [a.strip() for a in security.field("agents", "", 320).split(",") if a.strip()] or ["human"] * game.players
            if len(names) != game.players:
                raise RulesError(f"the agents name {len(names)} seats for {game.players} players")
            session = add(game, names)
        except security.BadInput as err:
            return tables.index_page(f"cannot open the saved game: {err.message}", err.status)
        except (ValueError, RulesError, RecordError, ContentError, TypeError, KeyError, AttributeError, RecursionError) as err:
            return tables.index_page(f"cannot open the saved game: {err}", 400)
        return redirect(url_for("tableau_game", gid=session.id))

    @app.get("/tableau/<gid>")
    def tableau_game(gid: str):
        session = session_or_404(gid)
        waiting = busy_page(session, "tableau_game")
        if waiting is not None:
            return waiting
        with session.lock:
            return page(session)

    @app.post("/tableau/<gid>/answer")
    def tableau_answer(gid: str):
        session = session_or_404(gid)
        wants_json = request.is_json
        key = security.answer_key()
        with session.lock:
            if busy(session) or not session.waiting_for_person:
                error, status = "no decision is waiting for a person at this page", 409
            else:
                try:
                    session.game.answer(key)
                    error, status = None, 200
                except (RulesError, RecursionError) as err:
                    error, status = str(err), 400
        if error is None:
            tables.run_agents(session)
        with session.lock:
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
            data = session.game.save()
            session.game = TableauGame.load(session.game.ruleset, dict(data, answers=data["answers"][:keep]))
        return redirect(url_for("tableau_game", gid=gid))

    @app.get("/tableau/<gid>/save")
    def tableau_save(gid: str):
        session = session_or_404(gid)
        with session.lock:
            return record_download(session.game, f"rulesdsl-{session.game.ruleset.id}-{gid}.json")
