"""`rulesdsl balance`, A Feast for Odin's own command (its plug-in's `CommandHooks.more`):
what a card does to the game, measured by paired games.

A unit is one seed, SEED+u. For each card the seed is played with the card dealt to a seat
and without it (or, for a card a variant changes, with the base version; for a new card with
the effect of a base card, with that card), the card (and its baseline) taken out of the decks
in every arm: the same dice, the same shuffles, the agents seeded alike (common random numbers),
so the games differ by the card alone until it changes something. With `--pairing rotate` (the
default) the card goes to every seat in turn on the same seed and, when nothing is dealt
without it, the seats' pairs share one game without the card: a 2-player seed gives 2 pairs for
3 games, and the seat's position is balanced exactly. `--pairing single` plays one seat per seed
(seat u mod players), the design of earlier versions, kept for comparison; `--pairing
independent` plays the game without the card on another seed (no common random numbers),
only to measure what the pairing saves and to test the statistics on exchangeable arms.

Each seed's mean difference of the seat's score (and win) is one independent observation;
the mean over seeds has a Student-t interval (sim/stats.py says why t). No verdict and no
early stop before stats.FLOOR seeds; a card stops early once a look rejects 0 at its share of
alpha (looks x cards, Bonferroni) or its 95% interval is narrower than --width each side; the
cards' sequential p-values are Holm-adjusted at the end. A card never played is flagged, not
called balanced. Every pair goes into the DuckDB store (`balance_pairs`) as its seed completes, so
`--resume` goes on without losing or repeating a pair, and the report is made from the store.
"""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any

import attrs

from rulesdsl.errors import RulesError
from rulesdsl.games.feast.balance_breakdown import breakdown
from rulesdsl.games.feast.balance_html import write_report
from rulesdsl.games.feast.balance_pairs import add_units, answers_text, open_pairs, pair_rows, stored_units, top_pairs
from rulesdsl.games.feast.balance_report import print_detail, print_largest, print_table, write_records
from rulesdsl.games.feast.sim import setup_of
from rulesdsl.games.feast.sim_play import check_setup
from rulesdsl.lang import tree as t
from rulesdsl.resources import version
from rulesdsl.sim import bundle as bundles
from rulesdsl.sim.backends import make_backend
from rulesdsl.sim.consoles import output_console, progress_console
from rulesdsl.sim.progress import progress_bar
from rulesdsl.sim.runner import no_interrupt
from rulesdsl.sim.stats import ALPHA, FLOOR, Paired, Sequential, holm, looks_planned, stop_reason

PAIRINGS = ("rotate", "single", "independent")


@attrs.frozen
class CardTest:
    label: str
    card: int  # dealt in arm A (the tested content)
    bundle_a: object
    bundle_b: object
    baseline: int | None  # dealt in arm B, or None: nothing dealt
    # its lasting effects that change a value or a rule whenever it is read (`modify`, `set`,
    # `allow`): the engine counts hooks, watches and anytime uses as fired, not these (a value is
    # read for every refusal and price shown as well as paid), so the report says so
    uncounted: tuple[str, ...] = ()


@attrs.define
class Outcome:
    test: CardTest
    score: Paired = attrs.field(factory=Paired)  # per seed: the mean over its pairs
    win: Paired = attrs.field(factory=Paired)
    pairs: int = 0
    played: int = 0
    fired: int = 0
    scores_a: list = attrs.field(factory=list)
    scores_b: list = attrs.field(factory=list)
    stopped: str = "max pairs"
    p_seq: float = 1.0  # the sequential p (smallest look's p x looks)
    p_holm: float = 1.0
    seconds: float = 0.0  # CPU seconds of its games

    @property
    def verdict(self) -> str:
        if self.pairs and self.played == 0:
            return "never played: no verdict"
        if self.score.n < FLOOR:
            return f"too few seeds ({self.score.n} < {FLOOR}): no verdict"
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
            tests.append(CardTest(f"{n} {card.name} ({what})", n, with_variant, base, baseline, uncounted(content, n)))
        for n in resolve_cards(content, cards):
            tests.append(CardTest(f"{n} {content.occupations[n].name}", n, with_variant, with_variant, None,
                                  uncounted(content, n)))
    else:
        if not cards:
            raise RulesError("name one or more occupations to test, or a --variant folder")
        for n in resolve_cards(base_content, cards):
            tests.append(CardTest(f"{n} {base_content.occupations[n].name}", n, base, base, None,
                                  uncounted(base_content, n)))
    return tests


