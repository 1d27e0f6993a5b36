"""Sanity of `rulesdsl balance`: changes that are strictly better or strictly worse for the card's
owner must never come out the wrong way.

Each change is a variant folder written into a temporary directory, replacing Peddler (card 1):
  better-2-silver   the Livestock Market costs 2 silver less instead of 1
  better-gain-2     Peddler also gives 2 silver when played
  better-points     Peddler is worth 2 printed points more
  worse-costs-1     playing Peddler costs 1 silver more
All four are judged in one balance run (all cards' seeds of a look together, Holm over the four)
and the store in --out keeps every pair, so running the same command again goes on where it
stopped. For each change it prints the verdict, the score difference with its 95% interval,
the spread of the paired differences and the number of pairs; a strictly better change that
comes out "weaker" (or a worse one "stronger") is marked WRONG and the exit code is 1.

    nice -n 5 python tools/bench_balance_sanity.py --agents greedy --pairs 300 --out /tmp/sanity
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEDDLER = ROOT / "cards" / "occupations" / "A" / "001-peddler.yaml"
WANTED = {"better": "stronger", "worse": "weaker"}


def variants() -> dict[str, str]:
    """Each change's Peddler file."""
    base = PEDDLER.read_text(encoding="utf-8")
    effect_end = base.rstrip("\n") + "\n"
    points = int(re.search(r"^points: (-?\d+)$", base, re.M).group(1))
    return {
        "better-2-silver": base.replace("by -1", "by -2"),
        "better-gain-2": effect_end + "  gain 2 silver\n",
        "better-points": re.sub(r"^points: -?\d+$", f"points: {points + 2}", base, flags=re.M),
        "worse-costs-1": effect_end + "  pay 1 silver\n",
    }


def write_variants(folder: Path) -> dict[str, Path]:
    """The variant folders under `folder`."""
    roots = {}
    for name, text in variants().items():
        path = folder / name / "cards" / "occupations" / "A" / "001-peddler.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        assert text.endswith("\n")
        path.write_text(text + "replaces: true\n", encoding="utf-8")
        roots[name] = folder / name
    return roots


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", default="greedy")
    parser.add_argument("--pairs", type=int, default=300, help="pairs per change (default 300)")
    parser.add_argument("--min-pairs", type=int, default=None, help="pairs before a change may stop early (default: --pairs)")
    parser.add_argument("--batch", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--short", action="store_true")
    parser.add_argument("--decks", default="A,B,C")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--pairing", default="rotate", choices=("rotate", "single"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=None, help="the store's folder (default: a temporary one)")
    parser.add_argument("--report", action="store_true",
                        help="play nothing: judge the whole seeds stored in --out so far (one look, Holm over the changes)")
    args = parser.parse_args(argv)
    if args.report:
        return report(Path(args.out) / "store")

    from rulesdsl.games.feast.engine.game import GameOptions
    from rulesdsl.games.feast.sim_play import Setup
    from rulesdsl.sim.backends import make_backend
    from rulesdsl.games.feast.balance import Plan, balance, plan_tests, store_meta
    from rulesdsl.games.feast.balance_pairs import open_pairs
    from rulesdsl.sim.runner import ending_signals_interrupt

    names = [a.strip() for a in args.agents.split(",")]
    names = names * args.players if len(names) == 1 else names
    setup = Setup(GameOptions(players=args.players, length="short" if args.short else "long",
                              decks=tuple(d.strip() for d in args.decks.split(","))), tuple(names))
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="balance-sanity-"))
    # the variant folders live beside the store, so a second run finds the same content
    roots = write_variants(out / "variants")
    tests = []
    for name, root in roots.items():
        (test,) = plan_tests([], True, [], root)
        tests.append((name, test))
    plan = Plan.of(args.players, args.pairing, args.pairs, args.pairs if args.min_pairs is None else args.min_pairs, args.batch)
    store = open_pairs(out / "store", store_meta([t for _, t in tests], setup, plan, args.seed, 0.0, args.pairing), new=False)
    backend = make_backend("local", args.jobs, None)
    backend.start()
    start = time.perf_counter()
    done = [0, 0.0]

    def advance(n, total=None):
        done[0] += n
        now = time.perf_counter() - start
        if n and now - done[1] >= 30:
            done[1] = now
            print(f"{done[0]} pairs played, {now:.0f} s, {60 * done[0] / now:.1f} pairs/min", file=sys.stderr, flush=True)

    try:
        with ending_signals_interrupt():  # SIGTERM/SIGHUP stop the workers too (the pairs stored so far are kept)
            outcomes = balance([t for _, t in tests], setup, backend, store, plan, args.seed, 0.0, args.pairing, advance)
    except KeyboardInterrupt:
        print(f"\ninterrupted after {done[0]} pairs: the same command with --out {out} goes on from there",
              file=sys.stderr)
        return 130
    finally:
        backend.stop()
        store.close()
    seconds = time.perf_counter() - start
    print(file=sys.stderr)
    print(f"agents {','.join(names)}, {args.players} players, {'short' if args.short else 'long'}, pairing {args.pairing}; "
          f"{done[0]} pairs played now in {seconds:.0f} s; store {out / 'store'}")
    wrong = 0
    for (name, _), o in zip(tests, outcomes):
        low, high = o.score.interval()
        bad = o.verdict == {"stronger": "weaker", "weaker": "stronger"}[WANTED[name.split("-")[0]]]
        wrong += bad
        print(f"{name:16} {o.verdict:16} {o.score.mean:+6.2f} [{low:+6.2f}, {high:+6.2f}]  spread {o.score.sd:5.2f}  "
              f"pairs {o.pairs:4d} seeds {o.score.n:4d}  played {o.played / max(1, o.pairs):4.0%}  p(Holm) {o.p_holm:.3g}"
              f"{'  WRONG' if bad else ''}")
    return 1 if wrong else 0


