"""Train the learned agent's value model by self-play, generation after generation. Not a test.

    python tools/train_agent.py [--out DIR] [--generations 3] [--games 200] [--first-seed 100000]
                                [--players 2] [--short] [--content DIR ...] [--target score|margin]
                                [--kind linear|mlp|auto] [--prior hand|none] [--backend local|ray] [--jobs N]
                                [--address HOST:PORT] [--ship FILE] [--no-progress]
                                [--branches K] [--branch-rate P] [--horizon game|turn] [--agent greedy|fast]
                                [--ranked] [--ship-ranker FILE]

Generation 0's games are played by the greedy agent (the hand-set value); the model fitted to
them is generation 1, whose learned agent plays the games of generation 2's model, and so on.
Every generation plays its own seeds (FIRST_SEED + generation * 1,000,000 + 0..GAMES-1); each
model is fitted to the rows of the last WINDOW generations' games. Every game, state row and
model is kept in DIR (self-play rows in DIR/selfplay.duckdb, models as DIR/gen<k>.npz with
their provenance in DIR/gen<k>.json): run the same command again and it goes on where it
stopped (games already stored are not played again, models already written are not refitted).
The same seeds and options give the same games and the same models.

With `--branches K` (the default, 4) the models are fitted to branches instead of the states of
the games: at a share P of the turns' questions (`--branch-rate`, default 0.12) the playing
agent's K best answers are each played out to the end on forks with the same dice and agents,
and the correction to the hand-set value is fitted to what told the outcomes of one question's
answers apart (training.fit_grouped; each answer's value held against its question's mean).
Fitted to the states of one policy's games (`--branches 0`), a value learns what goes with
winning under that policy, which a lookahead then exploits (docs/AGENTS.md). Branches cost about
K/2 games each; each generation prints the points its own agent lost against the best of the
branches played out (its regret) and what the fitted model would lose on held-out games.

With `--horizon turn` a branch is played only up to the player's next turn's question in the
same phase (or the phase's end) and valued there by the playing agent (the best of its answers
to that next question): temporal differences over one turn instead of outcomes of the whole
game, about a tenth of the cost per branch, so a session's machine time gives thousands of
branched questions (`--branch-rate 0.5` and more are affordable). `--agent fast` plays
generation 0 with the default agent (greedy judging only the answers the shipped ranker puts
first); `--ranked` makes the learned generations do the same.

Games run on every core (worker processes) or on a Ray cluster (`--backend ray`), through the
simulation machinery (rulesdsl.sim.backends). `--content DIR` trains for a variant: its
fingerprint is in the store and in every model's provenance. `--ship FILE` copies the last
generation's model (and its provenance) to FILE, e.g. rulesdsl/games/feast/agents/models/value_model.npz
for the package's own; `rulesdsl play|simulate --model FILE` plays with any other.

Every generation also fits an answer ranker (`ranker<k>.npz`, rulesdsl.games.feast.agents.ranker): at each turn's
action question of its games the playing agent judged every answer on forks, and the store
keeps each answer's value (table `answers`); the ranker learns that order from the state's and
the answer's rows, so the `fast` agent judges only the answers it puts first. `--ship-ranker
FILE` copies the last one (rulesdsl/games/feast/agents/models/answer_ranker.npz for the package's own).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesdsl.games.feast.agents import training  # noqa: E402
from rulesdsl.games.feast.agents.model import atomic_write, from_bytes, read_files, sidecar, write_model  # noqa: E402
from rulesdsl.games.feast.agents.selfplay import HORIZONS, SelfPlay, default_options  # noqa: E402
from rulesdsl.content.catalog import Catalog  # noqa: E402
from rulesdsl.errors import RulesError  # noqa: E402
from rulesdsl.sim import bundle as bundles  # noqa: E402
from rulesdsl.sim.backends import make_backend  # noqa: E402
from rulesdsl.sim.progress import progress_bar  # noqa: E402
from rulesdsl.sim.runner import ending_signals_interrupt  # noqa: E402

SEED_STRIDE = 1_000_000  # generation k plays seeds first + k * SEED_STRIDE + 0..games-1
WINDOW = 2  # a model is fitted to the games of this many generations, the latest first


def model_path(out: Path, generation: int) -> Path:
    return out / f"gen{generation}.npz"


def play_generation(con, setup: SelfPlay, seeds: list[int], bundle, args) -> int:
    """Play the generation's seeds not yet stored; the number played. Ctrl-C, SIGTERM or SIGHUP
    store the games done and stop the workers (a rerun goes on from there)."""
    todo = sorted(set(seeds) - training.stored_seeds(con, setup.generation))
    if not todo:
        return 0
    runner = make_backend(args.backend, args.jobs, args.address)
    runner.start(bundle)
    played, buffer = 0, []
    try:
        with ending_signals_interrupt(), progress_bar(len(todo), not args.no_progress) as advance:
            tasks = ((None, bundle, setup, (seed,)) for seed in todo)
            for _, games in runner.run(tasks):
                buffer.extend(games)
                advance(len(games))
                if len(buffer) >= 4:
                    training.add_games(con, buffer)
                    played, buffer = played + len(buffer), []
            training.add_games(con, buffer)
            played += len(buffer)
            buffer = []
    finally:
        if buffer:  # stored before leaving, interrupted or not: a rerun goes on from here
            training.add_games(con, buffer)
        runner.stop()
    return played


def fitted_on(provenance: dict, generation: int, used: list[int], columns: dict) -> dict:
    """A model's provenance: the run's, and the generations, agents, seeds and games of the rows it was fitted to."""
    return {**provenance, "generation": generation, "trained_on_generations": used,
            "played_by": [provenance["first_agent"] if g == 0 else f"learned generation {g}" for g in used],
            "seeds": [[int(columns["seed"][columns["generation"] == g].min()),
                       int(columns["seed"][columns["generation"] == g].max())] for g in used],
            "games": int(len(set(zip(columns["generation"].tolist(), columns["seed"].tolist()))))}


def fit_generation(con, out: Path, generation: int, args, provenance: dict) -> Path:
    """Fit model `generation` to the last WINDOW generations' rows (kept if already written)."""
    path = model_path(out, generation)
    if path.exists() and sidecar(path).exists():
        return path
    used = list(range(max(0, generation - WINDOW), generation))
    if args.branches:
        x, columns = training.load_branches(con, used)
        meta, arrays, report = training.fit_grouped(x, columns, args.target, args.first_seed + generation)
    else:
        x, columns = training.load_rows(con, used)
        alphas = training.PRIOR_ALPHAS if args.prior == "hand" else training.ALPHAS
        meta, arrays, report = training.fit(x, columns, args.target, args.kind, args.first_seed + generation,
                                            args.prior, alphas)
    meta["provenance"] = {**fitted_on(provenance, generation, used, columns), "states": int(len(x))}
    write_model(path, meta, arrays)
    for r in report:
        picks = f", regret {r['regret']:.2f} (best picked {r['best_picked']:.0%})" if "regret" in r else ""
        print(f"  generation {generation} candidate {r['kind']}{' alpha ' + str(r.get('alpha')) if 'alpha' in r else ''}: "
              f"validation MAE {r['mae']:.2f} RMSE {r['rmse']:.2f}{picks}, {r['us_per_prediction']:.1f} us a prediction")
    v = meta["validation"]
    if "regret" in v:
        print(f"generation {generation}: on held-out questions the hand-set value would lose {v['hand_regret']} points "
              f"against the best branch (best picked {v['hand_best_picked']:.0%}), the model {v['regret']} "
              f"({v['best_picked']:.0%})")
    print(f"generation {generation}: {meta['kind']} on {len(x)} states of {meta['provenance']['games']} games; "
          f"held-out MAE {v['mae']} (RMSE {v['rmse']}) over {v['states']} states of {v['games']} games")
    return path


