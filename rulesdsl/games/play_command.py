"""`rulesdsl play`, written once for every game: a new game (or a saved one resumed) played by
the agents through `games.seats.play_agents` until it ends, a person stops it or `--stop-after`
answers are given; saved with `--save` (atomically, whole answers only, also when a signal
stops it); then the score table.

From the game it asks only its plug-in: the rules, a new or loaded game, its scores, and the
hooks of `CommandHooks` (its own flags, where an unfinished game stands, its log, its score
table, whether its records keep their agents).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rulesdsl import savefile
from rulesdsl.core import record as records
from rulesdsl.errors import RulesError, RunawayRules
from rulesdsl.games.command_args import game_options, rules_of
from rulesdsl.games.registry import GamePlugin
from rulesdsl.games.seats import play_agents
from rulesdsl.playsignals import Stopped, stops_saved

WHY = {EOFError: "the input ended", KeyboardInterrupt: "interrupted"}  # how a stop other than a signal is told


def score_table(rows: list[dict[str, Any]], agents: list[str]) -> str:
    """The score table of a game whose plug-in draws none: one line per player (P1, P2 ... with
    the agent), a column per score, then the winner."""
    columns = [name for name in (rows[0] if rows else {}) if name not in ("player", "winner")]
    head = ["player", "agent", *columns]
    lines = ["  ".join(f"{h:>8}" for h in head)]
    for seat, row in enumerate(rows):
        cells = {**row, "player": f"P{seat + 1}", "agent": agents[seat]}
        lines.append("  ".join(f"{str(cells[h]):>8}" for h in head))
    winners = [f"P{seat + 1}" for seat, row in enumerate(rows) if row.get("winner")]
    return "\n".join([*lines, ("winner: " if len(winners) == 1 else "shared win: ") + ", ".join(winners)])


def play(args: Any, plugin: GamePlugin) -> int:
    """`play`: see the module docstring."""
    # `rulesdsl show` must not wait for the agents (and the engine their package loads), so:
    # import here: the agents only for `play`
    from rulesdsl.agents.registry import make_agents, parse_think

    hooks = plugin.commands
    if args.save:
        savefile.check_writable(Path(args.save))  # before the game, not after it
    if args.log and hooks.log_lines is None:
        raise RulesError(f"{args.game} keeps no log to print (--log)")
    options = game_options(args, hooks)  # the game's own flags are checked even when a save is loaded
    rules = rules_of(args, plugin)
    saved_agents = None
    if args.load:
        def load(data: Any) -> Any:
            nonlocal saved_agents
            made = plugin.load_game(rules, data, args.force)
            saved_agents = records.agents(data, plugin.players(made)) if hooks.keeps_agents else None
            return made

        game = savefile.load_record(Path(args.load), load)
        if args.agents is None and saved_agents:
            print(f"agents from the save: {', '.join(f'P{n + 1} {a}' for n, a in enumerate(saved_agents))} (--agents to change them)")
    else:
        game = plugin.new_game(rules, args.players, args.seed, options)
    spec = args.agents if args.agents is not None else ",".join(saved_agents) if saved_agents else ""
    agents, names = make_agents(spec, plugin.players(game), game.seed, think=parse_think(getattr(args, "think", None)),
                                game=args.game, model=getattr(args, "model", None))
    stopped: BaseException | None = None
    failed: RunawayRules | None = None
    kept = len(game.log)  # answers that went through whole
    with stops_saved() as guard:

        def answer(key: str) -> None:
            nonlocal kept
            with guard.engine():  # a signal here waits until the answer is done
                game.answer(key)
            kept = len(game.log)

        try:
            play_agents(game, agents, limit=args.stop_after, answer=answer)
        except (Stopped, KeyboardInterrupt, EOFError, OSError) as err:  # OSError: the terminal went away
            stopped = err
        except RunawayRules as err:  # the content's fault: the game so far is kept, up to the answer that set it off
            failed = err
    if args.save:
        saved = dict(game.save(), agents=names) if hooks.keeps_agents else game.save()  # --load resumes with the same seats
        saved["answers"] = saved["answers"][:kept]
        savefile.write_atomic(Path(args.save), json.dumps(saved, indent=1))
    if failed is not None:
        if args.save:
            print(f"saved {kept} answers to {args.save} (the game before the answer that set the rules off)")
        raise failed
    try:
        return _report(args, plugin, rules, game, names, stopped)
    except OSError:  # the terminal went away (SIGHUP): the game is saved, nothing more to say
        return 1


def _report(args: Any, plugin: GamePlugin, rules: Any, game: Any, names: list[str], stopped: BaseException | None) -> int:
    """What the game came to: why it stopped, its log, where it stands or the score table; the exit code."""
    hooks = plugin.commands
    if stopped is not None:
        why = f" by {stopped.name}" if isinstance(stopped, Stopped) else ": " + WHY.get(type(stopped), "the terminal went away")
        print(f"\nstopped{why}." + (f" Saved {len(game.log)} answers to {args.save}; resume with --load {args.save}."
                                     if args.save else " Nothing was saved (--save FILE keeps a game to resume)."))
    elif args.save:
        print(f"saved {len(game.log)} answers to {args.save}")
    if isinstance(stopped, Stopped):
        return 128 + stopped.signum
    if args.log and hooks.log_lines is not None:
        print("\n".join(hooks.log_lines(rules, game)))
    if isinstance(stopped, EOFError):  # input ended before the game did: not a success
        return 1
    if game.decision is not None:
        status = hooks.status(game) if hooks.status is not None else ""
        print(f"the game is not over{f' ({status})' if status else ''}"
              + (f"; resume it with --load {args.save}" if args.save else "; it was not saved (--save FILE keeps it)"))
        return 0
    draw = hooks.score_table
    print(draw(game, names) if draw is not None else score_table(plugin.scores(game), names))
    return 0
