"""The phases of the round are data: each phase's work is its `effect` in the card language,
so a variant replaces a phase like any card, and no Python names a phase."""

import ast
from pathlib import Path

import pytest

from rulesdsl.content.loader import load_content
from rulesdsl.errors import ContentError
from rulesdsl.games.feast.engine import invariants
from rulesdsl.lang import tree as t
from tests.engine_helpers import new_game, perform

TWO_OFFSPRING = """phases:
  - id: breeding
    replaces: true
    number: 8
    name: Animal Breeding (twins)
    effect: use breed_pairs with offspring 2
"""


def _breed(content):
    game = new_game(content)
    p = game.state.players[0]
    p.stables["pregnant_cattle"] += 1
    game.state.bank["pregnant_cattle"] -= 1
    p.stables["sheep"] += 2
    game.state.bank["sheep"] -= 2
    perform(game.flow.round_phase("breeding"))
    invariants.check(game)
    return p


def test_base_breeding_gives_one_offspring(content):
    p = _breed(content)
    assert p.stables["cattle"] == 2 and p.stables["pregnant_cattle"] == 0  # the mother and one calf
    assert p.stables["sheep"] == 1 and p.stables["pregnant_sheep"] == 1  # a pair: one becomes pregnant


def test_a_variant_replaces_breeding_with_two_offspring(variant):
    variant.write("boards/twins.yaml", TWO_OFFSPRING)
    content = load_content([variant.root])
    assert content.phases["breeding"].name == "Animal Breeding (twins)"
    p = _breed(content)
    assert p.stables["cattle"] == 3 and p.stables["pregnant_cattle"] == 0  # the mother and two calves
    assert p.stables["sheep"] == 1 and p.stables["pregnant_sheep"] == 1


SHORT_FEAST = """phases:
  - id: feast
    replaces: true
    number: 9
    name: Feast (a short table)
    effect: use banquet with seats (round + 1)
"""


def test_the_seats_to_cover_come_from_the_feast_phase_data(content, variant):
    game = new_game(content)
    p = game.state.players[0]
    home = content.home_boards[game.options.length]
    game.state.round = 2
    assert game.flow.feast_seats(p) == home.feast_seats - home.table_vikings + 2  # the base feast's own formula
    variant.write("boards/short_feast.yaml", SHORT_FEAST)
    short = new_game(load_content([variant.root]))
    short.state.round = 2
    assert short.flow.feast_seats(short.state.players[0]) == 3  # what the variant's feast asks for, not the base formula


def test_a_card_running_a_replaced_phase_runs_the_variant(variant):
    variant.write("boards/twins.yaml", TWO_OFFSPRING)
    content = load_content([variant.root])
    game = new_game(content)
    p = game.state.players[0]
    p.stables["pregnant_sheep"] += 1
    game.state.bank["pregnant_sheep"] -= 1
    perform(game.flow.interp.run([t.RunPhase("breeding")], game.flow.ctx(0)))
    assert p.stables["sheep"] == 3


def test_every_phase_has_an_effect_and_the_round_runs_them_from_data(content):
    for phase in content.phases.values():
        assert content.programs[("phases", phase.id)].items, phase.id


def test_no_python_names_a_phase(content):
    """No `phase_<id>` function and no comparison of a phase with a phase id in rulesdsl/."""
    ids = set(content.phases)
    found = []
    for path in sorted((Path(__file__).resolve().parent.parent / "rulesdsl").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("phase_") \
                    and node.name[len("phase_"):] in ids:
                found.append(f"{path.name}:{node.lineno}: def {node.name}")
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                about_phase = any("phase" in ast.unparse(side) for side in sides)
                literals = [side.value for side in sides if isinstance(side, ast.Constant) and isinstance(side.value, str)]
                literals += [e.value for side in sides if isinstance(side, (ast.Tuple, ast.List, ast.Set))
                             for e in side.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
                if about_phase and ids & set(literals):
                    found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert found == []


def test_a_card_cannot_run_a_phase_of_the_whole_table(variant):
    variant.write("cards/occupations/A/901-table-runner.yaml", """number: 901
deck: A
starting: false
name: Table Runner
points: 0
category: immediate
text: Runs the action phase.
effect: |
  run phase actions
""")
    with pytest.raises(ContentError) as info:
        load_content([variant.root])
    assert [p.message for p in info.value.problems] == [
        "phase 'actions' acts on the whole table (scope: table): a card can run only a phase of scope player"]
