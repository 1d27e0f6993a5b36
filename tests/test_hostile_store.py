"""Hostile simulation stores (issue 35, the store door): a store from elsewhere is opened
with DuckDB's external access and extension autoloading off and its configuration locked,
holds plain tables only, and its setup text is never trusted."""

from __future__ import annotations

import shutil

import pytest

from rulesdsl.cli import main

duckdb = pytest.importorskip("duckdb")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """A real store of one short solo game, made by `rulesdsl simulate`."""
    folder = tmp_path_factory.mktemp("store") / "sims"
    assert main(["simulate", "--agents", "random", "--games", "1", "--jobs", "1", "--players", "1", "--short", "--out", str(folder), "--no-progress"]) == 0
    return folder


@pytest.fixture
def store(made, tmp_path):
    copy = tmp_path / "sims"
    shutil.copytree(made, copy)
    return copy


def _tamper(store, *statements):
    con = duckdb.connect(str(store / "sims.duckdb"))
    for statement in statements:
        con.execute(statement)
    con.close()


def test_a_view_reading_a_local_file_is_never_run(capsys, store, tmp_path):
    secret = tmp_path / "secret.csv"
    secret.write_text("card,played\nTOP-SECRET,1\n")
    _tamper(store, "ALTER TABLE cards RENAME TO cards_kept",
            f"CREATE VIEW cards AS SELECT * FROM read_csv('{secret}')")
    assert main(["simulate", "--report", "--out", str(store)]) == 1
    out, err = capsys.readouterr()
    assert "TOP-SECRET" not in out + err
    assert "holds views or macros" in err and "cards" in err


def test_a_planted_macro_is_refused(capsys, store):
    _tamper(store, "CREATE MACRO count_games() AS (SELECT 42)")
    assert main(["simulate", "--report", "--out", str(store)]) == 1
    assert "holds views or macros" in capsys.readouterr().err


def test_the_sandbox_refuses_file_access_even_through_plain_sql(store):
    from rulesdsl.sim.store import read_store

    con, _meta = read_store(store)
    try:
        with pytest.raises(duckdb.Error, match="disabled"):
            con.execute("SELECT * FROM read_csv('/etc/hostname')").fetchall()
        with pytest.raises(duckdb.Error):
            con.execute("SET enable_external_access = true")
    finally:
        con.close()


@pytest.mark.parametrize("setup", ["not json at all", "[1, 2]", '{"options": 5}'])
def test_a_setup_that_is_not_one_is_a_clean_error(capsys, store, setup):
    _tamper(store, f"UPDATE meta SET value = '{setup}' WHERE key = 'setup'")
    assert main(["simulate", "--report", "--out", str(store)]) == 1
    err = capsys.readouterr().err
    assert "internal error" not in err and "Traceback" not in err
    assert main(["simulate", "--agents", "random", "--games", "2", "--out", str(store), "--no-progress"]) == 1  # the mismatch names no JSON error
    err = capsys.readouterr().err
    assert "internal error" not in err and "holds games of other options" in err


def test_a_file_that_is_no_store_is_not_replaced(capsys, tmp_path):
    folder = tmp_path / "sims"
    folder.mkdir()
    (folder / "sims.duckdb").write_text("hello")
    assert main(["simulate", "--agents", "random", "--games", "1", "--out", str(folder), "--no-progress"]) == 1
    assert "not a rulesdsl simulation store" in capsys.readouterr().err
    assert (folder / "sims.duckdb").read_text() == "hello"


def _children(pid: int) -> set[int]:
    try:
        return {int(c) for c in open(f"/proc/{pid}/task/{pid}/children").read().split()}
    except OSError:
        return set()


def test_sigterm_to_simulate_stops_its_workers(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time

    if not os.path.exists("/proc/self/task"):
        pytest.skip("reads child processes from /proc")
    proc = subprocess.Popen([sys.executable, "-m", "rulesdsl", "simulate", "--agents", "random", "--games", "500", "--jobs", "2", "--out",
                             str(tmp_path / "sims"), "--no-progress"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        workers: set[int] = set()
        for _ in range(600):  # the workers (and the resource tracker) are up
            workers = _children(proc.pid)
            if len(workers) >= 3:
                break
            time.sleep(0.1)
        assert len(workers) >= 3
        time.sleep(1)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode != 0 and "interrupted" in err and "--resume" in err
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and any(map(_alive, workers)):
        time.sleep(0.2)
    assert [pid for pid in workers if _alive(pid)] == []


def _alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie waiting for its parent does not)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            return "zombie" not in status.read()
    except OSError:
        return False


def test_a_store_of_the_earlier_format_is_refused_by_name_and_replaced_with_new(capsys, store):
    _tamper(store, "UPDATE meta SET value = '1' WHERE key = 'format'")  # format 1: the first game's own tables
    assert main(["simulate", "--report", "--out", str(store)]) == 1
    assert "earlier rulesdsl (format 1" in capsys.readouterr().err
    argv = ["simulate", "--agents", "random", "--games", "1", "--jobs", "1", "--players", "1", "--short", "--out", str(store), "--no-progress"]
    assert main(argv) == 1 and "--new" in capsys.readouterr().err
    assert main([*argv, "--new"]) == 0 and "1 games in" in capsys.readouterr().out