def ranker_path(out: Path, generation: int) -> Path:
    return out / f"ranker{generation}.npz"


def fit_ranker_generation(con, out: Path, generation: int, args, provenance: dict, content) -> Path | None:
    """Fit answer ranker `generation` (rulesdsl.games.feast.agents.ranker) to the answers the last WINDOW generations'
    agents judged at their turns' action questions (kept if already written; None without answers)."""
    path = ranker_path(out, generation)
    if path.exists() and sidecar(path).exists():
        return path
    used = list(range(max(0, generation - WINDOW), generation))
    states, columns = training.load_answers(con, used)
    if len(set(columns["seed"].tolist())) < 5:
        print(f"generation {generation}: too few games with judged answers for a ranker")
        return None
    catalog = Catalog(content)
    meta, arrays, report = training.fit_ranker(states, columns, content, catalog, args.first_seed + generation)
    meta["provenance"] = {**fitted_on(provenance, generation, used, columns), "target": "answer",
                          "answers": int(len(states))}
    write_model(path, meta, arrays)
    v = meta["validation"]
    for k, r in report["keep"].items():
        chance = report["random"][k]
        print(f"  ranker {generation}, judging its {k} first answers: loses {r['regret']} of the lookahead's value a "
              f"question, keeps its best in {r['best_kept']:.0%} (as many at random: {chance['regret']}, "
              f"{chance['best_kept']:.0%})")
    print(f"ranker {generation}: MLP on {meta['training']['answers']} answers of {meta['training']['questions']} "
          f"questions; validated on {v['questions']} questions of {v['games']} games")
    return path


def own_regret(con, generation: int) -> str:
    """How many questions were branched, and the points the playing agent's own answer (branch 0)
    lost against the best branch played out, on average."""
    row = con.execute("SELECT count(*), avg(best - own), avg(CASE WHEN best = own THEN 1 ELSE 0 END) FROM ("
                      "SELECT max(final) AS best, max(CASE WHEN branch = 0 THEN final END) AS own FROM branches "
                      "WHERE generation = ? GROUP BY seed, step, player) WHERE own IS NOT NULL", [generation]).fetchone()
    if not row[0]:
        return "none"
    return f"{row[0]} questions; the agent's own answer lost {row[1]:.2f} points against the best, was the best in {row[2]:.0%}"


