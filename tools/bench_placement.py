"""Time to list every legal placement of one tile on a home board. Not a test.

    python tools/bench_placement.py [--repeat N]

For every good, special tile, coin and ore: the median time of `legal_placements` on an
empty home board and on a half-filled one (random legal tiles until half the squares are
covered, fixed seed). Target: <= 1 ms median.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesdsl.content.loader import load_content  # noqa: E402
from rulesdsl.geometry import pieces  # noqa: E402
from rulesdsl.geometry.placement import empty, legal_placements, place  # noqa: E402

TARGET_MS = 1.0


def half_filled(content, grid, seed: int = 7):
    rng = random.Random(seed)
    state = empty(grid)
    items = sorted({*content.goods, *content.special_tiles, "ore", "coin_2"})
    target = bin(grid.coverable).count("1") // 2
    while bin(state.covered).count("1") < target:
        piece = pieces.piece(content, rng.choice(items))
        options = legal_placements(state, piece)
        if options:
            o = rng.choice(options)
            state = place(state, piece, o.row, o.column, o.turn, o.mirror)
    return state


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    content = load_content()
    grid = pieces.grid(content, "home_long")
    states = {"empty": empty(grid), "half-filled": half_filled(content, grid)}
    items = sorted({*content.goods, *content.special_tiles, *content.coins, "ore"})
    rows = []
    for label, state in states.items():
        per_item = []
        for item in items:
            piece = pieces.piece(content, item)
            legal_placements(state, piece)  # the per-grid candidate table is built once
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                legal_placements(state, piece)
                times.append((time.perf_counter() - start) * 1000)
            per_item.append((statistics.median(times), item, len(legal_placements(state, piece))))
        medians = [m for m, _, _ in per_item]
        worst = max(per_item)
        covered = bin(state.covered).count("1")
        rows.append((label, covered, statistics.median(medians), worst))
    print(f"legal_placements on {grid.name}, {len(items)} tiles, median of {args.repeat} calls each")
    for label, covered, median, (worst_ms, worst_item, count) in rows:
        print(f"  {label:12} ({covered:3} squares covered): median {median:.3f} ms; slowest tile {worst_item} {worst_ms:.3f} ms ({count} placements)")
    slowest = max(r[3][0] for r in rows)
    print(f"target: <= {TARGET_MS} ms median per tile -> {'met' if slowest <= TARGET_MS else 'NOT met'} (slowest tile {slowest:.3f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
