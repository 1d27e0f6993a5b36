"""A tableau game: setup from the ruleset, the decision protocol, answers, save/load/replay.

The core's game protocol (`rulesdsl.core.game.Game`), as the first game's: `game.decision` is
the open `Decision` (None when the game is `over`), `game.legal()` its legal keys,
`game.answer(key)` applies one legal answer or raises IllegalMove and leaves the state
untouched, `game.log` lists the answers so far. A game is fully described by
ruleset + options + seed + answers: `save()` writes exactly that with the content's
fingerprint, `TableauGame.load` replays it and refuses a record made on other content.
The flow is generic: `round` runs once per round of the manifest, then `final`.

Forks (for agents that look ahead): a generator cannot be copied, so `fork()` replays. A game
made with `checkpoints=True` keeps a copy of the table at the start of every round (where the
flow can be restarted from data alone), so a fork replays only the current round's answers.
`fork(hidden_seed)` then deals the unseen part of the table anew (the face-down stacks among
themselves, the bag's draws) from the agent's own seed: a look ahead never sees the real
future. A fork remembers where it was dealt anew, so a fork of a fork replays the same world.
"""

from __future__ import annotations

import copy
import random

import attrs

from rulesdsl.core.record import (MAX_ANSWERS, SEED_RANGE, RecordError, differences, fingerprint, listing, mapping, text,
                                  whole_number)
from rulesdsl.errors import IllegalMove, RulesError
from rulesdsl.games.tableau.engine import mech
from rulesdsl.games.tableau.engine.interp import Ctx, Interpreter
from rulesdsl.games.tableau.engine.state import Seat, Table

FORMAT = 1


def check_options(ruleset, given: dict) -> dict:
    """The ruleset's option defaults with `given` laid over them; RulesError on an unknown name or value."""
    specs = {o.id: o for o in ruleset.manifest.options}
    options = ruleset.option_defaults()
    for name, value in given.items():
        spec = specs.get(name)
        if spec is None:
            raise RulesError(f"'{name}' is not an option of {ruleset.id}; options: {', '.join(sorted(specs)) or 'none'}")
        if isinstance(value, bool):
            value = int(value)
        if not isinstance(value, int) or (spec.values and value not in spec.values):
            raise RulesError(f"option {name} takes one of {spec.values}, not {value!r}")
        options[name] = value
    return options


def new_table(ruleset, players: int, seed: int) -> Table:
    """The table at the start: money, held tiles, shuffled stacks, the full bag (V3-V7)."""
    c = ruleset.components
    rng = random.Random(seed)
    tiles = [k.id for k in c.tiles for _ in range(k.count)]
    rng.shuffle(tiles)
    supply = c.supplies[0]
    stacks = [tiles[i * supply.size:(i + 1) * supply.size] for i in range(supply.stacks)]
    held = [k.id for k in c.tiles for _ in range(k.start)]
    seats = [Seat({m.id: m.start_by_players.get(players, m.start) for m in c.currencies}, held=list(held))
             for _ in range(players)]
    bag = [f.id for f in c.figures for _ in range(f.count)]
    # Decided (V7): the first seat starts ("any method will do").
    return Table(seats, [None] * c.rings[0].slots, stacks, bag, rng)


_SHARED = frozenset({str, int, bool, float, tuple, type(None)})


def copy_data(value):
    """A copy of a table's plain data, quicker than `copy.deepcopy`: lists, dicts, sets and attrs
    instances copied, the random generator copied by its state, anything else (strings, numbers,
    tuples of them: cells) shared, being immutable."""
    kind = type(value)
    if kind in _SHARED:
        return value
    if kind is list:
        return [copy_data(v) for v in value]
    if kind is dict:
        return {k: copy_data(v) for k, v in value.items()}
    if kind is set:
        return set(value)
    if isinstance(value, random.Random):
        twin = random.Random()
        twin.setstate(value.getstate())
        return twin
    if attrs.has(kind):
        twin = copy.copy(value)
        for field in attrs.fields(kind):
            setattr(twin, field.name, copy_data(getattr(value, field.name)))
        return twin
    return value


def deal_hidden(table: Table, seed: int) -> None:
    """Deal the unseen part of a table anew from `seed`: the tiles of the face-down stacks shuffled
    among the stacks (each keeps its size), and the bag's future draws."""
    rng = random.Random(seed)
    tiles = [tile for stack in table.stacks for tile in stack]
    rng.shuffle(tiles)
    at = 0
    for stack in table.stacks:
        stack[:] = tiles[at:at + len(stack)]
        at += len(stack)
    table.rng = rng


