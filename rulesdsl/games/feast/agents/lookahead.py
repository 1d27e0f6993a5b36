"""Trying an answer on a copy of the game: fork, answer, finish the nested questions with a
cheap policy, stop where the player's choice is complete, and value the state reached.

At the first level, a nested question judged one level deeper tries all but one of its answers
on forks and the last on the first level's own fork; where the best trial met no further
question the first level would judge, its value is the choice's (the first level would have
gone on alike), so no fork goes on with it. Greedy 2-player seeds 400-459, interleaved with
the plain way: 0.81x the time per game, +0.6 +- 2.3 points.

The fork's dice get a seed of the agent's own and the hidden piles (decks, mountain strips
still to come) are cut at a random place, so a lookahead does not see the real game's future.
Both are the fork's adjustments (Forking.adjust): the forks it makes in turn, to try the
answers of a nested question, replay them and are copies of it (before, they rolled the real
game's dice again on the way to the question).

Trials taken as known (`_onward`): where the first level goes on with an answer whose trial met
the next judged question first, that trial's value is the trial of the answer it gave there (a
fork there is reseeded and cut again: the same dice where nothing was drawn since the cut and the
piles kept their lengths, the piles' order all that differs, and nothing after read or changed
them), and so on along that trial while the first level goes on with its answers; where the last
answer's trial was known, the first level goes on on its own fork, reseeded and cut as a new fork
would be. In fast self-play (seeds 700-702) 612 of 1,317 judged questions had a trial known, 434
of them saving a fork; VERIFY_ONWARD judged each again (3,027 on 15 games): all equal.
"""

from __future__ import annotations

import random

from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine.fork_dice import dice_state, randranges, reseeded
from rulesdsl.games.feast.engine.game import ResumeReached
from rulesdsl.geometry.shapes import squares

# answers that decline or step back: the cheap policy takes them only when nothing else is left
DECLINE = frozenset({"no", "stop", "back", "keep", "pass", "empty", "finish"})
ANYTIME = "anytime:"
TOP_KINDS = frozenset({"space", "end"})  # a new turn's question: the choice before it is complete
MAX_STEPS = 60
VERIFY_ONWARD = False  # (tests) judge again on a fork each trial `_onward` takes as known, and compare
MENU_KIND = "anytime"  # the menu of anytime actions
# the menu's way back: it changes nothing, so its trial's value is the value of the game at the
# menu (the trial's own dice and cut piles are not read by a value), taken without a fork
MENU_BACK = "back"
PLACE_KIND = "place"  # where a tile goes (judged by its geometry, see placement)
# nested questions with at most this many answers are judged one level deeper. Greedy 2-player
# seeds 400-429 (median / mean): 1: 29.0 / 30.5, 2: 44.5 / 43.3, 3: 52.0 / 49.5, 4: 57.0 / 57.6,
# 8: 54.0 / 55.8 at about 1.3x the time of 4 (1: about 0.5x; CPU time on a loaded machine)
JUDGED = 4
# nested questions whose numbered answers say how many of the offered items to take, for nothing
# (a mountain strip's items): the cheap policy takes the most, not the first answer (1). Before,
# a lookahead's trials took one item of every strip and judged which strip and the spaces that
# take from them by that: fast taking the most against fast taking one, seats swapped, 200
# games each: 60.2% (95% 53.3-66.8%), +3.0 +- 1.9 points on seeds 18000-18099, and
# see docs/AGENTS.md for the second set; the same CPU a seat within a game, but games of agents
# taking more grow longer: about 1.17x the CPU a game (balance, 90 games twice)
TAKE_MOST = frozenset({"mountain"})
# nested questions whose answers are goods to upgrade: the cheap policy upgrades the good of most
# squares (its shape read from the content), not the first answer (the first in the alphabet, so
# beans before fruits: a lookahead judged an upgrade space by upgrading the smallest goods, while
# the real game's judgement upgrades fruits into a robe). Fast with it against fast without
# (tools/bench_versions.py, 200 games each, seats swapped, the same CPU a game): 62.3% (95%
# 55.4-68.7%), +3.9 +- 1.8 points on seeds 24000-24099 and 54.5% (47.6-61.3%), +2.7 +- 2.1 on
# seeds 25000-25099. The same for "take which?" (special tiles too) and the feast's seats served
# with the food of least squares a seat: no gain on top (docs/AGENTS.md)
LARGEST_FIRST = frozenset({"upgrade"})


