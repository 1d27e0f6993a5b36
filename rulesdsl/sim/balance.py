"""`rulesdsl balance`: what a card does to the game, measured by paired games.

For each card, pair i plays seed SEED+i twice with common random numbers: once with the
card dealt to seat i mod players (seats rotate) and once without it (or, for a card a
variant changes, with the base version; for a new card with the effect of a base card,
with that card), the cards taken out of the decks in both. The
difference of that seat's score and of its win (1/0) are averaged over the pairs, with
95% intervals. A card stops early once a look's interval excludes 0 (each of the planned
looks gets alpha/looks, so stopping early keeps its error rate) or the 95% interval is
narrower than --width; Holm's correction adjusts the p-values when many cards are tested.
A card that was never played in its games is flagged, not called balanced.
"""

from __future__ import annotations

import math

import attrs

from rulesdsl.errors import RulesError
from rulesdsl.sim import bundle as bundles
from rulesdsl.sim.stats import Paired, holm, look_z, stop_reason

ALPHA = 0.05


@attrs.frozen
class CardTest:
    label: str
    card: int  # dealt in arm A (the tested content)
    bundle_a: object
    bundle_b: object
    baseline: int | None  # dealt in arm B, or None: nothing dealt


@attrs.define
class Outcome:
    test: CardTest
    score: Paired = attrs.field(factory=Paired)
    win: Paired = attrs.field(factory=Paired)
    played: int = 0
    fired: int = 0
    scores_a: list = attrs.field(factory=list)
    scores_b: list = attrs.field(factory=list)
    stopped: str = "max pairs"
    p_holm: float = 1.0

    @property
    def verdict(self) -> str:
        if self.played == 0:
            return "never played: no verdict"
        if self.p_holm < ALPHA:
            return "stronger" if self.score.mean > 0 else "weaker"
        return "no clear effect"


def resolve_cards(content, names) -> list[int]:
    """Occupation numbers from numbers or names; RulesError for anything else."""
    numbers = []
    for name in names:
        if name.isdigit() and int(name) in content.occupations:
            numbers.append(int(name))
            continue
        found = [item for collection, item in content.find(name) if collection == "occupations"]
        if len(found) != 1:
            raise RulesError(f"'{name}' names {'no' if not found else 'more than one'} occupation")
        numbers.append(found[0].number)
    return list(dict.fromkeys(numbers))


def plan_tests(base_roots, include_builtin: bool, cards, variant=None) -> list[CardTest]:
    """The cards to test: named ones against not having them; a variant's cards against the content without it."""
    base = bundles.make_bundle(base_roots, include_builtin)
    base_content = bundles.load(base)
    tests = []
    if variant is not None:
        with_variant = bundles.make_bundle([*base_roots, variant], include_builtin)
        content = bundles.load(with_variant)
        changed = bundles.defined_by_last_root(with_variant, "occupations")
        if not changed and not cards:
            raise RulesError(f"the variant {variant} defines no occupation to test")
        for n in changed:
            card = content.occupations[n]
            if n in base_content.occupations:
                baseline, what = n, "changed"
            else:
                twin = _same_effect(base_content, card)
                baseline = twin
                what = "new" if twin is None else f"new, copies {twin}"
            tests.append(CardTest(f"{n} {card.name} ({what})", n, with_variant, base, baseline))
        for n in resolve_cards(content, cards):
            tests.append(CardTest(f"{n} {content.occupations[n].name}", n, with_variant, with_variant, None))
    else:
        if not cards:
            raise RulesError("name one or more occupations to test, or a --variant folder")
        for n in resolve_cards(base_content, cards):
            tests.append(CardTest(f"{n} {base_content.occupations[n].name}", n, base, base, None))
    return tests


def _same_effect(content, card) -> int | None:
    """A card of `content` with the same effect and points as `card` (a new card copying one), if any."""
    for n, other in sorted(content.occupations.items()):
        if other.effect.strip() == card.effect.strip() and other.points == card.points and other.starting == card.starting:
            return n
    return None


def _setups(setup, test: CardTest, pair: int):
    """The seat and both arms' setups of a pair: the card (or its baseline) dealt to the seat, both
    taken out of the decks wherever the arm's content has them."""
    seat = pair % setup.options.players
    gone = (test.card,) + ((test.baseline,) if test.baseline is not None and test.baseline != test.card else ())

    def arm(bundle, card):
        known = bundles.load(bundle).occupations
        options = attrs.evolve(setup.options, deal=((seat, card),) if card is not None else (),
                               exclude=tuple(c for c in gone if c in known and c != card))
        return attrs.evolve(setup, options=options)

    return seat, arm(test.bundle_a, test.card), arm(test.bundle_b, test.baseline)


