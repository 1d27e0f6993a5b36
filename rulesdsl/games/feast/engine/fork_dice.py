"""A fork's dice while they are not needed: kept as a generator state and set into a generator
only when something draws (forking.py restores and reseeds forks with them; a lookahead cuts
its forks' hidden piles through `randranges`).

Setting a Mersenne Twister's state is a good part of a fork's cost, and most forks roll no
die: a fork replaying from a checkpoint draws nothing on most replays, and a lookahead's fork
is reseeded and its piles cut, then mostly judged without a roll. In a fork inside a mountain
action (4 answers replayed) this took 4 generator states set and 12 draws for the reseeds and
cuts made again; with the states kept and the cuts read from a table, 134 -> 127 us a fork.
"""

from __future__ import annotations

import random


class LazyRandom:
    """A fork's dice generator while it replays, and a reseeded fork's, set to its state only
    once something draws: most replays draw nothing, and most of a lookahead's forks roll no die
    (setting a generator's state is a good part of a fork's cost; see `randranges` for the
    draws a lookahead makes on every fork)."""

    __slots__ = ("state", "real")

    def __init__(self, state: tuple):
        self.state = state
        self.real = None

    def __getattr__(self, name):
        return getattr(self.made(), name)

    def getstate(self) -> tuple:
        """The generator's state, read without making it."""
        return self.state if self.real is None else self.real.getstate()

    def made(self) -> random.Random:
        """The generator itself, at the checkpoint's state when first asked for."""
        if self.real is None:
            self.real = random.Random.__new__(random.Random, 0)  # a seed of 0 spares reading the system's entropy
            self.real.setstate(self.state)
        return self.real

    @staticmethod
    def settled(rng, state: tuple | None) -> random.Random:
        """A plain generator for a fork's `rng` once replayed: `rng` itself, or at `state` if given."""
        if type(rng) is LazyRandom:
            if state is not None and rng.real is None:
                rng = random.Random.__new__(random.Random, 0)
            else:
                rng = rng.made()
        if state is not None:
            rng.setstate(state)
        return rng


def reseeded(game, seed: int) -> None:
    """An adjustment (see Forking.adjust): the game's dice start again from `seed` (the state
    `random.Random(seed)` starts in, set into a generator once something draws)."""
    game.rng = LazyRandom(seeded_state(seed))


def dice_state(game) -> tuple | None:
    """The state a game's dice stand at where they are not set into a generator yet (a reseeded
    fork's, nothing drawn since it was reseeded or `randranges` last drew), else None."""
    rng = game.rng
    return rng.state if type(rng) is LazyRandom and rng.real is None else None


def randranges(game, sizes: tuple[int, ...]) -> tuple[int, ...]:
    """`game.rng.randrange(n)` for each n of `sizes` in order (each above 0): the same numbers,
    and the dice left as those draws leave them. Where the dice are a state not yet set into a
    generator (a reseeded fork's), the numbers and the state after are read from a table of the
    states and sizes met before: a lookahead cuts the hidden piles of every fork it makes, and
    its forks' replays cut them again, with the same seed and piles at one decision."""
    rng = game.rng
    if type(rng) is not LazyRandom or rng.real is not None:
        return tuple([rng.randrange(n) for n in sizes])
    state = rng.state
    key = (id(state), sizes)
    found = _DRAWN.get(key)
    if found is None or found[0] is not state:
        if len(_DRAWN) >= 256:
            _DRAWN.clear()
        real = random.Random.__new__(random.Random, 0)
        real.setstate(state)
        found = _DRAWN[key] = (state, tuple([real.randrange(n) for n in sizes]), real.getstate())
    game.rng = LazyRandom(found[2])
    return found[1]


_SEEDED: dict = {}  # seed -> the generator state it gives (a lookahead reseeds many forks alike)
_DRAWN: dict = {}  # (id(state), sizes) -> (state, `randranges` from it, the state after), see randranges


def seeded_state(seed: int) -> tuple:
    """The state `random.Random(seed)` starts in (setting a state is cheaper than seeding)."""
    found = _SEEDED.get(seed)
    if found is None:
        if len(_SEEDED) >= 64:
            _SEEDED.clear()
        found = _SEEDED[seed] = random.Random(seed).getstate()
    return found