def cheap_answer(decision, game=None, valuer=None) -> str:
    """The first legal answer that does something, without anytime actions; a tile goes
    where it adds most to its board; of free items offered by number, the most (TAKE_MOST);
    of goods to upgrade, the one of most squares (LARGEST_FIRST; ties: the first)."""
    if decision.kind in TAKE_MOST:
        amounts = [o.key for o in decision.options if o.refusal is None and o.key.isdigit()]
        if amounts:
            return max(amounts, key=int)
    if decision.kind in LARGEST_FIRST and game is not None:
        goods = game.content.goods
        sized = [(squares(goods[o.key].shape), o.key) for o in decision.options if o.refusal is None and o.key in goods]
        if sized:
            return max(sized, key=lambda x: x[0])[1]  # the first of the largest
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


def fork_for_lookahead(game, seed: int, upto: int | None = None):
    """A fork with its own dice and hidden piles cut anew, halting at the next resume point
    (with `upto`: the game as it was after that many answers, see Forking.fork)."""
    f = game.fork(reseed=seed, halt=True, upto=upto)
    f.adjust(_cut_piles, None)  # made again by its own forks' replays, as its dice are
    return f


def _cut_piles(f, _=None) -> None:
    """Cut the hidden piles at random places drawn from the fork's dice."""
    s = f.state
    # cut at a random place: cheaper than a shuffle, and the order drawn is unknown
    piles = [pile for pile in (s.occupation_deck, s.weapon_deck, s.strip_pile) if len(pile) > 1]
    for pile, cut in zip(piles, randranges(f, tuple([len(pile) for pile in piles]))):
        pile[:] = pile[cut:] + pile[:cut]


def hide_hands(f, player: int) -> None:
    """Deal the other players new hands of the same sizes from the cards `player` cannot see
    (their hands and the occupation deck, shuffled by the fork's dice): a rollout that plays the
    opponents on does not play them with the cards they really hold (nor do forks of it)."""
    f.adjust(_deal_unseen, player)


def _deal_unseen(f, player: int) -> None:
    """Deal the other players' hands anew from the cards `player` cannot see (see hide_hands)."""
    s = f.state
    others = [q for q in s.players if q.index != player and q.hand]
    if not others:
        return
    unseen = list(s.occupation_deck) + [card for q in others for card in q.hand]
    f.rng.shuffle(unseen)
    for q in others:
        q.hand, unseen = unseen[:len(q.hand)], unseen[len(q.hand):]
    s.occupation_deck = unseen


def step(f, key: str) -> bool:
    """Answer in a lookahead fork; False once the fork has reached a resume point or ended."""
    try:
        f.answer(key)
    except ResumeReached:
        f.decision = None
        return False
    return f.decision is not None


def judged(f, d, player: int, valuer, menus: bool = True) -> list[str]:
    """The answers of nested question `d` that `nested_answer` judges one level deeper (none:
    the cheap policy answers it). With `menus` (the first level of a lookahead), a menu of
    anytime actions (its tiles pruned by geometry) and a question of at most JUDGED answers."""
    if not menus or not _judged_at_first_level(d):
        return []
    legal = d.legal()
    if d.kind != MENU_KIND:
        return [k for k in legal if not k.startswith(ANYTIME)]
    if len(legal) > 2:
        legal = valuer.menu_pruned(f, player, legal)
    return legal if len(legal) > 1 else []


def _judged_at_first_level(d) -> bool:
    """Whether the first level of a lookahead judges `d` deeper (`judged` with `menus` has
    answers for it), read without pruning a menu: a menu of more than two answers keeps at
    least two (its way back and the best of what it offers)."""
    if d.kind == PLACE_KIND:
        return False
    legal = d.legal()
    if d.kind == MENU_KIND:
        return len(legal) > 1
    n = sum(1 for k in legal if not k.startswith(ANYTIME))
    return 1 < n <= JUDGED


def nested_answer(f, d, player: int, valuer, seed: int, menus: bool = True) -> str:
    """One nested question's answer as a lookahead gives it: the best of the `judged` answers
    judged one level deeper (so opening the menu is worth what the menu offers, and a card
    offered before and after an action is played where it gains and left where it loses), or
    the cheap policy's."""
    legal = judged(f, d, player, valuer, menus)
    if legal:
        scored = {k: valuer.value(f, player) if d.kind == MENU_KIND and k == MENU_BACK
                  else try_answer(f, player, k, seed, valuer, menus=False) for k in legal}
        return max(scored, key=lambda k: (scored[k], k in DECLINE))
    return cheap_answer(d, f, valuer)


