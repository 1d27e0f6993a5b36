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

from rulesdsl.engine import ops
from rulesdsl.engine.decisions import Decision
from rulesdsl.engine.events import Events
from rulesdsl.engine.items import Catalog
from rulesdsl.engine.state import GameState, PlayerState
from rulesdsl.errors import IllegalMove, RulesError
from rulesdsl.geometry import pieces
from rulesdsl.geometry.placement import empty

COLORS = ("red", "blue", "green", "yellow")
SAVE_FORMAT = 1
# caches of a Flow that depend only on the content and the setup, handed to a fork's new Flow
_STATIC_FLOW_CACHES = ("_in_play", "_in_play_set", "_entries", "_plans", "_blank_actions", "_dice_defs", "memo")
# Checkpoint.memo key: the answer sequences a fork has replayed legally from that checkpoint, as a
# trie ({answer: {next answer: ...}}). A replay from the same checkpoint is deterministic, so a
# sequence found there is legal again and is not judged a second time.
_REPLAYED = "replayed answers"
# Checkpoint.memo key, with the answers since it: the checkpoint at the turn's question asked
# again after those answers (anytime actions), or False where a restart there would differ
_REASKED = "turn question asked again"


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


@attrs.frozen
class GameOptions:
    players: int = 2
    length: str = "long"  # a game length id: long (7 rounds) or short (6 rounds)
    decks: tuple[str, ...] = ("A",)
    occupations: bool = True  # deal and play occupations

    def __attrs_post_init__(self):
        # Options come from files and command lines: 2.7 players or a deck named 3 is no game.
        if type(self.players) is not int:
            raise RulesError(f"the number of players must be a whole number, not {self.players!r}")
        if not isinstance(self.length, str) or not all(isinstance(d, str) for d in self.decks):
            raise RulesError(f"the game length and the decks are names, not {self.length!r} and {list(self.decks)!r}")
        if not isinstance(self.occupations, bool):
            raise RulesError(f"occupations is true or false, not {self.occupations!r}")

    def to_json(self) -> dict:
        return {"players": self.players, "length": self.length, "decks": list(self.decks), "occupations": self.occupations}

    @classmethod
    def from_json(cls, data: dict) -> "GameOptions":
        """Options from a record, with exact types (RecordError names the bad value)."""
        from rulesdsl.engine import record

        return cls(**record.options(data))


