"""Scenario files for tableau games: a situation, the answers, what must come out.

The same shape as the first game's scenarios (docs/SCENARIOS.md): a YAML mapping with
`title`, the rule ids it proves (`rules:`), `players`, `seed`, `options`, a `content`
override laid over the ruleset's files (by file name, lists of mappings merged by id: the
place for placeholder values), a `situation`, what to `run`, `steps` and `expect`.

    situation:                      # everything optional; what is left out is the game's setup
      round: 2                      # the round being played (parity-scheduled rules read it)
      start: 0                      # the start player
      ring: [A/x, -, ...]           # lots by slot: TILECODE/figure, `-` bought
      stacks: [[L, Sr, ...]]        # the next stacks, by tile code
      draws: [x, y, ...]            # the bag gives these first (then at random)
      players:
        - {CURRENCY: 10, board: [rows...], holding: {x: 2}, held: [TILE]}
    run: round | final | game | <card-language text>   (default: round)
    steps:                          # in order; the game stops where they end
      - answer: lot@1
      - refused: lot@0              # must be refused now ...
        because: last of its kind   # ... with this in the reason
      - legal: [at:1,1, at:1,2]     # exactly these answers are legal now
      - expect: {...}               # checked here
    expect:                         # checked after the last step
      prices: {2: 0, 3: 1}          # slot -> price of the lots left
      start: 1
      players: [{CURRENCY: 12, holding: {...}, board: [...], threatened: ["3,1"]}]
      places: [1, 2, 2]             # by the ruleset's ranking
      over: true
"""

from __future__ import annotations

from pathlib import Path

import attrs

from rulesdsl.content.yamlfile import YamlReadError, read_yaml
from rulesdsl.errors import CardSyntaxError, ContentError, RulesError
from rulesdsl.games.tableau.engine import mech
from rulesdsl.games.tableau.engine.content import load_ruleset, vocabulary
from rulesdsl.games.tableau.engine.game import TableauGame
from rulesdsl.games.tableau.engine.render import board_lines, parse_board
from rulesdsl.games.tableau.engine.state import Seat
from rulesdsl.lang.checker import check
from rulesdsl.lang.parser import parse

KEYS = {"game", "title", "rules", "players", "seed", "options", "content", "situation", "run", "steps", "expect", "note"}


class ScenarioFileError(RulesError):
    """A problem of a scenario file at the value `key_path` (and `pos` inside its card-language text)."""

    def __init__(self, message: str, key_path: tuple = (), pos=None, key: bool = False):
        super().__init__(message)
        self.message, self.key_path, self.pos, self.key = message, key_path, pos, key


@attrs.define
class Result:
    title: str
    failures: list = attrs.field(factory=list)

    @property
    def passed(self) -> bool:
        return not self.failures


def collect(paths) -> list[Path]:
    """Scenario files among `paths` (folders searched for *.yaml)."""
    out = []
    for path in paths:
        out += sorted(path.rglob("*.yaml")) if path.is_dir() else [path]
    return out


def _read(path: Path) -> dict:
    return _checked(_read_doc(path)).data


def _read_doc(path: Path):
    """The scenario file's YAML document (positions kept)."""
    try:
        return read_yaml(path)
    except YamlReadError as err:
        raise RulesError(str(err.problem)) from None


def _checked(doc):
    """The document, its top-level keys checked."""
    if not isinstance(doc.data, dict):
        raise ScenarioFileError("a scenario is a mapping")
    for key in doc.data:
        if key not in KEYS:
            raise ScenarioFileError(f"unknown key '{key}'; expected one of {', '.join(sorted(KEYS))}", (key,), key=True)
    return doc


def _located(doc, path: Path, err: Exception) -> str:
    """A failure as `file:line:col: message`, at the value it is about."""
    if isinstance(err, ContentError):
        return str(err)
    if doc is None or not isinstance(err, ScenarioFileError):
        text = str(err)
        return text if text.startswith(str(path)) else f"{path}:1:1: {text}"
    if err.pos is not None:
        return f"{doc.text_location(err.key_path, err.pos.line, err.pos.column)}: {err.message}"
    return f"{doc.location(err.key_path, key=err.key)}: {err.message}"


def _ruleset_for(data, ruleset):
    override = data.get("content")
    if not override:
        return ruleset

    return load_ruleset(Path(ruleset.folder), override)


def _codes(ruleset):
    return {k.code: k.id for k in ruleset.components.tiles}


def _prepare(ruleset, situation: dict):
    """A function that lays the situation onto a freshly set-up table."""
    codes = _codes(ruleset)

    def lot(text):
        if text in (None, "-"):
            return None
        code, _, figure = str(text).partition("/")
        if code not in codes:
            raise ScenarioFileError(f"'{code}' is no tile code", ("situation", "ring"))
        return [codes[code], figure or None]

    def prepare(table):
        if "round" in situation:
            table.round = situation["round"]
        table.start = situation.get("start", table.start)
        if "ring" in situation:
            ring = [lot(x) for x in situation["ring"]]
            table.ring = ring + [None] * (len(table.ring) - len(ring))
        if "stacks" in situation:
            table.stacks = [[codes[c] for c in stack] for stack in situation["stacks"]]
        table.forced_draws = list(situation.get("draws", ()))
        for index, spec in enumerate(situation.get("players", ())):
            seat = table.seats[index]
            for currency in list(seat.money):
                if currency in spec:
                    seat.money[currency] = spec[currency]
            seat.held = list(spec.get("held", ()))
            if "board" in spec:
                seat.tiles, seat.figures = parse_board(ruleset, spec["board"])
            seat.holding = {k: v for k, v in dict(spec.get("holding", {})).items() if v}
            seat.turns = spec.get("turns", 1 if "board" in spec else 0)
        used = [x[1] for x in table.ring if x and x[1]]
        for seat in table.seats:
            used += list(seat.figures.values())
            used += [k for k, v in seat.holding.items() for _ in range(v)]
        for figure in used + table.forced_draws:  # the bag holds what the table does not
            if figure in table.bag:
                table.bag.remove(figure)
        table.bag += list(table.forced_draws)
    return prepare