def finish_choice(f, player: int, valuer, seed: int, menus: bool = True) -> bool:
    """Answer the player's nested questions (`nested_answer`) until the choice is complete;
    whether none was met that the first level of a lookahead judges deeper (then the first
    level would have answered them alike)."""
    alike = True
    for _ in range(MAX_STEPS):
        d = f.decision
        if d is None or d.player != player or d.kind in TOP_KINDS:
            break
        alike = alike and not _judged_at_first_level(d)
        if not step(f, nested_answer(f, d, player, valuer, seed, menus)):
            break
    return alike


def _cheap_trial(f, player: int, key: str, seed: int, valuer, fork: bool = True,
                 went: list | None = None) -> tuple[float, bool]:
    """(value, alike) of answering `key` in `f` and finishing the choice cheaply, on a fork of
    `f` (or on `f` itself, its dice reseeded as a fork's are); `alike`: see finish_choice.
    With `went` (a list), the trial of `key`'s answer to the next question the first level
    judges is put into it, where it is known (see `_onward`)."""
    g = fork_for_lookahead(f, seed) if fork else f
    if not fork:
        reseeded(g, seed)  # the dice a fork of `f` would get (Random(seed)), pile cuts included
        _cut_piles(g)
    try:
        alike, onward = True, None
        cut = (dice_state(g), _piles(g)[4:]) if went is not None else None  # the dice and piles' lengths as cut
        if step(g, key):
            if cut is None:
                alike = finish_choice(g, player, valuer, seed, menus=False)
            else:
                alike, onward = _finish_watched(g, player, valuer, seed, cut)
        value = valuer.value(g, player)
        if onward:
            end = _piles(g)
            for asked, answer, alone, piles in onward:
                if piles != end:  # (a pile changed after this question, and so after the earlier ones)
                    break
                went.append((asked, answer, alone, value))
        return value, alike
    except RulesError:
        return float("-inf"), False
    finally:
        if fork:
            g.discard()


def _piles(g) -> tuple:
    """The hidden piles of `g`'s state (the lists themselves) and their lengths."""
    s = g.state
    piles = (s.occupation_deck, s.weapon_deck, s.weapon_discard, s.strip_pile)
    return (*map(id, piles), *map(len, piles))


def _finish_watched(g, player: int, valuer, seed: int, cut: tuple) -> tuple[bool, list]:
    """`finish_choice(g, ..., menus=False)` in a trial (`_cheap_trial`, its answer given; `cut`:
    its dice state and piles' lengths as cut), and what makes the trial's end known from each
    question the first level judges on its way (`_onward`), in order: (that question (player,
    kind, prompt, keys), the answer the trial gave, whether no other such question came after,
    the piles there), while the dice had drawn nothing since the cut and the piles were as
    long as when cut; none where the trial stopped at MAX_STEPS."""
    state, lengths = cut
    alike, onward = True, []
    for _ in range(MAX_STEPS):
        d = g.decision
        if d is None or d.player != player or d.kind in TOP_KINDS:
            break
        judged_here = _judged_at_first_level(d)
        key = nested_answer(g, d, player, valuer, seed, False)
        if judged_here:
            alike = False
            if onward:
                onward[-1][2] = False  # another judged question after it
            piles = _piles(g) if state is not None and dice_state(g) is state else None
            if piles is not None and piles[4:] == lengths:
                onward.append([(d.player, d.kind, d.prompt, tuple(d.keys)), key, True, piles])
            else:
                state = None  # (later questions neither)
        if not step(g, key):
            break
    else:
        onward = []  # (stopped by MAX_STEPS: a trial from a later question has more steps left)
    return alike, onward


def _onward(went: list, d, keys: list[str]):
    """The trial of one of `keys` at question `d`, known from the trial of the answer the first
    level goes on with at the question before (`_cheap_trial`'s `went`): that trial met `d`
    first of the questions the first level judges, gave it that answer, its dice had drawn
    nothing since they were cut and the piles had kept their lengths, and none of the piles
    changed after `d`. A trial of that answer on a fork at `d` is reseeded and cut again: the
    same dice (Random(seed) cutting piles of the same lengths), the piles cut once more (their
    order is all that differs, and nothing after `d` drew from them or changed them), the
    same answers after it: the same value, and alike where no other such question followed.
    Returns (key, (value, alike)) or None."""
    if not went:
        return None
    asked, key, alone, value = went[0]
    if key not in keys or asked != (d.player, d.kind, d.prompt, tuple(d.keys)):
        return None
    return key, (value, alone)


