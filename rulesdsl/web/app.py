"""The local web table (`rulesdsl serve`): the start page, the open games of every game and
the agents that play them, the server's variant folders and the Learn pages.

Each game's plug-in (`rulesdsl.games`) names the module that adds its routes and its part of the
start page (`web.feast` for A Feast for Odin, `web.tableau` for the tableau rulesets); this
module calls them all and never names a game. Games live in memory in this process; a game is
saved as its usual JSON record and can be opened again."""

from __future__ import annotations

import collections
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask, render_template
from werkzeug.serving import make_server

from rulesdsl.agents import registry
from rulesdsl.content.loader import load_content
from rulesdsl.errors import RulesError
from rulesdsl.games import registry as games
from rulesdsl.games.seats import agent_seed
from rulesdsl.web import security
from rulesdsl.web.learn import register as register_learn
from rulesdsl.web.runner import AgentRunner, busy

MAX_SAVE_BYTES = security.MAX_BODY_BYTES
MAX_CONTENTS = 4  # contents kept loaded (one per choice of variant folders; ~3 MB each)


def agent_names() -> tuple[list[str], str]:
    """(the agents the start form offers, the one it suggests as an opponent), from the registry."""
    return registry.names(), default_agent()


def default_agent() -> str:
    """The registry's default agent (what `rulesdsl play` plays when no agent is named)."""
    return registry.default_agent()


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
    """The games open in this server (each game's plug-in lists its own), the variant folders
    it offers and the content each choice of them loads. The lock guards these lists only: a
    game has its own lock."""

    def __init__(self, roots: tuple[str, ...] = (), include_builtin: bool = True):
        self.variants = variant_names(roots)  # chosen per game by name; a request never names a path
        self.include_builtin = include_builtin
        self.sessions: dict = {}  # the first game's open games (web.feast)
        self.open_games: list[Callable[[], dict]] = []  # each game's open games by id (each plug-in adds its own)
        self.index_parts: list[Callable[[], dict]] = []  # what each game adds to the start page
        self.index_page: Callable[..., Any] = lambda error=None, status=200: ("", status)  # create_app's
        self.contents: collections.OrderedDict = collections.OrderedDict()
        self.lock = threading.RLock()
        self.content_lock = threading.Lock()
        self.runner = AgentRunner()

    def agent_names(self, game: str) -> list[str]:
        """The agents the start form offers for `game`."""
        return registry.names(game)

    def default_agent(self, game: str) -> str:
        """The agent the start form suggests for `game`."""
        return registry.default_agent(game)

    def agent_list(self, game: str, names: list[str], players: int, seed: int) -> list:
        """Agents by name as `rulesdsl play --agents` makes them for `game`; a person is None (the page)."""
        seats = registry.agent_names(",".join(names), players, game)
        return [None if name == registry.PERSON else registry.make_agent(name, agent_seed(seed, seat), game=game)
                for seat, name in enumerate(seats)]

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
            kept = []
            for games_of in self.open_games:
                sessions = games_of()
                kept += [(sessions, session) for session in sessions.values()]
            if len(kept) < security.MAX_OPEN_GAMES:
                return
            for sessions, session in kept:
                if session.game.decision is None and not busy(session):
                    sessions.pop(session.id, None)
                    return
        raise security.BadInput(f"this table already holds {security.MAX_OPEN_GAMES} unfinished games; "
                                "finish some or restart the server", 503)

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


AGENT_WAIT = 10.0  # seconds a request waits for the agents before the page says they are still playing


def create_app(roots: tuple[str, ...] = (), include_builtin: bool = True, game: str | None = None,
               hosts: list[str] | None = None, token: str | None = None) -> Flask:
    """The Flask application serving the table (`game`: the game the start form offers first;
    `roots`: the variant folders a game may choose; `hosts`: the host names served, this machine's
    by default; `token`: the access token every request must carry, None on this machine only)."""
    app = Flask(__name__)
    app.config["RULESDSL_GAME"] = game
    security.protect(app, hosts, token)
    tables = Tables(roots, include_builtin)
    app.extensions["rulesdsl_tables"] = tables

    def index_page(error: str | None = None, status: int = 200):
        parts = {key: value for part in tables.index_parts for key, value in part().items()}
        return render_template("index.html", error=error, chosen=app.config.get("RULESDSL_GAME"), **parts), status

    tables.index_page = index_page
    for plugin in games.plugins():
        plugin.web(app, tables)  # each game's routes and its part of the start page
    register_learn(app)  # the Learn, Rules and Components pages, in English and Chinese

    @app.get("/")
    def index():
        return index_page()

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
