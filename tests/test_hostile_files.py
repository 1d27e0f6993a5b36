"""Hostile files and entry points (issue 35): special files where a file is expected, writes
that must never damage what is there, path mistakes, the cache folder, command-line numbers
and file names that are not UTF-8. One bounded reader (`yamlfile.read_bounded`), one atomic
writer (`savefile.write_atomic`) and one path check (`savefile.check_writable`) serve every
command; these tests go through the commands."""

from __future__ import annotations

import json
import os
import signal
import stat
from pathlib import Path

import pytest

from rulesdsl.cli import main
from rulesdsl.content import cache


@pytest.fixture
def deadline():
    """Fail (instead of hanging the suite) when a command blocks for 60 s, e.g. on a pipe."""

    def expired(*_):
        raise TimeoutError("the command blocked")

    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.fixture
def fifo(tmp_path):
    def make(name: str) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(path)
        return path

    return make


# ------------------------------------------------------------------ special files
@pytest.mark.parametrize("argv", [
    ["play", "--load", "{game}"], ["render", "{game}"], ["render", "{state}"], ["--game", "vikings", "render", "{state}"],
    ["validate", "{state}"], ["fmt", "{state}"],
])
def test_a_pipe_given_as_a_file_is_refused_not_read(capsys, deadline, fifo, argv):
    paths = {"game": str(fifo("g.json")), "state": str(fifo("s.yaml"))}
    assert main([part.format(**paths) for part in argv]) == 1
    err = capsys.readouterr().err
    assert "regular file" in err and ":1:1:" in err


def test_a_pipe_among_the_scenarios_does_not_stop_the_coverage_list(capsys, deadline, fifo):
    planted = fifo("scenarios/a.yaml")
    assert main(["cards", "--coverage", "--scenarios", str(planted.parent)]) == 0
    assert "occupations have at least one scenario" in capsys.readouterr().out


def test_a_folder_given_as_a_saved_game_is_a_located_error(capsys, tmp_path):
    folder = tmp_path / "game.json"
    folder.mkdir()
    assert main(["render", str(folder)]) == 1
    assert "folder, not a file" in capsys.readouterr().err