def _program(ruleset, run):
    if run in (None, "round"):
        return ruleset.programs["round"]
    if run == "final":
        return ruleset.programs["final"]
    if run == "game":
        return None
    try:
        program = parse(run)
    except CardSyntaxError as err:
        raise ScenarioFileError(err.message, ("run",), err) from None
    problems = list(check(program, vocabulary(ruleset)))
    if problems:
        pos, message = problems[0]
        raise ScenarioFileError(message, ("run",), pos)
    return program


def situation_game(path: Path, ruleset):
    """The game a scenario file starts from (before any step)."""
    data = _read(path)
    ruleset = _ruleset_for(data, ruleset)
    return TableauGame(ruleset, data.get("players"), data.get("options") or {}, data.get("seed", 0),
                       prepare=_prepare(ruleset, data.get("situation") or {}), program=_program(ruleset, data.get("run")))


def run_file(path: Path, ruleset) -> Result:
    """Run one scenario file; every mismatch is a line of the result."""
    result = Result(str(path))
    doc = None
    try:
        doc = _read_doc(path)
        data = _checked(doc).data
        result.title = str(data.get("title", path.stem))
        if not data.get("rules"):
            result.failures.append(f"{doc.location(())}: the scenario names no rule or example it proves (`rules:`)")
        game = situation_game(path, ruleset)
        for index, step in enumerate(data.get("steps") or ()):
            _step(game, step, f"{doc.location(('steps', index))}: step {index + 1}", result.failures)
            if result.failures:
                return result
        where = f"{doc.location(('expect',))}: expect" if "expect" in data else "expect"
        _expect(game, data.get("expect") or {}, where, result.failures)
    except (RulesError, ContentError, CardSyntaxError) as err:
        result.failures.append(_located(doc, path, err))
    return result


def _step(game, step, where, failures):
    if not isinstance(step, dict):
        failures.append(f"{where}: a step is a mapping (answer, refused, legal or expect)")
        return
    if "answer" in step:
        if game.decision is None:
            failures.append(f"{where}: no decision is open for the answer {step['answer']!r}")
            return
        try:
            game.answer(str(step["answer"]))
        except RulesError as err:
            failures.append(f"{where}: {err}")
    elif "refused" in step:
        key = str(step["refused"])
        try:
            refusal = game.decision.refusal(key) if game.decision else "no decision"
        except KeyError:
            refusal = "not offered"
        if refusal is None:
            failures.append(f"{where}: {key} is legal, expected it refused")
        elif step.get("because") and str(step["because"]) not in refusal:
            failures.append(f"{where}: {key} refused with '{refusal}', expected '{step['because']}' in it")
    elif "legal" in step:
        legal = sorted(game.decision.legal()) if game.decision else []
        want = sorted(str(k) for k in step["legal"])
        if legal != want:
            failures.append(f"{where}: legal answers {legal}, expected {want}")
    elif "expect" in step:
        _expect(game, step["expect"], where, failures)
    else:
        failures.append(f"{where}: unknown step {sorted(step)}")


def _expect(game, expect, where, failures):
    table, ruleset = game.table, game.ruleset

    def check(label, got, want):
        if got != want:
            failures.append(f"{where}: {label}: got {got!r}, expected {want!r}")

    for key, want in expect.items():
        if key == "prices":
            got = {i: mech.price(table.ring, i) for i, lot in enumerate(table.ring) if lot is not None}
            check("prices", got, {int(k): v for k, v in want.items()})
        elif key == "ring":
            code = {k.id: k.code for k in ruleset.components.tiles}
            got = ["-" if lot is None else f"{code[lot[0]]}/{lot[1]}" for lot in table.ring]
            check("ring", got, list(want))
        elif key == "start":
            check("start player", table.start, want)
        elif key == "over":
            check("game over", game.decision is None, want)
        elif key == "places":
            check("places", [row["place"] for row in game.scores()], list(want))
        elif key == "decision":
            d = game.decision
            check("decision", None if d is None else {"player": d.player, "kind": d.kind}, want)
        elif key == "out":
            check("out of the game", {k: v for k, v in table.out.items() if k in want}, dict(want))
        elif key == "players":
            for index, spec in enumerate(want):
                _expect_seat(game, index, spec or {}, f"{where}: player {index}", failures)
        else:
            failures.append(f"{where}: unknown expectation '{key}'")


def _expect_seat(game, index, spec, where, failures):
    seat = game.table.seats[index]
    ruleset = game.ruleset
    for key, want in spec.items():
        if key in seat.money:
            got = seat.money[key]
        elif key == "holding":
            got, want = dict(sorted(seat.holding.items())), dict(sorted((k, v) for k, v in want.items() if v))
        elif key == "board":
            got, want = board_lines(ruleset, seat), _normal(ruleset, want)
        elif key == "threatened":
            got, want = sorted(f"{r},{c}" for r, c in game.interp.threat(index)[0]), sorted(want)
        elif key == "held":
            got = list(seat.held)
        else:
            failures.append(f"{where}: unknown expectation '{key}'")
            continue
        if got != want:
            failures.append(f"{where}: {key}: got {got!r}, expected {want!r}")


def _normal(ruleset, lines):
    """Board lines as `board_lines` writes them (trailing empty cells dropped, widths equal)."""
    tiles, figures = parse_board(ruleset, lines)
    return board_lines(ruleset, Seat({}, tiles, figures))
