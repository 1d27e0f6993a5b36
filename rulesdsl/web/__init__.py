"""The web table: `rulesdsl serve` (Flask, in the `web` extra), written once for every game.

The one-time part, the same for every game: the routes (`web.play`: start a game against
agents, open a saved one, its page, answer, undo, play on from a past step, save, and the
game's further views), the open games and their ids, the agents answering off the request
(`web.runner`), who a request speaks for (`web.seats`), the start page, and the input layer
every request passes (`web.security`: host allowlist, access token, CSRF, Origin, limits,
headers; a request names a game only by a name the registry offers, never a folder).

What a game supplies, registered with its plug-in (`registry.WebHooks`, e.g.
`games/feast/web.py`, `games/tableau/web.py`): its page (a template of `web/templates` and what
it shows), its part of the start page, the options its start form reads, and optionally its
paths and ids, who gave each answer, what more a refusal says and further views of a game
(a tile preview, a drawing) and pages of its own (the first game's Learn, Rules and
Components pages). No module here names or imports a game (tests/test_web_once.py); a game
whose plug-in has no web hooks is refused with the names of the games the table plays."""

from __future__ import annotations

from rulesdsl.errors import RulesError


def serve(host: str, port: int, roots=(), include_builtin: bool = True, game: str | None = None,
          allow_hosts: tuple[str, ...] = ()) -> None:
    """Run the web table; a clear message if Flask (or Flask-WTF) is not installed."""
    try:
        # import here: Flask is the optional `web` extra: imported only when the table is served
        from rulesdsl.web.app import serve as run
    except ImportError as err:
        raise RulesError(f"the web table needs Flask ({err}); install it with: pip install -e '.[web]' (as the README says; pip install 'rulesdsl[web]' outside a checkout)") from None
    run(host, port, roots, include_builtin, game, allow_hosts)
