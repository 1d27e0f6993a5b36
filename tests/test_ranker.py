"""The answer ranker of the `fast` agent: answers read by what their space does (kinds only),
the ranker's model file and refusals, the kept answers, the lookahead's values kept by self-play
in the store, and a fit that finds an order the rows determine."""

import numpy as np
import pytest

from rulesdsl.games.feast.agents import training
from rulesdsl.games.feast.agents.answer_features import ANSWER_FEATURES, AnswerReader
from rulesdsl.games.feast.agents.features import BASE
from rulesdsl.games.feast.agents.greedy import GreedyAgent
from rulesdsl.games.feast.agents.model import load_model, write_model
from rulesdsl.games.feast.agents.ranker import RANKER_FEATURES, AnswerRanker, is_ranker, load_ranker
from rulesdsl.agents.registry import make_agent
from rulesdsl.games.feast.agents.selfplay import SelfPlay
from rulesdsl.content.loader import load_content
from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine import invariants
from rulesdsl.games.feast.engine.game import Game, GameOptions
from tests.test_learned import _linear_model

SHORT_SOLO = GameOptions(players=1, length="short", decks=("A",))
# a space no built-in content has: 2 Vikings, upgrade up to 2 goods by 1, gain 3 wood and pay 1 silver
NEW_SPACE = """\
spaces:
  - id: test_workshop_2
    name: Test workshop
    group: mountains_trade
    column: 2
    row: 40
    effect: |-
      upgrade up to 2 goods by 1
      gain 3 wood
      pay 1 silver
"""


def _row(reader, key):
    return dict(zip(ANSWER_FEATURES, reader.row(key)))


def test_an_answer_is_read_by_what_its_space_does_even_a_new_one(variant):
    variant.write("boards/workshop.yaml", NEW_SPACE)
    content = load_content([variant.root])
    game = Game(content, SHORT_SOLO, 1)
    row = _row(AnswerReader(content, game.catalog), "test_workshop_2")
    assert {k: v for k, v in row.items() if v} == {"is_space": 1.0, "vikings": 2.0, "n_Upgrade": 1.0,
                                                   "upgrade_amount": 2.0, "gain_resource": 3.0, "pay_resource": 1.0}
    assert {k: v for k, v in _row(AnswerReader(content, game.catalog), "pass").items() if v} == {"is_pass": 1.0}
    assert {k: v for k, v in _row(AnswerReader(content, game.catalog), "anytime:menu").items() if v} == {"is_menu": 1.0}
    named = set(content.spaces) | {g for g in content.goods} | {o.name.lower() for o in content.occupations.values()}
    assert not any(thing in name for name in RANKER_FEATURES for thing in named if len(thing) > 3)


def test_goods_gained_count_the_squares_they_cover(content):
    """A space that gains a good counts the squares its tile covers, as food or for the boards."""
    game = Game(content, SHORT_SOLO, 1)
    reader = AnswerReader(content, game.catalog)
    gains = {key: _row(reader, key) for key in content.spaces}
    tiles = [row["gain_tile_cells"] for row in gains.values() if row["gain_tile_cells"]]
    food = [row["gain_food_cells"] for row in gains.values() if row["gain_food_cells"]]
    assert tiles and food and all(v >= 1 for v in tiles + food)
    # every built-in space is read as a space with its Viking cost
    assert all(row["is_space"] == 1.0 and row["vikings"] == content.spaces[key].column for key, row in gains.items())


def _ranker_file(tmp_path, feature, weight=1.0, name="r.npz"):
    """A linear ranker that orders answers by one of the answer's features."""
    n = len(RANKER_FEATURES)
    coef = np.zeros(n)
    coef[RANKER_FEATURES.index(f"answer_{feature}")] = weight
    path = tmp_path / name
    write_model(path, {"kind": "linear", "target": "answer", "features": list(RANKER_FEATURES), "provenance": {"test": True}},
                {"mean": np.zeros(n), "scale": np.ones(n), "coef": coef, "intercept": np.array([0.0])})
    return path


def _first_turn(content, seed=3):
    game = Game(content, GameOptions(players=2, length="long", decks=("A",)), seed)
    while game.decision.kind != "space":
        game.answer(game.decision.legal()[0])
    return game


