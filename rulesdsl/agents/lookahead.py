"""Trying an answer on a copy of the game: fork, answer, finish the nested questions with a
cheap policy, stop where the player's choice is complete, and value the state reached.

The fork's dice get a seed of the agent's own and the hidden piles (decks, mountain strips
still to come) are cut at a random place, so a lookahead does not see the real game's future.
"""

from __future__ import annotations

import random

from rulesdsl.engine.game import ResumeReached
from rulesdsl.errors import RulesError

# answers that decline or step back: the cheap policy takes them only when nothing else is left
DECLINE = frozenset({"no", "stop", "back", "keep", "pass", "empty", "finish"})
ANYTIME = "anytime:"
TOP_KINDS = frozenset({"space", "end"})  # a new turn's question: the choice before it is complete
MAX_STEPS = 60
MENU_KIND = "anytime"  # the menu of anytime actions
PLACE_KIND = "place"  # where a tile goes (judged by its geometry, see placement)
# nested questions with at most this many answers are judged one level deeper. Greedy 2-player
# seeds 400-429 (median / mean): 1: 29.0 / 30.5, 2: 44.5 / 43.3, 3: 52.0 / 49.5, 4: 57.0 / 57.6,
# 8: 54.0 / 55.8 at about 1.3x the time of 4 (1: about 0.5x; CPU time on a loaded machine)
JUDGED = 4


def cheap_answer(decision, game=None, valuer=None) -> str:
    """The first legal answer that does something, without anytime actions; a tile goes
    where it adds most to its board."""
    if valuer is not None:
        placed = valuer.placement_ranked(game, decision, 1)
        if placed:
            return placed[0][0]
    fallback = None
    for option in decision.options:
        if option.refusal is not None:
            continue
        key = option.key
        if key.startswith(ANYTIME):
            continue
        if key in DECLINE:
            fallback = fallback or key
            continue
        return key
    if fallback is not None:
        return fallback
    return decision.legal()[0]


def fork_for_lookahead(game, seed: int):
    """A fork with its own dice and hidden piles cut anew, halting at the next resume point."""
    f = game.fork(reseed=seed, halt=True)
    s = f.state
    for pile in (s.occupation_deck, s.weapon_deck, s.strip_pile):
        if len(pile) > 1:  # cut at a random place: cheaper than a shuffle, and the order drawn is unknown
            cut = f.rng.randrange(len(pile))
            pile[:] = pile[cut:] + pile[:cut]
    return f


def step(f, key: str) -> bool:
    """Answer in a lookahead fork; False once the fork has reached a resume point or ended."""
    try:
        f.answer(key)
    except ResumeReached:
        f.decision = None
        return False
    return f.decision is not None


def nested_answer(f, d, player: int, valuer, seed: int, menus: bool = True) -> str:
    """One nested question's answer as a lookahead gives it. With `menus` (the first level of a
    lookahead), a menu of anytime actions (its tiles pruned by geometry) and a question of at
    most JUDGED answers take the best answer judged one level deeper (so opening the menu is
    worth what the menu offers, and a card offered before and after an action is played where
    it gains and left where it loses); the cheap policy answers the rest."""
    legal = d.legal() if menus and d.kind != PLACE_KIND else ()
    if d.kind != MENU_KIND:
        legal = [k for k in legal if not k.startswith(ANYTIME)]
    elif len(legal) > 2:
        legal = valuer.menu_pruned(f, player, legal)
    if 1 < len(legal) and (d.kind == MENU_KIND or len(legal) <= JUDGED):
        scored = {k: try_answer(f, player, k, seed, valuer, menus=False) for k in legal}
        return max(scored, key=lambda k: (scored[k], k in DECLINE))
    return cheap_answer(d, f, valuer)


def finish_choice(f, player: int, valuer, seed: int, menus: bool = True) -> None:
    """Answer the player's nested questions (`nested_answer`) until the choice is complete."""
    for _ in range(MAX_STEPS):
        d = f.decision
        if d is None or d.player != player or d.kind in TOP_KINDS:
            return
        if not step(f, nested_answer(f, d, player, valuer, seed, menus)):
            return


def try_answer(game, player: int, key: str, seed: int, valuer, menus: bool = True) -> float:
    """The value for `player` of the state `key` leads to (`valuer`: a value.Valuer)."""
    f = fork_for_lookahead(game, seed)
    try:
        try:
            if step(f, key):
                finish_choice(f, player, valuer, seed, menus)
        except RulesError:
            return float("-inf")
        return valuer.value(f, player)
    finally:
        f.discard()  # freed now rather than by the garbage collector


def lookahead_seed(agent_seed: int, game) -> int:
    """The same seed for every answer tried at one decision (common random numbers)."""
    return random.Random(agent_seed * 1_000_003 + len(game.log)).getrandbits(32)