def _finish_first_level(f, player: int, valuer, seed: int) -> float:
    """The value of finishing the choice in `f` as the first level of a lookahead does
    (`nested_answer` with menus), with fewer forks and the same result in expectation. At a
    question judged deeper, all but one answer are tried on forks and the last on `f` itself;
    where the best one's trial met no question judged deeper, the choice would go on as the
    trial went, so the trial's value is the choice's. Otherwise a fork at the question goes on
    with the best answer (the dice after the question are new, as in a trial). Taking the best
    trial's value there too (no fork going on) cost 14.5 +- 2.6 points a player for 0.71x the
    time (seeds 400-459): the questions that follow, such as goods taken one by one, matter."""
    spare = []  # forks made here, discarded at the end
    went: list = []  # what the trial of the answer gone on with knows of the next judged question (_onward)
    try:
        for _ in range(MAX_STEPS):
            d = f.decision
            if d is None or d.player != player or d.kind in TOP_KINDS:
                break
            keys = judged(f, d, player, valuer)
            if not keys:
                if not step(f, cheap_answer(d, f, valuer)):
                    break
                continue
            at = len(f.log)
            known = _onward(went, d, keys)
            wents = {k: [] for k in keys}
            trials = {}
            for k in keys:
                if known is not None and k == known[0]:
                    trials[k] = known[1]
                    if VERIFY_ONWARD:
                        again = _cheap_trial(f, player, k, seed, valuer, k != keys[-1])
                        if again != known[1]:  # (not `assert`: the check must hold under python -O too)
                            raise AssertionError(f"a trial taken as known differs: {known[1]} against {again}")
                else:
                    trials[k] = _cheap_trial(f, player, k, seed, valuer, k != keys[-1], wents[k])
            best = max(trials, key=lambda k: (trials[k][0], k in DECLINE))
            value, alike = trials[best]
            if alike:
                return value
            # what the trial gone on with knows of the judged questions after this one: the known
            # trial's own (the rest of the trial it came from), or the best trial's
            went = went[1:] if known is not None and best == known[0] else wents[best]
            if known is not None and known[0] == keys[-1] and not VERIFY_ONWARD:
                # no trial was made on `f` itself (the last answer's was known): it stands at the
                # question still, and goes on as a fork of it there would (its dice and piles
                # reseeded and cut, and so its own forks' replays)
                f.adjust(reseeded, seed)
                f.adjust(_cut_piles, None)
            else:
                f = fork_for_lookahead(f, seed, upto=at)
                spare.append(f)
            if not step(f, best):
                break
        return valuer.value(f, player)
    finally:
        for g in spare:
            g.discard()


def try_answer(game, player: int, key: str, seed: int, valuer, menus: bool = True) -> float:
    """The value for `player` of the state `key` leads to (`valuer`: a value.Valuer)."""
    f = fork_for_lookahead(game, seed)
    try:
        try:
            if not step(f, key):
                return valuer.value(f, player)
            if menus:
                return _finish_first_level(f, player, valuer, seed)
            finish_choice(f, player, valuer, seed, menus)
        except RulesError:
            return float("-inf")
        return valuer.value(f, player)
    finally:
        f.discard()  # freed now rather than by the garbage collector


def ranked_answers(game, player: int, keys, seed: int, valuer, width: int, margin: float) -> dict[str, float]:
    """The value of every answer in `keys` to a turn's question, judged in two stages: first
    each on one fork with its nested questions answered cheaply (`_cheap_trial`); an answer
    whose trial met no question the first level judges deeper has its exact `try_answer`
    value already (the same fork, seed and answers). Then only the `width` best of the others
    whose first value is within `margin` of the best are judged in full (their nested questions
    one level deeper, about three forks each); the rest keep their first value, which the cheap
    answers make a low estimate."""
    first = {key: _cheap_trial(game, player, key, seed, valuer) for key in keys}
    top = max(value for value, _ in first.values())
    deeper = sorted((k for k, (value, alike) in first.items() if not alike and value >= top - margin),
                    key=lambda k: -first[k][0])[:width]
    values = {key: value for key, (value, _) in first.items()}
    for key in deeper:
        values[key] = try_answer(game, player, key, seed, valuer)
    return values


def lookahead_seed(agent_seed: int, game) -> int:
    """The same seed for every answer tried at one decision (common random numbers)."""
    return random.Random(agent_seed * 1_000_003 + len(game.log)).getrandbits(32)
