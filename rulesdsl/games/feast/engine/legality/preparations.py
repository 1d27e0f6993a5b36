"""Trying out what comes before an action, to judge whether a space can be taken.

A space may be taken only if one of its effects can be used ([A4]). What runs between placing
the Vikings and the action itself (a column's draw, `before action` cards, the occupation
played in column 4) may supply what the action needs, so the space counts as usable when it
is usable after those preparations. They are run on copies of the state: the copies branch
on every answer to the first TRIAL_DEPTH questions (up to TRIAL_PATHS paths); later
questions take their first legal answer, which keeps a card that runs a whole action (a
feast, a granted space) from multiplying the paths. While a list of spaces is judged in one
`batch` (a turn's options), the states reached are shared by spaces whose preparations are
the same listeners in the same column; `relevance` skips trials that cannot matter (which
cards in hand could, if played: engine/legality/hand_reach.py).
"""

from __future__ import annotations

import random
from contextlib import contextmanager

from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine.events import EventInfo
from rulesdsl.games.feast.engine.events import hook_key
from rulesdsl.games.feast.engine.legality import relevance
from rulesdsl.games.feast.engine.legality.hand_reach import HandReach


# the events whose listeners run before an action (and the one that rewards playing cards)
_READ = (("when", "thing_changed"), ("when", "vikings_placed"), ("before", "action"), ("when", "occupations_played"))


_PLAYS = object()  # a listener that plays cards: what it produces depends on the hand
_UNREAD = object()  # a space's needs not read yet (None is a reading: anything could help it)
_INSTALLED = object()  # a batch's key for the listeners installed (see _preparations)


class _RngCopy:
    """The game's random generator as a trial sees it: a copy, made when the trial first draws
    (most never do, and copying a Mersenne Twister state costs more than most trials)."""

    __slots__ = ("_source", "_copy")

    def __init__(self, source):
        self._source, self._copy = source, None

    def __getattr__(self, name):
        copy = self._copy
        if copy is None:
            copy = self._copy = random.Random()
            copy.setstate(self._source.getstate())
        return getattr(copy, name)


