"""Simulations: stored rows, resume, refusals, interruptions, the coverage report, balance."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest

from rulesdsl.cli import main
from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine.game import GameOptions
from rulesdsl.games.feast.sim import simulated
from rulesdsl.games.feast.sim_play import Setup, play
from rulesdsl.sim import bundle as bundles
from rulesdsl.sim.agents import make_agent
from rulesdsl.sim.command import store_meta
from rulesdsl.sim.runner import simulate
from rulesdsl.sim.store import SCHEMA

SOLO = Setup(GameOptions(players=1, length="short", decks=("A",)), ("random",))
DUO = Setup(GameOptions(players=2, length="short", decks=("A",)), ("random", "random"))
PEDDLER = Path(__file__).resolve().parent.parent / "cards" / "occupations" / "A" / "001-peddler.yaml"


def meta(bundle, setup) -> dict[str, str]:
    """The store's meta of the first game's games on this content, as `simulate` writes it."""
    return store_meta(simulated(bundle), setup)


def rows(folder, table: str) -> list[tuple]:
    con = duckdb.connect(str(Path(folder) / "sims.duckdb"), read_only=True)
    try:
        columns = [name for name, _ in SCHEMA[table] if name != "seconds"]
        return con.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY ALL").fetchall()
    finally:
        con.close()


def expected(content, setup, seeds, table: str) -> list[tuple]:
    """The rows of playing the seeds in this process, without timings."""
    found = []
    for seed in seeds:
        for row in play(content, setup, seed)[table]:
            found.append(row[:-1] if table == "games" else row)
    return found


def sim(capsys, *argv):
    agents = () if "--agents" in argv else ("--agents", "random")  # the store is under test, not the agents: fast games
    code = main(["simulate", "--no-progress", *agents, *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_stored_rows_are_the_games_played_in_a_loop(tmp_path, content):
    bundle = bundles.make_bundle()
    result = simulate(bundle, DUO, range(3), tmp_path, meta(bundle, DUO), jobs=2, progress=False)
    assert (result.stored, result.played) == (3, 3)
    for table in SCHEMA:
        assert sorted(rows(tmp_path, table), key=repr) == sorted(expected(content, DUO, range(3), table), key=repr), table
    cards = rows(tmp_path, "cards")
    assert any(r[5] for r in cards)  # some occupation was played
    played = [r for r in cards if r[5]]
    assert all(1 <= r[6] <= 6 for r in played)  # a round of the short game
    assert sum(r[7] for r in cards) == sum(r[4] for r in rows(tmp_path, "fired"))
    scores = rows(tmp_path, "scores")
    points = rows(tmp_path, "points")
    assert len(scores) == 6 and all(r[3] == sum(p[3] for p in points if p[:2] == r[:2]) for r in scores)  # total = the breakdown
    assert all(r[5] == 1 + sum(o[3] > r[3] for o in scores if o[0] == r[0]) and r[4] == (r[5] == 1) for r in scores)  # places
    assert {r[1] for r in rows(tmp_path, "games")} == {"feast"}


def test_resume_plays_only_what_is_missing_and_never_twice(tmp_path, capsys):
    out = str(tmp_path / "s")
    code, _, err = sim(capsys, "--players", "1", "--short", "--decks", "A", "--games", "3", "--jobs", "1", "--out", out)
    assert code == 0, err
    code, _, err = sim(capsys, "--players", "1", "--short", "--decks", "A", "--games", "5", "--jobs", "1", "--out", out)
    assert code == 1 and "3 of these seeds are already in" in err and "--resume" in err
    code, text, err = sim(capsys, "--players", "1", "--short", "--decks", "A", "--games", "5", "--jobs", "1", "--out", out, "--resume")
    assert code == 0, err
    assert "2 games played" in text and "3 already stored" in text
    assert [r[0] for r in rows(out, "games")] == [0, 1, 2, 3, 4]


def test_a_store_of_other_options_or_content_is_refused_unless_new(tmp_path, capsys, variant):
    out = str(tmp_path / "s")
    assert sim(capsys, "--players", "1", "--short", "--decks", "A", "--games", "1", "--jobs", "1", "--out", out)[0] == 0
    code, _, err = sim(capsys, "--players", "1", "--decks", "A", "--games", "1", "--jobs", "1", "--out", out, "--resume")
    assert code == 1 and "holds games of other options" in err and "length: stored 'short', now 'long'" in err
    variant.write("cards/occupations/A/001-peddler.yaml", PEDDLER.read_text() + "  gain 1 silver\nreplaces: true\n")
    code, _, err = sim(capsys, "--content", str(variant.root), "--players", "1", "--short", "--decks", "A", "--games", "1",
                       "--jobs", "1", "--out", out, "--resume")
    assert code == 1 and "holds games of other content" in err
    assert [r[0] for r in rows(out, "games")] == [0]  # intact
    code, _, err = sim(capsys, "--players", "1", "--decks", "A", "--games", "2", "--jobs", "1", "--out", out, "--new")
    assert code == 0, err
    assert [r[:4] for r in rows(out, "games")] == [(0, "feast", 1, "long"), (1, "feast", 1, "long")]


def test_a_foreign_file_is_never_replaced(tmp_path, capsys):
    (tmp_path / "sims.duckdb").write_text("not a database")
    code, _, err = sim(capsys, "--games", "1", "--out", str(tmp_path), "--new")
    assert code == 1 and "is not a rulesdsl simulation store" in err
    assert (tmp_path / "sims.duckdb").read_text() == "not a database"
    (tmp_path / "x").mkdir()
    other = duckdb.connect(str(tmp_path / "x" / "sims.duckdb"))  # a DuckDB file, but not a store
    other.execute("CREATE TABLE t (a INTEGER)")
    other.close()
    code, _, err = sim(capsys, "--games", "1", "--out", str(tmp_path / "x"))
    assert code == 1 and "no meta table" in err


@pytest.mark.parametrize("argv, message", [
    (["--players", "7"], "1 to 4 players"),
    (["--decks", "Z"], "unknown occupation deck 'Z'"),
    (["--agents", "clever"], "unknown agent 'clever'"),
    (["--agents", "random,random,random"], "names 3 agents for 2 players"),
    (["--backend", "ray", "--address", "127.0.0.1:1"], "cannot reach the Ray cluster at 127.0.0.1:1"),
])
def test_bad_options_say_why_and_exit_1(tmp_path, capsys, argv, message):
    code, _, err = sim(capsys, "--games", "1", "--out", str(tmp_path), *argv)
    assert code == 1, err
    assert message in err and "Traceback" not in err


def test_a_bad_option_value_exits_1(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--games", "many"])
    assert stop.value.code == 1
    assert "argument --games: expected a whole number from 1 to 100,000,000, not 'many'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "--games", "1", "--jobs", "0"])
    assert stop.value.code == 1
    assert "argument --jobs: expected a whole number from 1 to 1,024, not 0" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:
        main(["balance", "1", "--pears", "10"])
    assert stop.value.code == 1
    assert "unrecognized arguments: --pears 10" in capsys.readouterr().err


def test_pluggable_agents_are_found_by_name_or_refused_clearly():
    assert make_agent("random", 3).seed == 3
    try:
        import rulesdsl.games.feast.agents.greedy  # noqa: F401
    except ImportError:
        with pytest.raises(RulesError, match="agent 'greedy' is not available"):
            make_agent("greedy", 0)


def _cli(*argv, **kw):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    agents = () if "--agents" in argv else ("--agents", "random")  # the store is under test: fast games
    return subprocess.Popen([sys.executable, "-m", "rulesdsl", "simulate", "--no-progress", *agents, *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, **kw)


def _workers(pid: int) -> list[int]:
    """The worker processes of a run (children that are spawned workers, not the resource tracker)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            command = Path(f"/proc/{child}/cmdline").read_bytes()
            if b"spawn_main" in command and b"resource_tracker" not in command:
                found.append(int(child))
    return found


