"""The command line: exit codes, located messages, never a traceback for bad input."""

import subprocess
import sys

from rulesdsl.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_validate_builtin_content(capsys):
    code, out, err = run(capsys, "validate")
    assert code == 0, err
    assert out.startswith("OK: 32 goods, 15 special tiles")
    assert "65 spaces" in out


def test_validate_reports_every_problem_and_exits_1(capsys, variant):
    variant.write("boards/a.yaml", "goods:\n  - id: oats\n    name: oats\n    color: purple\n    shape: ['##']\n    box_column: 1\n")
    variant.write("boards/b.yaml", "spaces: {}\n")
    code, out, err = run(capsys, "validate", str(variant.root))
    assert code == 1
    lines = err.strip().splitlines()
    assert any(line.endswith("boards/a.yaml:4:12: expected one of orange, red, green, blue, animal; found text ('purple')") for line in lines)
    assert any(line.endswith("boards/b.yaml:1:9: 'spaces' must be a list of items, found a mapping") for line in lines)
    assert lines[-1] == "2 problems; nothing was loaded."
    assert "Traceback" not in err


def test_validate_a_single_file(capsys, variant):
    path = variant.write("card.yaml", """number: 950
deck: A
starting: false
name: Lone Tester
points: 1
category: immediate
text: Take an oil.
effect: |
  gain 1 oyl
""")
    code, out, err = run(capsys, "validate", str(path))
    assert code == 1
    assert err.splitlines()[0].endswith("card.yaml:9:10: unknown item 'oyl'; did you mean 'oil'?")


def test_content_option_is_repeatable(capsys, variant, tmp_path):
    variant.write("boards/add.yaml", "spaces:\n  - {id: fishing_village_1, name: Fishing village, group: hunting, column: 1, row: 30, effect: gain 2 stockfish}\n")
    other = tmp_path / "other"
    (other / "boards").mkdir(parents=True)
    (other / "boards" / "r.yaml").write_text("remove:\n  spaces: [fishing_village_1, stockfish_1]\n")
    code, out, err = run(capsys, "--content", str(variant.root), "validate")
    assert code == 0, err
    assert "66 spaces" in out
    code, out, err = run(capsys, "--content", str(variant.root), "--content", str(other), "validate")
    assert code == 0, err
    assert "64 spaces" in out


def test_show_prints_canonical_text_and_tree(capsys):
    code, out, err = run(capsys, "show", "laying_a_snare_2")
    assert code == 0
    assert "space laying_a_snare_2: Laying a Snare" in out
    assert "  dice laying_snare with d8 low:" in out
    assert "Dice kind='laying_snare' die='d8' direction='low'" in out


def test_show_by_name_is_case_insensitive(capsys):
    code, out, err = run(capsys, "show", "Build a Knarr")
    assert code == 0
    assert "pay 2 wood -> build 1 knarr" in out


def test_show_ambiguous_name_lists_the_candidates(capsys):
    code, out, err = run(capsys, "show", "Weekly Market")
    assert code == 1
    assert err.startswith("error: 'Weekly Market' is ambiguous")  # a refusal like any other (exit 1, 'error: ')
    assert "spaces weekly_market_1: Weekly Market  (rulesdsl show spaces:weekly_market_1)" in err


def test_show_a_card_by_number_and_duplicate_names(capsys):
    code, out, err = run(capsys, "show", "1")
    assert code == 0 and out.startswith("occupation 1: Peddler")
    code, out, err = run(capsys, "show", "Tutor")
    assert code == 1
    assert "occupations 52: Tutor  (rulesdsl show occupations:52)" in err
    assert "occupations 99: Tutor" in err
    code, out, err = run(capsys, "show", "occupations:99")
    assert code == 0 and "instead of drawing for occupation: play 1 occupation" in out
    code, out, err = run(capsys, "show", "columns:1")
    assert code == 0 and "column 1" in out


def test_show_unknown_name(capsys):
    code, out, err = run(capsys, "show", "unicorn")
    assert code == 1
    assert err.strip() == "error: nothing is called 'unicorn'"


def test_console_script_runs_without_traceback(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"\xff\xfe\x00")
    result = subprocess.run([sys.executable, "-m", "rulesdsl.cli", "validate", str(bad)], capture_output=True, text=True)
    assert result.returncode == 1
    assert "not UTF-8" in result.stderr
    assert "Traceback" not in result.stderr


def test_global_options_before_and_after_the_command(capsys, variant):
    variant.write("cards/950-lone-tester.yaml", "number: 950\ndeck: A\nstarting: false\nname: Lone Tester\npoints: 1\n"
                  "category: immediate\ntext: Gain 1 silver.\neffect: gain 1 silver\n")
    before = run(capsys, "--content", str(variant.root), "validate")
    after = run(capsys, "validate", "--content", str(variant.root))
    assert before[0] == after[0] == 0
    assert before[1] == after[1] and "191 occupations" in after[1]
    code, out, _ = run(capsys, "show", "950", "--content", str(variant.root), "--debug")
    assert code == 0 and out.startswith("occupation 950: Lone Tester")


def test_version_and_help(capsys):
    import pytest

    from rulesdsl.resources import version

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"rulesdsl {version()}"
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "A Feast for Odin" in out and "examples:" in out and "rulesdsl validate --content my_variant" in out


def test_python_dash_m_and_broken_pipe():
    shown = subprocess.run(f"{sys.executable} -m rulesdsl show 132 | head -1", shell=True, capture_output=True, text=True)
    assert shown.stdout.startswith("occupation 132: ")
    assert shown.stderr == ""


def _help(capsys, *argv) -> str:
    import pytest

    with pytest.raises(SystemExit) as exit_info:
        main([*argv, "--help"])
    assert exit_info.value.code == 0
    return capsys.readouterr().out


def test_a_command_offers_the_flags_of_the_game_named_only(capsys):
    """A game's own flags come from its plug-in (`CommandHooks.arguments`): A Feast for Odin's
    --short and --decks on its play, simulate and balance; none of them on a ruleset's, however
    --game is written (before or after the command, with `=`, abbreviated)."""
    for command in ("play", "simulate", "balance"):
        assert "--short" in (shown := _help(capsys, command)) and "--decks DECKS" in shown, command
    for argv in (["--game", "vikings", "play"], ["--game", "vikings", "simulate"], ["simulate", "--game", "vikings"],
                 ["--game=vikings", "simulate"], ["--gam", "vikings", "play"]):
        shown = _help(capsys, *argv)
        assert "--players" in shown and "--short" not in shown and "--decks" not in shown, argv
    assert "random, greedy, search" in _help(capsys, "--game", "vikings", "simulate")  # its agents, not the first game's
    assert "(default A,B,C)" in _help(capsys, "simulate")
