"""The command line's game commands, written once for every game of the registry: `validate`,
`show`, `scenario`, `render` and `interactions` here, `play` in `games.play_command`. Each reads its
arguments, asks the game's plug-in (`GamePlugin.commands`, a `CommandHooks`) only for what
differs between games (how its content is checked, how an item is described, how one scenario
file runs, how a board is drawn) and prints, writes and fails the same way for all of them.

A game whose plug-in leaves a hook out has no such thing: the command says so and names the
commands the game does offer. A game's own further commands (A Feast for Odin's `cards`,
`learn` and `balance`, say) are its plug-in's `CommandHooks.more`; a game without one is
refused naming the games that have it. (`serve` and `simulate` are dispatched by `rulesdsl.cli`.)
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from rulesdsl import savefile
from rulesdsl.content.loader import yaml_files
from rulesdsl.errors import Location, Problem, RulesError
from rulesdsl.games.command_args import game_options, rules_of
from rulesdsl.games.play_command import play
from rulesdsl.games.registry import Drawing, GamePlugin, plugin_for, plugins
from rulesdsl.view.files import write_picture

Hook = TypeVar("Hook")
ALWAYS = ("play",)  # what every game offers (`serve` when its plug-in has `web`, `simulate` when it has `simulation`)


def run(args: Any) -> int:
    """Run the game command `args.command` for the game `args.game` names."""
    plugin = plugin_for(args.game)
    hooks = plugin.commands
    command = COMMANDS.get(args.command)
    if command is not None:
        return command(args, plugin)
    own = hooks.more.get(args.command)
    if own is None:
        having = [name for other in plugins() if args.command in other.commands.more for name in other.offers()]
        elsewhere = f"; the games that have it: {', '.join(having)} (--game NAME {args.command})" if having else ""
        raise RulesError(f"{args.game} has no `{args.command}` command{elsewhere}; its commands: {', '.join(offered(plugin))}")
    return own(args)


def offered(plugin: GamePlugin) -> list[str]:
    """The commands a game's plug-in offers, in the order of `rulesdsl --help`."""
    hooks = plugin.commands
    given = {"validate": hooks.validate, "show": hooks.show, "scenario": hooks.run_scenario,
             "render": hooks.draw or hooks.draw_game, "interactions": hooks.interactions}
    served = ["serve"] if plugin.web is not None else []
    simulated = ["simulate"] if plugin.simulation is not None else []
    return [*ALWAYS, *(name for name, hook in given.items() if hook is not None), *hooks.more, *served, *simulated]


def served_first(args: Any, plugin: GamePlugin) -> str | None:
    """The game `serve --game NAME` offers first on the start page; RulesError naming the games
    that have a table when this one has none (before a server starts whose pages would be 404)."""
    if plugin.web is None:
        having = [name for other in plugins() if other.web is not None for name in other.offers()]
        raise RulesError(f"{args.game} has no web table to serve; the games that have one: {', '.join(having)} "
                         f"(--game NAME serve); its commands: {', '.join(offered(plugin))}")
    return plugin.served(args.game)


def needed(args: Any, hook: Hook | None, what: str) -> Hook:
    """The hook a command needs; RulesError saying the game has no such thing otherwise."""
    if hook is None:
        raise RulesError(f"{args.game} has no {what}; its commands: {', '.join(offered(plugin_for(args.game)))}")
    return hook


def validate(args: Any, plugin: GamePlugin) -> int:
    """`validate`: check all content (and the extra paths) and print what was checked."""
    check = needed(args, plugin.commands.validate, "content to validate")
    text = check(args.game, tuple(args.content), not args.no_builtin, tuple(args.paths))
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


def show(args: Any, plugin: GamePlugin) -> int:
    """`show NAME`: an item's canonical text and tree (RulesError for an unknown or ambiguous name)."""
    describe = needed(args, plugin.commands.show, "items to show")
    sys.stdout.write(describe(rules_of(args, plugin), args.name, args.tree_only))
    return 0


