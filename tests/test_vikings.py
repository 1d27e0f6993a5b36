"""Kiesling's Vikings, the second ruleset: its scenarios, 200 random games with invariants after
every decision, save/load/replay, determinism, the command line and located content errors."""

import json
import random
import re
from pathlib import Path

import pytest

from rulesdsl.agents import RandomAgent
from rulesdsl.errors import ContentError, RulesError
from rulesdsl.games.tableau.engine.content import load_ruleset
from rulesdsl.games.tableau.engine.game import TableauGame
from rulesdsl.games.tableau.engine.invariants import broken
from rulesdsl.games.tableau.engine.rulesets import folder_of, load
from rulesdsl.games.tableau.engine.scenario import collect, run_file

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted(collect([ROOT / "scenarios" / "vikings"]))


@pytest.fixture(scope="module")
def vikings():
    return load("vikings")


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario(vikings, path):
    result = run_file(path, vikings)
    assert result.passed, "\n".join(result.failures)


def test_every_worked_example_and_scenario_rule_has_a_scenario():
    from rulesdsl.content.yamlfile import read_yaml

    proved = {rule for path in SCENARIOS for rule in read_yaml(path).data["rules"]}
    wanted = {f"W{i}" for i in range(1, 11)} | {f"V{i}" for i in [*range(13, 33), *range(34, 45), *range(46, 56)]}
    wanted -= {"V30"}  # no trading and an unlimited holding area: nothing a scenario can state
    assert wanted - proved == set()


def _play(game, seed, check=None):
    agents = [RandomAgent(seed * 7919 + i) for i in range(game.players)]
    while game.decision is not None:
        game.answer(agents[game.decision.player].answer(game, game.decision))
        if check is not None:
            check(game)
    return game


