"""The local web table (`rulesdsl serve`): the start page, the open games of every game, the
agents that play them, the server's variant folders (and, through its hooks, a game's own pages:
the first game's Learn, Rules and Components).

Written once over the games registry: `web.play` adds the same routes for every game whose
plug-in has web hooks (`registry.WebHooks`), and the start page draws each game's part of it
from its hooks; this module never names a game. Games live in memory in this process; a game
is saved as its usual JSON record and can be opened again."""

from __future__ import annotations

import collections
import itertools
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask, render_template
from werkzeug.serving import make_server

from rulesdsl.agents import registry
from rulesdsl.errors import RulesError
from rulesdsl.games import registry as games
from rulesdsl.games.registry import GamePlugin, Offer
from rulesdsl.games.seats import agent_seed
from rulesdsl.web import security
from rulesdsl.web.i18n import init_i18n
from rulesdsl.web.play import Session, form_urls, game_url, register_all
from rulesdsl.web.runner import AgentRunner, busy

MAX_SAVE_BYTES = security.MAX_BODY_BYTES
MAX_CONTENTS = 4  # rules kept loaded (one per game and choice of variant folders; ~3 MB each)


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
    """The games open in this server (of every game, by id), the variant folders it offers and
    the rules each choice of them loads. The lock guards these lists only: a game has its own lock."""

    def __init__(self, roots: tuple[str, ...] = (), include_builtin: bool = True):
        self.variants = variant_names(roots)  # chosen per game by name; a request never names a path
        self.include_builtin = include_builtin
        self.sessions: dict[str, Session] = {}  # every open game by id
        self.counters: dict[str, Any] = {}  # a counter per id prefix (a plug-in's games: its prefix and a number)
        self.index_page: Callable[..., Any] = lambda error=None, status=200, chosen=None: ("", status)  # create_app's
        self.contents: collections.OrderedDict = collections.OrderedDict()  # rules by (game, variant folders)
        self.lock = threading.RLock()
        self.content_lock = threading.Lock()
        self.runner = AgentRunner()

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

    def rules(self, plugin: GamePlugin, name: str, extra: tuple[str, ...]) -> Any:
        """The rules of the game `name` with the chosen variant names, loaded once per choice (the
        last few kept)."""
        folders = [str(self.variants[variant]) for variant in extra]
        key = (name, *folders)
        with self.content_lock:
            if key in self.contents:
                self.contents.move_to_end(key)
                return self.contents[key]
            rules = plugin.rules(name, folders, self.include_builtin)
            self.contents[key] = rules
            while len(self.contents) > MAX_CONTENTS:
                self.contents.popitem(last=False)
            return rules

    def new_id(self, plugin: GamePlugin) -> str:
        """A new game's id: the plug-in's prefix and that prefix's next number (plug-ins sharing a
        prefix share its numbers, so an id is never given twice)."""
        prefix = plugin.web.ids if plugin.web is not None else ""
        with self.lock:
            return f"{prefix}{next(self.counters.setdefault(prefix, itertools.count(1)))}"

    def room(self) -> None:
        """Make room for one more game: drop the oldest finished one when full, else refuse."""
        with self.lock:
            if len(self.sessions) < security.MAX_OPEN_GAMES:
                return
            for session in list(self.sessions.values()):
                if session.game.decision is None and not busy(session):
                    self.sessions.pop(session.id, None)
                    return
        raise security.BadInput(f"this table already holds {security.MAX_OPEN_GAMES} unfinished games; "
                                "finish some or restart the server", 503)

    def add(self, session: Session) -> Session:
        """List a new game and start its agents; a failure in their first moves unlists it."""
        self.room()
        return self.listed(session)

    def listed(self, session: Session) -> Session:
        """Start `session`'s agents; list it unless they fail at once (no half-made game stays)."""
        self.runner.start(session)
        self.runner.wait(session, AGENT_WAIT)
        if session.error is not None:
            raise RulesError(session.error)
        with self.lock:
            self.sessions[session.id] = session
        return session

    def open_games(self) -> list[dict[str, Any]]:
        """The open games as the start page lists them, of every game."""
        with self.lock:
            sessions = list(self.sessions.values())
        return [{"id": s.id, "url": game_url(s), "title": s.view.title(s.game) if s.view.title is not None else None,
                 "players": s.plugin.players(s.game), "seed": s.game.seed, "answers": len(s.game.log),
                 "over": s.game.decision is None} for s in sessions]

    def start_parts(self, chosen: str | None) -> list[Any]:
        """Each game's part of the start page (its forms), in the registry's order."""
        parts = []
        for plugin in games.plugins():
            if plugin.web is not None:
                page = plugin.web.start(Offer(list(plugin.agents), plugin.default_agent, list(self.variants), chosen))
                parts.append({"template": page.template, "context": page.context, "forms": form_urls(plugin)})
        return parts

    def run_agents(self, session: Session) -> None:
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

    def index_page(error: str | None = None, status: int = 200, chosen: str | None = None):
        chosen = chosen or app.config.get("RULESDSL_GAME")
        return render_template("index.html", error=error, chosen=chosen, starts=tables.start_parts(chosen),
                               sessions=tables.open_games()), status

    tables.index_page = index_page
    init_i18n(app)  # every page in English and Simplified Chinese
    register_all(app, tables)  # every game's routes (the same ones) and own pages, and /play/NAME

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
