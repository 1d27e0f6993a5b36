"""The web table: `rulesdsl serve` (Flask, in the `web` extra)."""

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
