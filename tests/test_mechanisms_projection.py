"""Column projection (vikings.md W7 in generic terms) and its locality (§13)."""

from hypothesis import given
from hypothesis import strategies as st

from rulesdsl.mechanisms.projection import affected_figures, project

# rows 0..5; sources on row 0; "k" blocks; the others are plain figures
W7_FIGURES = {
    (1, 1): "k",
    (2, 0): "n", (2, 1): "n", (2, 2): "n",
    (3, 0): "s", (3, 1): "s",
    (4, 0): "g", (4, 1): "g",
    (5, 0): "f", (5, 1): "f",
}


def test_w7_one_source_reaches_three_rows_one_is_cancelled():
    p = project(0, {0: 3, 1: 5}, W7_FIGURES, blocking={"k"})
    assert affected_figures(p, W7_FIGURES) == ((2, 0), (3, 0))
    assert p.affected == {(1, 0), (2, 0), (3, 0)}
    assert p.diverted == (((1, 1), (0, 1)),)
    assert p.open_sources == ((0, 0),)


def test_a_figure_that_does_not_block_is_affected_and_empty_cells_do_not_stop():
    p = project(0, {2: 4}, {(1, 2): "n", (4, 2): "g"}, blocking={"k"})
    assert affected_figures(p, {(1, 2): "n", (4, 2): "g"}) == ((1, 2), (4, 2))
    assert project(0, {2: 4}, {(2, 2): "k"}, blocking={"k"}).open_sources == ((0, 2),)  # not the blocker cell


def test_upward_projection_and_a_further_blocker_cell():
    p = project(5, {0: 2}, {(3, 0): "k"}, blocking={"k"}, blocker_offset=2)
    assert p.diverted == (((3, 0), (5, 0)),) and not p.affected
    assert project(5, {0: 2}, {}, blocking={"k"}).affected == {(4, 0), (3, 0), (2, 0)}


CELLS = st.tuples(st.integers(1, 5), st.integers(0, 5))


@given(
    st.dictionaries(st.integers(0, 5), st.integers(1, 5), max_size=6),
    st.dictionaries(CELLS, st.sampled_from("kngsf"), max_size=20),
    st.integers(0, 5),
)
def test_a_column_depends_only_on_its_source_and_blocker_cell(sources, figures, col):
    whole = project(0, sources, figures, blocking={"k"})
    alone_figures = {(1, col): figures[(1, col)]} if (1, col) in figures else {}
    alone = project(0, {col: sources[col]} if col in sources else {}, alone_figures, blocking={"k"})
    assert {c for c in whole.affected if c[1] == col} == alone.affected
    assert [d for d in whole.diverted if d[1][1] == col] == list(alone.diverted)
    assert [s for s in whole.open_sources if s[1] == col] == list(alone.open_sources)
    if col in sources and figures.get((1, col)) == "k":
        assert not alone.affected  # a blocker is never affected and protects the whole column


def test_w7_w9_the_flag_feeds_several_counts():
    p = project(0, {0: 3, 1: 5}, W7_FIGURES, blocking={"k"})
    hit = set(affected_figures(p, W7_FIGURES))
    safe = {}
    for cell, category in W7_FIGURES.items():
        if cell not in hit:
            safe[category] = safe.get(category, 0) + 1
    assert safe == {"k": 1, "n": 2, "s": 1, "g": 2, "f": 2}  # W7: 2 rows-3 figures, 1 row-4 figure ...
    food = 5 * safe["f"] - 13  # W9: 13 figures in all
    assert food == -3
