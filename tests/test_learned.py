"""The learned agent and its model: features read by kind, the model file (no pickling, its
provenance checked), fitting on self-play rows kept in DuckDB, the agent on variant cards and
replaced spaces, determinism, and `--model` on the command line."""

import io
import json

import numpy as np
import pytest

from rulesdsl.games.feast.agents import training
from rulesdsl.games.feast.agents.features import FEATURE_NAMES, FeatureReader
from rulesdsl.games.feast.agents.learned import LearnedAgent
from rulesdsl.games.feast.agents.lookahead import fork_for_lookahead, hide_hands
from rulesdsl.games.feast.agents.model import from_bytes, load_model, read_files, write_model
from rulesdsl.agents.registry import DEFAULT, make_agent
from rulesdsl.games.feast.agents.search import SearchAgent
from rulesdsl.games.feast.agents.selfplay import SelfPlay, stack
from rulesdsl.cli import main
from rulesdsl.content.loader import load_content
from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine import invariants
from rulesdsl.games.feast.engine.game import Game, GameOptions
from tests.test_agents import REPLACED_SPACES, WINDFALL, _decisions_offering, _variant_content

SHORT_SOLO = GameOptions(players=1, length="short", decks=("A",))


def _linear_model(tmp_path, coef=None, name="m.npz"):
    """A linear model over FEATURE_NAMES (by default: the score now plus income for the rounds to come)."""
    n = len(FEATURE_NAMES)
    if coef is None:
        coef = np.zeros(n)
        coef[FEATURE_NAMES.index("score")] = 1.0
        coef[FEATURE_NAMES.index("income_per_round")] = 1.5
    path = tmp_path / name
    write_model(path, {"kind": "linear", "target": "score", "features": list(FEATURE_NAMES), "provenance": {"test": True}},
                {"mean": np.zeros(n), "scale": np.ones(n), "coef": coef, "intercept": np.array([0.0])})
    return path


def test_the_shipped_model_loads_without_pickling_and_names_its_provenance():
    model = load_model()
    assert model.features == FEATURE_NAMES
    provenance = model.meta["provenance"]
    for key in ("content_fingerprint", "generation", "games", "states", "seeds", "played_by"):
        assert key in provenance, key
    assert model.meta["validation"]["mae"] > 0 and provenance["states"] > provenance["games"] > 0


def test_a_model_file_round_trips_and_predicts_its_linear_sum(tmp_path, content):
    path = _linear_model(tmp_path)
    model = load_model(path)
    game = Game(content, GameOptions(players=2, length="long", decks=("A",)), 3)
    row = FeatureReader(content, game.catalog).vector(game, 0)
    expected = row[FEATURE_NAMES.index("score")] + 1.5 * row[FEATURE_NAMES.index("income_per_round")]
    assert model.predict(row) == pytest.approx(expected)
    assert model.predict_many(np.stack([row, row])) == pytest.approx([expected, expected])


def test_a_model_whose_arrays_do_not_match_its_provenance_or_hold_objects_is_refused(tmp_path):
    path = _linear_model(tmp_path)
    npz, text = read_files(path)
    with pytest.raises(RulesError, match="do not match the provenance"):
        from_bytes(npz + b"x", text)
    buffer = io.BytesIO()
    np.savez(buffer, mean=np.array([object()], dtype=object), scale=np.ones(1))
    raw = buffer.getvalue()
    meta = json.loads(text)
    import hashlib

    meta["sha256"] = hashlib.sha256(raw).hexdigest()
    with pytest.raises(RulesError, match="not a readable .npz"):  # pickled objects are never loaded
        from_bytes(raw, json.dumps(meta))
    meta["features"] = ["score"]
    with pytest.raises(RulesError):
        from_bytes(npz, json.dumps({**meta, "sha256": json.loads(text)["sha256"]}))
    with pytest.raises(RulesError, match="not JSON"):
        from_bytes(npz, "{")


def test_the_features_read_a_variant_card_by_what_it_does(variant):
    """A card the package has never seen counts through the kinds the features read (a card
    in hand), and the feature names name no card, space or good."""
    content = _variant_content(variant, "Z/901-windfall.yaml", WINDFALL)
    game = Game(content, GameOptions(players=1, length="short", decks=("Z",)), 2)
    row = FeatureReader(content, game.catalog).vector(game, 0)
    assert row[FEATURE_NAMES.index("hand")] == 1.0
    named = {o.name.lower().replace(" ", "_") for o in content.occupations.values()} | set(content.spaces)
    assert not any(thing in name for name in FEATURE_NAMES for thing in named)


def test_the_learned_agent_plays_a_card_it_has_never_seen_that_gains_silver(variant, tmp_path):
    content = _variant_content(variant, "Z/901-windfall.yaml", WINDFALL)
    game = Game(content, GameOptions(players=1, length="short", decks=("Z",)), 2)
    given = _decisions_offering(game, LearnedAgent(2, model=_linear_model(tmp_path)), "901")
    assert given and given[0] == "901"