class Game:
    _checkpoint: Checkpoint | None = None
    # (checkpoint, the generator asking its turn's question, (player, kind, prompt)): where the
    # turn's question is asked again after anytime actions (see `fork`); and the answers then
    _turn_ask: tuple | None = None
    _reask_at: int | None = None
    halt_at_resume = False
    checkpoints = False  # taken only once something forks this game (they cost a state copy each)
    on_note = None  # a watcher called with the index of each new history line (forks have none)

    def __init__(self, content, options: GameOptions = GameOptions(), seed: int = 0, dice: list[int] | None = None):
        self.content = content
        self.options = options
        self.seed = seed
        self.rng = random.Random(seed)
        self.catalog = _catalog(content)
        self.state = GameState()
        self.log: list[list] = []  # [player, answer] in order
        self.forced_dice = list(dice or [])  # scenario files force die results in order
        self.events = Events(self)
        self.decision: Decision | None = None
        self.history: list[str] = []  # a readable account of what happened
        self.on_note = None  # called with the index of each new history line
        from rulesdsl.engine.flow import Flow

        self.flow = Flow(self)
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
        return self.decision is None

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
        self.log.append([decision.player, key])
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

    # ------------------------------------------------------------------ checkpoints and forks
    def resume_point(self, point: tuple) -> None:
        """Called by the flow where it can restart from a restored state: take a checkpoint."""
        if self.halt_at_resume:
            raise ResumeReached(point)
        if not self.checkpoints:
            return
        cp = self._checkpoint
        if cp is not None and cp.point == point and cp.answers == len(self.log) and cp.state.round == self.state.round:
            return  # a fork restarting at its own checkpoint
        self._checkpoint = Checkpoint(point, self.state.clone(), self.events.checkpoint(), self.rng.getstate(),
                                      tuple(self.forced_dice), len(self.log), len(self.history))

    def fork(self, reseed: int | None = None, halt: bool = False) -> "Game":
        """An independent game at the identical state and pending decision: the last checkpoint
        restored into a new Game and the answers since then replayed. `reseed` gives the fork's
        dice a new seed (a lookahead must not see the real game's future rolls); with `halt`
        the fork raises ResumeReached when its flow reaches the next resume point.

        Two shortcuts, each the same as the plain replay: a sequence of answers replayed legally
        from a checkpoint once is not judged again (the replay is deterministic); and where the
        turn's question has been asked again after anytime actions, the replay starts there, from
        a checkpoint the first such replay took on its way (`_reasked`)."""
        if not self.checkpoints:
            self._start_checkpoints()
        root = base = self._checkpoint
        take = None  # where this replay takes the checkpoint at the turn's question asked again
        at = self._reask_at if self._turn_ask is not None and self._turn_ask[0] is root else None
        if at is not None and at > root.answers:
            prefix = tuple(entry[1] for entry in self.log[root.answers:at])
            found = root.memo.get((_REASKED, prefix))
            if found:
                base = found
            elif found is None:
                take = at
        g = self._restored(base, root)
        node = base.memo.get(_REPLAYED)
        if node is None:
            node = base.memo[_REPLAYED] = {}
        for index in range(base.answers, len(self.log)):
            key = self.log[index][1]
            known = node.get(key)
            if known is None:  # not replayed from here yet: judged like any answer
                g.answer(key)
                known = node[key] = {}
            else:  # replayed legally from this same state before: the same legal answer again
                g.log.append([g.decision.player, key])
                g._advance(key)
                g._watch_turn_question()
            node = known
            if index + 1 == take:  # the replay is where the source asked the turn's question again
                root.memo[(_REASKED, prefix)] = self._reasked(g, root) if g._reask_at == take else False
        g.rng = _LazyRandom.settled(g.rng, None if reseed is None else _seeded(reseed))
        g.halt_at_resume = halt
        return g

    def _restored(self, base: Checkpoint, root: Checkpoint) -> "Game":
        """A new Game restored from `base` (the checkpoint `root`, or one at its turn's question
        asked again) and run to its first decision; its checkpoint is `root`."""
        g = Game.__new__(Game)
        g.content, g.options, g.seed, g.catalog = self.content, self.options, self.seed, self.catalog
        g.rng = _LazyRandom(base.rng)  # `fork` puts a plain generator in its place
        g.state = base.state.clone()
        g.log = self.log[:root.answers]
        g.log += [list(entry) for entry in base.tail]
        g.forced_dice = list(base.dice)
        g._initial_dice = self._initial_dice
        g.events = Events(g)
        g.events.restore(base.events, copy=True)  # lists of its own: the checkpoint stays as it was
        g.decision = None
        g.history = self.history[:root.history]
        g.history += base.notes
        from rulesdsl.engine.flow import Flow

        g.flow = Flow(g)
        for name in _STATIC_FLOW_CACHES:
            if name in self.flow.__dict__:
                g.flow.__dict__[name] = self.flow.__dict__[name]
        g._checkpoint, g.checkpoints = base, True  # restarting at its own checkpoint takes none
        g._process = g.flow.run(base.point)
        g._advance(None, first=True)
        g._checkpoint = root
        if root.point[2] is not None and g.decision is not None:  # a turn's question
            d = g.decision
            g._turn_ask = (root, _innermost(g._process), (d.player, d.kind, d.prompt))
            g._reask_at = base.answers if base is not root else None
        return g

    def _reasked(self, g: "Game", root: Checkpoint):
        """A checkpoint at `g`'s pending decision, the turn's question of `root` asked again,
        if restarting the flow there gives `g` exactly (else False). The flow's resume point is
        the turn's start: the turn's question is asked right after it, so a restart on the state
        reached asks it again; a restart that would change anything, or ask otherwise, is refused."""
        cp = Checkpoint(root.point, g.state.clone(), g.events.checkpoint(), g.rng.getstate(), tuple(g.forced_dice),
                        len(g.log), len(g.history), tail=tuple(tuple(e) for e in g.log[root.answers:]),
                        notes=tuple(g.history[root.history:]))
        probe = g._restored(cp, root)
        a, b = probe.decision, g.decision
        same = (b is not None and a is not None and (a.player, a.kind, a.prompt) == (b.player, b.kind, b.prompt)
                and a.keys == b.keys and probe.state.same(g.state) and probe.rng.getstate() == g.rng.getstate()
                and probe.forced_dice == g.forced_dice and probe.events.checkpoint() == g.events.checkpoint()
                and probe.history == g.history and probe.log == g.log
                and probe.flow.in_action is None and g.flow.in_action is None
                and [x.gi_code for x in _chain(probe._process)] == [x.gi_code for x in _chain(g._process)])
        probe.discard()
        return cp if same else False

    def _watch_turn_question(self) -> None:
        """Keep track of the turn's question: asked first after a checkpoint, or asked again."""
        cp = self._checkpoint
        d = self.decision
        if cp is None or d is None:
            return
        if len(self.log) == cp.answers:  # the first question after a new checkpoint
            if cp.point[2] is not None:
                self._turn_ask, self._reask_at = (cp, _innermost(self._process), (d.player, d.kind, d.prompt)), None
            return
        ta = self._turn_ask
        if ta is not None and ta[0] is cp and ta[2] == (d.player, d.kind, d.prompt) and _innermost(self._process) is ta[1]:
            self._reask_at = len(self.log)  # the very question, its generator the same: asked again

    def discard(self) -> None:
        """Let go of everything a used-up fork holds. A game refers to itself through its flow,
        events and suspended generators, so it would wait for the garbage collector (a quarter
        of a greedy game's time went to collecting forks); emptied, its state and most of its
        objects are freed at once. The game cannot be used afterwards."""
        self.__dict__.clear()

    def _start_checkpoints(self) -> None:
        """From now on take checkpoints; the one for the current point comes from a replay."""
        shadow = Game.__new__(Game)
        shadow.checkpoints = True
        shadow.__init__(self.content, self.options, self.seed, list(self._initial_dice))
        for _, key in self.log:
            shadow.answer(key)
        if shadow._checkpoint is None:
            raise RulesError("this game has no resume point to fork from")
        self._checkpoint, self.checkpoints = shadow._checkpoint, True
        self._watch_turn_question()

    # ------------------------------------------------------------------ save / load
    def save(self) -> dict:
        """The JSON record: options, seed, dice, answers and the content it was played on."""
        from rulesdsl.engine import record

        return {"format": SAVE_FORMAT, "options": self.options.to_json(), "seed": self.seed,
                "dice": list(self._initial_dice), "answers": [list(a) for a in self.log],
                "content": record.fingerprint(self.content)}

    @classmethod
    def load(cls, content, data, force: bool = False) -> "Game":
        """Replay a record; RulesError if it is not one, or (unless `force`) was made on other content."""
        from rulesdsl.engine import record

        opts, seed, dice, answers = record.read(data, content, force)
        game = cls(content, GameOptions(**opts), seed, dice)
        for index, (player, key) in enumerate(answers):
            if game.decision is None or game.decision.player != player:
                raise record.RecordError(f"answer {index + 1} does not fit the game (player {player})", ("answers", index))
            try:
                game.answer(key)
            except IllegalMove as err:
                raise record.RecordError(f"answer {index + 1}: {err}", ("answers", index)) from None
        return game

    # ------------------------------------------------------------------ questions and dice
    def ask(self, player: int, kind: str, prompt: str, options, anytime: bool = False):
        """Yield a decision until a real answer comes (the statement core's `Runner.ask`)."""
        return self.flow.interp.ask(player, kind, prompt, options, anytime)

    def ask_yes(self, player: int, prompt: str):
        """Ask a yes/no question; True for yes."""
        return self.flow.interp.ask_yes(player, prompt)

    def roll(self, faces: int) -> int:
        if self.forced_dice:
            value = self.forced_dice.pop(0)
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= faces:
                raise RulesError(f"a die result of {value!r} cannot come from a {faces}-sided die")
            return value
        return self.rng.randint(1, faces)

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

    def _setup(self) -> None:
        self._initial_dice = list(self.forced_dice)
        content, s, rng = self.content, self.state, self.rng
        home = content.home_boards[self.options.length]
        s.rounds = len(content.game_lengths[self.options.length].rounds)
        s.buildings_left = Counter({b.id: b.supply for b in content.buildings.values()})
        s.specials_left = set(content.special_tiles)
        for board in content.exploration_boards.values():
            if board.side == "front":
                s.slots[board.slot] = {"board": board.id, "silver": 0, "owner": None}
        deck = [w.id for w in content.weapons.values() for _ in range(w.deck - w.starting * self.options.players)]
        rng.shuffle(deck)
        s.weapon_deck = deck
        strips = sorted(content.mountain_strips)
        rng.shuffle(strips)
        face_up = 3 if self.options.players == 4 else 2
        s.strips = [[sid, list(content.mountain_strips[sid].items)] for sid in strips[:face_up]]
        s.strip_pile = strips[face_up:]
        cards = [o for o in content.occupations.values() if o.deck in self.options.decks]
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
                if weapon.starting:
                    ops.gain(self, p, weapon.id, weapon.starting)
            for good in content.goods.values():
                if good.starting:
                    ops.gain(self, p, good.id, good.starting)
            if self.options.occupations and starting:
                p.hand.append(starting.pop())
            s.players.append(p)
        for tile in sorted(content.extension_tiles.values(), key=lambda x: x.id):
            side = rng.choice(tile.sides)
            if all(self.options.players in content.spaces[sp].players for sp in tile.sides):
                s.extension[tile.id] = side
        s.start_player = rng.randrange(self.options.players)
        self.events.install_rules()