def ship(model: Path, target: Path) -> None:
    """Copy a model and its provenance to `target` (each file written atomically), checked first."""
    npz, text = read_files(model)
    from_bytes(npz, text, str(model))
    atomic_write(target, npz)
    atomic_write(sidecar(target), text.encode())
    print(f"shipped {model} as {target}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="train-runs/default", metavar="DIR")
    parser.add_argument("--generations", type=int, default=3, help="models to fit (default 3)")
    parser.add_argument("--games", type=int, default=200, help="self-play games per generation (default 200)")
    parser.add_argument("--first-seed", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--short", action="store_true")
    parser.add_argument("--content", action="append", default=[], metavar="DIR", help="a variant folder (repeatable)")
    parser.add_argument("--target", default="score", choices=("margin", "score"))
    parser.add_argument("--kind", default="linear", choices=("auto", "linear", "mlp"),
                        help="linear (default), mlp, or auto: the MLP where it is clearly more accurate")
    parser.add_argument("--prior", default="hand", choices=("hand", "none"),
                        help="fit linear models as the hand-set value plus a correction (default), or from nothing")
    parser.add_argument("--backend", default="local", choices=("local", "ray"))
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--address", default=None)
    parser.add_argument("--ship", default=None, metavar="FILE", help="copy the last model (and its .json) here")
    parser.add_argument("--ship-ranker", default=None, metavar="FILE",
                        help="copy the last answer ranker (and its .json) here")
    parser.add_argument("--no-progress", action="store_true")
    parser.add_argument("--branches", type=int, default=4, metavar="K",
                        help="answers played out per branched question; 0: fit to the games' states (default 4)")
    parser.add_argument("--branch-rate", type=float, default=0.12, metavar="P",
                        help="share of a player's turn questions branched (default 0.12)")
    parser.add_argument("--horizon", default="game", choices=HORIZONS,
                        help="how far a branch is played: to the game's end (default) or the player's next turn")
    parser.add_argument("--agent", default="greedy", choices=("greedy", "fast"),
                        help="the agent of generation 0's games (default greedy)")
    parser.add_argument("--ranked", action="store_true",
                        help="the learned generations judge on forks only the answers the shipped ranker puts first")
    args = parser.parse_args()
    if args.games < 5 or args.generations < 1:
        raise SystemExit("--games must be at least 5 and --generations at least 1")
    out = Path(args.out)
    bundle = bundles.make_bundle(args.content)
    content = bundles.load(bundle)
    options = default_options(args.players, "short" if args.short else "long")
    meta = {"fingerprint": bundle.fingerprint, "options": options.to_json(), "first_seed": args.first_seed}
    if args.horizon != "game" or args.agent != "greedy" or args.ranked:  # (older stores hold the defaults' games)
        meta.update(horizon=args.horizon, agent=args.agent, ranked=args.ranked)
    con = training.open_store(out, meta)
    provenance = {"content_fingerprint": bundle.fingerprint, "content": ["<built-in>", *args.content],
                  "options": options.to_json(), "target": args.target, "games_per_generation": args.games,
                  "tool": "tools/train_agent.py", "horizon": args.horizon, "first_agent": args.agent,
                  "ranked": args.ranked}
    try:
        last = ranker = None
        for generation in range(args.generations + 1):
            if generation:
                last = fit_generation(con, out, generation, args, provenance)
                ranker = fit_ranker_generation(con, out, generation, args, provenance, content) or ranker
                if generation == args.generations:
                    break
            if generation == 0:
                setup = SelfPlay(options, args.agent, generation=0, branches=args.branches, branch_rate=args.branch_rate,
                                 horizon=args.horizon)
            else:
                npz, text = read_files(last)
                setup = SelfPlay(options, "learned", npz, text, generation, args.branches, args.branch_rate,
                                 args.horizon, args.ranked)
            first = args.first_seed + generation * SEED_STRIDE
            start = time.perf_counter()
            played = play_generation(con, setup, list(range(first, first + args.games)), bundle, args)
            row = con.execute("SELECT count(*), median(final), avg(final) FROM states s WHERE generation = ? AND step = "
                              "(SELECT max(step) FROM states t WHERE t.generation = s.generation AND t.seed = s.seed)",
                              [generation]).fetchone()
            print(f"generation {generation} self-play ({setup.agent}): {played} games played in "
                  f"{time.perf_counter() - start:.0f} s; final scores median {row[1]}, mean {row[2]:.1f}")
            if args.branches:
                print(f"generation {generation} branches: {own_regret(con, generation)}")
    except RulesError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"interrupted: the games played so far are stored in {out}; the same command goes on from there",
              file=sys.stderr)
        return 130
    finally:
        con.close()
    if args.ship and last is not None:
        ship(last, Path(args.ship))
    if args.ship_ranker and ranker is not None:
        ship(ranker, Path(args.ship_ranker))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