@attrs.frozen
class Resume:
    """A game constructed from a table already laid (`TableauGame(..., resume=...)`): the table
    (taken over, not copied), the answers before it, the checkpoints kept (round -> (answers,
    table); None: none kept) and where the unseen table was dealt anew (see `TableauGame.fork`)."""

    table: Table
    log: list = attrs.field(factory=list)
    marks: dict | None = None
    dealt: list = attrs.field(factory=list)


class TableauGame:
    def __init__(self, ruleset, players: int | None = None, options: dict | None = None, seed: int = 0,
                 prepare=None, program=None, checkpoints: bool = False, *, resume: Resume | None = None):
        """A game set up from the ruleset and `seed` (`prepare(table)` lays a scenario's situation
        over it, `program` is run in place of the rounds); with `resume`, the game goes on from a
        table already laid instead (nothing is dealt)."""
        r = ruleset.manifest.players
        players = r.default if players is None else players
        if not r.min <= players <= r.max:
            raise RulesError(f"{ruleset.manifest.name} takes {r.min} to {r.max} players, not {players}")
        self.ruleset = ruleset
        self.players = players
        self.seed = seed
        self.given = dict(options or {})
        self.options = check_options(ruleset, self.given)
        self.prepare = prepare
        self.program = program
        if resume is None:
            self.table = new_table(ruleset, players, seed)
            if prepare is not None:
                prepare(self.table)
            # round -> (answers before it, the table as it starts); None: no checkpoints kept
            self.checkpoints: dict | None = {} if checkpoints else None
            self.dealt: list = []  # (answer index, seed) where the unseen table was dealt anew (forks)
            self._start([])
        else:
            self.table, self.checkpoints, self.dealt = resume.table, resume.marks, list(resume.dealt)
            self._start(list(resume.log))

    def _start(self, log: list) -> None:
        self.interp = Interpreter(self)
        self.log: list[str] = log
        self.decision = None
        self._flow = self._main()
        self._step(None)

    @classmethod
    def from_table(cls, ruleset, players: int, options: dict, seed: int, table: Table) -> "TableauGame":
        """A game that goes on from `table` (taken over, not copied) with the round after `table.round`."""
        return cls(ruleset, players, options, seed, resume=Resume(table))

    # ------------------------------------------------------------------ forks
    def fork(self, hidden_seed: int | None = None) -> "TableauGame":
        """This game at the same open decision, replayed from the latest checkpoint (or the start);
        with `hidden_seed`, the unseen stacks and bag dealt anew from it. Checkpoints are kept."""
        marks = self.checkpoints or {}
        rounds = [r for r, (at, _) in marks.items() if at <= len(self.log)]
        if rounds and self.program is None:
            at, table = marks[max(rounds)]
            table = copy_data(table)
        else:  # from the start: the same setup, a scenario's situation laid again
            at, table = 0, new_table(self.ruleset, self.players, self.seed)
            if self.prepare is not None:
                self.prepare(table)
        game = type(self)(self.ruleset, self.players, self.given, self.seed, self.prepare, self.program,
                          resume=Resume(table, self.log[:at], {r: marks[r] for r in rounds}, self.dealt))
        dealt = {index: seed for index, seed in self.dealt if index >= at}
        for index in range(at, len(self.log)):
            if index in dealt:
                deal_hidden(game.table, dealt[index])
            game.log.append(self.log[index])
            game._step(self.log[index])
        if len(self.log) in dealt:
            deal_hidden(game.table, dealt[len(self.log)])
        if hidden_seed is not None:
            deal_hidden(game.table, hidden_seed)
            game.dealt.append((len(game.log), hidden_seed))
        return game

    # ------------------------------------------------------------------ the flow
    def _main(self):
        interp, table = self.interp, self.table
        if self.program is not None:  # a scenario runs one program from its situation
            yield from interp.run(self.program.items, Ctx(table.start))
            return
        for number in range(table.round + 1, self.ruleset.manifest.rounds + 1):
            if self.checkpoints is not None and number not in self.checkpoints:
                self.checkpoints[number] = (len(self.log), copy_data(table))
            table.round = number
            yield from interp.run(self.ruleset.programs["round"].items, Ctx(table.start))
        yield from interp.run(self.ruleset.programs["final"].items, Ctx(table.start))
        table.over = True

    def _step(self, answer):
        try:
            self.decision = self._flow.send(answer)
        except StopIteration:
            self.decision = None

    @property
    def over(self) -> bool:
        """True once the game has ended (no question is pending)."""
        return self.decision is None

    def legal(self) -> list[str]:
        """The keys `answer` accepts now (empty when the game is over)."""
        return [] if self.decision is None else self.decision.legal()

    def answer(self, key: str) -> None:
        """Apply one answer to the open decision; IllegalMove, changing nothing, for a refused or unknown key."""
        decision = self.decision
        if decision is None:
            raise IllegalMove("the game is over; there is nothing to answer")
        try:
            refusal = decision.refusal(key)
        except KeyError:
            raise IllegalMove(f"'{key}' is not an answer to '{decision.prompt}'; answers: {', '.join(decision.legal())}") from None
        if refusal is not None:
            raise IllegalMove(f"'{key}' is refused: {refusal}")
        self.log.append(key)
        self._step(key)

    # ------------------------------------------------------------------ results
    def scores(self) -> list[dict]:
        """One row per player: every currency and the place by the ruleset's ranking (V52)."""
        ranking = self.ruleset.manifest.ranking
        keys = [tuple(seat.money.get(k, 0) for k in ranking) for seat in self.table.seats]
        places = mech.ranking(keys)
        return [{"player": i, **seat.money, "place": places[i]} for i, seat in enumerate(self.table.seats)]

    def score_table(self, agents=None) -> str:
        """The scores as text, one line per player (with the agent playing it when `agents` names them)."""
        rows = self.scores()
        currencies = [c.id for c in self.ruleset.components.currencies]
        head = ["player", *(["agent"] if agents else []), *currencies, "place"]
        lines = ["  ".join(f"{h:>8}" for h in head)]
        for row in rows:  # players counted from 1 (P1, P2 ...), as in the first game
            cells = dict(row, player=f"P{row['player'] + 1}", agent=agents[row["player"]]) if agents else dict(row, player=f"P{row['player'] + 1}")
            lines.append("  ".join(f"{cells[h]:>8}" for h in head))
        winners = [f"P{r['player'] + 1}" for r in rows if r["place"] == 1]
        lines.append(("winner: " if len(winners) == 1 else "shared win: ") + ", ".join(winners))
        return "\n".join(lines)

    # ------------------------------------------------------------------ save / load
    def save(self) -> dict:
        """The record of this game: ruleset, players, options, seed, answers and the content's fingerprint."""
        return {"format": FORMAT, "game": self.ruleset.id, "players": self.players, "options": dict(self.given),
                "seed": self.seed, "answers": list(self.log), "content": fingerprint(self.ruleset)}

    @classmethod
    def load(cls, ruleset, data, force: bool = False) -> "TableauGame":
        """Replay a record written by `save`; RecordError (with the path of the bad value) otherwise."""
        keys = ("format", "game", "players", "options", "seed", "answers", "content")
        mapping(data, (), keys, keys)
        if data["format"] != FORMAT:
            raise RecordError(f"format {data['format']!r} is not {FORMAT}", ("format",))
        if data["game"] != ruleset.id:
            raise RecordError(f"a record of '{data['game']}', not of '{ruleset.id}'", ("game",))
        for key in ("players", "seed"):
            whole_number(data[key], (key,), *SEED_RANGE)
        if not isinstance(data["options"], dict) or any(type(v) is not int for v in data["options"].values()):
            raise RecordError("expected a mapping of whole numbers", ("options",))
        answers = listing(data["answers"], ("answers",), MAX_ANSWERS)
        for index, key in enumerate(answers):
            text(key, ("answers", index))
        content = data["content"]
        if not isinstance(content, dict):
            raise RecordError("expected the content fingerprint", ("content",))
        if not force:
            changed = differences(content, ruleset)
            if changed:
                raise RecordError("made on other content: " + "; ".join(changed), ("content",))
        try:
            game = cls(ruleset, data["players"], data["options"], data["seed"])
        except RulesError as err:
            raise RecordError(str(err), ("options",)) from None
        for index, key in enumerate(answers):
            try:
                game.answer(key)
            except RulesError as err:
                raise RecordError(f"answer {index} does not replay: {err}", ("answers", index)) from None
        return game