class _LazyRandom:
    """A fork's dice generator while it replays, set to the checkpoint's state only once
    something draws: most replays draw nothing, and a lookahead's fork is reseeded right after
    (setting a generator's state is a good part of a fork's cost)."""

    __slots__ = ("state", "real")

    def __init__(self, state: tuple):
        self.state = state
        self.real = None

    def __getattr__(self, name):
        return getattr(self.made(), name)

    def made(self) -> random.Random:
        """The generator itself, at the checkpoint's state when first asked for."""
        if self.real is None:
            self.real = random.Random.__new__(random.Random, 0)  # a seed of 0 spares reading the system's entropy
            self.real.setstate(self.state)
        return self.real

    @staticmethod
    def settled(rng, state: tuple | None) -> random.Random:
        """A plain generator for a fork's `rng` once replayed: `rng` itself, or at `state` if given."""
        if type(rng) is _LazyRandom:
            if state is not None and rng.real is None:
                rng = random.Random.__new__(random.Random, 0)
            else:
                rng = rng.made()
        if state is not None:
            rng.setstate(state)
        return rng


def _chain(gen) -> list:
    """The generators a generator is suspended in, outermost first."""
    chain = []
    while gen is not None:
        chain.append(gen)
        gen = gen.gi_yieldfrom
    return chain


def _innermost(gen):
    """The generator that yielded a generator's pending value (the one asking the question)."""
    while True:
        inner = gen.gi_yieldfrom
        if inner is None:
            return gen
        gen = inner


_SEEDED: dict = {}  # seed -> the generator state it gives (a lookahead reseeds many forks alike)


def _seeded(seed: int) -> tuple:
    """The state `random.Random(seed)` starts in (setting a state is cheaper than seeding)."""
    found = _SEEDED.get(seed)
    if found is None:
        if len(_SEEDED) >= 64:
            _SEEDED.clear()
        found = _SEEDED[seed] = random.Random(seed).getstate()
    return found


_CATALOGS: dict = {}


def _catalog(content) -> Catalog:
    found = _CATALOGS.get(id(content))
    if found is None or found[0] is not content:
        found = (content, Catalog(content))
        _CATALOGS[id(content)] = found
    return found[1]