def scenario(args: Any, plugin: GamePlugin) -> int:
    """`scenario FILE...`: PASS or FAIL for each scenario file, the reasons under a failure."""
    run_one = needed(args, plugin.commands.run_scenario, "scenarios")
    rules = rules_of(args, plugin)
    files, problems = scenario_files([Path(name) for name in args.files])
    for problem in problems:
        print(f"FAIL  {problem.location.path if problem.location else ''}\n      {problem}")
    failed = len(problems)
    for path in files:
        result = run_one(rules, path)
        print(f"{'PASS' if result.passed else 'FAIL'}  {path}  {result.title}")
        for line in result.failures:
            print(f"      {line}")
        failed += not result.passed
    print(f"{len(files) + len(problems) - failed} passed, {failed} failed")
    return 1 if failed else 0


def scenario_files(names: list[Path]) -> tuple[list[Path], list[Problem]]:
    """The scenario files named or found in the folders named, and what could not be read."""
    files: list[Path] = []
    problems: list[Problem] = []
    for path in names:
        if path.is_dir():
            files += [p for p in yaml_files(path, problems) if p.suffix == ".yaml"]
        elif path.is_file():
            files.append(path)
        else:
            problems.append(Problem(Location(str(path), 1, 1), "no such scenario file or folder"))
    return files, problems


def interactions(args: Any, plugin: GamePlugin) -> int:
    """`interactions [CARD...] [--all]`: how the game's cards meet; a game without the check
    is refused with the games that have it."""
    check = plugin.commands.interactions
    if check is None:
        having = [name for other in plugins() if other.commands.interactions is not None for name in other.offers()]
        raise RulesError(f"{args.game} has no interactions to check; the games that have them: {', '.join(having)} "
                         f"(--game NAME interactions); its commands: {', '.join(offered(plugin))}")
    text = check(rules_of(args, plugin), tuple(args.cards), bool(args.all))
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0


def render(args: Any, plugin: GamePlugin) -> int:
    """`render WHAT`: a saved game's table (.json, after --step answers) or what the game draws
    from a name (a board, a component, a state or scenario file, a seed) to standard output or -o."""
    hooks = plugin.commands
    if args.output:
        savefile.check_writable(Path(args.output))  # before the drawing, not after it
    if args.what.endswith(".json"):
        draw_game = needed(args, hooks.draw_game, "table to draw from a saved game")
        rules = rules_of(args, plugin)
        game = savefile.load_record(Path(args.what), lambda data: plugin.load_game(rules, at_step(data, args.step), False))
        drawing = draw_game(game, f"{args.what}, step {len(game.log)}")
    else:
        draw = needed(args, hooks.draw, f"drawing of '{args.what}' (render takes a saved game, .json)")
        drawing = draw(rules_of(args, plugin), args.what, game_options(args, hooks))
    write_drawing(drawing, args.output)
    return 0


def at_step(data: Any, step: int | None) -> Any:
    """A record cut to its first `step` answers (all of them for None); RulesError outside the game."""
    if step is None or not isinstance(data, dict) or not isinstance(data.get("answers"), list):
        return data
    if not 0 <= step <= len(data["answers"]):
        raise RulesError(f"--step {step} is outside the game: it has steps 0 to {len(data['answers'])}")
    return dict(data, answers=data["answers"][:step])


def write_drawing(drawing: Drawing, output: str | None) -> None:
    """Print a drawing, or write it (SVG, PNG for a .png name, or text) and say what was written."""
    if not output:
        sys.stdout.write(drawing.text)
        return
    if drawing.svg:
        kind = write_picture(drawing.text, Path(output))
        print(f"wrote {output} ({kind}{', ' + drawing.about if drawing.about else ''})")
        return
    savefile.write_atomic(Path(output), drawing.text)
    print(f"wrote {output}" + (f" ({drawing.about})" if drawing.about else ""))


COMMANDS: dict[str, Callable[[Any, GamePlugin], int]] = {
    "play": play, "validate": validate, "show": show, "scenario": scenario, "render": render,
    "interactions": interactions}