RUN = 2000  # enough games that the run is still going when it is interrupted (random games are fast: 1,000 took 8.5 s on 2 quiet cores, and the store's first flushes can come late in that)
GAMES = ["--players", "1", "--short", "--decks", "A", "--games", str(RUN), "--jobs", "2", "--agents", "random"]


@pytest.mark.parametrize("how", ["ctrl-c", "killed worker"])
def test_an_interrupted_run_resumes_without_losing_or_repeating_a_game(tmp_path, how):
    out = tmp_path / "s"
    # its own process group with Ctrl-C's default action, as a shell starts a job in a terminal
    # (a child inherits an ignored SIGINT, and the test's own process may have it ignored)
    process = _cli(*GAMES, "--out", str(out), start_new_session=True,
                   preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # the store is locked while the run writes; peek through the run's own flushes
    wal = out / "sims.duckdb.wal"
    deadline = time.time() + 120
    while time.time() < deadline and not (wal.exists() and wal.stat().st_size > 20_000):  # some batches are in
        time.sleep(0.2)
    if how == "ctrl-c":
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches the driver and its workers alike
    else:
        workers = _workers(process.pid)
        assert workers
        os.kill(workers[-1], signal.SIGKILL)
    _, err = process.communicate(timeout=120)
    assert process.returncode == (130 if how == "ctrl-c" else 1), err
    assert "run the same command with --resume" in err and "Traceback" not in err
    stored = [r[0] for r in rows(out, "games")]
    assert 0 < len(stored) < RUN
    resumed = _cli(*GAMES, "--out", str(out), "--resume")
    text, err = resumed.communicate(timeout=600)
    assert resumed.returncode == 0, err
    assert f"{RUN - len(stored)} games played" in text
    seeds = [r[0] for r in rows(out, "games")]
    assert seeds == list(range(RUN))
    con = duckdb.connect(str(out / "sims.duckdb"), read_only=True)
    assert con.execute("SELECT count(*), count(DISTINCT (seed, player)) FROM scores").fetchone() == (RUN, RUN)
    con.close()


def test_a_full_disk_keeps_the_stored_games(tmp_path):
    out = tmp_path / "s"
    first = _cli("--players", "1", "--short", "--decks", "A", "--games", "3", "--jobs", "1", "--out", str(out))
    assert first.wait(timeout=300) == 0, first.stderr.read()

    def small_files():  # writing past this size fails as on a full disk
        import resource

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (65536, 65536))

    args = ["--players", "1", "--short", "--decks", "A", "--games", "100", "--jobs", "1", "--out", str(out), "--resume"]
    full = _cli(*args, preexec_fn=small_files)
    _, err = full.communicate(timeout=600)
    assert full.returncode == 1, err
    assert "cannot write to the store" in err and "--resume" in err and "Traceback" not in err
    stored = [r[0] for r in rows(out, "games")]
    assert stored[:3] == [0, 1, 2] and stored == list(range(len(stored))) and len(stored) < 100
    again = _cli(*args)
    assert again.wait(timeout=600) == 0, again.stderr.read()
    assert [r[0] for r in rows(out, "games")] == list(range(100))


