"""A game's course: the round loop and everything that is more than one statement, composed
of one part per concept.

`Flow` is what the interpreter and the callers (`Game`, agents, scenarios, the web) talk to;
each part is a mixin in its own module and reaches the others through `self`:
the round and its phases (`phases.py`), the action board (`spaces.py`), events reaching
effects (`emission.py`), occupations played (`card_play.py`), mountains, emigration and
exploration (`travel.py`), boards and placement (`placing.py`) and anytime actions
(`anytime.py`). What a phase does is its data (`boards/rounds.yaml`); every space, card and
base rule is run by the interpreter; nothing here names a particular one.
"""

from __future__ import annotations

from rulesdsl.games.feast.engine.anytime import Anytime
from rulesdsl.games.feast.engine.card_play import CardPlay
from rulesdsl.games.feast.engine.emission import Emission
from rulesdsl.games.feast.engine.flow_tables import FlowTables
from rulesdsl.games.feast.engine.interp import Interpreter
from rulesdsl.games.feast.engine.keys import building_key, ship_key
from rulesdsl.games.feast.engine.legality.direct import DirectMemo
from rulesdsl.games.feast.engine.legality.preparations import Trials
from rulesdsl.games.feast.engine.legality.verdicts import Verdicts
from rulesdsl.games.feast.engine.phases import PhaseRunner
from rulesdsl.games.feast.engine.placing import Placing
from rulesdsl.games.feast.engine.spaces import ActionSpaces
from rulesdsl.games.feast.engine.travel import Travel

PENALTY_POINTS = 3  # a Thing penalty tile is worth -3 at the end

__all__ = ["Flow", "PENALTY_POINTS", "building_key", "ship_key"]


class Flow(PhaseRunner, ActionSpaces, Emission, CardPlay, Travel, Placing, Anytime):
    """The course of one game (see the module docstring for its parts)."""

    def __init__(self, game, tables: FlowTables | None = None):
        """The flow of `game`; `tables`: the readings of its content and setup when they are
        known already (a fork's: those of the game it was forked from)."""
        self.g = game
        self.tables = FlowTables() if tables is None else tables
        self.interp = Interpreter(game, self)  # the statements' services are this course's
        # `trials`, `verdicts` and `direct` (the judges of the action spaces) are made when first
        # read (__getattr__): most forks of a lookahead judge no space (a fork inside an action)
        self._verdict_scope = None  # the installed effects' token while a turn's spaces are judged
        self.resume_at = None  # (point, turn) a table phase's turns resume at
        self.reopen = None  # the anytime answer the resumed turn's question was given: its action first (Forking.fork)
        self.reenter = None  # (space, Action) of the resumed turn's Vikings placed: their action at once (Forking.fork)
        self.in_action: int | None = None

    def __getattr__(self, name: str):
        """The space judges, made when first read: `trials` (usable once prepared), `verdicts`
        and `direct` (direct verdicts remembered by the values they read)."""
        if name == "trials":
            made = self.trials = Trials(self)
        elif name == "verdicts":
            made = self.verdicts = Verdicts(self.g, self)
        elif name == "direct":
            made = self.direct = DirectMemo(self.g)
        else:
            raise AttributeError(name)
        return made

    def discard(self) -> None:
        """Let go of a used-up game's course (see `Forking.discard`): it and its parts refer to
        one another; emptied, they are freed at once instead of by the garbage collector.
        What they share with other games (the flow tables, the content's readings) is kept."""
        interp = self.__dict__.get("interp")
        parts = [self.__dict__.get("trials"), self.__dict__.get("verdicts"), self.__dict__.get("direct")]
        if interp is not None:
            parts += [interp.__dict__.get("q"), interp.__dict__.get("dice"), interp]
        for part in parts:
            if part is not None:
                part.__dict__.clear()
        self.__dict__.clear()

    @property
    def memo(self) -> dict:
        """What mechanisms and phases remember of the content (the flow tables', shared by forks)."""
        return self.tables.memo