def test_learned_and_search_finish_a_game_on_replaced_spaces_with_every_invariant(variant):
    variant.write("boards/replaced.yaml", REPLACED_SPACES)
    content = load_content([variant.root])
    game = Game(content, GameOptions(players=2, length="short", decks=("A",)), 4)
    search = SearchAgent(2, iterations=2, width=2, depth=3, learned=True)
    assert isinstance(search.greedy, LearnedAgent)
    game.run([LearnedAgent(1, sample=4, menus=False), search], check=invariants.check)
    assert game.state.finished


def test_self_play_rows_are_stored_and_a_fit_recovers_a_value_they_determine(tmp_path, content):
    """Random self-play rows stored in DuckDB read back as played; fitted to a value the rows
    determine (twice the score now plus the income for the rounds to come), the model finds it
    on the held-out games: the fitting and the model file agree on what a row is."""
    setup = SelfPlay(SHORT_SOLO, "random")
    results = setup.play_many(content, range(30))
    con = training.open_store(tmp_path, {"fingerprint": "test"})
    training.add_games(con, results)
    assert training.stored_seeds(con, 0) == set(range(30))
    x, columns = training.load_rows(con, [0])
    con.close()
    direct, _ = stack([s for r in results for s in r["states"]])
    assert x.shape == direct.shape and np.allclose(np.sort(x, axis=0), np.sort(direct, axis=0))
    columns["final"] = 2 * x[:, FEATURE_NAMES.index("score")] + x[:, FEATURE_NAMES.index("income_per_round")]
    meta, arrays, report = training.fit(x, columns, "score", "linear", 1)
    assert {r["kind"] for r in report} == {"linear"}
    spread = np.abs(columns["final"] - columns["final"].mean()).mean()
    assert meta["validation"]["mae"] < 0.05 * spread and meta["alpha"] == min(training.ALPHAS)
    with pytest.raises(RulesError, match="other fingerprint"):
        training.open_store(tmp_path, {"fingerprint": "another"})


def _last_round(content, seed):
    """A short solo game answered at random up to its last round's first turn question."""
    game = Game(content, SHORT_SOLO, seed)
    agent = make_agent("random", seed)
    while game.decision is not None and not (game.state.round == game.state.rounds and game.decision.kind == "space"):
        game.answer(agent.answer(game, game.decision))
    assert game.decision is not None
    return game


def test_branches_play_the_best_answers_out_with_the_same_dice_and_agents(content):
    """A branched question keeps the agent's best answers, the agent's own first, each played
    out to the end on a fork; played out again the same way an answer gives the same row (the
    same dice and agents for every branch), and the real game is left as it was."""
    game = _last_round(content, 11)
    setup = SelfPlay(SHORT_SOLO, "greedy", branches=3)
    agent = setup.make_agent(5)
    players = [setup.make_agent(9)]
    reader = FeatureReader(content, game.catalog)
    before = (len(game.log), game.decision.keys)
    rows = setup.branch(game, game.decision, agent, players, reader, 1234)
    assert (len(game.log), game.decision.keys) == before
    assert 2 <= len(rows) <= 3 and [r[5] for r in rows] == list(range(len(rows)))
    scored = agent.scores(game, game.decision)
    ranked = sorted((k for k in scored if scored[k] != float("-inf")), key=lambda k: -scored[k])
    assert [r[6] for r in rows] == [scored[k] for k in ranked[:len(rows)]]
    assert ranked[0] == agent.answer(game, game.decision)  # branch 0 is what the agent plays
    again = SelfPlay.play_out(game, ranked[1], 0, players, reader, 1234)
    assert again[1][0] == rows[1][3] and np.array_equal(again[0], rows[1][7])
    # the row is the state where the choice is complete, not the end of the game
    assert again[0][FEATURE_NAMES.index("rounds_left")] >= 0


def test_a_turn_branch_stops_at_the_players_next_turn_and_values_it_as_the_agent_does(content):
    """With horizon "turn" a branch plays on only to the player's next turn's question in the
    same phase and takes there the best value the player's agent gives an answer (what the
    answer set up); the same seed gives the same row, the real game is left as it was, and the
    row is the state where the answer's choice is complete."""
    options = GameOptions(players=2, length="short", decks=("A",))
    game = Game(content, options, 21)
    agents = [make_agent("random", 21), make_agent("random", 22)]
    while game.decision.kind != "space" or game.decision.player != 0:
        game.answer(agents[game.decision.player].answer(game, game.decision))
    setup = SelfPlay(options, "greedy", branches=3, horizon="turn")
    players = [setup.make_agent(7), setup.make_agent(8)]
    reader = FeatureReader(content, game.catalog)
    before = (len(game.log), game.decision.keys, game.state.round)
    key = game.decision.legal()[0]
    vector, values = SelfPlay.play_turn(game, key, 0, players, reader, 99)
    assert (len(game.log), game.decision.keys, game.state.round) == before
    again = SelfPlay.play_turn(game, key, 0, players, reader, 99)
    assert np.array_equal(again[0], vector) and again[1] == values and len(values) == 2
    # played by hand: the same fork, the next turn's question of player 0, valued by its agent
    f = fork_for_lookahead(game, 99)
    f.halt_at_resume = False
    hide_hands(f, 0)
    for agent in players:
        agent.forget()
    f.answer(key)
    where, moved, complete = (game.state.round, game.state.phase), False, None
    while f.decision is not None and (f.state.round, f.state.phase) == where:
        d = f.decision
        if complete is None and (d.player != 0 or d.kind in ("space", "end")):
            complete = reader.vector(f, 0)
        if d.player != 0:
            moved = True
        elif moved and d.kind == "space":
            break
        f.answer(players[d.player].answer(f, d))
    assert np.array_equal(complete, vector)
    d = f.decision
    if d is not None and d.player == 0 and d.kind == "space" and len(d.legal()) > 1:
        assert values[0] == max(players[0].scores(f, d).values())
    else:
        assert values[0] == players[0].valuer(f).leaf_value(f, 0)
    assert values[1] == players[1].valuer(f).leaf_value(f, 1)
    rows = setup.branch(game, game.decision, players[0], players, reader, 99)
    assert 2 <= len(rows) <= 3 and all(len(r[7]) == len(FEATURE_NAMES) for r in rows)


