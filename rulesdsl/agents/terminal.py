"""A person playing in the terminal.

Before each question the agent prints what happened since it last asked (forced answers,
dice results, failures, cards played), and before each turn the player's state. Only the
possible options are numbered; the impossible ones are folded into one line (`why` lists
them with their reasons). Tiles are placed by square: `c4` (column letter, row number of
the tile's top-left corner), `r` per quarter turn, `m` to turn it over, a board name first
when there are several (`stone_house:1 b2 r`). Typing `?` shows the player's state at any
question, `? 2` another player's, `board` the boards as text, `log` the recent history."""

from __future__ import annotations

from rulesdsl.view import present

HELP = ("  answers: a number, an option's key, or for tiles a square like c4 (r: quarter turn, m: turn over)\n"
        "  ? or status: your state   ? N: player N   board: your boards   why: the impossible options\n"
        "  log: the last 30 lines of the history   list: every option, numbered as listed")


class HumanAgent:
    """Asks on the terminal; `read` raises EOFError when input ends (the game then stops)."""

    def __init__(self, read=None, write=print):
        self.read = read or (lambda prompt: input(prompt))  # looked up when asked: stdin may be replaced
        self.write = write
        self.seen = 0  # history lines already shown

    # ------------------------------------------------------------ what happened
    def _news(self, game) -> None:
        self.seen = min(self.seen, len(game.history))
        for line in game.history[self.seen:]:
            self.write("  · " + present.readable(line))
        self.seen = len(game.history)

    def _state(self, game, index: int) -> None:
        for line in present.player_lines(game, index):
            self.write(line)

    def _boards(self, game, player: int) -> None:
        for key, (label, board) in present.areas_of(game, player).items():
            self.write(f"  {label} [{key}]")
            for line in present.board_text(board):
                self.write("  " + line)

    # ------------------------------------------------------------ asking
    def answer(self, game, decision) -> str:
        self._news(game)
        name = present.player_name(decision.player)
        if decision.kind == "space":
            self.write("")
            self._state(game, decision.player)
        labels = present.distinct_labels(game, decision)
        placed = present.placements(decision)
        placement_keys = {pl.key for pl in placed}
        numbered = [o for o in decision.options if o.refusal is None and o.key not in placement_keys]
        refused = [o for o in decision.options if o.refusal is not None]
        self.write(f"\n{name}: {present.readable(decision.prompt)}")
        if placed:
            pieces = ", ".join(sorted({pl.piece for pl in placed if pl.piece})) or "a tile"
            areas = ", ".join(sorted({pl.area for pl in placed}))
            self.write(f"  place {pieces}: {len(placed)} ways on {areas}; type a square like c4, r per quarter turn, "
                       "m to turn over (`board` draws your boards)")
        for number, option in enumerate(numbered, start=1):
            self.write(f"  {number:3}. {_fit(labels[option.key])}")
        if refused:
            self.write(f"  ({len(refused)} not possible now; type `why` to see them with the reasons)")
        while True:
            text = self.read(f"{name}, your choice (? for help): ").strip()
            chosen = self._interpret(game, decision, text, numbered, refused, labels)
            if chosen is not None:
                option = decision.option(chosen)
                if option is not None and option.key in placement_keys:
                    pl = present.placement_of(option)
                    self.write(f"  placing {pl.piece} at {present.square_name(pl.row, pl.column)} on {pl.area}, "
                               f"turned {pl.turn}{' over' if pl.mirror else ''}")
                return chosen

    def _interpret(self, game, decision, text, numbered, refused, labels) -> str | None:
        """The answer key a line of input names, or None after saying why it names none."""
        word = text.lower()
        if word in ("", "help", "h"):
            self.write(HELP)
            return None
        if word in ("?", "status", "state"):
            self._state(game, decision.player)
            return None
        if word.startswith(("? ", "status ")):
            number = word.split()[1].lstrip("p")
            if number.isdigit() and len(number) < 4 and 1 <= int(number) <= len(game.state.players):
                self._state(game, int(number) - 1)
            else:
                self.write(f"  players are 1 to {len(game.state.players)}")
            return None
        if word in ("board", "boards", "map"):
            self._boards(game, decision.player)
            return None
        if word == "log":
            for line in game.history[-30:]:
                self.write("  · " + present.readable(line))
            return None
        if word == "why":
            for option in refused:
                self.write(f"   -  {_fit(labels[option.key], 70)} -- {option.refusal}")
            if not refused:
                self.write("  every option is possible")
            return None
        if word == "list":
            for number, option in enumerate(decision.options, start=1):
                mark = f"  (not possible: {option.refusal})" if option.refusal else ""
                self.write(f"  {option.key}: {labels[option.key]}{mark}")
            return None
        if text.isdigit():
            if len(text) < 7 and 1 <= int(text) <= len(numbered):  # a number of thousands of digits is just out of range
                return numbered[int(text) - 1].key
            self.write(f"  choose 1 to {len(numbered)}" if numbered else "  nothing is numbered here; name a square")
            return None
        option = decision.option(text)
        if option is not None:
            if option.refusal:
                self.write(f"  refused: {option.refusal}")
                return None
            return option.key
        if present.placements(decision):
            parsed = present.parse_placement(decision, text)
            if isinstance(parsed, str):
                self.write(f"  {parsed}")
                return None
            key = present.placement_key_at(decision, *parsed)
            if key is None:
                verdict = present.placement_verdict(game, decision, *parsed)
                area, _, _, turn, mirror = parsed
                self.write(f"  not possible at {verdict['at']} on {area} turned {turn}{' over' if mirror else ''}: {verdict['reason']}")
            return key
        by_label = [o for o in decision.options if labels[o.key].lower() == word or o.label.lower() == word]
        if len(by_label) == 1:
            if by_label[0].refusal:
                self.write(f"  refused: {by_label[0].refusal}")
                return None
            return by_label[0].key
        self.write("  not one of the choices; type its number (or ? for help)")
        return None


def _fit(text: str, width: int = 120) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