def test_200_random_games_keep_the_invariants(vikings):
    def check(game):
        problems = broken(game)
        assert problems == [], (len(game.log), problems)

    endings = set()
    for seed in range(200):
        options = {"auction": seed % 2, "boatsman_limit": seed // 2 % 2, "scout_base": 1 + seed // 4 % 2}
        game = _play(TableauGame(vikings, 2 + seed % 3, options, seed), seed, check)
        assert game.table.over and game.table.round == 6
        tiles = sum(len(s.tiles) for s in game.table.seats) + sum(game.table.out.get(k, 0) for k in vikings.tiles)
        assert tiles == 72 + game.players  # every stacked tile and every start tile was placed or discarded
        endings.add(tuple(r["place"] for r in game.scores()))
    assert len(endings) > 1


def test_a_game_is_its_seed_and_answers(vikings):
    one = _play(TableauGame(vikings, 3, {"auction": 1}, 5), 5)
    two = _play(TableauGame(vikings, 3, {"auction": 1}, 5), 5)
    assert one.log == two.log and one.table.to_data() == two.table.to_data()
    other = _play(TableauGame(vikings, 3, {"auction": 1}, 6), 6)
    assert other.table.to_data() != one.table.to_data()


def test_save_reloads_to_the_identical_state_mid_game_and_at_the_end(vikings):
    game = TableauGame(vikings, 4, {"boatsman_limit": 1}, 11)
    agents = [RandomAgent(i) for i in range(4)]
    for _ in range(60):
        game.answer(agents[game.decision.player].answer(game, game.decision))
    record = json.loads(json.dumps(game.save()))
    again = TableauGame.load(vikings, record)
    assert again.table.to_data() == game.table.to_data() and again.decision == game.decision
    _play(game, 0)
    assert TableauGame.load(vikings, game.save()).table.to_data() == game.table.to_data()


def test_a_record_of_other_content_or_a_bad_record_is_refused(vikings):
    from rulesdsl.core.record import RecordError

    record = TableauGame(vikings, 2, {}, 1).save()
    changed = dict(record, content={"digest": "x", "files": {"rules.yaml": "0"}})
    with pytest.raises(RecordError, match="other content"):
        TableauGame.load(vikings, changed)
    with pytest.raises(RecordError, match="answers"):
        TableauGame.load(vikings, dict(record, answers=["lot@99"]))
    with pytest.raises(RecordError, match="players"):
        TableauGame.load(vikings, dict(record, players=2.5))


def test_a_refused_answer_changes_nothing(vikings):
    game = TableauGame(vikings, 2, {}, 3)
    before = game.table.to_data()
    refused = [o.key for o in game.decision.options if o.refusal is not None]
    for key in refused[:3] + ["nonsense"]:
        with pytest.raises(RulesError):
            game.answer(key)
    assert game.table.to_data() == before and game.log == []


def test_players_and_options_are_checked(vikings):
    with pytest.raises(RulesError, match="2 to 4 players"):
        TableauGame(vikings, 5)
    with pytest.raises(RulesError, match="one of"):
        TableauGame(vikings, 2, {"scout_base": 3})
    with pytest.raises(RulesError, match="not an option"):
        TableauGame(vikings, 2, {"special_tiles": 1})


def test_command_line(tmp_path, capsys):
    from rulesdsl.cli import main

    assert main(["--game", "vikings", "validate"]) == 0
    assert "OK: Vikings" in capsys.readouterr().out
    save = tmp_path / "game.json"
    assert main(["--game", "vikings", "play", "--seed", "1", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert re.search(r"player\s+agent\s+fame\s+gold\s+place", out) and "win" in out
    assert main(["play", "--game", "vikings", "--load", str(save)]) == 0
    assert capsys.readouterr().out.splitlines()[-4:] == out.splitlines()[-4:]
    assert main(["--game", "vikings", "render", str(save), "--step", "40"]) == 0
    shown = capsys.readouterr().out
    assert "P1:" in shown and "row 6" in shown
    assert main(["--game", "vikings", "--option", "scout_base=2", "render", "3"]) == 0
    capsys.readouterr()
    assert main(["--game", "vikings", "scenario", str(ROOT / "scenarios" / "vikings")]) == 0
    assert f"{len(SCENARIOS)} passed, 0 failed" in capsys.readouterr().out
    assert main(["--game", "nosuch", "validate"]) == 1
    assert "no game 'nosuch'" in capsys.readouterr().err
    assert main(["--game", "vikings", "play", "--agents", "greedy,random,random"]) == 1  # three agents, two players


def test_the_feast_loader_does_not_read_a_ruleset_folder(content):
    assert not any("vikings" in name for name in content.files)


def _copy(tmp_path):
    folder = tmp_path / "v"
    folder.mkdir()
    for name in ("ruleset.yaml", "components.yaml", "rules.yaml"):
        (folder / name).write_bytes((folder_of("vikings") / name).read_bytes())
    return folder


@pytest.mark.parametrize("file, old, new, message", [
    ("components.yaml", "reach: 3", "reach: 3000", "from 1 to 50"),
    ("components.yaml", "category: ship, count: 3", "category: ship, count: -3", "from 0 to 1000"),
    ("components.yaml", "figure: noble}", "figure: nobel}", "unknown figure 'nobel'"),
    ("components.yaml", "{id: wheel, slots: 12, currency: gold}", "{id: wheel, slots: 12, currency: gold, colour: red}", "unknown key 'colour'"),
    ("rules.yaml", "score each safe noble:", "score each safe nobel:", "unknown figure 'nobel'"),
    ("rules.yaml", "gain 2 fame", "gain 2 glory", "unknown currency 'glory'"),
    ("rules.yaml", "award 7 fame to most runs()", "award 7 fame to most islands()", "unknown query 'islands'"),
    ("rules.yaml", "sell lots of wheel", "sell lots of wheal", "unknown ring 'wheal'"),
    ("rules.yaml", "convert 5 gold to 1 fame", "convert 5 gold into 1 fame", "unexpected"),
    ("ruleset.yaml", "ranking: [fame, gold]", "ranking: [fame, silver]", "not a currency"),
])
def test_bad_content_is_located_and_loads_nothing(tmp_path, file, old, new, message):
    folder = _copy(tmp_path)
    path = folder / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(ContentError) as err:
        load_ruleset(folder)
    shown = [str(p) for p in err.value.problems]
    assert any(message in s for s in shown), shown
    line = next(i for i, row in enumerate(text.splitlines(), 1) if old in row)
    assert any(f"{file}:{line}:" in s for s in shown), shown


def test_a_content_override_lays_placeholders_over_the_files(vikings):
    changed = load_ruleset(Path(vikings.folder), {"components.yaml": {"tiles": {"ship_blue": {"reward": {"currency": "gold", "amount": 4}}}}})
    assert changed.tiles["ship_blue"].reward.amount == 4 and vikings.tiles["ship_blue"].reward.amount == 0
    assert changed.files != vikings.files  # a save made with an override is not mistaken for the plain game


def test_random_mutations_of_the_content_files_give_located_errors_or_load(tmp_path):
    rng = random.Random(17)
    folder = _copy(tmp_path)
    originals = {name: (folder / name).read_bytes() for name in ("ruleset.yaml", "components.yaml", "rules.yaml")}
    alphabet = b"abc:-[]{}\n\"'#&*!|>%@`,?0123456789 "
    for trial in range(150):
        name = rng.choice(sorted(originals))
        raw = bytearray(originals[name])
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(raw))
            action = rng.choice(("delete", "insert", "replace"))
            if action == "delete":
                del raw[at:at + rng.randint(1, 8)]
            elif action == "insert":
                raw[at:at] = bytes([rng.choice(alphabet)])
            else:
                raw[at] = rng.choice(alphabet)
        (folder / name).write_bytes(bytes(raw))
        try:
            ruleset = load_ruleset(folder)
        except ContentError as err:
            assert err.problems and all(p.location is None or p.location.line >= 1 for p in err.problems)
        else:  # what loads must still play (or refuse its own options with a RulesError)
            try:
                _play(TableauGame(ruleset, ruleset.manifest.players.min, {}, trial), trial)
            except RulesError:
                pass
        (folder / name).write_bytes(originals[name])


def test_every_doubt_is_decided_beside_its_data():
    text = "".join((folder_of("vikings") / name).read_text() for name in ("ruleset.yaml", "components.yaml", "rules.yaml"))
    decided = set(re.findall(r"#[^\n]*Decided \((Q\d+)\)", text))
    assert decided == {f"Q{i}" for i in range(1, 17)}


from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.strategies import fuzz_settings, hostile_documents  # noqa: E402

FUZZ = fuzz_settings(100)


def _load_replaced(tmp_path, name: str, raw: bytes):
    folder = tmp_path / "fz"
    if not folder.exists():
        folder = _copy(tmp_path).rename(folder)
    original = (folder_of("vikings") / name).read_bytes()
    (folder / name).write_bytes(raw)
    try:
        load_ruleset(folder)
    except ContentError as err:
        assert err.problems
        for problem in err.problems:
            assert problem.location is None or problem.location.line >= 1
    finally:
        (folder / name).write_bytes(original)


@FUZZ
@given(st.sampled_from(["ruleset.yaml", "components.yaml", "rules.yaml"]), st.binary(max_size=300))
def test_arbitrary_bytes_as_a_ruleset_file(tmp_path, name, raw):
    _load_replaced(tmp_path, name, raw)


@FUZZ
@given(st.sampled_from(["ruleset.yaml", "components.yaml", "rules.yaml"]), hostile_documents())
def test_hostile_yaml_as_a_ruleset_file_gives_located_errors(tmp_path, name, text):
    _load_replaced(tmp_path, name, text.encode())


@pytest.mark.parametrize("program", ["round", "final", "anytime"])
def test_program_trees(vikings, program, snapshot):
    """The parsed trees of the ruleset's programs (a change of grammar, parser or rules shows as a
    diff); the canonical text reads back as the same tree."""
    from rulesdsl.lang.dump import dump
    from rulesdsl.lang.parser import parse
    from rulesdsl.lang.printer import to_text

    tree = vikings.programs[program]
    assert parse(to_text(tree)) == tree
    assert dump(tree) == snapshot


def test_a_person_plays_in_the_terminal(vikings):
    from rulesdsl.games.tableau.engine.terminal import TableauHuman

    lines = iter(["nonsense", "why", "? 1", "1"] + ["1"] * 2000)
    shown = []
    human = TableauHuman(read=lambda prompt: next(lines), write=shown.append)
    game = TableauGame(vikings, 2, {}, 4)
    while game.decision is not None:
        game.answer(human.answer(game, game.decision))
    assert any("choose 1 to" in s for s in shown) and any("row 6" in s for s in shown)
