"""How well and how fast the agents play. Not a test.

    nice -n 5 python tools/bench_agents.py [--games 100] [--players 1,2] [--agents learned,greedy] [--short]
                                 [--vs learned:greedy --h2h-games 200 --think 0.2s]
                                 [--vs greedy:greedy/width=none] [--vs fast/keep=3:greedy] [--vs fast:fast/menu_direct=false] [--vs learned/ranked=true:fast --model FILE] [--content DIR]
                                 [--model FILE] [--cpu] [--breakdown] [--jobs 2]

Run it niced: the machine is shared, and with --cpu the times are this process's CPU seconds
(a loaded machine lengthens wall time, not CPU time; both agents of a --vs run are timed in the
same games, so their ratio is fair).

For each agent and player count, seeded games where every seat plays that agent: the median,
mean and 10th-90th percentile of the final scores, the share of scores above 0, and the ms
per decision and per game. `--vs A:B` plays A against B in 2-player games, each seed twice
with the seats swapped, and prints A's win rate (a tie counts half) with a 95% Wilson
interval, and each agent's CPU (or wall) seconds per game. `--model FILE`: the value model
of the learned and search agents (default: the shipped one). Targets (issue 13): greedy 2-player long median >= 60, >= 95% of scores > 0,
<= 2 s per game; search at 0.2 s per decision wins >= 65% against greedy; solo greedy
median >= 60; stretch: search median >= 100.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesdsl.agents.registry import make_agent, parse_think  # noqa: E402
from rulesdsl.games.feast.agents.value import WEIGHT_NAMES, load_weights  # noqa: E402
from rulesdsl.content.loader import load_content  # noqa: E402
from rulesdsl.games.feast.engine.game import Game, GameOptions  # noqa: E402
from rulesdsl.games.feast.engine.scoring import CATEGORIES, final_scores  # noqa: E402


CLOCK = time.perf_counter  # --cpu: time.process_time, for a machine shared with other work


MODEL = None  # --model: the value model file of the learned and search agents (default: the shipped one)
WEIGHTS = None  # --weights: the value weights of the greedy and search agents (default: the package's)
SEARCH_STATS = [0, 0, 0]  # the search agents' searched decisions, rollouts, answers other than greedy's best
SEARCH_OPTIONS: dict = {}  # --search-opt: keyword arguments of the search agent (rulesdsl.games.feast.agents.search.SearchAgent)
GREEDY_OPTIONS: dict = {}  # --greedy-opt: keyword arguments of the greedy agent (rulesdsl.games.feast.agents.greedy.GreedyAgent)


def agent(name: str, seed: int, think, iterations):
    """One agent by name; the search and greedy agents with the --search-opt and --greedy-opt keywords.
    `greedy/NAME=VALUE,...` is greedy with those keywords instead (e.g. `--vs greedy:greedy/width=none`
    plays greedy against greedy judging every turn's answer in full); a value weight's name among the
    keywords changes that weight for this agent (`--vs fast/resource=1.5:fast`)."""
    base, _, keywords = name.partition("/")
    if keywords:
        if base not in ("greedy", "fast", "learned"):
            raise SystemExit(f"keywords after '/' are the greedy, fast or learned agent's, not {base}'s")
        from rulesdsl.games.feast.agents.greedy import FAST, GreedyAgent
        from rulesdsl.games.feast.agents.learned import LearnedAgent
        from rulesdsl.games.feast.agents.ranker import load_ranker

        given = dict(option(text) for text in keywords.split(","))
        ranker = {"ranker": load_ranker()} if base == "fast" or given.pop("ranked", False) else {}
        # a value weight's name (fast/resource=1.5) changes that weight of this agent alone
        changed = {key: float(given.pop(key)) for key in list(given) if key in WEIGHT_NAMES}
        start = WEIGHTS or load_weights()
        # the weight changed by name holds in games of every player count (its override by players goes)
        weights = attrs.evolve(start, **changed, by_players=tuple(
            (n, tuple((k, v) for k, v in over if k not in changed)) for n, over in start.by_players)) if changed else WEIGHTS
        if base == "learned":  # e.g. learned/ranked=true: the learned value judging the ranker's first answers
            return LearnedAgent(seed, model=MODEL, weights=weights, **ranker, **given)
        if base == "fast":  # fast's own options, unless given (e.g. fast/nested_width=none,seat_prune=false,menu_direct=false)
            given = {**FAST, **given}
        return GreedyAgent(seed, weights=weights, **ranker, **given)
    if name == "search" and SEARCH_OPTIONS:
        from rulesdsl.games.feast.agents.search import SearchAgent

        if think is None and iterations is None:
            iterations = 16
        return SearchAgent(seed, iterations=iterations, think=think, weights=WEIGHTS, model=MODEL, **SEARCH_OPTIONS)
    if name == "greedy" and GREEDY_OPTIONS:
        from rulesdsl.games.feast.agents.greedy import GreedyAgent

        return GreedyAgent(seed, weights=WEIGHTS, **GREEDY_OPTIONS)
    return make_agent(name, seed, think, iterations, WEIGHTS, model=MODEL)


def option(text: str) -> tuple[str, object]:
    """`name=value` of --search-opt, the value read as a number, a truth value or None where it is one."""
    name, _, raw = text.partition("=")
    lowered = raw.strip().lower()
    if lowered in ("true", "false", "none"):
        return name.strip(), {"true": True, "false": False, "none": None}[lowered]
    try:
        return name.strip(), int(raw)
    except ValueError:
        pass
    try:
        return name.strip(), float(raw)
    except ValueError:
        return name.strip(), raw.strip()  # a word, e.g. fast/nested_kinds=feast


BREAKDOWN: dict = {}  # --breakdown: (agent, players) -> the score rows of its games (engine.scoring.final_scores)


def play(content, names, seed: int, length: str, think, iterations):
    """(scores, decisions answered by each seat's agent, seconds spent by each seat) of one game."""
    players = len(names)
    game = Game(content, GameOptions(players=players, length=length, decks=("A", "B", "C")), seed)
    agents = [agent(name, seed * 7919 + i, think, iterations) for i, name in enumerate(names)]
    spent, answered = [0.0] * players, [0] * players
    while game.decision is not None:
        who = game.decision.player
        start = CLOCK()
        key = agents[who].answer(game, game.decision)
        spent[who] += CLOCK() - start
        answered[who] += 1
        game.answer(key)
    for one in agents:
        if hasattr(one, "changed"):
            for index, count in enumerate((one.decisions, one.rollouts, one.changed)):
                SEARCH_STATS[index] += count
    rows = final_scores(game)
    if len(set(names)) == 1:
        BREAKDOWN.setdefault((names[0], players), []).extend(rows)
    return [row["total"] for row in rows], answered, spent


def pair_games(content, a: str, b: str, seed: int, length: str, think, iterations) -> tuple[list, list]:
    """Both seatings of one seed, A against B: ([(names, scores, answered, spent), ...], the
    search statistics they added), SEARCH_STATS left as it was: the caller adds them, whether
    they were played here or in a --jobs worker."""
    before = list(SEARCH_STATS)
    out = []
    for names in ([a, b], [b, a]):
        got, answered, spent = play(content, names, seed, length, think, iterations)
        out.append((names, got, answered, spent))
    added = [x - y for x, y in zip(SEARCH_STATS, before)]
    SEARCH_STATS[:] = before
    return out, added


CONTENT = None  # the content a --jobs worker plays on (inherited from the parent by fork)


def _pair_task(args: tuple) -> tuple:
    """pair_games in a worker process."""
    return pair_games(CONTENT, *args)


def percentile(values, q: float) -> float:
    ordered = sorted(values)
    index = (len(ordered) - 1) * q
    low, high = math.floor(index), math.ceil(index)
    return ordered[low] + (ordered[high] - ordered[low]) * (index - low)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", default="1,2", help="player counts, comma separated")
    parser.add_argument("--agents", default="greedy,random", help="agents to measure alone, comma separated")
    parser.add_argument("--short", action="store_true")
    parser.add_argument("--think", default=None, help="search agent's time per decision (e.g. 0.2s)")
    parser.add_argument("--iterations", type=int, default=None, help="search agent's rollouts per decision")
    parser.add_argument("--vs", action="append", default=[], metavar="A:B", help="head-to-head, e.g. search:greedy")
    parser.add_argument("--h2h-games", type=int, default=200, help="head-to-head games (half per seating)")
    parser.add_argument("--content", action="append", default=[], metavar="DIR")
    parser.add_argument("--cpu", action="store_true", help="time agents by process CPU time instead of wall time")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--model", metavar="FILE", help="value model of the learned and search agents (default: the shipped one)")
    parser.add_argument("--weights", metavar="FILE", help="value weights for greedy and search (default: the package's)")
    parser.add_argument("--greedy-opt", action="append", default=[], metavar="NAME=VALUE",
                        help="a keyword of the greedy agent, e.g. sample=64 (repeatable)")
    parser.add_argument("--breakdown", action="store_true", help="also print the mean of each score category")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes for --vs (each plays whole seeds; CPU times stay per process)")
    parser.add_argument("--search-opt", action="append", default=[], metavar="NAME=VALUE",
                        help="a keyword of the search agent, e.g. width=6 or prune=1.0 (repeatable)")
    args = parser.parse_args()
    global CLOCK, WEIGHTS, MODEL, CONTENT
    MODEL = args.model
    SEARCH_OPTIONS.update(option(text) for text in args.search_opt)
    GREEDY_OPTIONS.update(option(text) for text in args.greedy_opt)
    if args.weights:
        WEIGHTS = load_weights(args.weights)
    if args.cpu:
        CLOCK = time.process_time
    content = CONTENT = load_content(args.content)
    length = "short" if args.short else "long"
    think = parse_think(args.think)
    for name in [a for a in args.agents.split(",") if a]:
        for players in [int(n) for n in args.players.split(",") if n]:
            scores, decisions, seconds, games = [], 0, 0.0, []
            for seed in range(args.first_seed, args.first_seed + args.games):
                got, answered, spent = play(content, [name] * players, seed, length, think, args.iterations)
                print(f"  seed {seed} {name} {players}p: {got} {sum(spent):.1f} s", file=sys.stderr, flush=True)
                scores += got
                decisions += sum(answered)
                seconds += sum(spent)
                games.append(sum(spent))
            positive = sum(1 for s in scores if s > 0) / len(scores)
            print(f"{name:7} {players}p {length}: median {statistics.median(scores):6.1f}  mean {statistics.mean(scores):6.1f}  "
                  f"p10-p90 {percentile(scores, .1):6.1f}..{percentile(scores, .9):6.1f}  >0: {positive:5.1%}  "
                  f"{1000 * seconds / max(1, decisions):6.2f} ms/decision  {1000 * statistics.mean(games):7.0f} ms/game "
                  f"(max {1000 * max(games):.0f})  [{args.games} games]")
            if args.breakdown:
                rows = BREAKDOWN.get((name, players), [])
                print("    mean per category: " + ", ".join(f"{category} {statistics.mean(r[category] for r in rows):.1f}"
                                                         for category in CATEGORIES))
    for pair in args.vs:
        a, _, b = pair.partition(":")
        wins, n, a_scores, b_scores = 0.0, 0, [], []
        per_decision = {a: [0.0, 0], b: [0.0, 0]}
        seeds = range(args.first_seed, args.first_seed + args.h2h_games // 2)
        tasks = [(a, b, seed, length, think, args.iterations) for seed in seeds]
        if args.jobs > 1:  # fork: the workers inherit the content, weights and options read above
            pool = concurrent.futures.ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("fork"))
            results = pool.map(_pair_task, tasks)
        else:
            pool, results = None, (pair_games(content, *task) for task in tasks)
        for seed, (games, stats) in zip(seeds, results):
            for index, count in enumerate(stats):
                SEARCH_STATS[index] += count
            for names, got, answered, spent in games:
                ia, ib = names.index(a), names.index(b)
                print(f"  seed {seed} {names[0]}-{names[1]}: {got[0]}-{got[1]} ({spent[0]:.2f} s, {spent[1]:.2f} s)",
                      file=sys.stderr, flush=True)
                wins += 1.0 if got[ia] > got[ib] else 0.5 if got[ia] == got[ib] else 0.0
                n += 1
                a_scores.append(got[ia])
                b_scores.append(got[ib])
                for name, i in ((a, ia), (b, ib)):
                    per_decision[name][0] += spent[i]
                    per_decision[name][1] += answered[i]
        if pool is not None:
            pool.shutdown()
        low, high = wilson(wins, n)
        gaps = [x - y for x, y in zip(a_scores, b_scores)]
        spread = statistics.stdev(gaps) / math.sqrt(n) if n > 1 else 0.0
        print(f"{a} vs {b} ({n} games, seats alternated, same seeds): {a} wins {wins / n:.1%} (95% {low:.1%}..{high:.1%}); "
              f"medians {statistics.median(a_scores):.1f} vs {statistics.median(b_scores):.1f}; "
              f"means {statistics.mean(a_scores):.1f} vs {statistics.mean(b_scores):.1f} "
              f"(gap {statistics.mean(gaps):+.1f} +- {2 * spread:.1f}); "
              + "; ".join(f"{name} {1000 * t / max(1, k):.1f} ms/decision, {t / max(1, n):.2f} s/game"
                          for name, (t, k) in per_decision.items()))
    searched, done, changed = SEARCH_STATS
    if searched:
        print(f"search: {searched} searched decisions, {done / searched:.1f} rollouts each, "
              f"{changed / searched:.1%} answered otherwise than greedy's best")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
