"""The third round of shortcuts for games with several players gives what the long way gives:
"as soon as" watches judged on the players as they stand (a trial's copy copies no player it
only reads), a preparation's chain reach read per content by its hooks and watches, and
imitation spaces judged up to the first usable one. Each is compared with the way it was
done before (kept here as the reference), on whole games and on full legal lists."""

from rulesdsl.agents import RandomAgent
from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.games.feast.engine.legality import relevance
from rulesdsl.games.feast.engine.state import PlayersOnDemand
from rulesdsl.lang import tree as t

OPTIONS = GameOptions(players=4, length="long", decks=("A", "B", "C"))


def _reference_check_watches(self):
    """`check_watches` as it was: every watch judged in a fresh context of its owner, read
    through the state's players (a trial's copy copies each owner read)."""
    events = self.g.events
    condition = self.interp.condition
    for entry in list(events.watches):
        owner, card, index, watch = entry
        p = self.g.state.players[owner]
        if (card, index) in p.spent:
            continue
        ctx = self.ctx(owner, card=card)
        if condition(watch.cond)(ctx):
            p.spent.add((card, index))
            self.g.state.fired[(owner, card, "watch")] += 1
            yield from self.interp.run(watch.body, ctx)


def _reference_chain_reach(self, installed: int, gains: bool, player: int):
    """`_chain_reach` as it was: the reach of every listener and watch read again for each new
    set of listeners installed (the watches' reach walked anew)."""
    listeners, watches = self._installed_by_number[installed]
    owners = self._chain_owners(player, watches)
    catalog = self.g.catalog
    found = frozenset()
    for lst in listeners:
        hook = lst.hook
        if lst.owner is not None and lst.owner not in owners:
            continue
        if hook.event.kind != "named" or hook.event.name in relevance.SET_OFF_ONLY_BY_OPEN:
            continue
        if relevance.uses_play(hook):
            reach = None
        elif gains:
            reach = relevance.gained(catalog, (hook.body,))
        else:
            reach = relevance.produced_by_hook(catalog, hook)
        if reach is None:
            return None
        found |= reach
    for watch in watches:
        body = watch[3].body
        reach = relevance.gained(catalog, body) if gains else relevance.mentioned(catalog, body)
        if reach is None:
            return None
        found |= reach
    return found


def _the_long_way(game) -> None:
    """Give one game the reference ways (on its own objects: another game keeps the new ones)."""
    flow = game.flow
    flow.check_watches = _reference_check_watches.__get__(flow)
    flow.trials._chain_reach = _reference_chain_reach.__get__(flow.trials)
    flow.can_imitate = lambda ctx, place: bool(flow.imitable(ctx, place))


def _lockstep(content, seed: int, players: int = 4, compare_every: int = 1):
    """Play one seed in two games side by side (the new ways, the long way), with the answers
    of random agents drawn in the first; compare the full judged lists of every
    `compare_every`-th decision. Returns (decisions compared, the two games)."""
    options = GameOptions(players=players, length="long", decks=("A", "B", "C"))
    ours, long_way = Game(content, options, seed), Game(content, options, seed)
    _the_long_way(long_way)
    agents = [RandomAgent(seed * 10 + i) for i in range(players)]
    compared = step = 0
    while ours.decision is not None:
        a, b = ours.decision, long_way.decision
        assert b is not None and (a.player, a.kind, a.prompt) == (b.player, b.kind, b.prompt), (seed, step)
        if step % compare_every == 0:
            assert [(o.key, o.refusal) for o in a.rejudged().options] == [(o.key, o.refusal) for o in b.rejudged().options], (seed, step)
            compared += 1
        key = agents[a.player].answer(ours, a)
        ours.answer(key)
        long_way.answer(key)
        step += 1
    assert long_way.decision is None
    return compared, ours, long_way


def test_games_and_full_lists_equal_the_long_way(content):
    """4-player games: the same decisions, full legal lists (with refusals) and end."""
    compared = 0
    for seed in range(6):
        n, ours, long_way = _lockstep(content, seed, compare_every=3)
        compared += n
        assert ours.state.snapshot() == long_way.state.snapshot()
    assert compared > 1000


def test_many_seeds_play_the_same_games(content):
    """Over many seeds (4 and 2 players, and solo), the answers drawn, the final state and the scores
    are those of the long way."""
    from rulesdsl.games.feast.engine.scoring import breakdown

    for players, seeds in ((4, range(20, 60)), (2, range(60, 80)), (1, range(80, 100))):
        for seed in seeds:
            _, ours, long_way = _lockstep(content, seed, players, compare_every=10**9)
            assert ours.log == long_way.log, (players, seed)
            assert ours.state.snapshot() == long_way.state.snapshot(), (players, seed)
            assert [breakdown(ours, p) for p in ours.state.players] == [breakdown(long_way, p) for p in long_way.state.players]


def _watch_card(content) -> int:
    """An occupation with an "as soon as" watch (found in the data)."""
    return next(n for n in sorted(content.occupations)
                if any(isinstance(item, t.Watch) for item in content.programs[("occupations", n)].items))


