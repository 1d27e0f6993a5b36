"""Edge-matched placement (vikings.md W5 and Q9 in generic terms) and its invariants."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesdsl.mechanisms.edges import EdgeBoard, EdgeTile, fits, legal_cells, matches

# edge labels "o" and "k"; three kinds of category "p" (rows 1-5), one unmatched category "q" (row 0)
START = EdgeTile("p", ("o", "k", "o", "o"))  # open left edge, solid right edge
MID = EdgeTile("p", ("o", "k", "o", "k"))
END = EdgeTile("p", ("o", "o", "o", "k"))
TOPPER = EdgeTile("q", (None, None, None, None))
KINDS = (START, MID, END)
BOARD = EdgeBoard.make(
    rows=6, cols=10, rows_for={"p": range(1, 6), "q": [0]}, left="o", anchors=("left",), unmatched=("q",)
)


def test_only_the_open_left_kind_fits_next_to_the_anchoring_side():
    assert legal_cells(BOARD, {}, START) == tuple((r, 0) for r in range(1, 6))
    assert legal_cells(BOARD, {}, MID) == () and legal_cells(BOARD, {}, END) == ()


def test_w5_a_row_and_the_row_below():
    placed = {(3, 0): START, (3, 1): MID, (3, 2): END}
    assert [c for c in legal_cells(BOARD, placed, START) if c[0] == 3] == [(3, 3)]
    assert not fits(BOARD, placed, MID, (3, 3)) and not fits(BOARD, placed, END, (3, 3))
    # a middle on its own below the end piece: vertical edges are all "o"
    assert fits(BOARD, placed, MID, (4, 2))
    placed[(4, 2)] = MID
    assert fits(BOARD, placed, START, (4, 1)) and fits(BOARD, placed, END, (4, 3))
    placed[(4, 1)] = START
    placed[(4, 3)] = END
    assert all(not fits(BOARD, placed, kind, (4, 0)) for kind in KINDS)  # dead for good
    assert (4, 0) not in {c for kind in KINDS for c in legal_cells(BOARD, placed, kind)}


def test_an_unmatched_tile_anchors_but_imposes_no_edge():
    placed = {(0, 4): TOPPER}
    assert (1, 4) in legal_cells(BOARD, placed, MID)  # anchored only by the tile above it
    assert legal_cells(BOARD, {}, TOPPER) == ((0, 0),)  # its row is row 0; anchored by the left side
    strict = EdgeBoard.make(6, 10, {"p": range(1, 6), "q": [0]}, left="o", anchors=("left",), anchor_categories=("p",))
    assert (1, 4) not in legal_cells(strict, placed, MID)


def test_placed_kind_ids_with_a_table_of_kinds():
    kinds = {"start": START, "mid": MID, "end": END, "top": TOPPER}
    by_id = {(3, 0): "start", (3, 1): "mid", (3, 2): "end", (0, 5): "top"}
    by_tile = {cell: kinds[k] for cell, k in by_id.items()}
    for tile in KINDS:
        assert legal_cells(BOARD, by_id, tile, kinds) == legal_cells(BOARD, by_tile, tile)
    assert fits(BOARD, by_id, MID, (1, 5), kinds)


def test_board_edge_profile_per_row_and_none():
    board = EdgeBoard.make(3, 3, left=["k", None, "o"], anchors=("left", "top"))
    assert fits(board, {}, MID, (0, 0)) and fits(board, {}, MID, (1, 0)) and not fits(board, {}, MID, (2, 0))
    assert fits(board, {}, MID, (0, 2))  # the top side anchors; the unlabelled right side accepts anything
    assert not fits(board, {}, MID, (1, 1))  # touches nothing


def _reference_fits(board, placed, tile, cell):
    """The placement rules written out plainly, as the oracle for the fast `legal_cells`."""
    r, c = cell
    r0, c0 = board.first_row, board.first_col
    inside = lambda rr, cc: r0 <= rr < r0 + board.rows and c0 <= cc < c0 + board.cols  # noqa: E731
    if not inside(r, c) or cell in placed:
        return False
    rows_for = dict(board.rows_for)
    if tile.category in rows_for and r not in rows_for[tile.category]:
        return False
    steps = {0: (-1, 0), 1: (0, 1), 2: (1, 0), 3: (0, -1)}
    anchored = False
    for edge, (dr, dc) in steps.items():
        near = (r + dr, c + dc)
        if not inside(*near):
            anchored |= edge in board.anchors
            theirs = board.border[edge][c - c0 if edge in (0, 2) else r - r0]
        else:
            other = placed.get(near)
            if other is None:
                continue
            anchored |= board.anchor_categories is None or other.category in board.anchor_categories
            matched = other.category not in board.unmatched and (
                not board.same_category_only or other.category == tile.category
            )
            theirs = other.edges[(edge + 2) % 4] if matched else None
        mine = tile.edges[edge]
        if tile.category not in board.unmatched and None not in (mine, theirs) and mine != theirs:
            return False
    return anchored


def _brute_force(board, placed, tile):
    return tuple(
        (r, c)
        for r in range(board.first_row, board.first_row + board.rows)
        for c in range(board.first_col, board.first_col + board.cols)
        if _reference_fits(board, placed, tile, (r, c))
    )


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 10_000)), max_size=30))
def test_legal_cells_are_exactly_the_fitting_cells_and_keep_every_rule(moves):
    placed = {}
    for kind, pick in moves:
        tile = (START, MID, END, TOPPER)[kind]
        cells = legal_cells(BOARD, placed, tile)
        assert cells == _brute_force(BOARD, placed, tile)
        if cells:
            placed[cells[pick % len(cells)]] = tile
    for (r, c), tile in placed.items():
        if tile.category == "p":
            assert 1 <= r <= 5
            left = placed.get((r, c - 1))
            right = placed.get((r, c + 1))
            if c == 0:
                assert tile.edges[3] == "o"
            elif left is not None and left.category == "p":
                assert left.edges[1] == tile.edges[3]
            if right is not None and right.category == "p":
                assert right.edges[3] == tile.edges[1]
        else:
            assert r == 0


def test_one_based_coordinates_side_names_and_same_category_matching():
    board = EdgeBoard.make(
        6, 10, {"p": range(2, 7), "q": [1]}, left="o", anchors=("w",), same_category_only=True, first_row=1, first_col=1
    )
    start = EdgeTile.from_sides("p", {"w": "o", "e": "k", "n": "o", "s": "o"})
    assert start == START
    assert legal_cells(board, {}, start) == tuple((r, 1) for r in range(2, 7))
    assert not fits(board, {}, start, (2, 0)) and not fits(board, {}, start, (1, 1))
    other = EdgeTile("q", ("o", "o", "o", "o"))  # another category: anchors but is not matched
    assert fits(board, {(2, 1): START, (3, 2): other}, MID, (2, 2))
    assert fits(board, {(3, 2): other}, MID, (2, 2))  # anchored by it, its "o" edge not matched against "k"
    assert not fits(board, {(2, 3): START}, MID, (2, 2))  # a same-category neighbour is matched
    assert hash(board) == hash(EdgeBoard.make(
        6, 10, {"p": range(2, 7), "q": [1]}, left="o", anchors=("w",), same_category_only=True, first_row=1, first_col=1
    ))
    assert EdgeTile("p", ["o", "k", "o", "o"]) == START  # edges given as a list become a tuple
    with pytest.raises(ValueError, match="unknown side"):
        EdgeBoard.make(2, 2, anchors=("up",))


LABELS = st.sampled_from(["o", "k", None])
TILES = st.builds(lambda cat, e: EdgeTile(cat, tuple(e)), st.sampled_from("pq"), st.lists(LABELS, min_size=4, max_size=4))


@given(
    st.builds(
        lambda rows, cols, anchors, unmatched, same, first, sides: EdgeBoard.make(
            rows, cols, {"p": range(first, first + rows - 1)}, anchors=anchors, unmatched=unmatched,
            same_category_only=same, first_row=first, first_col=first, anchor_categories=None,
            top=sides[0], right=sides[1], bottom=sides[2], left=sides[3],
        ),
        st.integers(1, 4), st.integers(1, 5), st.lists(st.sampled_from(["top", "right", "bottom", "left"]), max_size=2),
        st.lists(st.sampled_from("pq"), max_size=1), st.booleans(), st.integers(0, 1), st.lists(LABELS, min_size=4, max_size=4),
    ),
    st.lists(st.tuples(TILES, st.integers(0, 10_000)), max_size=12),
)
def test_legal_cells_match_the_plain_rules_on_any_board(board, moves):
    placed = {}
    for tile, pick in moves:
        cells = legal_cells(board, placed, tile)
        assert cells == _brute_force(board, placed, tile)
        if cells:
            placed[cells[pick % len(cells)]] = tile
    # `matches` is the edge part of the rules: every placed tile keeps it, and an empty cell
    # fits exactly when it is allowed, anchored (the reference's answer) and its edges match
    for cell, tile in placed.items():
        assert matches(board, {k: v for k, v in placed.items() if k != cell}, tile, cell)
    for tile, _ in moves:
        for r in range(board.first_row, board.first_row + board.rows):
            for c in range(board.first_col, board.first_col + board.cols):
                if (r, c) not in placed and fits(board, placed, tile, (r, c)):
                    assert matches(board, placed, tile, (r, c))
