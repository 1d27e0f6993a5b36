"""A fork at a turn's question is a copy: the state of the checkpoint taken right before the
question, the flow restarted at that position, no answer replayed (also where the question is
asked again after anytime actions, once a fork has replayed up to there). Compared with the
plain replay of the whole record (`Game.load`) on many positions of several games: the same
decision and legal answers, the same state, dice, events, history and log, and the same
continuation when both are given the same answers."""

from rulesdsl.agents import RandomAgent
from rulesdsl.games.feast.agents.greedy import GreedyAgent
from rulesdsl.games.feast.agents.lookahead import fork_for_lookahead, hide_hands, step
from rulesdsl.games.feast.engine.forking import REASKED, reseeded
from rulesdsl.games.feast.engine.game import Game, GameOptions
from tests.test_fork_replay import whole

OPTIONS = GameOptions(players=2, length="short", decks=("A", "B", "C"))
AHEAD = 6  # answers the fork and the plain replay are given on, compared after each


def _compare_at_turn_questions(content, game: Game, agents, every: int, limit: int = 10**6) -> tuple[int, int]:
    """Play `game` on; at every `every`-th turn's question compare a fork with the plain replay
    and their continuations. (positions compared, those that were questions asked again)"""
    game.fork()  # checkpoints from here on
    compared = again = turns = 0
    follow = [RandomAgent(7), RandomAgent(8)]  # answers the fork and the plain replay go on with
    while game.decision is not None and compared < limit:
        d = game.decision
        if d.kind == "space":
            turns += 1
            asked_again = game.fork_replays() > 0  # only the turn's question asked again replays, and once
            if asked_again:
                game.fork().discard()
            if turns % every == 0 or asked_again:
                since = tuple(entry[1] for entry in game.log[game._checkpoint.answers:])
                assert game.fork_replays() == 0 or game._checkpoint.memo.get((REASKED, since)) is False
                copy, plain = game.fork(), Game.load(content, game.save())
                assert whole(copy) == whole(plain) == whole(game)
                assert copy.decision.legal() == plain.decision.legal() == d.legal()
                _go_on_alike(copy, plain, follow)
                compared += 1
                again += asked_again
        game.answer(agents[d.player].answer(game, d))
    return compared, again


def _go_on_alike(copy: Game, plain: Game, agents) -> None:
    """Give both games the same answers (chosen on the plain one) and compare after each."""
    for _ in range(AHEAD):
        if plain.decision is None:
            break
        key = agents[plain.decision.player].answer(plain, plain.decision)
        copy.answer(key)
        plain.answer(key)
        assert whole(copy) == whole(plain)


def test_a_fork_at_a_turns_question_is_the_plain_replay_in_random_games(content):
    compared = again = 0
    for seed in (3, 5):
        agents = [RandomAgent(seed * 10 + i) for i in range(2)]
        done, asked = _compare_at_turn_questions(content, Game(content, OPTIONS, seed), agents, every=4)
        compared += done
        again += asked
    assert compared >= 30 and again >= 3


def test_a_fork_at_a_turns_question_is_the_plain_replay_in_a_greedy_game(content):
    agents = [GreedyAgent(60 + i) for i in range(2)]
    compared, _ = _compare_at_turn_questions(content, Game(content, OPTIONS, 6), agents, every=2, limit=8)
    assert compared == 8


def test_a_fork_inside_a_turn_replays_the_turns_answers(content):
    game = Game(content, OPTIONS, 12)
    agents = [RandomAgent(120 + i) for i in range(2)]
    game.fork()
    inside = 0
    while game.decision is not None and inside < 20:
        since = len(game.log) - game._checkpoint.answers
        if game.decision.kind != "space" and since and game.fork_replays() == since:
            assert whole(game.fork()) == whole(Game.load(content, game.save()))
            inside += 1
        game.answer(agents[game.decision.player].answer(game, game.decision))
    assert inside == 20


def test_forks_of_a_lookahead_fork_are_copies_of_it_not_of_the_real_game(content):
    """A lookahead's fork has its own dice, cut piles and unseen hands dealt anew (adjustments
    made outside the rules); its forks, and forks of forks made later in the turn with new dice
    again, replay from the real game's checkpoint and make the same adjustments at the same
    places: after dice rolled inside the turn they are the fork exactly, the real game's future
    rolls unseen."""
    game = Game(content, OPTIONS, 2)
    agents = [RandomAgent(20 + i) for i in range(2)]
    compared = rolled = 0
    while game.decision is not None and compared < 40:
        d = game.decision
        if d.kind == "space" and len(game.log) % 3 == 0:
            for key in d.legal()[:8]:
                f = fork_for_lookahead(game, 99)
                hide_hands(f, d.player)
                if not step(f, key) or f.decision.kind == "space":
                    continue
                real = game.fork()
                real.answer(key)  # with the real game's dice: what the lookahead must not see
                rolled += real.decision is not None and real.decision.prompt != f.decision.prompt
                real.discard()
                g = fork_for_lookahead(f, 7, upto=len(f.log))  # new dice again inside the turn
                for fork in (f.fork(), f.fork().fork()):
                    assert whole(fork) == whole(f)
                if step(g, g.decision.legal()[-1]) and g.decision.kind != "space":
                    assert whole(g.fork()) == whole(g)
                compared += 1
        game.answer(agents[d.player].answer(game, d))
    assert compared >= 40 and rolled >= 3  # some of them rolled dice before the next question


def test_an_adjusted_game_forks_into_copies_of_itself(content):
    """A change outside the rules made inside a turn on a game that took no checkpoint yet,
    then played on past the next turns' checkpoints: its forks are the game, and stay it when
    answered on alike."""
    game = Game(content, OPTIONS, 4)
    agents = [RandomAgent(40 + i) for i in range(2)]
    while game.decision.kind == "space" or len(game.log) < 12:
        game.answer(agents[game.decision.player].answer(game, game.decision))
    assert not game.checkpoints
    game.adjust(reseeded, 5)
    hide_hands(game, 0)  # the other hands dealt anew by the new dice
    turns = 0
    while turns < 2:
        game.answer(agents[game.decision.player].answer(game, game.decision))
        turns += game.decision.kind == "space"
    copy = game.fork()
    assert whole(copy) == whole(game)
    for _ in range(10):
        key = agents[game.decision.player].answer(game, game.decision)
        game.answer(key)
        copy.answer(key)
        assert whole(copy) == whole(game) == whole(game.fork())
