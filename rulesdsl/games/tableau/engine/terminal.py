"""A person playing a tableau game in the terminal: the board, numbered options, a number or a key."""

from __future__ import annotations

from rulesdsl.games.tableau.engine.render import render_seat


class TableauHuman:
    """Asks on the terminal; `read` raises EOFError when input ends (the game then stops)."""

    def __init__(self, read=None, write=print):
        self.read = read or (lambda prompt: input(prompt))
        self.write = write

    def answer(self, game, decision) -> str:
        self.write("")
        self.write(render_seat(game.ruleset, game.table, decision.player))
        legal = [o for o in decision.options if o.refusal is None]
        refused = [o for o in decision.options if o.refusal is not None]
        self.write(f"\nP{decision.player + 1}, round {game.table.round}: {decision.prompt}")
        for number, option in enumerate(legal, start=1):
            self.write(f"  {number:3}. {option.label.replace('_', ' ')}")
        if refused:
            self.write(f"  ({len(refused)} not possible now; type `why` to see them)")
        while True:
            text = self.read(f"P{decision.player + 1}, your choice (? for help): ").strip()
            if text in ("?", "help", ""):
                self.write("  a number or an option's key; why: the impossible options; ? N: player N's board")
                continue
            if text.isdigit() and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1].key
            if text == "why":
                for option in refused:
                    self.write(f"   -  {option.label} -- {option.refusal}")
                continue
            if text.startswith("? ") and text[2:].lstrip("pP").isdigit() and 1 <= int(text[2:].lstrip("pP")) <= len(game.table.seats):
                self.write(render_seat(game.ruleset, game.table, int(text[2:].lstrip("pP")) - 1))
                continue
            option = decision.option(text)
            if option is not None and option.refusal is None:
                return option.key
            self.write(f"  choose 1 to {len(legal)}, an option's key, `why`, or `? N` for player N's board (1 to {len(game.table.seats)})")