def test_a_grouped_fit_learns_what_tells_one_questions_answers_apart(tmp_path):
    """Branches whose outcomes differ within each question by an amount the hand-set value
    does not weigh (3 points a unit of `hand`), while their level follows an amount that goes
    with the outcome across questions only (the player's Vikings left): the grouped fit finds
    the first, ignores the second, and picks better than the hand-set value on held-out games."""
    rng = np.random.default_rng(4)
    n_groups, k = 240, 3
    x = rng.normal(size=(n_groups * k, len(FEATURE_NAMES)))
    hand = FEATURE_NAMES.index("hand")
    level = FEATURE_NAMES.index("vikings_left")
    x[:, level] = np.repeat(rng.normal(size=n_groups), k)  # alike within a question
    prior = training.hand_prior()
    final = x @ prior + 3.0 * x[:, hand] + 10.0 * x[:, level]
    columns = {"generation": np.zeros(n_groups * k, dtype=int), "seed": np.repeat(np.arange(n_groups) // 4, k),
               "step": np.repeat(np.arange(n_groups), k), "player": np.zeros(n_groups * k, dtype=int),
               "round": np.ones(n_groups * k, dtype=int), "final": final, "margin": final,
               "branch": np.tile(np.arange(k), n_groups), "lookahead": x @ prior}
    meta, arrays, report = training.fit_grouped(x, columns, "score", 1, alphas=(1.0, 10.0))
    coef = arrays["coef"] - prior
    assert coef[hand] == pytest.approx(3.0, abs=0.3) and abs(coef[level]) < 1e-9
    v = meta["validation"]
    assert v["regret"] < 0.5 * v["hand_regret"] and v["best_picked"] > v["hand_best_picked"]
    assert meta["fitted_to"] == "branches" and meta["training"]["questions"] + v["questions"] == n_groups


def test_the_learned_agent_is_named_and_play_and_simulate_take_a_model(capsys, tmp_path):
    # greedy stays the default until a learned value beats it (docs/AGENTS.md)
    assert DEFAULT == "fast" and isinstance(make_agent("learned", 1), LearnedAgent)
    path = _linear_model(tmp_path)
    assert main(["play", "--players", "1", "--short", "--seed", "3", "--decks", "A", "--agents", "learned", "--model", str(path)]) == 0
    agent_row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("agent"))
    assert agent_row.split() == ["agent", "learned"]
    assert main(["simulate", "--no-progress", "--players", "1", "--short", "--decks", "A", "--games", "1",
                 "--jobs", "1", "--out", str(tmp_path / "s"), "--agents", "learned", "--model", str(path)]) == 0
    capsys.readouterr()
    (tmp_path / "bad.npz").write_bytes(b"not a model")
    (tmp_path / "bad.json").write_text("{}")
    assert main(["play", "--players", "1", "--short", "--agents", "learned", "--model", str(tmp_path / "bad.npz")]) == 1
    assert "not a value model" in capsys.readouterr().err


def test_a_rollout_deals_the_opponents_new_hands_from_the_cards_the_player_cannot_see(content):

    game = Game(content, GameOptions(players=3, length="long", decks=("A", "B", "C")), 6)
    s = game.state
    before = [list(p.hand) for p in s.players]
    unseen = sorted(s.occupation_deck + before[1] + before[2])
    changed = False
    for seed in range(5):
        f = fork_for_lookahead(game, seed)
        hide_hands(f, 0)
        fs = f.state
        assert fs.players[0].hand == before[0]
        assert [len(p.hand) for p in fs.players] == [len(h) for h in before]
        assert sorted(fs.occupation_deck + fs.players[1].hand + fs.players[2].hand) == unseen
        changed |= fs.players[1].hand != before[1]
        f.discard()
    assert changed and [p.hand for p in s.players] == before  # the game itself is untouched
