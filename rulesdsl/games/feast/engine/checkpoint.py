"""What a checkpoint of a game is, what a fork is constructed from, and the keys under which a
checkpoint remembers what was computed from it (forking.py says how they are used)."""

from __future__ import annotations

import attrs

from rulesdsl.games.feast.engine.flow_tables import FlowTables
from rulesdsl.games.feast.engine.state import GameState

# Checkpoint.memo key, with the answers since it: the checkpoint at the turn's question asked
# again after those answers (anytime actions), or False where a restart there would differ
REASKED = "turn question asked again"
# Checkpoint.memo key, with an anytime answer: the checkpoint inside that answer's action, the
# turn's question at this checkpoint given it (see `Checkpoint.opened`)
OPENED = "anytime action opened"
# Checkpoint.memo key of a turn's checkpoint, with the answers since it up to the one given to its
# question and the adjustments made up to then: the checkpoint a replay took once the Vikings of
# that answer were placed (see `Checkpoint.entered`)
ENTERED = "action entered"


class Answered(list):
    """An entry `[player, key]` of a game's log that the game accepted (`Game.answer` judged it
    legal, or a fork replayed one so accepted): a fork replays it without judging it again. An
    entry put into the log any other way (a record edited by hand) is judged like any answer."""

    __slots__ = ()


class ResumeReached(Exception):
    """Raised by a fork made with `halt=True` when its flow reaches the next resume point."""

    def __init__(self, point: tuple):
        super().__init__(f"resume point {point}")
        self.point = point


@attrs.frozen
class Checkpoint:
    """Everything a game is at a resume point of its flow (never changed once taken)."""

    point: tuple  # (round, phase position, turn position or None), see Flow.run
    state: GameState
    events: tuple
    rng: tuple
    dice: tuple
    answers: int  # answers recorded when it was taken
    history: int
    memo: dict = attrs.field(factory=dict, eq=False)  # what was computed from this very state
    # a checkpoint at a turn's question asked again (see Game.fork): the answers and history
    # lines the replay from the turn's own checkpoint gave up to here, for a fork's log and history
    tail: tuple = ()
    notes: tuple = ()
    adjusted: int = 0  # the game's adjustments made when it was taken (see Forking.adjust)
    # a checkpoint inside the anytime action begun at a turn's question: the question's checkpoint
    # (whose state it shares: opening an action changes nothing before it asks) with the anytime
    # answer given (`opened`, counted in `answers` and `tail`); the flow restarts at the turn's
    # question and does that action at once (Runner.ask's `opened`), so a fork at its first
    # question (the anytime menu) is a copy. `reasked_at`: the answers before the question, where
    # it is the turn's question asked again (None: asked first, at the turn's own checkpoint). Not
    # the question's checkpoint itself: kept in that checkpoint's memo, it made a reference cycle,
    # and every checkpoint a game left behind (its states and their players) waited for the
    # garbage collector (about 10,000 objects a fast game, 60 collections a game)
    opened: str | None = None
    reasked_at: int | None = None
    asked: tuple = ()
    # a checkpoint a replay took inside a turn once the Vikings of the answer to its question were
    # placed (`Forking.action_started`): (space, Action, where the question was answered); the flow restarts at the turn with that
    # action at once (Flow.reenter), so a fork inside the action replays only the answers given in it
    entered: tuple | None = None


@attrs.define
class Restart:
    """What a fork is constructed from (`Game(..., restart=...)`): the checkpoint it restarts
    at (`base`: `root` itself, or one at root's turn's question asked again), the answers and
    history lines up to there, the dice the record began with, the readings of the content and
    setup shared with the game it is forked from, and its adjustments (see `Forking.adjust`).
    Read once by the constructor (not frozen: a frozen attrs class costs a greedy game's many
    forks three times as much to make)."""

    base: Checkpoint
    root: Checkpoint
    log: list
    history: list
    initial_dice: list
    tables: FlowTables
    adjustments: tuple = ()
    early: tuple = ()  # adjustments made before an `opened` base's anytime answer: made before its flow runs
    decision: object = None  # the source's pending decision, asked as it stands (a copy at an `opened` base)
