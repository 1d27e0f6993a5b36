"""A fork at a turn's question is a copy: the state of the checkpoint taken right before the
question, the flow restarted at that position, no answer replayed (also where the question is
asked again after anytime actions, once a fork has replayed up to there). Compared with the
plain replay of the whole record (`Game.load`) on many positions of several games: the same
decision and legal answers, the same state, dice, events, history and log, and the same
continuation when both are given the same answers.

Inside the anytime action begun at a turn's question (or at a player's last question at the
end), a fork restarts in that action (a checkpoint 'opened'): at its first question, the anytime
menu, it is a copy too. Inside a space's action, a fork restarts where the action's Vikings were
placed, from a checkpoint the replay of an earlier fork took there ('entered'), and replays only
the answers given in the action. Compared alike on the nested questions of games whose players
open the menu often, also for forks of a lookahead's fork (its adjustments made before and after)."""

import random

from rulesdsl.agents import RandomAgent
from rulesdsl.games.feast.agents.greedy import GreedyAgent
from rulesdsl.games.feast.agents.lookahead import fork_for_lookahead, hide_hands, step
from rulesdsl.games.feast.engine.forking import OPENED, REASKED, reseeded
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


class _MenuOpener:
    """Random answers, but the anytime menu opened at half of the questions that offer it and
    something other than its way back taken at most menus: many positions inside anytime actions."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.plain = RandomAgent(seed)

    def answer(self, game, decision) -> str:
        legal = decision.legal()
        if "anytime:menu" in legal and self.rng.random() < 0.5:
            return "anytime:menu"
        if decision.kind == "anytime" and len(legal) > 1 and self.rng.random() < 0.8:
            return self.rng.choice([k for k in legal if k != "back"])
        return self.plain.answer(game, decision)


def _compare_at_nested_questions(content, game: Game, agents, limit: int) -> tuple[int, int, int, int]:
    """Play `game` on; at every question that is not a turn's (nor a player's last at the end)
    compare a fork, and a second one, with the plain replay and their continuations. (positions
    compared, forks that were copies, forks at the anytime menu, second forks restarted inside
    the action where the first one's replay took a checkpoint)"""
    game.fork()  # checkpoints from here on
    compared = copies = menus = entered = 0
    follow = [RandomAgent(7), RandomAgent(8)]
    last = None  # the kind of the question answered last
    while game.decision is not None and compared < limit:
        d = game.decision
        if d.kind not in ("space", "end"):
            replays = game.fork_replays()
            copy, plain = game.fork(), Game.load(content, game.save())
            assert whole(copy) == whole(plain) == whole(game)
            assert copy.decision.legal() == plain.decision.legal() == d.legal()
            assert game.fork_replays() == replays or replays > 0  # (a replay may take a checkpoint nearer)
            entered += game._fork_start(None)[1].entered is not None
            again = game.fork()  # from the checkpoint the first took, if it took one
            assert whole(again) == whole(game)
            _go_on_alike(copy, plain, follow)
            _go_on_alike(again, Game.load(content, game.save()), follow)
            compared += 1
            copies += game.fork_replays() == 0
            if d.kind == "anytime" and last in ("space", "end"):  # opened at a turn's (or last) question
                menus += 1
                assert game.fork_replays() == 0
        last = d.kind
        game.answer(agents[d.player].answer(game, d))
    return compared, copies, menus, entered


def test_a_fork_at_a_nested_question_is_the_plain_replay(content):
    """Inside an anytime action begun at a turn's question (a copy at its menu) and inside a
    space's action (restarted where its Vikings were placed, from the checkpoint an earlier
    fork's replay took there): the fork is the plain replay of the record."""
    compared = copies = menus = entered = 0
    for seed in (3, 8, 14):
        agents = [_MenuOpener(seed * 10 + i) for i in range(2)]
        done, copied, at_menus, inside = _compare_at_nested_questions(content, Game(content, OPTIONS, seed), agents, limit=70)
        compared += done
        copies += copied
        menus += at_menus
        entered += inside
    # (210, 29, 58 and 78 when written)
    assert compared >= 200 and menus >= 25 and copies >= 50 and entered >= 60


def test_forks_at_the_menu_of_a_lookahead_fork_are_copies_of_it(content):
    """A lookahead's fork opened the menu at the turn's question (its dice and piles changed
    there, before the menu) or at the menu itself (after it): its forks there are copies of it,
    the opened checkpoint shared with the real game's, and stay it when answered alike."""
    game = Game(content, OPTIONS, 9)
    agents = [_MenuOpener(90 + i) for i in range(2)]
    game.fork()
    checked, last = 0, None
    while game.decision is not None and checked < 30:
        d = game.decision
        if d.kind == "space" and "anytime:menu" in d.legal():
            f = fork_for_lookahead(game, 31)
            hide_hands(f, d.player)  # made before the menu: made again before the fork's opened action
            if step(f, "anytime:menu") and f.decision.kind == "anytime":
                assert f.fork_replays() == 0
                for g in (f.fork(), f.fork().fork(), fork_for_lookahead(f, 5).fork()):
                    same = whole(g) if g.rng.getstate() == f.rng.getstate() else None
                    assert same is None or same == whole(f)
                    g.discard()
                copy = f.fork()
                assert whole(copy) == whole(f)
                _go_on_alike_games(copy, f, RandomAgent(3))
                checked += 1
            f.discard()
        if d.kind == "anytime":
            g = fork_for_lookahead(game, 77)
            hide_hands(g, d.player)  # made at the menu: made again after the fork's menu is asked
            assert game.fork_replays() == 0 or last not in ("space", "end")  # a copy where opened at a turn's question
            assert whole(g.fork()) == whole(g)
            g.discard()
        last = d.kind
        game.answer(agents[d.player].answer(game, d))
    assert checked >= 10
    assert any(key[0] == OPENED for key in game._checkpoint.memo) or game.over


def _go_on_alike_games(a: Game, b: Game, agent) -> None:
    """Give two games the same answers (chosen on `b`) and compare after each."""
    for _ in range(AHEAD):
        if b.decision is None:
            break
        key = agent.answer(b, b.decision)
        if not step(b, key):
            break
        assert step(a, key)
        assert whole(a) == whole(b)


def test_a_fork_at_a_nested_question_of_a_greedy_game_is_the_plain_replay(content):
    """The greedy agents' own lookahead forks (adjusted: their dice, piles and hands) leave
    checkpoints inside actions in the turn's checkpoint beside the game's own: the game's forks
    at its nested questions are still the plain replay."""
    agents = [GreedyAgent(60 + i) for i in range(2)]
    compared, _, _, entered = _compare_at_nested_questions(content, Game(content, OPTIONS, 6), agents, limit=25)
    assert compared == 25 and entered >= 5
