"""What the engine asks a player, and the answers it accepts.

A `Decision` offers options; an answer is the key of a legal one (one without a refusal).
Saved games record only the keys, so how an agent comes to its answer never matters to
a replay. Two ways to read a decision, equally valid for every decision:

- the full list: `options` (every option with its refusal reason, for people, scripts,
  scenario files and search agents that look at all of them), `legal()` (the legal keys);
- lazily: `sample(rng)` draws one legal key uniformly, and `legal_in_order(rng)` yields the
  legal keys one at a time in a random order drawn from `rng` (any object with
  `randrange(n)`, e.g. `random.Random` or `SeededStream`). The engine judges candidates
  only as far as it must: the action-space decision judges one space at a time instead of
  all 61. A greedy agent that evaluates each legal answer may walk `legal_in_order`, or take
  the full list; both see the same legal set.

`option(key)` and `refusal(key)` judge a single key (what checking an answer needs);
`keys` lists every key offered without judging any; `rejudged()` is the same question with
nothing judged yet. Verdicts are kept in the decision once judged, so mixing the ways costs
nothing twice. A decision belongs to the state it was asked in: read it before answering
(to look ahead, answer on a copy of the game, not on the game that asked).

The engine side: `Runner.ask` takes a list of judged `Option`s or `Candidates` (keys with
labels, a `judge(key)` and optionally a `judge_all(keys)` used when the full list is read;
a label may be a function, called only when someone reads it). Checks that need a count
(no legal answer, a single legal answer taken without asking) judge only until they know.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, ClassVar, Protocol

# a label, or a function that writes it when it is read (it may name its tile: `piece`)
Label = Any
Entry = tuple[str, Label]  # (key, label) of an option not judged yet
Refusal = Callable[[str], "str | None"]  # a key -> why it is refused (None: legal)
Refusals = Callable[[list[str]], Iterable["str | None"]]


class Draws(Protocol):
    """A source of random numbers (`random.Random`, `SeededStream`)."""

    def randrange(self, n: int, /) -> int:
        """A whole number from 0 to n - 1."""
        ...


_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Option:
    """One answer offered: its key (recorded in saved games), a label, why it is refused (None:
    legal) and, for a placement, its tile (so that a board can be drawn and chosen by square)."""

    __slots__ = ("key", "label", "refusal", "piece")

    def __init__(self, key: str, label: str, refusal: str | None = None, piece: str | None = None) -> None:
        self.key = key
        self.label = label
        self.refusal = refusal
        self.piece = piece

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Option) and self.key == other.key and self.label == other.label
                and self.refusal == other.refusal and self.piece == other.piece)

    def __hash__(self) -> int:
        return hash((self.key, self.label, self.refusal))

    def __repr__(self) -> str:
        return f"Option(key={self.key!r}, label={self.label!r}, refusal={self.refusal!r})"


class Candidates:
    """Options judged on demand: `entries` are (key, label) (a label may be a function, called
    only when the label is read); `judge(key)` gives the refusal or None.
    `fixed` options (already judged) follow them. `judge_all(keys)`, when given, judges many
    keys at once (cheaper when the full list is asked for). What `Runner.ask` accepts in place
    of a list."""

    __slots__ = ("entries", "judge", "fixed", "judge_all")

    def __init__(self, entries: Sequence[Entry], judge: Refusal, fixed: Iterable[Option] = (),
                 judge_all: Refusals | None = None) -> None:
        self.entries = entries
        self.judge = judge
        self.fixed = tuple(fixed)
        self.judge_all = judge_all


class Decision:
    """A question to one player; the options are either given judged or judged lazily."""

    __slots__ = ("player", "kind", "prompt", "_entries", "_judge", "_judge_all", "_verdicts", "_given", "_options", "_index")
    player: int
    kind: str
    prompt: str
    # judged already (`_judge` None): `_options` holds them; else the entries, the judges, the
    # verdicts known (`_given`: the fixed options') and `_options` once every one is judged
    _options: Any  # tuple[Option, ...] | None
    _entries: Any  # Sequence[Entry] | None
    _judge: Any  # Refusal | None
    _judge_all: Any  # Refusals | None
    _verdicts: Any  # dict[str, str | None] | None
    _given: Any  # dict[str, str | None] | None
    _index: dict[str, Label] | None

    def __init__(self, player: int, kind: str, prompt: str, options: Iterable[Option] = (),
                 candidates: Candidates | None = None, extra: Sequence[Option] = ()) -> None:
        self.player = player
        self.kind = kind
        self.prompt = prompt
        if candidates is None:  # judged already: entries and verdicts are read from the options when needed
            self._options = tuple(options) + tuple(extra) if extra else tuple(options)
            self._entries = self._verdicts = self._judge = self._judge_all = self._given = None
        else:
            fixed = candidates.fixed + tuple(extra)
            self._options = None
            self._entries = candidates.entries + [(o.key, o.label) for o in fixed]  # type: ignore[operator]
            self._given = {o.key: o.refusal for o in fixed}  # judged already
            self._verdicts = dict(self._given)
            self._judge = candidates.judge
            self._judge_all = candidates.judge_all
        self._index = None

    @property
    def judged(self) -> bool:
        """Whether its options were given judged: a value then, which nothing judges later."""
        return self._judge is None

    # ------------------------------------------------------------------ the full list
    @property
    def options(self) -> tuple[Option, ...]:
        """Every option with its refusal, in the engine's order (judges all of them)."""
        if self._options is None:
            verdicts = self._verdicts
            if self._judge_all is not None:
                keys = [key for key, _ in self._entries if key not in verdicts]
                verdicts.update(zip(keys, self._judge_all(keys)))
                self._options = _judged_options(self._entries, verdicts)
            else:
                verdict = self._verdict
                # plain labels first: a search agent reads every option of every decision
                self._options = tuple(Option(key, label, verdict(key)) if type(label) is str else Option(key, _text(label), verdict(key), _piece(label))
                                      for key, label in self._entries)
        options: tuple[Option, ...] = self._options
        return options

    def legal(self) -> list[str]:
        """The legal keys in the engine's order (judges every option; labels are not written)."""
        if self._options is None and self._judge is not None:
            verdicts = self._verdicts
            if self._judge_all is not None:  # as `options` judges them, without making the Options
                keys = [key for key, _ in self._entries if key not in verdicts]
                verdicts.update(zip(keys, self._judge_all(keys)))
            verdict = self._verdict
            # entries written as read may list their keys alone (no label made for each)
            written = getattr(self._entries, "keys_only", None)
            offered: Iterable[str] = written() if written is not None else (key for key, _ in self._entries)
            return [key for key in offered if verdict(key) is None]
        return [o.key for o in self.options if o.refusal is None]

    @property
    def placement_offers(self) -> Any:
        """The area offers of a placement question whose answers are written only when read
        (entries that carry `offers`, as a game's lazy placement entries do), or None."""
        return getattr(self._entries, "offers", None)

    @property
    def keys(self) -> list[str]:
        """Every key offered, legal or not, without judging any."""
        if self._judge is None:
            return [o.key for o in self._options]
        return [key for key, _ in self._entries]

    # ------------------------------------------------------------------ one key
    def refusal(self, key: str) -> str | None:
        """Why `key` is refused (None: legal); judges that one key. KeyError if it is not offered."""
        if self._judge is None:
            option: Option
            for option in self._options:
                if option.key == key:
                    return option.refusal
            raise KeyError(key)
        if key not in self._verdicts and self._label(key) is None:
            raise KeyError(key)
        return self._verdict(key)

    def _verdict(self, key: str) -> str | None:
        """The refusal of an offered key, judged once."""
        verdicts = self._verdicts
        found = verdicts.get(key, verdicts)
        if found is verdicts:
            found = verdicts[key] = self._judge(key)
        refusal: str | None = found
        return refusal

    def option(self, key: str) -> Option | None:
        """The option of `key`, judged (None if it is not offered)."""
        if self._judge is None:
            return next((o for o in self._options if o.key == key), None)
        label = self._label(key)
        if label is None:
            return None
        return Option(key, _text(label), self._verdict(key), _piece(label))

    def _label(self, key: str) -> Label:
        index = self._index
        if index is None:
            # entries written as read (a placement's hundreds of positions) may find one key's
            # label without writing out every other entry
            lookup = getattr(self._entries, "label_of", None)
            if lookup is not None:
                return lookup(key)
            index = self._index = dict(self._entries)
        return index.get(key)

    # ------------------------------------------------------------------ lazily
    def legal_in_order(self, rng: Draws) -> Iterator[str]:
        """The legal keys one at a time, in a random order drawn from `rng` (a lazy shuffle)."""
        judge = self._judge
        if judge is None:  # judged already: shuffle the legal ones
            entries, verdicts = [(o.key, None) for o in self._options if o.refusal is None], {}
        else:
            entries, verdicts = self._entries, self._verdicts
        # Fisher-Yates, with the swapped positions in a dict: a few steps cost a few steps
        n = len(entries)
        moved: dict[int, int] = {}
        if type(rng) is SeededStream:  # its draws inlined (the same numbers): a random game's every step
            yield from _seeded_order(rng, entries, verdicts, judge, moved)
            return
        for i in range(n):
            j = i + rng.randrange(n - i)
            picked = moved.get(j, j)
            moved[j] = moved.get(i, i)
            key = entries[picked][0]
            found = verdicts.get(key, verdicts) if judge is not None else None
            if found is verdicts:  # not judged yet (this runs for every answer of a random game)
                found = verdicts[key] = judge(key)
            if found is None:
                yield key

    def sample(self, rng: Draws) -> str:
        """One legal key, each equally likely: the first legal one of a random order."""
        if self._judge is None:
            legal: list[str] = [o.key for o in self._options if o.refusal is None]
            if legal:
                return legal[rng.randrange(len(legal))]
        else:
            for key in self.legal_in_order(rng):
                return key
        raise LookupError(f"no legal answer to '{self.prompt}'")

    def count_legal(self, limit: int) -> tuple[int, str | None]:
        """How many keys are legal, counting up to `limit`, and the first legal one (engine order)."""
        count, first = 0, None
        if self._judge is None:
            keys, verdict = (o.key for o in self._options), self.refusal
        else:  # read the entries one at a time: a count stops early (entries may be written as read)
            keys, verdict = (key for key, _ in self._entries), self._verdict
        for key in keys:
            if verdict(key) is None:
                count += 1
                first = first if first is not None else key
                if count >= limit:
                    break
        return count, first

    def rejudged(self) -> "Decision":
        """The same question with nothing judged yet (to compare ways of judging one state)."""
        if self._judge is None:
            return self
        fresh = Decision.__new__(Decision)
        fresh.player, fresh.kind, fresh.prompt = self.player, self.kind, self.prompt
        fresh._entries, fresh._judge, fresh._options, fresh._index = self._entries, self._judge, None, self._index
        fresh._judge_all = self._judge_all
        fresh._given = self._given
        fresh._verdicts = dict(self._given)
        return fresh

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Decision) and (self.player, self.kind, self.prompt) == (other.player, other.kind, other.prompt)
                and self.options == other.options)

    __hash__: ClassVar[None] = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Decision(player={self.player}, kind={self.kind!r}, prompt={self.prompt!r}, {len(self._entries or self._options)} options)"


