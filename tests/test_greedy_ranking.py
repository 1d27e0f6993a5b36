"""The greedy agent's two-stage judgement of a turn's answers (`width`, off by default): an
answer whose first, cheap trial met no question judged deeper has its full value already, and
with room for every other answer the two stages give exactly the full judgement's values. The
fast agent's cheaper judgement of nested questions (`FAST`) plays legally."""

from rulesdsl.agents import RandomAgent
from rulesdsl.games.feast.agents.greedy import FAST, GreedyAgent, seat_answers
from rulesdsl.games.feast.agents.lookahead import ANYTIME, TOP_KINDS, _cheap_trial, lookahead_seed, ranked_answers, try_answer
from rulesdsl.games.feast.engine.game import Game, GameOptions

OPTIONS = GameOptions(players=2, length="short", decks=("A", "B", "C"))


def _turn_questions(content, seed: int, count: int):
    """Games at `count` turn questions of a random game (each a fork, the game played on)."""
    game = Game(content, OPTIONS, seed)
    agents = [RandomAgent(seed + i) for i in range(2)]
    found = []
    while game.decision is not None and len(found) < count:
        if game.decision.kind in TOP_KINDS and len(game.log) % 5 == 0 and len(game.decision.legal()) > 1:
            found.append(game.fork())
        game.answer(agents[game.decision.player].answer(game, game.decision))
    return found


def test_two_stages_with_room_for_every_answer_are_the_full_judgement(content):
    greedy = GreedyAgent(5)
    settled = deeper = 0
    for game in _turn_questions(content, 17, 6):
        d, valuer = game.decision, greedy.valuer(game)
        seed = lookahead_seed(greedy.seed, game)
        keys = greedy.candidates(game, d)
        full = {k: try_answer(game, d.player, k, seed, valuer) for k in keys}
        for k in keys:
            value, alike = _cheap_trial(game, d.player, k, seed, valuer)
            if alike:
                assert value == full[k]  # the first stage settles it
                settled += 1
            else:
                deeper += 1
        assert ranked_answers(game, d.player, keys, seed, valuer, len(keys), float("inf")) == full
    assert settled > 10 and deeper > 3


def test_a_narrow_greedy_judges_the_best_first_values_in_full_and_plays_legally(content):
    game = Game(content, OPTIONS, 23)
    agents = [GreedyAgent(230 + i, width=1, margin=2.0) for i in range(2)]
    turns = 0
    while game.decision is not None and turns < 12:
        d = game.decision
        turns += d.kind in TOP_KINDS
        key = agents[d.player].answer(game, d)
        assert key in d.legal()
        game.answer(key)
    assert turns == 12


def test_a_feast_seat_keeps_its_answers_that_no_other_covers_better():
    keys = ["beans:long", "beans:up", "peas:up", "coin", "empty", "stop"]
    assert seat_answers(keys) == ["beans:long", "peas:up", "coin"]
    assert seat_answers(["empty", "stop"]) == ["empty"]
    assert seat_answers(["stop"]) == ["stop"]


def test_the_fast_options_play_legally_and_open_the_menu_unjudged_beside_one_answer(content):
    """FAST: nested questions one trial an answer, seats pruned; a turn's question of one
    answer beside the menu is answered with the menu, nothing judged there."""
    game = Game(content, OPTIONS, 29)
    agents = [GreedyAgent(290 + i, **FAST) for i in range(2)]
    turns = direct = 0
    while game.decision is not None and turns < 40:
        d = game.decision
        turns += d.kind in TOP_KINDS
        agent = agents[d.player]
        key = agent.answer(game, d)
        assert key in d.legal()
        if d.kind in TOP_KINDS and key.startswith(ANYTIME) and agent.last_scored is None:
            assert sum(not k.startswith(ANYTIME) for k in d.legal()) == 1  # the menu beside one answer only
            direct += 1
        game.answer(key)
    assert turns == 40 and direct > 0


def test_trials_taken_as_known_equal_the_trials_judged_again(content, monkeypatch):
    """The first level takes a judged question's trial as known where the trial of the answer
    it goes on with met that question first, drew no die and changed no pile (lookahead._onward):
    with VERIFY_ONWARD each is judged again on a fork, and every one equals it."""
    from rulesdsl.games.feast.agents import lookahead
    monkeypatch.setattr(lookahead, "VERIFY_ONWARD", True)
    taken = []
    onward = lookahead._onward

    def counted(went, d, keys):
        found = onward(went, d, keys)
        taken.append(found is not None)
        return found

    monkeypatch.setattr(lookahead, "_onward", counted)
    game = Game(content, GameOptions(players=2, length="long", decks=("A", "B", "C")), 700)
    agents = [GreedyAgent(700 * 7919 + seat, **FAST) for seat in range(2)]
    while game.decision is not None and len(game.log) < 120:
        game.answer(agents[game.decision.player].answer(game, game.decision))
    assert sum(taken) >= 20  # (they were compared: an unequal one fails the assertion in _finish_first_level)
