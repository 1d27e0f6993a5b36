"""A game of A Feast for Odin: setup, the rounds and phases, and the decision driver.

`Game(content, options, seed)` sets up and runs until the first decision; `answer(key)`
checks the answer against the pending decision (an illegal one raises IllegalMove and
changes nothing) and runs on to the next one. `save()` gives the JSON record (options,
seed, answers); `Game.load` replays it to the identical state.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs

from rulesdsl.content.catalog import Catalog
from rulesdsl.content.tables import content_table
from rulesdsl.core.decisions import Decision
from rulesdsl.core.record import RecordError, fingerprint
from rulesdsl.errors import IllegalMove, RulesError
from rulesdsl.games.feast.engine import ops
from rulesdsl.games.feast.engine import record
from rulesdsl.games.feast.engine.events import Events
from rulesdsl.games.feast.engine.flow import Flow
from rulesdsl.games.feast.engine.checkpoint import Answered
from rulesdsl.games.feast.engine.forking import Checkpoint, Forking, Restart, ResumeReached  # noqa: F401 (ResumeReached: imported from here)
from rulesdsl.games.feast.engine.scoring import final_scores
from rulesdsl.games.feast.engine.state import GameState, PlayerState
from rulesdsl.geometry import pieces
from rulesdsl.geometry.placement import empty

COLORS = ("red", "blue", "green", "yellow")
SAVE_FORMAT = 1
@attrs.frozen
class GameOptions:
    players: int = 2
    length: str = "long"  # a game length id: long (7 rounds) or short (6 rounds)
    decks: tuple[str, ...] = ("A",)
    occupations: bool = True  # deal and play occupations
    # A set-up of chosen cards (what `rulesdsl balance` plays): each (seat, occupation) is put
    # into that seat's hand, and the `exclude`d occupations (and the dealt ones) are taken out
    # of the decks before they are shuffled, so games that take out the same cards draw the
    # same other cards whichever of them is dealt (and whether a variant adds them or not).
    deal: tuple[tuple[int, int], ...] = ()
    exclude: tuple[int, ...] = ()

    def __attrs_post_init__(self):
        # Options come from files and command lines: 2.7 players or a deck named 3 is no game.
        if type(self.players) is not int:
            raise RulesError(f"the number of players must be a whole number, not {self.players!r}")
        if not isinstance(self.length, str) or not all(isinstance(d, str) for d in self.decks):
            raise RulesError(f"the game length and the decks are names, not {self.length!r} and {list(self.decks)!r}")
        if not isinstance(self.occupations, bool):
            raise RulesError(f"occupations is true or false, not {self.occupations!r}")
        if not all(isinstance(d, tuple) and len(d) == 2 and all(type(x) is int for x in d) for d in self.deal):
            raise RulesError(f"dealt cards are (seat, occupation number) pairs, not {list(self.deal)!r}")
        if not all(type(x) is int for x in self.exclude):
            raise RulesError(f"excluded cards are occupation numbers, not {list(self.exclude)!r}")

    def to_json(self) -> dict:
        out = {"players": self.players, "length": self.length, "decks": list(self.decks), "occupations": self.occupations}
        if self.deal:  # only when chosen: the records of ordinary games stay as they were
            out["deal"] = [list(d) for d in self.deal]
        if self.exclude:
            out["exclude"] = list(self.exclude)
        return out

    @property
    def removed(self) -> frozenset[int]:
        """The occupations no deck or starting hand holds: the excluded and the dealt ones."""
        return frozenset(self.exclude) | {card for _, card in self.deal}

    @classmethod
    def from_json(cls, data: dict) -> "GameOptions":
        """Options from a record, with exact types (RecordError names the bad value)."""
        return cls(**record.options(data))


class Game(Forking):
    _checkpoint: Checkpoint | None = None
    # (checkpoint, the generator asking its turn's question, (player, kind, prompt)): where the
    # turn's question is asked again after anytime actions (see `fork`); and the answers then
    _turn_ask: tuple | None = None
    _reask_at: int | None = None
    halt_at_resume = False
    checkpoints = False  # taken only once something forks this game (they cost a state copy each)
    on_note = None  # a watcher called with the index of each new history line (forks have none)
    on_forced = None  # a watcher called with (player, kind, key) of each question answered without asking

    def __init__(self, content, options: GameOptions = GameOptions(), seed: int = 0, dice: list[int] | None = None,
                 *, checkpoints: bool = False, restart: Restart | None = None):
        """A new game dealt from `seed` and run to its first decision (`dice`: die results forced
        in order; with `checkpoints`, checkpoints from the start). With `restart`, a fork of a
        game of the same content, options and seed (see `Forking.fork`): that game's checkpoint
        restored and run to its first decision, nothing dealt."""
        self.content = content
        self.options = options
        self.seed = seed
        self.catalog = _catalog(content)
        self.decision: Decision | None = None
        self.on_note = None  # called with the index of each new history line
        if restart is not None:
            self._restart(restart)
            return
        self.checkpoints = checkpoints
        self.rng = random.Random(seed)
        self.state = GameState()
        self.log: list[list] = []  # [player, answer] in order
        self.forced_dice = list(dice or [])  # scenario files force die results in order
        self.history: list[str] = []  # a readable account of what happened
        self._initial_dice = list(self.forced_dice)
        self.flow = Flow(self)
        self.events = Events(content, self.catalog, self.flow.interp)
        self._validate_options()
        self._setup()
        self._process = self.flow.run()
        self._advance(None, first=True)

    # ------------------------------------------------------------------ driving
    def _advance(self, value, first: bool = False) -> None:
        try:
            self.decision = next(self._process) if first else self._process.send(value)
        except StopIteration:
            self.decision = None

    @property
    def over(self) -> bool:
        """True once the game has ended (no question is pending)."""
        return self.decision is None

    def legal(self) -> list[str]:
        """The keys `answer` accepts now (empty once the game is over)."""
        return [] if self.decision is None else self.decision.legal()

    def scores(self) -> list[dict]:
        """One row per player: each score category, the total and whether he won (engine/scoring.py)."""
        return final_scores(self)

    def answer(self, key: str) -> None:
        """Answer the pending decision; IllegalMove (state untouched) if the answer is not allowed."""
        decision = self.decision
        if decision is None:
            raise IllegalMove("the game is over; there is nothing to answer")
        try:
            refusal = decision.refusal(key)
        except KeyError:
            shown = ", ".join(decision.legal()[:12])
            raise IllegalMove(f"'{key}' is not an answer to '{decision.prompt}'; choose one of: {shown}") from None
        if refusal is not None:
            raise IllegalMove(refusal)
        self.log.append(Answered((decision.player, key)))  # (a fork replays it unjudged)
        self._advance(key)
        if self.checkpoints:
            self._watch_turn_question()

    def run(self, agents, max_decisions: int = 200_000, check=None) -> None:
        """Let the agents answer until the game ends; `check(game)` runs after every step."""
        count = 0
        while self.decision is not None:
            agent = agents[self.decision.player]
            self.answer(agent.answer(self, self.decision))
            count += 1
            if check is not None:
                check(self)
            if count > max_decisions:
                raise RulesError(f"the game did not end within {max_decisions} decisions")

    # ------------------------------------------------------------------ save / load
    def save(self) -> dict:
        """The JSON record: options, seed, dice, answers and the content it was played on."""
        return {"format": SAVE_FORMAT, "options": self.options.to_json(), "seed": self.seed,
                "dice": list(self._initial_dice), "answers": [list(a) for a in self.log],
                "content": fingerprint(self.content)}

    @classmethod
    def load(cls, content, data, force: bool = False) -> "Game":
        """Replay a record; RulesError if it is not one, or (unless `force`) was made on other content."""
        opts, seed, dice, answers = record.read(data, content, force)
        game = cls(content, GameOptions(**opts), seed, dice)
        for index, (player, key) in enumerate(answers):
            if game.decision is None or game.decision.player != player:
                raise RecordError(f"answer {index + 1} does not fit the game (player {player})", ("answers", index))
            try:
                game.answer(key)
            except IllegalMove as err:
                raise RecordError(f"answer {index + 1}: {err}", ("answers", index)) from None
        return game

    # ------------------------------------------------------------------ dice and history
    # (questions are the interpreter's: the statement core's `Runner.ask`, which the flow's
    # parts and the statements call themselves)
    def roll(self, faces: int) -> int:
        if self.forced_dice:
            value = self.forced_dice.pop(0)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= faces:
                raise RulesError(f"a die result of {value!r} cannot come from a {faces}-sided die")
            return value
        rng = self.rng
        if type(rng) is not random.Random:  # a reseeded fork's dice, set into a generator at the first roll
            rng = self.plain_dice()
        return rng.randint(1, faces)

    def note(self, text: str) -> None:
        self.history.append(f"r{self.state.round} {self.state.phase}: {text}")
        if self.on_note is not None:  # a watcher (the timeline) sees the state as each entry is written
            self.on_note(len(self.history) - 1)

    # ------------------------------------------------------------------ setup
    def _validate_options(self) -> None:
        opts = self.options
        if not 1 <= opts.players <= 4:
            raise RulesError(f"a game has 1 to 4 players, not {opts.players}")
        if opts.length not in self.content.game_lengths or opts.length not in self.content.home_boards:
            raise RulesError(f"unknown game length '{opts.length}'; choose one of: {', '.join(self.content.game_lengths)}")
        decks = {o.deck for o in self.content.occupations.values()}
        for deck in opts.decks:
            if deck not in decks:
                raise RulesError(f"unknown occupation deck '{deck}'; decks: {', '.join(sorted(decks))}")
        for card in [c for _, c in opts.deal] + list(opts.exclude):
            if card not in self.content.occupations:
                raise RulesError(f"there is no occupation {card} in this content")
        if opts.deal and not opts.occupations:
            raise RulesError("a game without occupations cannot deal one")
        for seat, _ in opts.deal:
            if not 0 <= seat < opts.players:
                raise RulesError(f"a card is dealt to seat {seat}, but the seats are 0 to {opts.players - 1}")
        dealt = [c for _, c in opts.deal]
        if len(set(dealt)) != len(dealt):
            raise RulesError(f"an occupation is dealt twice: {dealt}")

    def _setup(self) -> None:
        content, s, rng = self.content, self.state, self.rng
        home = content.home_boards[self.options.length]
        s.rounds = len(content.game_lengths[self.options.length].rounds)
        s.buildings_left = Counter({b.id: b.supply for b in content.buildings.values()})
        s.specials_left = set(content.special_tiles)
        for board in content.exploration_boards.values():
            if board.side == "front":
                s.slots[board.slot] = {"board": board.id, "silver": 0, "owner": None}
        # [S6] each player's starting weapons are set aside; the rest form the deck
        deck = [w.id for w in content.weapons.values() for _ in range(w.deck - w.starting * self.options.players)]
        rng.shuffle(deck)
        s.weapon_deck = deck
        strips = sorted(content.mountain_strips)
        rng.shuffle(strips)
        face_up = 3 if self.options.players == 4 else 2
        s.strips = [[sid, list(content.mountain_strips[sid].items)] for sid in strips[:face_up]]
        s.strip_pile = strips[face_up:]
        # the chosen cards go before the shuffles: two games whose contents differ only by cards
        # both take out shuffle the same list, so they draw the same cards and roll the same dice
        removed = self.options.removed
        cards = [o for o in content.occupations.values() if o.deck in self.options.decks and o.number not in removed]
        starting = sorted(o.number for o in cards if o.starting)
        normal = sorted(o.number for o in cards if not o.starting)
        rng.shuffle(starting)
        rng.shuffle(normal)
        s.occupation_deck = normal if self.options.occupations else []
        grid = pieces.grid(content, f"home_{home.id}")
        solo = self.options.players == 1
        for index in range(self.options.players):
            p = PlayerState(index, COLORS[index])
            p.home = empty(grid)
            p.table_vikings = home.table_vikings
            p.thing = home.thing_vikings
            if solo and home.solo is not None:  # [SO2]: two colours, a second one waiting
                p.table_vikings = sum(home.solo.seats)
                p.thing = home.solo.thing
                p.waiting = home.solo.waiting
            for weapon in content.weapons.values():
                if weapon.starting:  # [S6] the cards set aside from the deck above (not taken from it again)
                    p.supply[weapon.id] += weapon.starting
            for good in content.goods.values():
                if good.starting:
                    ops.gain(self, p, good.id, good.starting)
            if self.options.occupations and starting:
                p.hand.append(starting.pop())
            s.players.append(p)
        for seat, card in self.options.deal:
            s.players[seat].hand.append(card)
        for tile in sorted(content.extension_tiles.values(), key=lambda x: x.id):
            side = rng.choice(tile.sides)
            if all(self.options.players in content.spaces[sp].players for sp in tile.sides):
                s.extension[tile.id] = side
        s.start_player = rng.randrange(self.options.players)
        self.events.install_rules()


def _catalog(content) -> Catalog:
    """The content's catalog, made once per content and kept with it."""
    return content_table(content, "catalog", lambda: Catalog(content))
