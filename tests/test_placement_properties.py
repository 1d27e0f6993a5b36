"""Invariants of any sequence of legal placements, on every grid, and the SVG picture."""

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesdsl.cli import main
from tests.strategies import fuzz_settings
from rulesdsl.content.loader import load_content
from rulesdsl.geometry import pieces, scoring
from rulesdsl.geometry.placement import empty, legal_placements, place
from rulesdsl.geometry.render import render_svg

CONTENT = load_content()
GRIDS = pieces.grids(CONTENT)
ITEMS = sorted({*CONTENT.goods, *CONTENT.special_tiles, *CONTENT.coins, "ore"})


def _edge_neighbours(grid, mask):
    out = 0
    for r, c in grid.squares(mask):
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < grid.height and 0 <= cc < grid.width:
                out |= grid.bit(rr, cc)
    return out & ~mask


@fuzz_settings(150)
@given(st.sampled_from(sorted(GRIDS)), st.lists(st.tuples(st.sampled_from(ITEMS), st.integers(0, 10_000)), max_size=25))
def test_any_sequence_of_legal_placements_keeps_every_rule(grid_id, moves):
    grid = GRIDS[grid_id]
    state = empty(grid)
    for item, pick in moves:
        piece = pieces.piece(CONTENT, item)
        options = legal_placements(state, piece)
        if not options:
            continue
        option = options[pick % len(options)]
        state = place(state, piece, option.row, option.column, option.turn, option.mirror)
    seen = 0
    for tile in state.tiles:
        assert not tile.mask & seen  # no overlap
        assert not tile.mask & ~grid.coverable  # inside, never forbidden or a pillar
        assert any(c in grid.accepts for c in tile.piece.classes)
        seen |= tile.mask
        for other in state.tiles:
            if other is not tile and set(tile.piece.classes) & set(other.piece.classes) & grid.apart:
                assert not _edge_neighbours(grid, tile.mask) & other.mask
    for bit, need in grid.income_required.items():
        if state.covered & bit:
            assert need & ~state.covered == 0  # income rule
    assert scoring.uncovered_minus(state) == bin(grid.minus & ~state.covered).count("1")
    svg = ET.fromstring(render_svg(state))
    assert len(svg.findall(".//{http://www.w3.org/2000/svg}g[@class='tile']")) == len(state.tiles)


def test_render_a_state_file_from_the_command_line(tmp_path, capsys):
    from pathlib import Path

    example = Path(__file__).resolve().parent.parent / "examples" / "home_income_5.yaml"
    out = tmp_path / "home.svg"
    assert main(["render", str(example), "-o", str(out)]) == 0
    root = ET.parse(out).getroot()
    tiles = root.findall(".//{http://www.w3.org/2000/svg}g[@class='tile']")
    assert len(tiles) == 14
    assert tiles[0].get("data-item") == "silk"
    assert "income 5" in out.read_text()
    capsys.readouterr()
    assert main(["render", "shetland"]) == 0
    assert capsys.readouterr().out.startswith("<svg")


@pytest.mark.parametrize("text, message", [
    ("board: home_long\ntiles:\n  - {item: peas, at: [6, 0]}\n", "3:5: peas (orange) cannot be placed on home board"),
    ("board: home_long\ntiles:\n  - {item: silk, at: [11, 6]}\n", "3:5: square (11, 8) is outside home board"),
    ("board: home_long\ntiles:\n  - {item: silk, at: [8, 0], turn: 45}\n", "3:5: unknown rotation 45"),
    ("board: home_long\ntiles:\n  - {item: unicorn, at: [8, 0]}\n", "3:12: unknown good or tile 'unicorn'"),
    ("board: atlantis\n", "1:8: unknown board 'atlantis'"),
    ("board: home_long\ntiles:\n  - {item: silk, at: [8, x]}\n", "3:26: expected a whole number, found text ('x')"),
])
def test_a_bad_state_file_names_line_column_and_rule(tmp_path, capsys, text, message):
    path = tmp_path / "state.yaml"
    path.write_text(text)
    assert main(["render", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:{message}" in err
    assert "Traceback" not in err


@fuzz_settings(100)
@given(st.sampled_from(sorted(GRIDS)), st.lists(st.tuples(st.sampled_from(ITEMS), st.integers(0, 10_000)), max_size=12),
       st.tuples(*[st.floats(-5, 20, allow_nan=False)] * 4), st.integers(2, 4))
def test_what_a_placement_adds_is_the_board_worth_it_changes(grid_id, moves, weights, given_weights):
    """The agents' fast sum of what each placement adds (precomputed per grid) is, to the last
    bit, the difference of `board_worth` before and after."""
    from rulesdsl.games.feast.agents.placement import _Covered, _added, board_worth

    grid = GRIDS[grid_id]
    state = empty(grid)
    for item, pick in moves:
        piece = pieces.piece(CONTENT, item)
        options = legal_placements(state, piece)
        if options:
            option = options[pick % len(options)]
            state = place(state, piece, option.row, option.column, option.turn, option.mirror)
    masks = [pl.mask for item in ITEMS[:6] for pl in legal_placements(state, pieces.piece(CONTENT, item))]
    used = weights[:given_weights]
    base = board_worth(state, *used)
    assert _added(state, masks, used) == [board_worth(_Covered(grid, state.covered | m), *used) - base for m in masks]