def test_ray_backend_gives_the_rows_of_the_local_backend(tmp_path, variant):
    pytest.importorskip("ray")
    local, ray_out = tmp_path / "local", tmp_path / "ray"
    # a variant travels as bytes inside the tasks: the workers never read this folder
    variant.write("cards/occupations/A/001-peddler.yaml", PEDDLER.read_text() + "  gain 2 silver\nreplaces: true\n")
    bundle = bundles.make_bundle([variant.root])
    import shutil

    shutil.rmtree(variant.root)
    simulate(bundle, DUO, range(4), local, meta(bundle, DUO), jobs=1, progress=False)
    simulate(bundle, DUO, range(4), ray_out, meta(bundle, DUO), backend="ray", jobs=1, progress=False)
    for table in SCHEMA:
        assert rows(local, table) == rows(ray_out, table), table
    assert len(rows(ray_out, "games")) == 4


@pytest.mark.parametrize("game, argv, own", [
    ("feast", ["--players", "2", "--short", "--decks", "A"], "spaces never used"),
    ("vikings", ["--players", "3"], None),
])
def test_every_game_gets_the_same_report_in_the_terminal_and_as_html(tmp_path, capsys, game, argv, own):
    out, page = str(tmp_path / "s"), tmp_path / "report.html"
    code, text, err = sim(capsys, "--game", game, *argv, "--games", "3", "--jobs", "1", "--out", out)
    assert code == 0, err
    code, text, err = sim(capsys, "--game", game, "--report", "--out", out, "--html", str(page))
    assert code == 0, err
    for title in ("3 stored games", "per seat", "per agent", "mean points by part of the score", "mean place", "win rate"):
        assert title in text
    html = page.read_text()
    for title in ("per seat", "per agent", "mean points by part of the score", "Score distributions"):
        assert title in html
    con = duckdb.connect(str(Path(out) / "sims.duckdb"), read_only=True)
    categories = [r[0] for r in con.execute("SELECT DISTINCT category FROM points").fetchall()]
    con.close()
    assert all(f"<td>{c}</td>" in html for c in categories)  # every part of the score, read from the store
    if own is None:
        assert "coverage of" not in text and "Coverage of" not in html
    else:
        assert own in text and own in html  # the game's own sections, in both