def test_watches_read_in_a_trial_copy_no_other_player(content):
    """Watches judged on a trial's copy (players copied on demand) copy no player whose watch
    does not fire, and see the copy of a player already copied."""
    game = Game(content, OPTIONS, 3)
    card = _watch_card(content)
    for player in (1, 2, 3):
        game.events.install_card(player, card)
    saved = game.state
    game.state = copy = saved.clone(players_on_demand=True)
    try:
        assert type(copy.players) is PlayersOnDemand
        mine = copy.players[0]  # the acting player, copied as a trial reads him
        list(game.flow.check_watches())  # none of the watches holds at the start
        assert copy.players._pending == {1, 2, 3}
        assert copy.players.peek(0) is mine and copy.players.peek(2) is saved.players[2]
    finally:
        game.state = saved


def test_imitation_judged_to_the_first_usable_space_as_the_full_list(content):
    """`can_imitate` says what `imitable` finds, wherever an imitation is judged."""
    judged = 0
    for seed in range(10, 16):
        game = Game(content, OPTIONS, seed)
        agents = [RandomAgent(seed * 10 + i) for i in range(4)]
        flow = game.flow
        places = [node.place for sid in content.spaces for node in t.walk(content.programs[("spaces", sid)])
                  if isinstance(node, t.Imitate)]
        while game.decision is not None:
            if game.decision.kind == "space":
                ctx = flow.ctx(game.decision.player)
                for place in places:
                    assert flow.can_imitate(ctx, place) == bool(flow.imitable(ctx, place))
                    judged += 1
            game.answer(agents[game.decision.player].answer(game, game.decision))
    assert places and judged > 500


def _fired(game, reference: bool):
    """Re-check the watches once (the new way or the reference): (the first question the
    effect asks, the watches fired, each player's spent watches)."""
    flow = game.flow
    process = _reference_check_watches(flow) if reference else flow.check_watches()
    asked = next(process, None)
    asked = None if asked is None else (asked.player, asked.kind, asked.prompt)
    players = game.state.players
    flow.pending = set(players._pending) if type(players) is PlayersOnDemand else None  # before the spent are read
    fired = sorted((k, v) for k, v in game.state.fired.items() if k[2] == "watch")
    return asked, fired, [sorted(players[i].spent) for i in range(len(players))]


def test_watches_that_hold_fire_as_the_long_way_on_the_game_and_on_a_trial_copy(content):
    """Watches whose condition comes to hold (another player's, given the ships or buildings
    the data's conditions count) fire as they did, on the game's state and on a trial's copy,
    where a player whose watch does not fire is not copied and the game's own state stays."""
    from rulesdsl.games.feast.engine import ops

    cards = [n for n in sorted(content.occupations)
             if any(isinstance(item, t.Watch) for item in content.programs[("occupations", n)].items)]
    fired = 0
    for card in cards:
        for item in sorted(content.ships) + sorted(content.buildings):
            results = []
            for reference in (False, True):
                for on_copy in (False, True):
                    game = Game(content, OPTIONS, 5)
                    game.events.install_card(2, card)
                    ops.gain(game, game.state.players[2], item, 4)
                    saved = game.state
                    before = sorted(saved.players[2].spent)
                    if on_copy:
                        game.state = saved.clone(players_on_demand=True)
                        game.state.players[0]  # the acting player, read first as a trial does
                    outcome = _fired(game, reference)
                    if on_copy:
                        if not reference and not outcome[1]:  # (a watch that fires runs on the copy)
                            assert game.flow.pending == {1, 2, 3}, (card, item)
                        assert sorted(saved.players[2].spent) == before  # the game's own player untouched
                        game.state = saved
                    results.append(outcome)
            assert results[0] == results[2] and results[1] == results[3], (card, item)
            assert results[0] == results[1], (card, item)
            fired += bool(results[0][1])
    assert cards and fired >= len(cards)


def test_own_counts_compiled_equal_the_query(content):
    """A count of the player's own ships or buildings, compiled into one function of the player,
    counts what `Queries.count` counts (at states of random games, with ships and buildings given)."""
    from rulesdsl.games.feast.engine import ops

    selectors = {}
    for program in content.programs.values():
        for node in t.walk(program):
            if isinstance(node, t.Query) and node.name == "count":
                selectors[id(node.arg)] = node.arg
    checked = compiled = 0
    for seed in (4, 12):
        game = Game(content, OPTIONS, seed)
        agents = [RandomAgent(seed * 10 + i) for i in range(4)]
        step = 0
        while game.decision is not None:
            if step % 50 == 0:
                interp = game.flow.interp
                if step % 100 == 0:  # some players hold more than random games give them
                    for item in sorted(content.ships) + sorted(content.buildings):
                        ops.gain(game, game.state.players[step // 100 % 4], item, 1)
                for player in range(4):
                    ctx = game.flow.ctx(player)
                    for selector in selectors.values():
                        own = interp.compiled_count(selector)
                        if own is None:
                            continue
                        assert own(ctx) == interp.q.count(selector, ctx), selector
                        compiled += own(ctx) > 0
                        checked += 1
            game.answer(agents[game.decision.player].answer(game, game.decision))
            step += 1
    assert checked > 200 and compiled > 20
