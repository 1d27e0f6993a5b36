"""Time to load, parse and check all content (boards + 190 occupations). Not a test.

    python tools/bench_load.py [--runs N]

Cold = a fresh Python process doing the import and the load (what `rulesdsl validate`
costs), either with the content cache empty (the first run after an edit) or filled (every
run after that). Warm = loading again inside one process. Target: cold <= 300 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_MS = 300

_CHILD = """
import time
start = time.perf_counter()
from rulesdsl.content.loader import load_content
content = load_content()
print((time.perf_counter() - start) * 1000, len(content.occupations), len(content.programs))
"""


def _child(env) -> tuple[float, float, str]:
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", _CHILD], env=env, capture_output=True, text=True, check=True, cwd=ROOT)
    wall = (time.perf_counter() - start) * 1000
    inside, cards, effects = result.stdout.split()
    return wall, float(inside), f"{cards} occupations, {effects} effects"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, RULESDSL_CACHE_DIR=cache, PYTHONPATH=str(ROOT))
        uncached = dict(env, RULESDSL_NO_CACHE="1")
        what = ""
        for label, environment in (("cold, empty cache", uncached), ("cold, cache filled", env)):
            if environment is env:
                _child(env)  # fill the cache
            samples = [_child(environment) for _ in range(args.runs)]
            what = samples[0][2]
            rows.append((label, statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)))

        sys.path.insert(0, str(ROOT))
        os.environ["RULESDSL_CACHE_DIR"] = cache
        from rulesdsl.content.loader import load_content

        for label, flag in (("warm, no cache", "1"), ("warm, cache", "")):
            os.environ["RULESDSL_NO_CACHE"] = flag
            load_content()
            times = []
            for _ in range(args.runs):
                start = time.perf_counter()
                load_content()
                times.append((time.perf_counter() - start) * 1000)
            rows.append((label, statistics.median(times), statistics.median(times)))

    print(f"content: {what}; median of {args.runs} runs")
    print(f"{'':22} {'process wall ms':>16} {'import+load ms':>15}")
    for label, wall, inside in rows:
        print(f"{label:22} {wall:16.1f} {inside:15.1f}")
    cold = rows[1][1]
    print(f"target: cold <= {TARGET_MS} ms -> {'met' if cold <= TARGET_MS else 'NOT met'} ({cold:.0f} ms with the cache filled, "
          f"{rows[0][1]:.0f} ms on the first run after an edit)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