def test_the_first_games_report_counts_the_occupations_each_player_played(tmp_path, capsys):
    """Its own table (SimHooks.tables), after a run and with --report, in the terminal and as HTML:
    per seat the occupations played per game, counted here from the store's rows."""
    out, page = str(tmp_path / "s"), tmp_path / "report.html"
    code, after_run, err = sim(capsys, "--players", "2", "--short", "--decks", "A", "--games", "4", "--jobs", "1", "--out", out)
    assert code == 0, err
    code, text, err = sim(capsys, "--report", "--out", out, "--html", str(page))
    assert code == 0, err
    played = [0, 0]
    for _, player, *_rest in (row for row in rows(out, "cards") if row[SCHEMA_CARDS.index("played")]):
        played[player] += 1
    games = len(rows(out, "games"))
    assert games == 4 and len(rows(out, "scores")) == 8 and sum(played) > 0  # random players do play cards
    means = [f"{n / games:.2f}" for n in played] + [f"{sum(played) / (2 * games):.2f}"]
    for shown in (after_run, text):
        assert "occupations played per player" in shown
        line = next(line for line in shown.splitlines() if "mean per game" in line)
        assert line.replace("│", " ").split()[3:] == means, line
    html = page.read_text()
    assert "<h2>occupations played per player</h2>" in html
    assert "<tr><td>mean per game</td>" + "".join(f"<td>{m}</td>" for m in means) + "</tr>" in html


SCHEMA_CARDS = [name for name, _ in SCHEMA["cards"]]


def test_coverage_report(tmp_path, capsys, variant):
    out = str(tmp_path / "s")
    assert sim(capsys, "--players", "1", "--short", "--decks", "A", "--games", "4", "--jobs", "1", "--out", out)[0] == 0
    code, text, err = sim(capsys, "--report", "--out", out)
    assert code == 0, err
    assert "coverage of 4 stored games" in text
    for title in ("played cards whose effects never fired", "spaces never used", "anytime actions never taken",
                  "anytime card effects never taken"):
        assert title in text
    code, _, err = sim(capsys, "--report", "--out", str(tmp_path / "none"))
    assert code == 1 and "no simulation store" in err
    variant.write("cards/occupations/A/001-peddler.yaml", PEDDLER.read_text() + "  gain 1 silver\nreplaces: true\n")
    code, _, err = sim(capsys, "--report", "--out", out, "--content", str(variant.root))
    assert code == 1 and "holds games of other content" in err
