"""What `rulesdsl balance` prints and writes: the table of verdicts, each card's detail (where
the difference comes from, the pairs with the largest differences and how to open their
games), and the saved games of those pairs (records `rulesdsl play --load` and the web table
open)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from rich.table import Table

from rulesdsl.core.record import fingerprint
from rulesdsl.games.feast.engine.game import SAVE_FORMAT
from rulesdsl.savefile import write_atomic
from rulesdsl.sim import bundle as bundles

DETAIL_LINES = 8  # spaces and anytime actions shown per card in the terminal


def write_records(store, tests, setup, pairing: str, folder: Path, unit_games) -> dict[int, list[dict]]:
    """Write the kept pairs' games as records under `folder`; per test, what was written (largest first).
    `unit_games` is balance's own (passed in: this module is below balance, never importing it)."""
    rows = store.con.execute("SELECT r.test, r.pair, r.arm, r.answers, p.unit, p.seed - p.unit, p.seat, p.diff FROM pair_records r "
                             "JOIN pairs p ON p.test = r.test AND p.pair = r.pair ORDER BY r.test, abs(p.diff) DESC, r.pair, r.arm"
                             ).fetchall()
    written: dict[int, dict[int, dict]] = {}
    if rows:
        folder.mkdir(parents=True, exist_ok=True)
    for test, pair, arm, answers, unit, first_seed, seat, diff in rows:
        games, pairs = unit_games(setup, tests[test], unit, pairing, first_seed)
        key = next((a if arm == "a" else b) for p, _, a, b in pairs if p == pair)
        bundle, arm_setup, seed = games[key]
        record = {"format": SAVE_FORMAT, "options": arm_setup.options.to_json(), "seed": seed, "dice": [],
                  "answers": json.loads(answers), "content": fingerprint(bundles.load(bundle))}
        name = f"card{tests[test].card}-pair{pair}-{'with' if arm == 'a' else 'without'}.json"
        write_atomic(folder / name, json.dumps(record, indent=0))
        entry = written.setdefault(test, {}).setdefault(pair, {"pair": pair, "seed": seed, "seat": seat, "diff": diff})
        entry[arm] = (folder / name, bundle)
    return {test: list(by_pair.values()) for test, by_pair in written.items()}


def arm_words(test) -> tuple[str, str]:
    """What the two games of a pair are called: with the card, and without it or with its baseline."""
    if test.baseline is None:
        return "with", "without"
    return "with", f"with the base card {test.baseline}" if test.baseline == test.card else f"with card {test.baseline}"


def open_command(path: Path, bundle) -> str:
    """The command that shows a written game: its scores and what happened, on its content."""
    roots = "".join(f" --content {shlex.quote(root.name)}" for root in bundle.roots)
    return f"rulesdsl play --load {shlex.quote(str(path))} --log{roots}"


def print_table(outcomes, console) -> None:
    """The verdict of every card."""
    table = Table(title="balance: the card's seat, with the card minus without (95% Student-t intervals over seeds; "
                        "p sequential, after Holm)")
    for name in ("card", "pairs", "seeds", "played", "fired/game", "score diff", "spread", "win-rate diff", "p (Holm)",
                 "verdict", "stopped"):
        table.add_column(name, justify="left" if name in ("card", "verdict", "stopped") else "right", no_wrap=True)
    for o in outcomes:
        n = o.pairs
        low, high = o.score.interval()
        wlow, whigh = o.win.interval()
        table.add_row(o.test.label, str(n), str(o.score.n), f"{o.played / n:.0%}" if n else "-",
                      f"{o.fired / n:.2f}" if n else "-", f"{o.score.mean:+.2f} [{low:+.2f}, {high:+.2f}]",
                      f"{o.score.sd:.2f}", f"{o.win.mean:+.1%} [{wlow:+.1%}, {whigh:+.1%}]", f"{o.p_holm:.3g}",
                      o.verdict, o.stopped)
    console.print(table)
    for o in outcomes:
        if o.test.uncounted:
            console.print(f"{o.test.label}: {uncounted_words(o.test.uncounted)}", soft_wrap=True)


def uncounted_words(kinds: tuple[str, ...]) -> str:
    """What the count of effects fired leaves out of a card with `modify`/`set`/`allow` effects."""
    return (f"its {'/'.join(kinds)} effect{'s' if len(kinds) > 1 else ''} change{'' if len(kinds) > 1 else 's'} a value or "
            f"rule wherever it is read and {'are' if len(kinds) > 1 else 'is'} not counted in fired/game; how often its "
            f"owner met it shows in the spaces and actions the owner used (--detail)")


def _lines_table(title: str, lines, console, limit: int | None = None, unit: str = "") -> None:
    table = Table(title=title, title_justify="left")
    for name in ("", "with", "without", "difference (95%)"):
        table.add_column(name, justify="left" if not name else "right", no_wrap=True)
    for line in lines[:limit]:
        low, high = line.stat.interval()
        table.add_row(line.name, f"{line.a:.2f}{unit}", f"{line.b:.2f}{unit}",
                      f"{line.stat.mean:+.2f} [{low:+.2f}, {high:+.2f}]")
    if lines:
        console.print(table)


def print_detail(outcome, detail, records, console) -> None:
    """One card's detail: categories, spaces, anytime actions, effects fired, the pairs to open."""
    console.print(f"\n[bold]{outcome.test.label}[/bold]: {outcome.pairs} pairs over {outcome.score.n} seeds, "
                  f"score {outcome.score.mean:+.2f}, {outcome.verdict}")
    _lines_table("points by scoring category (per game)", detail.categories, console)
    _lines_table(f"the owner's Vikings placed, by space (largest {DETAIL_LINES} changes)", detail.spaces, console,
                 DETAIL_LINES)
    _lines_table(f"the owner's anytime actions (largest {DETAIL_LINES} changes)", detail.anytime, console, DETAIL_LINES)
    if detail.fired:
        table = Table(title="the card's effects fired, per game with the card", title_justify="left")
        table.add_column("when")
        table.add_column("times per game (95%)", justify="right")
        for line in detail.fired:
            low, high = line.stat.interval()
            table.add_row(line.name, f"{line.a:.2f} [{low:.2f}, {high:.2f}]")
        console.print(table)
    elif not outcome.test.uncounted:
        console.print("the card's effects never fired")
    if outcome.test.uncounted:
        console.print(uncounted_words(outcome.test.uncounted), soft_wrap=True)
    print_largest(outcome, records, console)


def print_largest(outcome, records, console) -> None:
    """The pairs of a card with the largest differences, and the commands that open their games."""
    if not records:
        return
    console.print(f"{outcome.test.label}: the pairs with the largest differences (open a game with the command below it, "
                  f"or in `rulesdsl serve`: open a saved game, with the same variant folders):", soft_wrap=True)
    for entry in records:
        console.print(f"  pair {entry['pair']} (seed {entry['seed']}, seat P{entry['seat'] + 1}): {entry['diff']:+d}")
        for arm, word in zip("ab", arm_words(outcome.test)):
            if arm in entry:
                console.print(f"    {word}: {open_command(*entry[arm])}", soft_wrap=True)