def report(folder: Path) -> int:
    """The verdicts on the seeds stored so far (while a run goes on elsewhere, or after it was stopped)."""
    import json
    from collections import defaultdict

    import duckdb

    from rulesdsl.sim.stats import ALPHA, FLOOR, Paired, holm

    con = duckdb.connect(str(folder / "sims.duckdb"), read_only=True)
    meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
    labels = [t[0] for t in json.loads(meta["tests"])]
    players = json.loads(meta["setup"])["options"]["players"]
    rows = con.execute("SELECT test, unit, diff FROM pairs ORDER BY test, unit, seat").fetchall()
    seconds = con.execute("SELECT sum(seconds) FROM pairs").fetchone()[0] or 0.0
    con.close()
    units: dict = defaultdict(lambda: defaultdict(list))
    for test, unit, diff in rows:
        units[test][unit].append(diff)
    stats = []
    for test in range(len(labels)):
        stat = Paired()
        for diffs in units[test].values():
            if len(diffs) == players or meta and json.loads(meta["plan"])[5] != "rotate":
                stat.add(sum(diffs) / len(diffs))
        stats.append(stat)
    names = list(variants())
    wrong = 0
    for name, stat, p in zip(names, stats, holm([s.p_value() for s in stats])):
        verdict = ("no clear effect" if p >= ALPHA else "stronger" if stat.mean > 0 else "weaker") if stat.n >= FLOOR \
            else f"too few seeds ({stat.n} < {FLOOR})"
        bad = verdict == {"stronger": "weaker", "weaker": "stronger"}[WANTED[name.split("-")[0]]]
        wrong += bad
        low, high = stat.interval()
        print(f"{name:16} {verdict:22} {stat.mean:+6.2f} [{low:+6.2f}, {high:+6.2f}]  spread {stat.sd:5.2f}  "
              f"seeds {stat.n:4d}  pairs {stat.n * players:4d}  p(Holm, one look) {p:.3g}{'  WRONG' if bad else ''}")
    print(f"seconds inside the workers for the stored pairs (a shared game counted with each pair): {seconds:.0f}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
