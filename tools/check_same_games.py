"""Same games before and after a change: seeded games of both games digested and compared. Not a test.

    python tools/check_same_games.py                         # check this tree against tests/data/same_games.json
    python tools/check_same_games.py --write FILE [--random N] [--greedy N]
    python tools/check_same_games.py --against COMMIT [--random N] [--greedy N]

A game is given by its game, agents and seed: A Feast for Odin with 2 players (the default
options) and Vikings (the built-in tableau ruleset) at its default player count (3), every seat played by the same
kind of agent (`random` or `greedy`), each agent seeded by the rule of `rulesdsl play`
(seed * 7919 + seat). Its digest is the sha256 of its answers (player and key, in order), its
log (Feast: the readable history; Vikings has no log but its answers) and its final scores, so
any change in what a game means, however small, changes the digest.

- Without `--write` or `--against`, this tree's games are checked against a digest file
  (`--check FILE`, by default tests/data/same_games.json): every entry of it, or the first
  `--random N` / `--greedy N` seeds of each game when given. Exit status 1 on a difference.
- `--write FILE` plays the first `--random N` and `--greedy N` seeds of each game in this tree
  (or in `--root DIR`) and writes their digests (atomically).
- `--against COMMIT` checks COMMIT out in a temporary `git worktree`, writes its digests there
  (this tool run on that tree: the tool need not exist at COMMIT) and compares this tree with
  them, e.g. `--against e43b51d --greedy 100 --random 0` for 100 greedy seeds of each game.

The stored file holds the digests of commit e43b51d (the start of issue 34's refactor): 100
random seeds and 20 greedy seeds of each game. The greedy agents are being made faster
(issue 29), which may change their answers legitimately: when a merge does that on purpose,
the lead regenerates the greedy part of the stored file
(`--write tests/data/same_games.json --random 100 --greedy 20` on the merged tree, after
checking that the random part still agrees), and says why in the commit. A difference in the
random games is never expected from a refactor.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
STORED = HERE / "tests" / "data" / "same_games.json"
GAMES = ("feast", "vikings")
AGENTS = ("random", "greedy")
FEAST_PLAYERS = 2


def agent_seed(seed: int, seat: int) -> int:
    """The seed of a seat's agent: the rule of `rulesdsl play` (kept here so that an older tree agrees)."""
    return seed * 7919 + seat


def _feast_agent(kind: str, seed: int):
    from rulesdsl.agents import RandomAgent
    from rulesdsl.games.feast.agents.greedy import GreedyAgent

    return RandomAgent(seed) if kind == "random" else GreedyAgent(seed)


def _vikings_agent(kind: str, seed: int):
    from rulesdsl.agents import RandomAgent
    from rulesdsl.games.tableau.agents.greedy import TableauGreedyAgent

    return RandomAgent(seed) if kind == "random" else TableauGreedyAgent(seed)


class Player:
    """Plays seeded games of one tree (the `rulesdsl` first on sys.path) and digests them."""

    def __init__(self) -> None:
        self._feast_content = None
        self._vikings = None

    def record(self, game: str, kind: str, seed: int) -> dict:
        """What the digest covers: answers, log and scores of one game played to its end."""
        if game == "feast":
            return self._feast(kind, seed)
        return self._tableau(kind, seed)

    def _feast(self, kind: str, seed: int) -> dict:
        from rulesdsl.games.feast.engine.game import Game, GameOptions
        from rulesdsl.games.feast.engine.scoring import final_scores

        if self._feast_content is None:
            from rulesdsl.content.loader import load_content

            self._feast_content = load_content()
        game = Game(self._feast_content, GameOptions(players=FEAST_PLAYERS), seed)
        game.run([_feast_agent(kind, agent_seed(seed, seat)) for seat in range(FEAST_PLAYERS)])
        return {"answers": [list(a) for a in game.log], "log": list(game.history), "scores": final_scores(game)}

    def _tableau(self, kind: str, seed: int) -> dict:
        from rulesdsl.games.tableau.engine.game import TableauGame

        if self._vikings is None:
            from rulesdsl.games.tableau.engine.rulesets import load

            self._vikings = load("vikings")
        game = TableauGame(self._vikings, None, {}, seed)
        agents = [_vikings_agent(kind, agent_seed(seed, seat)) for seat in range(game.players)]
        while game.decision is not None:
            game.answer(agents[game.decision.player].answer(game, game.decision))
        return {"answers": list(game.log), "log": list(game.log), "scores": game.scores()}

    def digest(self, game: str, kind: str, seed: int) -> str:
        """The sha256 of one game's record (canonical JSON)."""
        text = json.dumps(self.record(game, kind, seed), sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode()).hexdigest()


