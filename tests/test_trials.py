"""Skipping preparation trials changes no verdict: the spaces' refusals judged with the
trials `relevance` finds cannot matter skipped equal, refusal for refusal, the refusals
judged with every preparation tried, on the same states of random games (1-4 players).

A card played as a preparation brings hooks that later preparations may set off, and hooks
already in play may be set off by what a preparation does: both count in what it could
reach (`test_a_hook_set_off_by_a_later_preparation_counts`)."""

from pathlib import Path

import pytest

from rulesdsl.agents import RandomAgent
from rulesdsl.content.catalog import GOOD
from rulesdsl.games.feast import scenario
from rulesdsl.games.feast.engine.game import Game, GameOptions, _catalog
from rulesdsl.games.feast.engine.legality import relevance

DATA = Path(__file__).parent / "data" / "trials"
EVERY = 3  # compare at every third decision that asks where the Vikings go


def _refusals(game, prune: bool, decision=None):
    trials = game.flow.trials
    trials.prune = prune
    try:
        return [(o.key, o.refusal) for o in (decision or game.decision).rejudged().options]
    finally:
        trials.prune = True


def sampled_space_decisions(content, seeds, every: int, length=lambda seed: "long"):
    """(seed, game) at every `every`-th question where the Vikings go, in random games of
    1-4 players (by seed, all three decks); the games go on with random answers."""
    for seed in seeds:
        players = 1 + seed % 4
        game = Game(content, GameOptions(players=players, length=length(seed), decks=("A", "B", "C")), seed)
        agents = [RandomAgent(seed * 10 + i) for i in range(players)]
        asked = 0
        while game.decision is not None:
            decision = game.decision
            if decision.kind == "space":
                asked += 1
                if asked % every == 0:
                    yield seed, game
            game.answer(agents[decision.player].answer(game, decision))


@pytest.mark.parametrize("block", range(2))
def test_skipped_trials_change_no_verdict(content, block):
    compared, games = 0, {}
    for seed, game in sampled_space_decisions(content, range(block * 12, block * 12 + 12), EVERY):
        pruned = _refusals(game, prune=True)
        assert _refusals(game, prune=False) == pruned, (seed, len(game.log))
        compared += 1
        games[seed] = game
    tried = sum(len(game.flow.trials._signatures) for game in games.values())
    assert compared > 100 and tried > 0


def test_relevance_reads_goods_only_statements_and_checked_costs(content):
    catalog = _catalog(content)
    goods = {item for item, kind in catalog.kind.items() if kind == GOOD}
    # Wholesaler (83) only upgrades goods: it reaches goods (and the class it names), never stone or wood
    reach = relevance.produced_by_card(content, catalog, 83)
    assert reach is not None and reach - {"good"} <= goods
    assert not relevance.may_matter(reach, frozenset({"stone", "wood"}))
    # Inspector (60) returns Vikings (and pays silver for a second one): what it gives is Vikings only
    assert relevance.gained_by_card(content, catalog, 60) == frozenset({relevance.VIKINGS})
    # overseas trading flips any number of goods: judging it reads the knarr and the silver it costs
    needs = relevance.needs_of_space(content, catalog, "overseas_trading_1")
    assert "silver" in needs and "knarr" in needs and not needs & goods
    # Chief (5) runs a feast: a banquet by itself gives nothing (its food and coins go back to
    # the supply), but a card's hook on the phase could give anything
    assert relevance.gained_by_card(content, catalog, 5, quiet=True) == frozenset()
    assert relevance.gained_by_card(content, catalog, 5) is None
    # a dice action is judged by its ships' sailing, not by what it pays per pip
    assert "wood" not in relevance.needs_of_space(content, catalog, "whaling_4")


def test_a_hook_set_off_by_a_later_preparation_counts(content, monkeypatch):
    """A card played in column 4 (its hook pays silver for stone) and then a strip with stone
    taken by a card in play make a space usable that needs silver; skipping that trial used
    to refuse it (found at answer 221 of a random game, seed 81: tests/data/trials)."""
    _assert_usable_only_when_prepared(content, monkeypatch, "seed-81.yaml", "sheep_and_cattle_4")


def test_a_card_that_sets_off_a_hook_in_play_counts(content, monkeypatch):
    """The space needing silver is usable once a card played in column 4 returns a Viking
    (Inspector) and a hook in play pays silver for Vikings returned. The card reaches only
    Vikings by itself; the hand's cards worth trying used to be read without what the hooks
    in play they may set off give, so it was skipped (answer 418 of a random 4-player game)."""
    _assert_usable_only_when_prepared(content, monkeypatch, "seed-105.yaml", "sheep_and_cattle_4", chain=True)


def _assert_usable_only_when_prepared(content, monkeypatch, name: str, space: str, chain: bool = False) -> None:
    """In the state of `name` (a random game's, kept as a scenario setup) pruned trials judge
    every space as all trials do and `space` is usable; it is not without its preparations.
    With `chain`, pruning that ignored what the hooks in play a preparation sets off give
    would refuse it."""
    doc, reader = scenario.load(DATA / name)
    game = scenario.build(doc, reader, content)
    flow, player = game.flow, doc.data["setup"]["start_player"]
    decision = next(flow.turn(player))  # the player's question where his Vikings go
    assert decision.kind == "space" and decision.player == player
    pruned = _refusals(game, True, decision)
    assert pruned == _refusals(game, False, decision)
    assert (space, None) in pruned
    assert not flow.space_usable(flow.ctx(player), space, prepared=False)
    if not chain:
        return
    monkeypatch.setattr(type(flow.trials), "_chain_reach", lambda self, *args: frozenset())
    flow.trials._signatures.clear()
    assert dict(_refusals(game, True, decision))[space] is not None