def test_deeply_nested_json_to_render_is_a_located_error(capsys, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert main(["render", str(path)]) == 1
    err = capsys.readouterr().err
    assert "deep.json:1:1" in err and "nested" in err and "Traceback" not in err


# ------------------------------------------------------------------ writes
def _record(tmp_path) -> Path:
    path = tmp_path / "game.json"
    assert main(["play", "--agents", "random,random", "--stop-after", "5", "--save", str(path)]) == 0
    return path


def test_render_replaces_the_picture_whole_instead_of_writing_into_it(capsys, tmp_path):
    game = _record(tmp_path)
    old = tmp_path / "old.svg"
    old.write_text("the old picture")
    kept = tmp_path / "kept.svg"
    os.link(old, kept)  # the old file's own inode: written in place, it would change too
    assert main(["render", str(game), "-o", str(old)]) == 0
    assert kept.read_text() == "the old picture" and old.read_text().startswith("<svg")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("target", ["{tmp}", "{tmp}/no/such/folder/x.svg"])
def test_render_to_a_folder_or_a_missing_folder_is_a_user_error(capsys, tmp_path, target):
    game = _record(tmp_path)
    capsys.readouterr()
    assert main(["render", str(game), "-o", target.format(tmp=tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: cannot write") and "internal error" not in err


def test_schema_into_a_file_is_a_user_error(capsys, tmp_path):
    target = tmp_path / "schemas"
    target.write_text("a file")
    assert main(["schema", str(target)]) == 1
    assert "it is a file, not a folder" in capsys.readouterr().err
    assert main(["schema", str(tmp_path / "a" / "b")]) == 0  # a new folder is made


def test_fmt_on_a_read_only_file_says_so(capsys, tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root may write any file")
    path = tmp_path / "r.yaml"
    path.write_text("rules:\n  - id: r\n    name: R\n    effect: gain   1 wood\n")
    os.chmod(path, 0o444)
    assert main(["fmt", str(path)]) == 1
    assert "read-only" in capsys.readouterr().err


# ------------------------------------------------------------------ the cache folder
def _validate_with(monkeypatch, **env) -> int:
    for name in ("RULESDSL_CACHE_DIR", "XDG_CACHE_HOME", "RULESDSL_NO_CACHE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return main(["validate"])


def test_a_shared_folder_named_as_the_cache_is_never_chmodded(monkeypatch, tmp_path, capsys):
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    assert _validate_with(monkeypatch, RULESDSL_CACHE_DIR=str(shared)) == 0
    assert stat.S_IMODE(os.stat(shared).st_mode) == 0o1777
    inner = shared / f"rulesdsl-{os.getuid()}"
    assert stat.S_IMODE(os.stat(inner).st_mode) == 0o700 and list(inner.glob("content-*.pickle"))


def test_an_empty_home_means_no_cache_not_one_at_the_root(monkeypatch):
    for name in ("RULESDSL_CACHE_DIR", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", "")
    assert cache.cache_dir() is None
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")  # not absolute: ignored, as XDG says
    assert cache.cache_dir() is None
    monkeypatch.setenv("HOME", "/home/someone")
    assert cache.cache_dir() == Path("/home/someone/.cache/rulesdsl")


def test_pipes_and_giants_planted_in_the_cache_are_misses(monkeypatch, tmp_path, capsys, deadline):
    folder = tmp_path / "cache"
    assert _validate_with(monkeypatch, RULESDSL_CACHE_DIR=str(folder)) == 0
    entries = sorted(folder.glob("content-*.pickle"))
    assert entries
    giant = entries[0]
    giant.unlink()
    with open(giant, "wb") as out:  # 3 GB, sparse: reading it whole would take the memory
        out.truncate(3 * 1024**3)
    assert main(["validate"]) == 0
    for entry in list(folder.glob("content-*.pickle")) + [folder / "secret.key"]:
        entry.unlink()
        os.mkfifo(entry)
    assert main(["validate"]) == 0


# ------------------------------------------------------------------ numbers and names
@pytest.mark.parametrize("argv", [
    ["play", "--stop-after", "-1"], ["simulate", "--budget", "-1", "--games", "1"], ["simulate", "--games", "-5"],
    ["play", "--seed", "9" * 5000], ["play", "--players", "1000000000"], ["render", "home_long", "--step", "-3"],
])
def test_negative_or_absurd_counts_are_refused(capsys, argv):
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code in (1, 2)
    assert "expected a whole number" in capsys.readouterr().err


@pytest.mark.parametrize("think", ["1e308s", "-1s", "nan", "inf", "0ms"])
def test_think_times_are_bounded(capsys, think):
    assert main(["play", "--agents", "search", f"--think={think}"]) == 1
    assert "--think" in capsys.readouterr().err


def test_a_vikings_option_of_thousands_of_digits_is_refused(capsys):
    assert main(["--game", "vikings", "play", "--option", "scout_base=" + "9" * 5000, "--agents", "random,random"]) == 1
    assert "--option scout_base takes a whole number" in capsys.readouterr().err


def test_a_file_name_that_is_not_utf8_is_printed_escaped(capfd, tmp_path):
    root = tmp_path / "v"
    (root / "cards" / "occupations" / "A").mkdir(parents=True)
    name = os.fsdecode(b"900-\xff\xfe.yaml")
    (root / "cards" / "occupations" / "A" / name).write_text(
        "number: 900\ndeck: A\nname: X\npoints: 0\ncategory: immediate\nstarting: false\ntext: t\neffect: gain 1 nothingness\n")
    assert main(["validate", "--content", str(root)]) == 1
    err = capfd.readouterr().err
    assert "900-\\xff\\xfe.yaml:8:16: unknown item 'nothingness'" in err