def wanted(random_seeds: int, greedy_seeds: int, games=GAMES) -> list[tuple[str, str, int]]:
    """(game, agent, seed) of the first seeds of each game and agent kind."""
    counts = {"random": random_seeds, "greedy": greedy_seeds}
    return [(game, kind, seed) for game in games for kind in AGENTS for seed in range(counts[kind])]


def key(game: str, kind: str, seed: int) -> str:
    """The digest file's key of a game."""
    return f"{game}/{kind}/{seed}"


def play_all(todo, progress: bool = True) -> dict[str, str]:
    """Digests of the games in `todo`, by key."""
    player = Player()
    out: dict[str, str] = {}
    start = time.perf_counter()
    for index, (game, kind, seed) in enumerate(todo):
        out[key(game, kind, seed)] = player.digest(game, kind, seed)
        if progress and (index + 1) % 20 == 0:
            print(f"  {index + 1}/{len(todo)} games, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    return out


def write_atomic(path: Path, data: dict) -> None:
    """Write JSON to `path` through a temporary file in its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w") as handle:
        json.dump(data, handle, indent=1, sort_keys=True)
        handle.write("\n")
    os.replace(tmp, path)


def read_digests(path: Path) -> dict[str, str]:
    """The digests of a file written by `--write`."""
    return dict(json.loads(path.read_text())["digests"])


def parse_key(text: str) -> tuple[str, str, int]:
    """(game, agent, seed) of a digest file's key."""
    game, kind, seed = text.split("/")
    return game, kind, int(seed)


def compare(expected: dict[str, str], todo, progress: bool = True) -> list[str]:
    """The keys of `todo` whose digest in this tree differs from `expected`."""
    got = play_all(todo, progress)
    return [k for k, digest in got.items() if expected[k] != digest]


def commit_of(root: Path) -> str:
    """The commit checked out at `root` (with '+changes' when its tree differs)."""
    head = subprocess.run(["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    return head + ("+changes" if dirty else "")


def digests_of_commit(commit: str, random_seeds: int, greedy_seeds: int, games) -> dict[str, str]:
    """Digests written by this tool run on a temporary worktree of `commit`."""
    folder = tempfile.mkdtemp(prefix="same-games-")
    subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", folder, commit], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        out = Path(folder) / "same_games.json"
        env = dict(os.environ, PYTHONPATH=folder, RULESDSL_CACHE_DIR=os.path.join(folder, ".cache-rulesdsl"))
        subprocess.run([sys.executable, __file__, "--root", folder, "--write", str(out), "--random", str(random_seeds),
                        "--greedy", str(greedy_seeds), "--games", *games], check=True, env=env, cwd=folder)
        return read_digests(out)
    finally:
        subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", folder], check=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__.split("\n\n", 2)[2],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--random", type=int, help="seeds 0..N-1 of each game with random agents")
    parser.add_argument("--greedy", type=int, help="seeds 0..N-1 of each game with greedy agents")
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES), help="which games")
    parser.add_argument("--check", type=Path, default=STORED, help="the digest file to check against")
    parser.add_argument("--write", type=Path, help="write this tree's digests to a file instead")
    parser.add_argument("--against", metavar="COMMIT", help="compare with COMMIT's games (a temporary worktree)")
    parser.add_argument("--root", type=Path, default=HERE, help=argparse.SUPPRESS)
    args = parser.parse_args()
    sys.path.insert(0, str(args.root))
    if args.write is not None:
        todo = wanted(args.random or 0, args.greedy or 0, args.games)
        write_atomic(args.write, {"commit": commit_of(args.root), "feast_players": FEAST_PLAYERS,
                                  "digests": play_all(todo)})
        print(f"wrote {len(todo)} digests to {args.write}")
        return 0
    if args.against is not None:
        expected = digests_of_commit(args.against, args.random or 0, args.greedy or 0, args.games)
        source = args.against
    else:
        expected = read_digests(args.check)
        source = str(args.check)
    if args.random is None and args.greedy is None:
        todo = [parse_key(k) for k in expected if parse_key(k)[0] in args.games]
    else:
        todo = [t for t in wanted(args.random or 0, args.greedy or 0, args.games) if key(*t) in expected]
    differ = compare(expected, todo)
    for k in differ:
        print(f"differs: {k}")
    print(f"{len(todo) - len(differ)} of {len(todo)} games the same as {source}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
