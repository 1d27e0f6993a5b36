"""Time the generic mechanisms' hot calls and a whole game's worth of them. Not a test.

    python tools/bench_mechanisms.py [--blocks N] [--games N]

Per call: the median/min/max microseconds of each hot call on realistic inputs (a 12-slot ring, a
6 x 24 edge grid half filled, six columns of projection ...), measured in interleaved blocks.
Per game: a skeleton game that makes the calls a 3-player game of six rounds of twelve bundles
makes (layout, sorted figures, prices and last-of-group checks before every purchase, legal cells
for every tile, row filling, a projection per player and scoring, the final runs, majorities and
ranking), with seeded random choices. Target: the skeleton game well under the 20 ms a whole game
may take.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesdsl.mechanisms import auction, majority, patterns, projection, ring, rowfill, tiebreak, transfer  # noqa: E402
from rulesdsl.mechanisms.edges import EdgeBoard, EdgeTile, legal_cells  # noqa: E402

TARGET_MS = 20.0
ORDER = ("c1", "c2", "c3", "c4", "c5", "c6")
KINDS = (
    EdgeTile("p", ("o", "k", "o", "o")),
    EdgeTile("p", ("o", "k", "o", "k")),
    EdgeTile("p", ("o", "o", "o", "k")),
)
BOARD = EdgeBoard.make(6, 24, {"p": range(1, 6)}, left="o", anchors=("left",))
REACH = (2, 3, 4, 5)  # last row reached, per source kind


def skeleton_game(seed: int, players: int = 3) -> int:
    """The mechanism calls of one game, with seeded random choices; returns a checksum."""
    rng = random.Random(seed)
    grids = [{} for _ in range(players)]
    rows0 = [0] * players
    sources = [{} for _ in range(players)]
    figures = [{} for _ in range(players)]
    waiting = [dict.fromkeys(ORDER, 0) for _ in range(players)]
    check = 0
    for _round in range(6):
        draw = [rng.random() < 0.2 for _ in range(12)]
        items = ring.layout_from_ends(list(range(12)), draw, 12)
        kinds = ring.layout_from_ends([rng.randrange(4) if d else rng.randrange(3) for d in draw], draw, 12)
        back = [False] * 12
        for i, d in enumerate(draw):
            back[items.index(i)] = d
        figs = ring.sort_into_slots([rng.choice(ORDER) for _ in range(12)], ORDER, 12)
        occ = ring.mask_of(figs)
        turn = 0
        while occ:
            table = ring.prices(occ)
            low = ring.pointer(occ)
            choices = [s for s, _ in table if s != low or ring.is_last_of_group(figs, occ, s)] or [low]
            slot = rng.choice(choices)
            check += ring.price(occ, slot) + (ring.highest(occ) == slot)
            occ = ring.take(occ, slot)
            p = turn % players
            if back[slot]:
                cells = rowfill.legal_positions(rows0[p], 3, length=24)
                if cells:
                    col = rng.choice(cells)
                    rows0[p] |= 1 << col
                    sources[p][col] = REACH[kinds[slot]]
            else:
                tile = KINDS[kinds[slot]]
                cells = legal_cells(BOARD, grids[p], tile)
                if cells:
                    cell = rng.choice(cells)
                    grids[p][cell] = tile
                    if rng.random() < 0.6:
                        figures[p][cell] = figs[slot]
                    else:
                        waiting[p][figs[slot]] += 1
                else:
                    waiting[p][figs[slot]] += 1
            turn += 1
        for p in range(players):
            proj = projection.project(0, sources[p], figures[p], {"c5"})
            check += len(projection.affected_figures(proj, figures[p])) + len(proj.diverted)
            if _round % 2:
                room = {c: 1 for c in ORDER}
                check += len(transfer.loads(waiting[p], room))
    runs = [patterns.grid_summary({cell: KINDS.index(t) for cell, t in g.items()}, 0, 1, 2) for g in grids]
    totals = majority.awards(
        [([sum(w.values()) for w in waiting], 10), ([r[0] for r in runs], 7), ([r[1] for r in runs], 5)], players
    )
    a = auction.start(players, 0, 0)
    while not a.done:
        a = auction.act(a, auction.PASS)
    return check + sum(tiebreak.places([(t, p) for p, t in enumerate(totals)]))


def _half_filled_grid(seed: int = 3) -> dict:
    rng = random.Random(seed)
    grid = {}
    while len(grid) < 30:
        tile = rng.choice(KINDS)
        cells = legal_cells(BOARD, grid, tile)
        if cells:
            grid[rng.choice(cells)] = tile
    return grid


def _calls():
    grid = _half_filled_grid()
    figs = ring.sort_into_slots(["c1", "c1", "c2", "c2", "c2", "c4", "c4", "c4", "c4", "c5", "c6", "c6"], ORDER, 12)
    occ = ring.mask_of(figs) & ~0b1010
    figures = {(r, c): ORDER[r % 6] for r in range(1, 6) for c in range(6)}
    sources = {c: REACH[c % 4] for c in range(6)}
    rowcat = {cell: KINDS.index(t) for cell, t in grid.items()}
    return {
        "ring.prices": lambda: ring.prices(occ),
        "ring.is_last_of_group": lambda: ring.is_last_of_group(figs, occ, 2),
        "ring.sort_into_slots": lambda: ring.sort_into_slots(list(figs), ORDER, 12),
        "edges.legal_cells (30 placed)": lambda: legal_cells(BOARD, grid, KINDS[1]),
        "edges.legal_cells (empty)": lambda: legal_cells(BOARD, {}, KINDS[0]),
        "rowfill.legal_positions": lambda: rowfill.legal_positions(0b10, 3),
        "projection.project (6 cols)": lambda: projection.project(0, sources, figures, {"c5"}),
        "patterns.grid_summary (30)": lambda: patterns.grid_summary(rowcat, 0, 1, 2),
        "majority.award": lambda: majority.award((3, 5, 5, 1), 7),
        "tiebreak.places": lambda: tiebreak.places([(39, 2), (39, 5), (30, 9), (12, 0)]),
        "transfer.loads (6 colours)": lambda: transfer.loads(dict.fromkeys(ORDER, 2), dict.fromkeys(ORDER, 2)),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blocks", type=int, default=7)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    calls = _calls()
    per_call: dict[str, list[float]] = {name: [] for name in calls}
    per_game: list[float] = []
    for _ in range(args.blocks):  # interleaved: every block times every call once more
        for name, call in calls.items():
            n = 2000
            start = time.perf_counter()
            for _ in range(n):
                call()
            per_call[name].append((time.perf_counter() - start) / n * 1e6)
        start = time.perf_counter()
        for seed in range(args.games):
            skeleton_game(seed)
        per_game.append((time.perf_counter() - start) / args.games * 1000)
    print(f"{'call':34} {'median µs':>10} {'min':>8} {'max':>8}")
    for name, times in per_call.items():
        print(f"{name:34} {statistics.median(times):10.2f} {min(times):8.2f} {max(times):8.2f}")
    med = statistics.median(per_game)
    print(f"\nskeleton game (3 players, 6 rounds): median {med:.2f} ms, min {min(per_game):.2f}, max {max(per_game):.2f}"
          f" (target: well under {TARGET_MS:.0f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