_SHARED: dict[tuple[str, str, str | None], Option] = {}  # (key, label, refusal) -> its Option: a full list of spaces repeats them decision after decision
_SHARED_MAX = 8192


def _judged_options(entries: Iterable[Entry], verdicts: dict[str, str | None]) -> tuple[Option, ...]:
    """The options of entries whose verdicts are all known; options with a plain label are
    shared between decisions (an Option is a value: nothing changes one once made)."""
    shared = _SHARED
    if len(shared) > _SHARED_MAX:  # labels and refusals that name numbers could grow it without end
        shared.clear()
    out = []
    for key, label in entries:
        refusal = verdicts[key]
        if type(label) is str:
            found = shared.get((key, label, refusal))
            if found is None:
                found = shared[(key, label, refusal)] = Option(key, label, refusal)
        else:
            found = Option(key, _text(label), refusal, _piece(label))
        out.append(found)
    return tuple(out)


def _text(label: Label) -> str:
    """A label may be given as a function, computed only when someone reads it."""
    written: str = label() if callable(label) else label
    return written


def _piece(label: Label) -> str | None:
    """The tile a placement's lazily written label names (None for other options)."""
    piece: str | None = getattr(label, "piece", None)
    return piece


def _seeded_order(rng: SeededStream, entries: Sequence[Entry], verdicts: dict[str, str | None], judge: Refusal | None,
                  moved: dict[int, int]) -> Iterator[str]:
    """`legal_in_order` with a `SeededStream`: `randrange` inlined, the stream's state kept
    current at every step (the caller may stop after any key)."""
    n, state = len(entries), rng.state
    get, verdict_of = moved.get, verdicts.get
    for i in range(n):
        state = (state + _GOLDEN) & _MASK
        x = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        j = i + ((((x ^ (x >> 31)) * (n - i)) >> 64))
        rng.state = state
        picked = get(j, j)
        moved[j] = get(i, i)
        key = entries[picked][0]
        if judge is None:
            yield key
            continue
        found = verdict_of(key, verdicts)
        if found is verdicts:  # not judged yet
            found = verdicts[key] = judge(key)
        if found is None:
            yield key


class SeededStream:
    """Random numbers that depend only on (seed, step): `at(step)` starts the stream of one step.
    Cheap (a few integer operations per number, splitmix64) and the same on every platform."""

    __slots__ = ("state", "_seed", "_mixed")
    state: int
    _seed: int | None
    _mixed: int

    def __init__(self, seed: int = 0) -> None:
        self.state = _mix(seed & _MASK)
        self._seed, self._mixed = None, 0

    def at(self, seed: int, step: int) -> "SeededStream":
        """This stream, started at the numbers of (seed, step)."""
        if seed != self._seed:  # an agent asks with its own seed at every step: mixed once
            self._seed, self._mixed = seed, _mix(seed & _MASK)
        self.state = _mix((self._mixed + step * _GOLDEN) & _MASK)
        return self

    def randrange(self, n: int, /) -> int:
        """A whole number from 0 to n - 1."""
        x = self.state = (self.state + _GOLDEN) & _MASK
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK  # _mix, inlined: one call per number
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((x ^ (x >> 31)) * n) >> 64


def _mix(x: int) -> int:
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)