def balance(tests, setup, backend, first_seed=0, max_pairs=2000, min_pairs=200, batch=100, width=1.0,
            advance=lambda n, total=None: None) -> list[Outcome]:
    """Play the paired games of every test (all tests' pairs of a look together) and judge them."""
    from rulesdsl.sim.runner import check_setup

    for test in tests:
        check_setup(bundles.load(test.bundle_a), _setups(setup, test, 0)[1])
    outcomes = [Outcome(test) for test in tests]
    z_look = look_z(ALPHA, math.ceil(max_pairs / batch))
    active = list(range(len(tests)))
    done = 0
    while active and done < max_pairs:
        upto = min(done + batch, max_pairs)
        tasks = []
        for j in active:
            for pair in range(done, upto):
                _, a, b = _setups(setup, tests[j], pair)
                tasks.append(((j, pair, "a"), tests[j].bundle_a, a, (first_seed + pair,)))
                tasks.append(((j, pair, "b"), tests[j].bundle_b, b, (first_seed + pair,)))
        halves: dict = {}
        for (j, pair, arm), games in backend.run(tasks):
            halves[(j, pair, arm)] = games[0]
            advance(1)
        for j in active:
            for pair in range(done, upto):
                _record(outcomes[j], setup, pair, halves[(j, pair, "a")], halves[(j, pair, "b")])
        done = upto
        for j in list(active):
            reason = stop_reason(outcomes[j].score, min_pairs, width, z_look)
            if reason is not None:
                outcomes[j].stopped = reason
                active.remove(j)
        advance(0, total=done * 2 * len(tests) + (max_pairs - done) * 2 * len(active))
    for outcome, p in zip(outcomes, holm([o.score.p_value() for o in outcomes])):
        outcome.p_holm = p
    return outcomes


def _record(outcome: Outcome, setup, pair: int, game_a, game_b) -> None:
    seat = pair % setup.options.players
    row_a = next(r for r in game_a["scores"] if r[1] == seat)
    row_b = next(r for r in game_b["scores"] if r[1] == seat)
    outcome.score.add(row_a[3] - row_b[3])
    outcome.win.add(int(row_a[4]) - int(row_b[4]))
    outcome.scores_a.append(row_a[3])
    outcome.scores_b.append(row_b[3])
    card = next((r for r in game_a["cards"] if r[1] == seat and r[2] == outcome.test.card), None)
    if card is not None and card[5]:
        outcome.played += 1
        outcome.fired += card[7]


def print_table(outcomes, console) -> None:
    from rich.table import Table

    table = Table(title="balance: the card's seat, with the card minus without (95% intervals; p after Holm)")
    for name in ("card", "pairs", "played", "fired/game", "score diff", "win-rate diff", "p (Holm)", "verdict", "stopped"):
        table.add_column(name, justify="left" if name in ("card", "verdict", "stopped") else "right", no_wrap=True)
    for o in outcomes:
        n = o.score.n
        low, high = o.score.interval()
        wlow, whigh = o.win.interval()
        table.add_row(o.test.label, str(n), f"{o.played / n:.0%}" if n else "-", f"{o.fired / n:.2f}" if n else "-",
                      f"{o.score.mean:+.2f} [{low:+.2f}, {high:+.2f}]", f"{o.win.mean:+.1%} [{wlow:+.1%}, {whigh:+.1%}]",
                      f"{o.p_holm:.3g}", o.verdict, o.stopped)
    console.print(table)


def run_balance(args, setup, console) -> int:
    """The `balance` command."""
    from rulesdsl.sim.backends import make_backend
    from rulesdsl.sim.html import write_report
    from rulesdsl.sim.progress import progress_bar

    if args.pairs < 1 or args.batch < 1 or args.min_pairs < 0:
        raise RulesError("--pairs and --batch must be at least 1, --min-pairs at least 0")
    tests = plan_tests(args.content, not args.no_builtin, args.cards, args.variant)
    backend = make_backend(args.backend, args.jobs, args.address)
    backend.start()
    try:
        with progress_bar(2 * args.pairs * len(tests), not args.no_progress, console) as advance:
            outcomes = balance(tests, setup, backend, args.seed, args.pairs, args.min_pairs, args.batch, args.width, advance)
    except KeyboardInterrupt:
        print("interrupted: no report written", flush=True)
        return 130
    finally:
        backend.stop()
    from rulesdsl.sim.cli import output_console

    print_table(outcomes, output_console())
    write_report(outcomes, setup, args.html)
    print(f"report: {args.html}")
    return 0
