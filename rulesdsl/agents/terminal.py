"""A person playing in the terminal.

Before each question the agent prints what happened since it last asked (forced answers,
dice results, failures, cards played, each phase), with what every player gained and paid
under each line, and before each turn the player's state. Only the possible options are
numbered; the impossible ones are folded into one line (`why` lists them with their reasons).
Spaces keep one number all game: their column and row on the action board (`103`: column 1,
row 3; `map` draws the board with them). Tiles are placed by square: `c4` (column letter,
row number of the tile's top-left corner), `r` per quarter turn, `m` to turn it over, a board
name first when there are several (`stone_house:1 b2 r`); the tile's shape is drawn. `?` or
`help` lists the commands; `me` shows the player's state, `me 2` another player's."""

from __future__ import annotations

from rulesdsl.learn.reference import rule_tag
from rulesdsl.view import present

HELP = ("  answers: a number, a space's number (103: column 1, row 3), an option's key, or for tiles a square\n"
        "           like c4 (then r: a quarter turn, m: turned over), e.g. `c4 r m`\n"
        "  ? or help: this list      me: your state      me N: player N's      map: the action board with numbers\n"
        "  board: your boards        why: the impossible options with the reasons\n"
        "  log: the last 30 lines of the history         list: every option with its key")


class HumanAgent:
    """Asks on the terminal; `read` raises EOFError when input ends (the game then stops)."""

    def __init__(self, read=None, write=print):
        self.read = read or (lambda prompt: input(prompt))  # looked up when asked: stdin may be replaced
        self.write = write
        self.seen = 0  # history lines already shown
        self.marks: dict[int, list] = {}  # history line -> holdings when it was written
        self.watched = None

    # ------------------------------------------------------------ what happened
    def _watch(self, game) -> None:
        """Note the holdings as each history line is written, to show each line's gains and payments."""
        if self.watched is game:
            return
        self.watched = game
        previous = game.on_note

        def note(index):
            self.marks[index] = present.holdings(game)
            if previous is not None:
                previous(index)

        game.on_note = note

    def _news(self, game) -> None:
        self.seen = min(self.seen, len(game.history))
        now = present.holdings(game)
        lines = range(self.seen, len(game.history))
        for n, index in enumerate(lines):
            self.write("  · " + present.history_line(game, game.history[index]))
            after = self.marks.get(index + 1, now) if n + 1 < len(lines) else now
            before = self.marks.get(index)
            if before is not None:
                for change in present.change_lines(before, after):
                    self.write("      " + change)
        self.seen = len(game.history)
        self.marks = {k: v for k, v in self.marks.items() if k >= self.seen}
        self._watch(game)

    def _state(self, game, index: int, me: int) -> None:
        for line in present.player_lines(game, index, hide_hand=index != me and not game.over):
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
            self._state(game, decision.player, decision.player)
        labels = present.distinct_labels(game, decision)
        placed = present.placements(decision)
        placement_keys = {pl.key for pl in placed}
        numbered = [o for o in decision.options if o.refusal is None and o.key not in placement_keys
                    and present.space_code(game, o.key) is None]
        spaces = [o for o in decision.options if o.refusal is None and present.space_code(game, o.key) is not None]
        refused = [o for o in decision.options if o.refusal is not None]
        self.write(f"\n{name}: {present.history_line(game, decision.prompt)}")
        if placed:
            pieces = sorted({pl.piece for pl in placed if pl.piece})
            areas = ", ".join(sorted({pl.area for pl in placed}))
            self.write(f"  place {', '.join(p.replace('_', ' ') for p in pieces) or 'a tile'}: {len(placed)} ways on {areas}; "
                       "type a square like c4, r per quarter turn, m to turn over (`board` draws your boards)")
            for piece in pieces[:3]:
                self.write(f"  {piece.replace('_', ' ')} as it lies unturned:")
                for line in present.shape_lines(game, piece):
                    self.write("      " + line)
        hint = present.dice_hint(game, decision)
        if hint:
            self.write(f"  ({hint})")
        for option in sorted(spaces, key=lambda o: present.space_code(game, o.key)):
            self.write(f"  {present.space_code(game, option.key):>4}. {_fit(labels[option.key])}")
        for number, option in enumerate(numbered, start=1):
            self.write(f"  {number:4}. {_fit(labels[option.key])}")
        if refused:
            self.write(f"  ({len(refused)} not possible now; type `why` to see them with the reasons"
                       + (", `map` for the board)" if spaces else ")"))
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
        me = decision.player
        if word in ("", "?", "help", "h"):
            self.write(HELP)
            return None
        if word in ("me", "status", "state"):
            self._state(game, me, me)
            return None
        if word.startswith(("me ", "status ", "? ")):
            number = word.split()[1].lstrip("p")
            if number.isdigit() and len(number) < 4 and 1 <= int(number) <= len(game.state.players):
                self._state(game, int(number) - 1, me)
            else:
                self.write(f"  players are 1 to {len(game.state.players)}")
            return None
        if word in ("board", "boards"):
            self._boards(game, me)
            return None
        if word == "map":
            for line in present.action_board_map(game, decision):
                self.write(line)
            return None
        if word == "log":
            for line in game.history[-30:]:
                self.write("  · " + present.history_line(game, line))
            return None
        if word == "why":
            for option in refused:
                self.write(f"   -  {_fit(labels[option.key], 70)} -- {present.refusal_text(game, decision, option)}{rule_tag(option.refusal)}")
            if not refused:
                self.write("  every option is possible")
            return None
        if word == "list":
            for option in decision.options:
                mark = f"  (not possible: {present.refusal_text(game, decision, option)})" if option.refusal else ""
                self.write(f"  {option.key}: {labels[option.key]}{mark}")
            return None
        if text.isdigit():
            by_code = next((o for o in decision.options if present.space_code(game, o.key) == text), None)
            if by_code is not None:
                if by_code.refusal:
                    self.write(f"  refused: {present.refusal_text(game, decision, by_code)}{rule_tag(by_code.refusal)}")
                    return None
                return by_code.key
            if len(text) < 7 and 1 <= int(text) <= len(numbered):  # a number of thousands of digits is just out of range
                return numbered[int(text) - 1].key
            if len(text) >= 3:
                self.write(f"  no space {text} is on the board (`map` shows their numbers)")
            else:
                self.write(f"  choose 1 to {len(numbered)}" if numbered else "  nothing is numbered here; name a square")
            return None
        option = decision.option(text)
        if option is not None:
            if option.refusal:
                self.write(f"  refused: {present.refusal_text(game, decision, option)}{rule_tag(option.refusal)}")
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
                self.write(f"  refused: {present.refusal_text(game, decision, by_label[0])}{rule_tag(by_label[0].refusal)}")
                return None
            return by_label[0].key
        self.write("  not one of the choices; type its number (or ? for help)")
        return None


def _fit(text: str, width: int = 120) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