UNCOUNTED = ((t.Modify, "modify"), (t.SetValue, "set"), (t.Allow, "allow"))


def uncounted(content, number: int) -> tuple[str, ...]:
    """The kinds of the card's lasting effects that change a value or rule where it is read
    (`modify`, `set`, `allow`), which the count of effects fired leaves out."""
    program = content.programs.get(("occupations", number))
    items = program.items if program is not None else ()
    return tuple(word for kind, word in UNCOUNTED if any(isinstance(item, kind) for item in items))


def _same_effect(content, card) -> int | None:
    """A card of `content` with the same effect and points as `card` (a new card copying one), if any."""
    for n, other in sorted(content.occupations.items()):
        if other.effect.strip() == card.effect.strip() and other.points == card.points and other.starting == card.starting:
            return n
    return None


def _arm(setup, test: CardTest, bundle, seat: int | None, card: int | None):
    """An arm's setup: `card` dealt to `seat` (None: nothing), the test's cards out of the decks
    wherever that arm's content has them."""
    gone = (test.card,) + ((test.baseline,) if test.baseline is not None and test.baseline != test.card else ())
    known = bundles.load(bundle).occupations
    options = attrs.evolve(setup.options, deal=((seat, card),) if card is not None else (),
                           exclude=tuple(c for c in gone if c in known and c != card))
    return attrs.evolve(setup, options=options)


INDEPENDENT = 10**9  # `--pairing independent`: the game without the card is played on seed + this


def unit_games(setup, test: CardTest, unit: int, pairing: str, first_seed: int = 0) -> tuple[dict, list[tuple[int, int, str, str]]]:
    """The games of a seed for a card, by key (`a<seat>`, `b` or `b<seat>`) -> (bundle, setup,
    seed), and its pairs as (pair, seat, key with, key without)."""
    players = setup.options.players
    seats = range(players) if pairing == "rotate" else (unit % players,)
    seed = first_seed + unit
    games: dict = {}
    pairs = []
    for seat in seats:
        games[f"a{seat}"] = (test.bundle_a, _arm(setup, test, test.bundle_a, seat, test.card), seed)
        # nothing dealt without the card: one game serves every seat of the seed
        b = "b" if test.baseline is None else f"b{seat}"
        games[b] = (test.bundle_b, _arm(setup, test, test.bundle_b, seat, test.baseline),
                    seed + INDEPENDENT if pairing == "independent" else seed)
        pair = unit * players + seat if pairing == "rotate" else unit
        pairs.append((pair, seat, f"a{seat}", b))
    return games, pairs


def _fold(outcome: Outcome, rows: list[tuple]) -> None:
    """Add a seed's pairs (stored rows, pairs.PAIR_COLUMNS) to a card's outcome."""
    outcome.score.add(sum(r[7] for r in rows) / len(rows))
    outcome.win.add(sum(int(r[8]) - int(r[9]) for r in rows) / len(rows))
    outcome.pairs += len(rows)
    outcome.played += sum(1 for r in rows if r[10])
    outcome.fired += sum(r[12] for r in rows)
    outcome.scores_a += [r[5] for r in rows]
    outcome.scores_b += [r[6] for r in rows]
    outcome.seconds += sum(r[15] for r in rows)


@attrs.frozen
class Plan:
    """How many seeds a card may take and when to look: from the pair counts of the command line."""

    max_units: int
    batch: int
    min_units: int
    looks: int

    @classmethod
    def of(cls, players: int, pairing: str, max_pairs: int, min_pairs: int, batch: int) -> "Plan":
        per = players if pairing == "rotate" else 1
        max_units = math.ceil(max_pairs / per)
        batch_units = max(1, math.ceil(batch / per))
        min_units = math.ceil(min_pairs / per)
        return cls(max_units, batch_units, min_units, looks_planned(max_units, batch_units, min_units))


