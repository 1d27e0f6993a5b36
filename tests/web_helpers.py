"""Saved games that reach a given kind of decision, for the web and terminal tests."""

from __future__ import annotations

from rulesdsl.agents import RandomAgent
from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.view import present

OPTIONS = GameOptions(2, "long", ("A", "B", "C"))


def record_until(content, seed: int, wanted, limit: int = 2000, tries: int = 40, also=None) -> dict:
    """The record of a random game (agents seeded as `rulesdsl play` seeds them) stopped at
    the first decision for which `wanted(decision)` holds: the first of the seeds from
    `seed` on whose game reaches one (which seed does depends on how the engine plays);
    `also(game)`, when given, must hold of the game at that decision too."""
    for attempt in range(seed, seed + tries):
        game = Game(content, OPTIONS, attempt)
        agents = [RandomAgent(attempt * 7919 + i) for i in range(OPTIONS.players)]
        for _ in range(limit):
            decision = game.decision
            if decision is None:
                break
            if wanted(decision) and (also is None or also(game)):
                return game.save()
            game.answer(agents[decision.player].answer(game, decision))
    raise AssertionError(f"no game of seeds {seed}..{seed + tries - 1} reaches such a decision")


def p1_pays(decision) -> bool:
    """P1 pays with goods of their choice."""
    return decision.player == 0 and decision.kind == "pay" and len(decision.legal()) >= 2


def p1_places_turned(decision) -> bool:
    """P1 lays a tile, and some legal placement is turned."""
    return decision.player == 0 and any(pl.turn for pl in present.placements(decision))


def whole_game(content, seed: int = 0) -> dict:
    """The record of a whole random game."""
    game = Game(content, OPTIONS, seed)
    game.run([RandomAgent(seed * 7919 + i) for i in range(OPTIONS.players)])
    return game.save()


def csrf_client(app):
    """A test client of the table that sends the page's CSRF token with every POST, fetched
    as a browser gets it (the index page's `csrf-token` meta tag)."""
    import re

    from flask.testing import FlaskClient

    class TableClient(FlaskClient):
        token: str | None = None

        def open(self, *args, **kwargs):
            method = kwargs.get("method") or (args[0].method if args and hasattr(args[0], "method") else "GET")
            if method == "POST":
                if self.token is None:
                    page = super().open("/", method="GET").text
                    self.token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
                headers = dict(kwargs.pop("headers", None) or {})
                headers.setdefault("X-CSRFToken", self.token)
                kwargs["headers"] = headers
            return super().open(*args, **kwargs)

    app.test_client_class = TableClient
    return app.test_client()
