"""`rulesdsl balance`: dealt cards as game options (saved, reloaded, opened), forking agents on
both backends, the statistics of paired games, the store and its resume, the breakdown."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from tests.web_helpers import csrf_client

from rulesdsl.cli import main
from rulesdsl.core.record import RecordError
from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine import record
from rulesdsl.games.feast.engine.game import Game, GameOptions

DEALT = GameOptions(players=2, length="short", decks=("A",), deal=((1, 1),), exclude=(2,))
PEDDLER = Path(__file__).resolve().parent.parent / "cards" / "occupations" / "A" / "001-peddler.yaml"


def _random_game(content, options, seed=3):
    from rulesdsl.agents import RandomAgent

    game = Game(content, options, seed)
    game.run([RandomAgent(seed * 7919 + i) for i in range(options.players)])
    return game


def test_a_dealt_card_is_in_the_seats_hand_and_in_no_deck(content):
    game = Game(content, DEALT, 5)
    hands = [p.hand for p in game.state.players]
    assert 1 in hands[1] and 1 not in hands[0]
    assert all(2 not in h for h in hands)
    assert 1 not in game.state.occupation_deck and 2 not in game.state.occupation_deck
    # the chosen cards leave before the shuffle: whichever is dealt, the others come alike
    other = Game(content, attrs.evolve(DEALT, deal=((1, 2),), exclude=(1,)), 5)
    assert other.state.occupation_deck == game.state.occupation_deck
    assert [p.hand[:-1] for p in other.state.players] == [p.hand[:-1] for p in game.state.players]


def test_a_dealt_game_saves_reloads_and_replays_to_the_same_state(content):
    game = _random_game(content, DEALT)
    saved = json.loads(json.dumps(game.save()))
    assert saved["options"]["deal"] == [[1, 1]] and saved["options"]["exclude"] == [2]
    again = Game.load(content, saved)
    assert again.state.same(game.state) and again.log == game.log
    # ordinary records keep their old shape
    assert "deal" not in GameOptions().to_json() and "exclude" not in GameOptions().to_json()


@pytest.mark.parametrize("options, message", [
    ({"deal": [[2, 1]]}, "expected a whole number from 0 to 1"),
    ({"deal": [[0]]}, "expected [seat, occupation]"),
    ({"exclude": ["x"]}, "expected a whole number"),
    ({"exclude": 3}, "expected a list"),
    ({"deal": [[0, True]]}, "expected a whole number"),
    ({"exclude": [10**30]}, "expected a whole number from 0 to"),
    ({"deal": [[0, 1]] * 1001}, "more than 1,000 entries"),
])
def test_a_bad_deal_in_a_record_is_refused_with_its_path(options, message):
    data = {"players": 2, "length": "short", "decks": ["A"], **options}
    with pytest.raises(RecordError) as err:
        record.options(data)
    assert message in str(err.value)


@pytest.mark.parametrize("options, message", [
    (dict(deal=((0, 999),)), "there is no occupation 999"),
    (dict(exclude=(999,)), "there is no occupation 999"),
    (dict(deal=((3, 1),)), "seats are 0 to 1"),
    (dict(deal=((0, 1), (1, 1))), "dealt twice"),
    (dict(deal=((0, 1),), occupations=False), "cannot deal"),
])
def test_impossible_deals_are_refused(content, options, message):
    with pytest.raises(RulesError, match=message):
        Game(content, GameOptions(players=2, length="short", decks=("A",), **options), 0)


def test_play_load_and_the_web_table_open_a_dealt_game(content, tmp_path, capsys):
    path = tmp_path / "dealt.json"
    path.write_text(json.dumps(Game(content, DEALT, 4).save()))
    assert main(["play", "--load", str(path), "--agents", "random", "--save", str(path)]) == 0
    capsys.readouterr()
    finished = json.loads(path.read_text())
    assert finished["options"]["deal"] == [[1, 1]]
    assert Game.load(content, finished).over
    pytest.importorskip("flask")
    from rulesdsl.web.app import create_app

    app = create_app()
    app.testing = True
    client = csrf_client(app)
    response = client.post("/open", data={"text": json.dumps(finished), "agents": "random,random"})
    assert response.status_code == 302, response.text
    gid = response.headers["Location"].split("/game/")[1].split("?")[0]
    assert client.get(f"/game/{gid}/save").json["options"]["deal"] == [[1, 1]]


def _peddler_variant(variant, extra: str) -> str:
    variant.write("cards/occupations/A/001-peddler.yaml", PEDDLER.read_text() + extra + "replaces: true\n")
    return str(variant.root)


@pytest.mark.parametrize("backend", ["local", "ray"])
def test_balance_runs_with_a_forking_agent(backend, variant, tmp_path, capsys):
    if backend == "ray":
        pytest.importorskip("ray")
    root = _peddler_variant(variant, "  gain 2 silver\n")
    code = main(["balance", "--variant", root, "--agents", "greedy", "--players", "1", "--short", "--decks", "A",
                 "--pairs", "1", "--min-pairs", "1", "--batch", "1", "--jobs", "1", "--backend", backend,
                 "--no-progress", "--html", str(tmp_path / "r.html"), "--out", str(tmp_path / "store")])
    text, err = capsys.readouterr()
    assert code == 0, err
    line = next(line for line in text.splitlines() if "1 Peddler (changed)" in line)
    assert "│     1 │" in line and "too few seeds (1 < 20): no verdict" in line


def _balance(tmp_path, capsys, *argv, out="store"):
    # random agents unless a test names others (later on the line, so theirs win): the machinery is under test
    code = main(["balance", "--agents", "random", "--players", "1", "--short", "--decks", "A", "--jobs", "1", "--no-progress",
                 "--html", str(tmp_path / "r.html"), "--out", str(tmp_path / out), *argv])
    text, err = capsys.readouterr()
    return code, text, err


def _line(text: str, label: str) -> str:
    return next(line for line in text.splitlines() if label in line)


def test_balance_detects_printed_points_and_explains_them(variant, tmp_path, capsys):
    variant.write("cards/occupations/A/001-peddler.yaml", PEDDLER.read_text().replace("points: 0", "points: 5") + "replaces: true\n")
    root = str(variant.root)
    code, text, err = _balance(tmp_path, capsys, "--variant", root, "--pairs", "40", "--min-pairs", "20", "--batch", "20",
                               "--detail")
    assert code == 0, err
    assert "stronger" in _line(text, "1 Peddler (changed)")
    points = _line(text, "│ occupations ")  # the detail: where the points come from
    assert float(points.split("[")[1].split(",")[0]) > 0
    assert "pairs with the largest differences" in text and "rulesdsl play --load" in text
    # its discount is a `modify`, which the count of effects fired leaves out: said, not "never fired"
    flat = " ".join(text.split())
    assert "its modify effect changes a value or rule wherever it is read and is not counted in fired/game" in flat
    assert "never fired" not in text
    page = (tmp_path / "r.html").read_text()
    assert "Its modify effect changes a value or rule" in page and "never fired" not in page
    assert page.count("data:image/png;base64,") == 3 and "1 Peddler (changed)" in page
    assert "points by scoring category" in page and "pairs with the largest differences" in page
    # the games the report names open as they were played, on their content
    command = next(line for line in text.splitlines() if "with: rulesdsl play --load" in line).split("with: ", 1)[1]
    argv = command.split()[1:]
    assert argv[argv.index("--content") + 1] == root
    assert main([*argv]) == 0
    assert "winner" in capsys.readouterr().out


def test_two_pairs_give_no_verdict(variant, tmp_path, capsys):
    root = _peddler_variant(variant, "  gain 5 silver\n")
    code, text, err = _balance(tmp_path, capsys, "--variant", root, "--pairs", "2", "--min-pairs", "2", "--batch", "2")
    assert code == 0, err
    assert "too few seeds (2 < 20): no verdict" in _line(text, "1 Peddler (changed)")
    # without --detail the report still names the largest pair and how to open its games
    assert "with: rulesdsl play --load" in text and "with the base card 1: rulesdsl play --load" in text


def test_balance_of_an_identical_card_finds_no_effect(variant, tmp_path, capsys):
    root = _peddler_variant(variant, "")
    code, text, err = _balance(tmp_path, capsys, "--variant", root, "--pairs", "20", "--min-pairs", "20", "--batch", "20")
    assert code == 0, err
    line = _line(text, "1 Peddler (changed)")
    assert "+0.00 [+0.00, +0.00]" in line and "no clear effect" in line


def test_a_new_card_with_the_effect_of_a_base_card_is_compared_with_it(variant, tmp_path, capsys):
    text = PEDDLER.read_text().replace("number: 1\n", "number: 901\n").replace("name: Peddler", "name: Second Peddler")
    variant.write("cards/occupations/A/901-second-peddler.yaml", text)
    code, out, err = _balance(tmp_path, capsys, "--variant", str(variant.root), "--pairs", "20", "--min-pairs", "20",
                              "--batch", "20")
    assert code == 0, err
    line = _line(out, "901 Second Peddler")
    assert "(new, copies 1)" in line and "no clear effect" in line
    low, high = (float(x) for x in line.split("[", 1)[1].split("]", 1)[0].split(","))
    assert low <= 0 <= high


def test_the_effects_the_fired_count_leaves_out_are_named(content):
    from rulesdsl.games.feast.balance import uncounted

    assert uncounted(content, 1) == ("modify",)  # Peddler: a discount, read wherever a price is
    assert uncounted(content, 119) == ()  # Milkman: a hook on Vikings placed, counted when it fires
    kinds = {n: uncounted(content, n) for n in content.occupations}
    assert any("set" in k for k in kinds.values()) and any("allow" in k for k in kinds.values())


def test_a_card_never_played_is_flagged_not_balanced():
    from rulesdsl.games.feast.balance import CardTest, Outcome

    outcome = Outcome(CardTest("x", 1, None, None, None))
    for d in [0.0] * 25:
        outcome.score.add(d)
    outcome.pairs = 25
    assert outcome.verdict == "never played: no verdict"
    outcome.played = 1
    assert outcome.verdict == "no clear effect"


def test_paired_statistics_are_student_t_and_holm():
    import statistics

    from scipy import stats

    from rulesdsl.sim.stats import Paired, holm

    data = [3.0, -1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0]
    stat = Paired()
    for x in data:
        stat.add(x)
    assert stat.mean == pytest.approx(statistics.mean(data))
    assert stat.sd == pytest.approx(statistics.stdev(data))
    low, high = stats.ttest_1samp(data, 0).confidence_interval(0.95)
    assert stat.interval() == pytest.approx((low, high))
    assert stat.p_value() == pytest.approx(stats.ttest_1samp(data, 0).pvalue)
    assert holm([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.09, 0.09, 0.5])


@pytest.mark.parametrize("shape", ["normal", "skewed", "heavy", "mostly zero"])
def test_a_card_that_does_nothing_comes_out_no_clear_effect_at_the_advertised_rate(shape):
    """Many small sequential runs of differences whose true mean is 0, shaped like game
    differences (skewed, heavy-tailed, mostly exactly 0 as common random numbers give): the
    looks, the floor and the stop rule of balance say "clear" in at most 5% of them."""
    import numpy as np

    from rulesdsl.games.feast.balance import Plan
    from rulesdsl.sim.stats import Paired, Sequential, stop_reason

    rng = np.random.default_rng(30)
    plan = Plan.of(1, "single", max_pairs=60, min_pairs=10, batch=10)
    runs = 1500
    draw = {
        "normal": lambda n: rng.normal(0, 12, n),
        "skewed": lambda n: rng.exponential(10, n) - 10,
        "heavy": lambda n: rng.standard_t(3, n) * 8,
        "mostly zero": lambda n: np.where(rng.random(n) < 0.2, rng.normal(0, 25, n), 0.0),
    }[shape]
    clear = 0
    for _ in range(runs):
        values = draw(plan.max_units)
        stat, seq = Paired(), Sequential(plan.looks, 1)
        for end in range(plan.batch, plan.max_units + 1, plan.batch):
            for x in values[end - plan.batch:end]:
                stat.add(float(x))
            reason = stop_reason(stat, seq, plan.min_units, width=0.0)
            if reason == "clear":
                clear += 1
                break
    rate = clear / runs
    assert rate <= 0.05 + 2 * (0.05 * 0.95 / runs) ** 0.5, rate


class _Interrupting:
    """The real local backend, with Ctrl-C pressed after `after` games have come back."""

    def __init__(self, backend, after: int):
        self.backend, self.after = backend, after

    def run(self, tasks):
        for count, result in enumerate(self.backend.run(tasks)):
            if count == self.after:
                raise KeyboardInterrupt
            yield result


def _pairs(folder) -> list[tuple]:
    import duckdb

    con = duckdb.connect(str(Path(folder) / "sims.duckdb"), read_only=True)
    try:
        return con.execute("SELECT test, pair, unit, seed, seat, score_a, score_b, diff FROM pairs ORDER BY test, pair").fetchall()
    finally:
        con.close()


def test_an_interrupted_balance_resumes_without_losing_or_repeating_a_pair(variant, tmp_path, capsys):
    from rulesdsl.games.feast.sim_play import Setup
    from rulesdsl.sim.backends import LocalBackend
    from rulesdsl.games.feast.balance import Plan, balance, plan_tests, store_meta
    from rulesdsl.games.feast.balance_pairs import open_pairs

    root = _peddler_variant(variant, "  gain 2 silver\n")
    setup = Setup(GameOptions(players=2, length="short", decks=("A",)), ("random", "random"))
    tests = plan_tests([], True, [], root)
    plan = Plan.of(2, "rotate", max_pairs=24, min_pairs=24, batch=12)
    meta = store_meta(tests, setup, plan, 0, 0.0, "rotate")
    backend = LocalBackend(2)
    backend.start()
    try:
        store = open_pairs(tmp_path / "cut", meta, new=False)
        with pytest.raises(KeyboardInterrupt):
            balance(tests, setup, _Interrupting(backend, 13), store, plan, width=0.0)
        store.close()
        kept = _pairs(tmp_path / "cut")
        assert 0 < len(kept) < 24 and len(kept) % 2 == 0  # whole seeds only
        store = open_pairs(tmp_path / "cut", meta, new=False)
        resumed = balance(tests, setup, backend, store, plan, width=0.0)
        store.close()
        store = open_pairs(tmp_path / "whole", meta, new=False)
        whole = balance(tests, setup, backend, store, plan, width=0.0)
        store.close()
    finally:
        backend.stop()
    assert _pairs(tmp_path / "cut") == _pairs(tmp_path / "whole")
    assert [(t, p) for t, p, *_ in _pairs(tmp_path / "cut")] == [(0, p) for p in range(24)]
    assert resumed[0].score.mean == whole[0].score.mean and resumed[0].pairs == 24


def test_a_balance_store_is_continued_only_on_purpose(variant, tmp_path, capsys):
    root = _peddler_variant(variant, "  gain 2 silver\n")
    argv = ["--variant", root, "--pairs", "4", "--min-pairs", "4", "--batch", "4"]
    assert _balance(tmp_path, capsys, *argv)[0] == 0
    code, _, err = _balance(tmp_path, capsys, *argv)
    assert code == 1 and "--resume goes on" in err
    code, text, err = _balance(tmp_path, capsys, *argv, "--report", "--detail")
    assert code == 0, err
    assert "points by scoring category" in text
    code, _, err = _balance(tmp_path, capsys, *argv[:-2], "--batch", "2", "--resume")
    assert code == 1 and "other options" in err
    code, text, err = _balance(tmp_path, capsys, *argv, "--pairs", "6", "--new")
    assert code == 0, err