def balance(tests, setup, backend, store, plan: Plan, first_seed: int = 0, width: float = 1.0, pairing: str = "rotate",
            advance=lambda n, total=None: None) -> list[Outcome]:
    """Play (or, with `backend` None, only read from the store) the paired games of every test,
    all tests' seeds of a look together, and judge them."""
    stored = stored_units(store)
    for j in range(len(tests)):
        stored.setdefault(j, {})
    advance(sum(len(rows) for units in stored.values() for rows in units.values()))  # a resumed run's pairs
    outcomes = [Outcome(test) for test in tests]
    seqs = [Sequential(plan.looks, len(tests)) for _ in tests]
    active = list(range(len(tests)))
    done = 0
    while active and done < plan.max_units:
        upto = min(done + plan.batch, plan.max_units)
        missing = [(j, u) for j in active for u in range(done, upto) if u not in stored[j]]
        if missing:
            if backend is None:
                raise RulesError(f"the store {store.path} lacks pairs of this run (first: card {tests[missing[0][0]].label}, "
                                 f"seed {first_seed + missing[0][1]}); run it with --resume to play them")
            _play_units(tests, setup, backend, store, missing, first_seed, pairing, stored, advance)
        for j in active:
            for u in range(done, upto):
                _fold(outcomes[j], stored[j][u])
        done = upto
        for j in list(active):
            reason = stop_reason(outcomes[j].score, seqs[j], plan.min_units, width)
            if reason is not None:
                outcomes[j].stopped = reason
                active.remove(j)
        per = max(len(r) for r in stored[0].values()) if stored[0] else 1
        advance(0, total=sum(o.pairs for o in outcomes) + (plan.max_units - done) * per * len(active))
    for outcome, seq in zip(outcomes, seqs):
        outcome.p_seq = seq.p
    for outcome, p in zip(outcomes, holm([o.p_seq for o in outcomes])):
        outcome.p_holm = p
    return outcomes


FLUSH_SECONDS = 5.0  # a write takes a moment the workers would wait through; a crash loses at most this much play


def _play_units(tests, setup, backend, store, missing, first_seed, pairing, stored, advance) -> None:
    """Play the missing seeds on the backend; each seed's pairs are stored once all its games are in."""
    needed: dict = {}
    waiting: dict = {}  # a game -> the (card, seed, key)s it serves: cards of a run share identical games
    tasks = []
    for j, u in missing:
        games, pairs = unit_games(setup, tests[j], u, pairing, first_seed)
        needed[(j, u)] = (len(games), pairs, {})
        for key, (bundle, arm, seed) in games.items():
            same = (bundle.fingerprint, json.dumps(arm.to_json(), sort_keys=True), seed)
            if same not in waiting:
                waiting[same] = []
                tasks.append((same, bundle, arm, (seed,)))
            waiting[same].append((j, u, key))
    buffer: list = []
    last = time.perf_counter()

    def flush() -> None:
        nonlocal buffer
        if not buffer:
            return
        with no_interrupt():
            touched = {j for j, _, _ in buffer}
            keep = {j: top_pairs(stored[j]) for j in touched}
            batch = []
            for j, u, rows in buffer:
                rows["pair_records"] = [r for r in rows["pair_records"] if r[1] in keep[j]]
                batch.append(rows)
            add_units(store, batch, keep)
            buffer = []

    try:
        for (j, u), pairs, got in _completed(backend.run(tasks), waiting, needed):
            rows = {name: [] for name in ("pairs", "pair_spaces", "pair_anytime", "pair_fired", "pair_records")}
            for pair, seat, a, b in pairs:
                one = pair_rows(j, pair, u, seat, got[a], got[b], tests[j].card)
                for name, found in one.items():
                    rows[name] += found
                rows["pair_records"] += [(j, pair, "a", answers_text(got[a])), (j, pair, "b", answers_text(got[b]))]
            stored[j][u] = rows["pairs"]
            buffer.append((j, u, rows))
            advance(len(pairs))
            if time.perf_counter() - last >= FLUSH_SECONDS:
                flush()
                last = time.perf_counter()
        flush()
    except KeyboardInterrupt:
        flush()  # every whole seed played so far is kept: --resume goes on from there
        raise