def test_the_ranker_keeps_the_answers_it_puts_first_in_their_order(tmp_path, content):
    game = _first_turn(content)
    d = game.decision
    legal = d.legal()
    ranker = load_ranker(_ranker_file(tmp_path, "vikings"))
    kept = ranker.top(game, d, legal, 4)
    columns = {k: content.spaces[k].column for k in legal if k in content.spaces}
    assert len(kept) == 4 and kept == [k for k in legal if k in kept]  # the question's own order
    assert min(columns[k] for k in kept) >= max(c for k, c in columns.items() if k not in kept)
    assert ranker.top(game, d, legal, len(legal)) == legal
    # other questions are not ranked
    fake = type("D", (), {"kind": "mountain", "player": 0})()
    assert ranker.top(game, fake, legal, 2) == legal


def test_a_value_model_is_no_ranker_and_a_ranker_no_value_model(tmp_path):
    value = _linear_model(tmp_path)
    with pytest.raises(RulesError, match="not an answer ranking model"):
        AnswerRanker(load_model(value))
    assert not is_ranker(value) and is_ranker(_ranker_file(tmp_path, "vikings"))
    from rulesdsl.games.feast.agents.learned import LearnedAgent

    with pytest.raises(RulesError, match="other features"):
        game = Game(load_content(), SHORT_SOLO, 1)
        LearnedAgent(1, model=_ranker_file(tmp_path, "vikings", name="r2.npz")).valuer(game)


def test_the_shipped_ranker_loads_without_pickling_and_names_its_provenance():
    ranker = load_ranker()
    meta = ranker.model.meta
    assert meta["target"] == "answer" and meta["provenance"]["tool"] == "tools/train_agent.py"
    assert meta["validation"]["questions"] > 0 and "keep" in meta["validation"]


def test_the_fast_agent_judges_only_the_kept_answers_and_plays_a_legal_game(tmp_path, content):
    path = _ranker_file(tmp_path, "vikings")
    agent = make_agent("fast", 5, model=str(path))
    assert isinstance(agent, GreedyAgent) and agent.ranker is not None
    game = _first_turn(content)
    kept = agent.candidates(game, game.decision)
    assert len(kept) <= agent.keep
    agent.answer(game, game.decision)
    assert set(agent.last_scored) == set(kept)
    game = Game(content, GameOptions(players=2, length="short", decks=("A",)), 4)
    game.run([make_agent("fast", 1), make_agent("greedy", 2)], check=invariants.check)
    assert game.state.finished


def test_self_play_keeps_every_judged_answer_with_its_lookahead_value(tmp_path, content):
    """The answers table holds, for each turn's action question, every answer the agent judged
    with the value its lookahead gave it (the same as judging again), beside the state's row."""
    setup = SelfPlay(SHORT_SOLO, "greedy")
    result = setup.play(content, 7)
    rows = result["answers"]
    assert rows and all(len(r) == 7 + len(BASE) for r in rows)
    con = training.open_store(tmp_path, {"fingerprint": "test"})
    training.add_games(con, [result])
    states, columns = training.load_answers(con, [0])
    con.close()
    assert states.shape == (len(rows), len(BASE)) and set(columns["key"].tolist()) <= set(content.spaces) | {"pass", "anytime:menu"}
    # replay to the first question kept and judge it again: the same values
    step = min(r[2] for r in rows)
    game = Game(content, SHORT_SOLO, 7)
    agents = [setup.make_agent(7 * 7919)]
    while len(game.log) < step:
        game.answer(agents[0].answer(game, game.decision))
    again = agents[0].scores(game, game.decision)
    kept = {r[5]: r[6] for r in rows if r[2] == step}
    assert kept == {k: v for k, v in again.items() if v != float("-inf")}


def test_a_ranker_fit_finds_an_order_the_rows_determine(content):
    """Answers whose values follow the Vikings they take (more is better), whatever the state:
    the fitted ranker keeps the best answer of held-out questions nearly always, far more than
    a random choice of as many."""
    game = _first_turn(content)
    keys = [k for k in game.decision.legal() if k in content.spaces]
    rng = np.random.default_rng(2)
    rows, cols = [], {k: [] for k in training.ANSWER_KEYS}
    for q in range(300):
        base = rng.normal(size=len(BASE))
        for key in rng.choice(keys, size=8, replace=False):
            rows.append(base)
            for name, value in zip(training.ANSWER_KEYS, (0, q // 5, q, 0, 1, str(key),
                                                           5.0 * content.spaces[key].column + rng.normal() * 0.1 + base[0])):
                cols[name].append(value)
    columns = {k: np.array(v) for k, v in cols.items()}
    meta, arrays, report = training.fit_ranker(np.array(rows), columns, content, game.catalog, 1)
    assert report["keep"][2]["best_kept"] > 0.9 > 1.5 * report["random"][2]["best_kept"]
    assert meta["target"] == "answer" and meta["features"] == list(RANKER_FEATURES)