class Trials(HandReach):
    TRIAL_PATHS = 48
    TRIAL_DEPTH = 2

    def __init__(self, flow):
        self.flow = flow
        self.g = flow.g
        self._batch: dict | None = None
        self.prune = True  # skip the trials `relevance` proves cannot matter (off: try them all, to test that)
        self._signatures: dict = {}
        self._installed: dict = {}  # ids of the listeners and watches installed -> their number
        self._installed_by_number: list = []  # number -> (the listeners, the watches)
        self._generation = (None, -1, None)  # (events, its generation, the number) of the last reading
        self._imitated: dict = {}
        self._monotones: dict = {}  # space -> `_monotone`, and `_needs`: space -> its needs (both per content, kept at hand)
        self._needs: dict = {}
        self._heard = (None, -1, {})  # (events, generation, {owners: what `_phases_heard` found})
        self._chains: dict = {}  # (installed, gains) -> what the listeners a preparation could set off produce

    @contextmanager
    def batch(self, shared: dict | None = None):
        """Spaces judged together share their trial states (kept in `shared`, when given, across batches)."""
        outer = self._batch
        self._batch = {} if shared is None else shared
        try:
            yield
        finally:
            self._batch = outer

    def usable_once_prepared(self, player: int, space: str, needed: int, copied: bool = False) -> bool:
        """Whether the space is usable after what comes before its action; `copied`: the space as
        an imitation copies it (only the copied action's `before action` comes first: the Vikings
        were placed on the imitation space)."""
        signature = self._preparations(player, space, needed, copied)
        if signature is None:
            return False
        leaves = self._batched(signature, lambda: self._prepared_states(player, space, signature[-1], alone=len(signature[0]) == 1,
                                                                        copied=copied))
        if not leaves:
            return False
        g = self.g
        saved = (g.state, g.events.checkpoint())
        try:
            for state, events in leaves:
                g.state = state
                g.events.restore(events)
                if self.flow.space_usable(self.flow.ctx(player), space, needed, prepared=False):
                    return True
            return False
        finally:
            g.state = saved[0]
            g.events.restore(saved[1])

    def _batched(self, key, compute):
        """A result shared within the current batch (computed afresh outside one)."""
        if self._batch is None:
            return compute()
        found = self._batch.get(key)
        if found is None:
            found = self._batch[key] = compute()
        return found

    def _relevance(self, kind: str, key, compute):
        return relevance.cached(self.g.content, (kind, key), compute)

    def _relevance_keeping(self, kind: str, key, kept, compute):
        """`_relevance` keyed by the ids of tree nodes (hooks, watches' bodies), which a scenario's
        effects may make outside the content: the entry holds `kept` (those nodes), so no other
        node is given their ids while it is there."""
        return relevance.cached(self.g.content, (kind, key), lambda: (kept, compute()))[1]

    def _preparations(self, player: int, space: str, needed: int, copied: bool = False):
        """The listeners that would run before this space's action and could matter to it,
        as a signature for sharing what they reach (None: nothing to try).

        Which listeners match the space is remembered per game, keyed by the listeners
        installed; what is left to judge each time is what the cards in hand could reach."""
        state = self.g.state
        batch = self._batch  # the installed listeners do not change while a list of spaces is judged
        # which listeners match depends only on those the player hears before an action
        prep = batch.get((_INSTALLED, player)) if batch is not None else None
        if prep is None:
            prep = self._prep_listeners(player)
            if batch is not None:
                batch[(_INSTALLED, player)] = prep
        installed = batch.get(_INSTALLED) if batch is not None else None
        if installed is None and self._generation[0] is self.g.events and self._generation[1] == self.g.events.generation:
            installed = self._generation[2]  # nothing installed or spent since the last reading
        if installed is None:
            events = self.g.events
            # every listener and watch: those before the action run as preparations, the others
            # may be set off by what the preparations do (see `_chain_reach`)
            listeners = tuple(lst for v in events.hooks.values() for lst in v)
            ids = (tuple(map(id, listeners)), tuple(map(id, events.watches)))
            installed = self._installed.get(ids)
            if installed is None:  # a small number stands for them in keys; kept alive, their ids stay theirs
                installed = self._installed[ids] = len(self._installed_by_number)
                self._installed_by_number.append((listeners, tuple(events.watches)))
            self._generation = (events, events.generation, installed)
            if batch is not None:
                batch[_INSTALLED] = installed
        key = (player, space, needed, prep[0], copied)
        found = self._signatures.get(key)
        if found is None:
            matching = self._matching(space, needed, prep, copied)
            # the listeners are kept with it: alive, their ids in the key stay theirs
            found = self._signatures[key] = (matching, any(p is _PLAYS for _, p in matching), prep[1])
        matching = found[0]
        if not matching:
            return None
        # the rest reads what every listener installed may set off (`_chain_reach`: its value,
        # not which listeners give it, so that another player's card that adds nothing to it
        # keeps the signature), the hand and who hears it played (when a listener plays cards)
        # and, for an imitation, the occupied spaces
        occupied = tuple(state.occupancy) if self._imitates(space) is not None else None
        chain = self._chain_reach(installed, self._monotone(space), player) if self._space_needs(space) is not None else None
        if found[1]:
            plays = (tuple(state.players[player].hand), bool(self.g.events.hears("when", "occupations_played", player)),
                     self._phases_heard(player) if self._monotone(space) else None)
        else:
            plays = None
        full_key = (key, chain, plays, occupied, self.prune)
        signature = self._signatures.get(full_key, _PLAYS)
        if signature is _PLAYS:
            signature = self._signatures[full_key] = self._signature(player, space, needed, matching, installed, copied)
        return signature

    def _chain_reach(self, installed: int, gains: bool, player: int):
        """What the listeners and watches a preparation of `player` could set off (those on
        events that an effect of known reach may announce, `relevance.SET_OFF_ONLY_BY_OPEN`)
        could produce (with `gains`: give or free); None: anything. A preparation's own reach
        is widened by it: goods received may pay silver through a card that hears goods received.

        Only the listeners that can hear someone the preparation can act for count: an event
        reaches the listeners of the player in whose context it is announced (and the board's
        rules), and a context for another player arises only where "as soon as" watches are
        re-checked (each in its owner's context, after every change). So the player's own
        listeners, the rules' and those of the watches' owners; with several players the
        others' cards mostly add nothing a preparation of his can set off."""
        listeners, watches = self._installed_by_number[installed]
        owners = self._chain_owners(player, watches)
        key = (installed, gains, owners)
        found = self._chains.get(key, _UNREAD)
        if found is _UNREAD:
            # which hooks count is read per game; what they reach, per content by the hooks and
            # watches themselves (with several players every card played makes a new `installed`,
            # and most add nothing this player's preparations can set off)
            hooks = [lst.hook for lst in listeners if (lst.owner is None or lst.owner in owners)
                     and lst.hook.event.kind == "named" and lst.hook.event.name not in relevance.SET_OFF_ONLY_BY_OPEN]
            bodies = [watch[3] for watch in watches]
            found = self._chains[key] = self._relevance_keeping(
                "chain", (gains, tuple(map(id, hooks)), tuple(map(id, bodies))), (hooks, bodies), lambda: self._reach_of(hooks, bodies, gains))
        return found

    def _reach_of(self, hooks, watches, gains: bool):
        """What these hooks and "as soon as" watches could produce (`_chain_reach`); None: anything."""
        catalog = self.g.catalog
        found = frozenset()
        for hook in hooks:
            if self._relevance_keeping("plays", id(hook), hook, lambda: relevance.uses_play(hook)):
                return None
            if gains:
                reach = self._relevance_keeping("hook-gains", id(hook), hook, lambda: relevance.gained(catalog, (hook.body,)))
            else:
                reach = self._relevance_keeping("hook", id(hook), hook, lambda: relevance.produced_by_hook(catalog, hook))
            if reach is None:
                return None
            found |= reach
        for watch in watches:  # "as soon as": re-checked after every change
            body = watch.body
            reach = relevance.gained(catalog, body) if gains else relevance.mentioned(catalog, body)
            if reach is None:
                return None
            found |= reach
        return found

    def _chain_owners(self, player: int, watches) -> frozenset:
        """The players whose listeners a preparation of `player` can set off (see `_chain_reach`)."""
        return frozenset({player, *(w[0] for w in watches)})

    def _signature(self, player: int, space: str, needed: int, matching, installed: int, copied: bool = False):
        state = self.g.state
        needs = self._space_needs(space)
        chain = self._chain_reach(installed, self._monotone(space), player) if needs is not None else None
        matters, plays = False, None
        for lst_id, produced in matching:
            if produced is _PLAYS:  # what playing reaches is the cards in hand that could matter here
                if plays is None:
                    plays = self._cards_that_matter(state.players[player], needs, self._monotone(space), chain)
                hook, reach = lst_id[1], None if plays else frozenset()
                if self._monotone(space):
                    produced = self._relevance_keeping("played-gains", (id(hook), bool(plays)), hook,
                                                       lambda: relevance.gained(self.g.catalog, (hook.body,), reach))
                else:
                    produced = self._relevance_keeping("played", (id(hook), bool(plays)), hook,
                                                       lambda: relevance.produced_by_hook(self.g.catalog, hook, reach))
            if produced is not None:
                produced = None if chain is None else produced | chain
            matters = matters or relevance.may_matter(produced, needs)
        if not matters:
            return None
        return tuple(lst_id[0] for lst_id, _ in matching), self.g.content.spaces[space].column, needed, copied, plays

    def _prep_listeners(self, player: int) -> tuple:
        """(their ids, the listeners, the ids of their hooks) the player hears before an action
        (placing Vikings, the Thing square changing, `before action`)."""
        events = self.g.events
        listeners = [lst for timing, name in _READ[:3] for lst in events.candidates(timing, name, player)]
        return tuple(map(id, listeners)), listeners, tuple([id(lst.hook) for lst in listeners])

    def _hooks_static(self, space: str, needed: int, prep, copied: bool = False) -> list:
        """`_hooks_matching` of the listeners of `prep` (`_prep_listeners`), read once per
        content by their hooks."""
        # keyed by the hooks' ids: the entry holds the hooks (see `_relevance_keeping`)
        return self._relevance("matching", (space, needed, prep[2], copied), lambda: (
            [lst.hook for lst in prep[1]], self._hooks_matching(space, needed, prep[1], copied)))[1]

    def _matching(self, space: str, needed: int, prep, copied: bool = False) -> list:
        """The listeners before this space's action (those of `prep`): [((id, hook), what it
        produces or _PLAYS)]. Which hooks match and what they produce is read once per content."""
        listeners = prep[1]
        return [((id(listeners[i]), listeners[i].hook), produced) for i, produced in self._hooks_static(space, needed, prep, copied)]

    def _hooks_matching(self, space: str, needed: int, listeners, copied: bool = False) -> list:
        """[(position in `listeners`, what its hook produces or _PLAYS)] of the hooks that match."""
        events, spec, catalog = self.g.events, self.g.content.spaces[space], self.g.catalog
        if copied:  # no Vikings go onto a copied space: only its action's `before` comes first
            infos = {("before", "action"): self.flow.action_info(space, spec, needed, "copied")}
        else:
            infos = {("when", "thing_changed"): EventInfo("thing_changed"),
                     ("when", "vikings_placed"): self.flow.placed_info(space, needed)}
            if not self.flow.copies(space):  # an imitation space's `before action` is the copied action's
                infos[("before", "action")] = self.flow.action_info(space, spec, needed, "space")
        found = []
        for i, lst in enumerate(listeners):
            hook = lst.hook
            info = infos.get(hook_key(hook.timing, hook.event))
            if info is None or not events.matches(hook.filters, info, None):
                continue
            if self._relevance_keeping("plays", id(hook), hook, lambda: relevance.uses_play(hook)):
                found.append((i, _PLAYS))
            elif self._monotone(space):  # only what it gives or frees can help
                found.append((i, self._relevance_keeping("hook-gains", id(hook), hook, lambda: relevance.gained(catalog, (hook.body,)))))
            else:
                found.append((i, self._relevance_keeping("hook", id(hook), hook, lambda: relevance.produced_by_hook(catalog, hook))))
        return found

    def _imitates(self, space: str):
        found = self._imitated.get(space, _PLAYS)  # asked for every space judged: kept at hand
        if found is _PLAYS:
            content = self.g.content
            found = self._imitated[space] = self._relevance("imitates", space, lambda: relevance.imitated_columns(content, space))
        return found

    def _space_needs(self, space: str):
        """What could make a space usable; an imitation needs what the spaces it could copy need.
        Without `prune`, anything could (every preparation is tried)."""
        if not self.prune:
            return None
        content, catalog = self.g.content, self.g.catalog
        columns = self._imitates(space)
        if columns is None:
            found = self._needs.get(space, _UNREAD)  # (None is an answer: anything could)
            if found is _UNREAD:
                found = self._needs[space] = self._relevance("space", space, lambda: relevance.needs_of_space(content, catalog, space))
            return found
        found = frozenset({relevance.VIKINGS})  # what it may imitate depends on the occupied spaces
        for other in self.g.state.occupancy:
            if content.spaces[other].column in columns and self._imitates(other) is None:
                needs = self._relevance("space", other, lambda: relevance.needs_of_space(content, catalog, other))
                if needs is None:
                    return None
                found |= needs
        return found

    def _phases_heard(self, player: int) -> frozenset:
        """The phases (as events, `phase:<id>`) and the events a mechanism announces that a
        listener a preparation of `player` can set off hears: those of the players it can act
        for (`_chain_owners`: a phase a card runs, and a mechanism's events, are announced in
        the context of the player it runs for) and the board's rules. Read again only after
        the installed listeners changed; with several players the others' listeners of phases
        no longer change a player's signatures."""
        events = self.g.events
        cached = self._heard
        if cached[0] is not events or cached[1] != events.generation:
            cached = self._heard = (events, events.generation, {})
        owners = self._chain_owners(player, events.watches)
        heard = cached[2].get(owners)
        if heard is None:
            mechanism = relevance.MECHANISM_EVENTS
            heard = cached[2][owners] = frozenset(
                name for (_, name), listeners in events.hooks.items()
                if (name.startswith("phase:") or name in mechanism)
                and any(lst.owner is None or lst.owner in owners for lst in listeners))
        return heard

    def _monotone(self, space: str) -> bool:
        """Whether only what a preparation gives or frees can help the space (per content; kept
        at hand, asked several times for every space judged)."""
        found = self._monotones.get(space)
        if found is None:
            content = self.g.content
            found = self._monotones[space] = self._relevance("monotone", space, lambda: relevance.monotone(content, space))
        return found

    def _prepared_states(self, player: int, space: str, plays, alone: bool = False, copied: bool = False) -> list:
        leaves, paths, tried = [], [[]], 0
        while paths and tried < self.TRIAL_PATHS:
            path = paths.pop()
            leaf, branches, path, used = self._trial(player, space, path, plays, alone, self.TRIAL_PATHS - tried, copied)
            tried += used
            if leaf is not None:
                leaves.append(leaf)
            paths.extend(path + [key] for key in reversed(branches))
        return leaves

    def _trial(self, player: int, space: str, path: list, plays=None, alone: bool = False, budget: int = 1, copied: bool = False):
        """Run the preparations on a copy along `path`: (the state and hooks reached, or None;
        the answers to try next when the path stops at a question; the path run; trials used).

        A question with a single answer to try does not stop the run: it goes on as the next
        trial (the one of path + [answer], within `budget` trials) would from the start, which
        is the same run as long as nothing random was drawn on the way."""
        g = self.g
        saved = (g.state, g.events.checkpoint(), g.rng, list(g.forced_dice), len(g.history), self.flow.in_action, self._batch)
        self._batch = None  # a trial installs cards: what the batch read of the listeners is not its own
        g.state = g.state.clone(players_on_demand=True)  # the game's state waits: players copied as read
        g.rng = rng = _RngCopy(g.rng)  # the game's generator stays untouched; copied only if a trial draws
        path, used = list(path), 1
        try:
            ctx = self.flow.ctx(player)
            process = self.flow.before_copied(ctx, space) if copied else self.flow.prepare(ctx, space, None)
            try:
                decision = next(process)
                for key in path:
                    decision = process.send(key)
                while len(path) < self.TRIAL_DEPTH:
                    keys = self._to_try(decision, path, plays, alone)
                    if len(keys) != 1 or used >= budget or rng._copy is not None or len(g.forced_dice) != len(saved[3]):
                        return None, keys, path, used
                    path.append(keys[0])
                    used += 1
                    decision = process.send(keys[0])
                while True:  # the first legal answer, judged lazily (a whole feast's placements need not be)
                    first = decision.count_legal(1)[1]
                    if first is None:
                        break  # as the StopIteration of no legal answer did
                    decision = process.send(first)
            except StopIteration:
                pass
            return (g.state, g.events.checkpoint()), [], path, used
        except RulesError:
            return None, [], path, used
        finally:
            g.state, events, g.rng, g.forced_dice, n, self.flow.in_action, self._batch = saved
            g.events.restore(events)
            del g.history[n:]

    def _to_try(self, decision, path: list, plays, alone: bool) -> list:
        """The answers to a trial's question worth trying, each a path of its own."""
        keys = [o.key for o in decision.options if o.refusal is None and not o.key.startswith("anytime:")]
        if decision.kind == "play" and plays is not None:
            # a card that cannot matter leads where not playing leads; one stays
            # in case the play cannot be declined
            idle = [k for k in keys if k.isdigit() and int(k) not in plays]
            keys = [k for k in keys if k not in idle]
            if idle and all(k.isdigit() for k in keys):
                keys.append(idle[0])
            if alone and not path:
                # declining the only preparation leads to the state already judged
                keys = [k for k in keys if k.isdigit()]
        return keys