def store_meta(tests, setup, plan: Plan, first_seed: int, width: float, pairing: str) -> dict:
    """What a balance store must agree on to be continued: content, setup, the cards and the plan."""
    return {"kind": "balance", "setup": json.dumps(setup.to_json(), sort_keys=True),
            "tests": json.dumps([[t.label, t.card, t.baseline, t.bundle_a.fingerprint, t.bundle_b.fingerprint] for t in tests]),
            "plan": json.dumps([plan.max_units, plan.batch, plan.min_units, first_seed, width, pairing]),
            "rulesdsl": version()}


def command(args: Any) -> int:
    """`rulesdsl balance CARD...`: paired games with and without each card, with the setup of
    the command line (as `simulate`'s)."""
    return run_balance(args, setup_of(args), progress_console())


def run_balance(args, setup, console) -> int:
    """The `balance` command with a setup."""
    if args.pairs < 1 or args.batch < 1 or args.min_pairs < 0:
        raise RulesError("--pairs and --batch must be at least 1, --min-pairs at least 0")
    tests = plan_tests(args.content, not args.no_builtin, args.cards, args.variant)
    for test in tests:
        games, _ = unit_games(setup, test, 0, args.pairing)
        for bundle, arm, _ in games.values():
            check_setup(bundles.load(bundle), arm)
    plan = Plan.of(setup.options.players, args.pairing, args.pairs, args.min_pairs, args.batch)
    store = open_pairs(args.out, store_meta(tests, setup, plan, args.seed, args.width, args.pairing), new=args.new)
    try:
        count = store.con.execute("SELECT count(*) FROM pairs").fetchone()[0]
        if count and not (args.resume or args.report):
            raise RulesError(f"{count} pairs of this run are already in {store.path}; --resume goes on, --report shows them, "
                             f"--new starts afresh")
        backend = None
        if not args.report:
            backend = make_backend(args.backend, args.jobs, args.address)
            backend.start()
        try:
            total = plan.max_units * len(tests) * (setup.options.players if args.pairing == "rotate" else 1)
            with progress_bar(total, not args.no_progress and backend is not None, console, what="pairs") as advance:
                outcomes = balance(tests, setup, backend, store, plan, args.seed, args.width, args.pairing, advance)
        except KeyboardInterrupt:
            done = store.con.execute("SELECT count(*) FROM pairs").fetchone()[0]
            print(f"interrupted: {done} pairs are in {store.path}; run the same command with --resume to go on", flush=True)
            return 130
        finally:
            if backend is not None:
                backend.stop()
        out = output_console()
        print_table(outcomes, out)
        records = write_records(store, tests, setup, args.pairing, Path(args.out) / "games", unit_games)
        details = [breakdown(store.con, j) for j in range(len(tests))]
        if args.detail:
            for j, outcome in enumerate(outcomes):
                print_detail(outcome, details[j], records.get(j, []), out)
        else:
            for j, outcome in enumerate(outcomes):
                print_largest(outcome, records.get(j, [])[:1], out)
            print(f"each card's detail (scoring categories, spaces, anytime actions, effects fired, the pairs to open): "
                  f"add --detail (with --report to play nothing)")
    finally:
        store.close()
    write_report(outcomes, details, records, setup, args.html)
    print(f"report: {args.html}; pairs: {Path(args.out) / 'sims.duckdb'} (table pairs)")
    return 0


def _completed(results, waiting: dict, needed: dict):
    """(card and seed, its pairs, its games by key) for each seed whose games have all come back."""
    for same, games in results:
        for j, u, key in waiting.pop(same):
            count, pairs, got = needed[(j, u)]
            got[key] = games[0]
            if len(got) == count:
                del needed[(j, u)]
                yield (j, u), pairs, got
