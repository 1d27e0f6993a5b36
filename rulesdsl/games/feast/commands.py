"""A Feast for Odin's part of the command line: the hooks the game-neutral commands
(`rulesdsl.games.commands`: play, validate, show, scenario, render, interactions) ask of it,
and its own commands (cards, learn and the authoring commands), over the content folders that
`--content` and `--no-builtin` name.

Each hook imports its heavy modules inside its function (a comment says which): `rulesdsl show`
must not wait for the engine or the agents' models that `play` loads.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rulesdsl.authoring.changes import change_report
from rulesdsl.authoring.commands import run_command
from rulesdsl.content.loader import load_content
from rulesdsl.content.yamlfile import YamlReadError, read_yaml
from rulesdsl.errors import RulesError
from rulesdsl.games.feast.args import DECKS
from rulesdsl.games.feast.scenario_runs import run_checked
from rulesdsl.games.registry import Drawing
from rulesdsl.resources import scenarios_root
from rulesdsl.view.show import grid_lines, item_lines


def _load(args: Any, extra: Sequence[str] = ()) -> Any:
    return load_content([*args.content, *extra], include_builtin=not args.no_builtin)


# ------------------------------------------------------------------ hooks of the game-neutral commands
def options(args: Any) -> dict[str, Any]:
    """A new game's options from the game's own flags: --short and --decks."""
    return {"length": "short" if getattr(args, "short", False) else "long",
            "decks": tuple(d.strip().upper() for d in getattr(args, "decks", DECKS).split(",") if d.strip())}


def status(game: Any) -> str:
    """Where an unfinished game stands: its round and phase."""
    return f"round {game.state.round}, {game.state.phase}"


def score_table(game: Any, agents: list[str]) -> str:
    """The final score table with its scoring categories."""
    # import here: the scoring (and the engine) only for `play`
    from rulesdsl.games.feast.engine.scoring import final_scores, table

    return str(table(final_scores(game), agents))


def log_lines(content: Any, game: Any) -> list[str]:
    """The game told round by round (`play --log`)."""
    # import here: the log (and the engine) only when --log asks for it
    from rulesdsl.games.feast.engine.game import Game
    from rulesdsl.view.timeline import log_lines as told  # import here: as above

    return list(told(Game, content, game.save()))


def validate(name: str, content: Any, builtin: bool, paths: Any) -> str:
    """Load the content with the extra paths; what was checked and what a variant changes."""
    loaded = load_content([*content, *paths], include_builtin=builtin)
    counts = ", ".join(f"{len(items)} {kind.replace('_', ' ')}" for kind, items in loaded.collections.items() if items)
    files = len({id(src.doc) for src in loaded.sources.values()})
    return f"OK: {counts} ({len(loaded.programs)} effects checked, {files} files)\n" + change_report(loaded)


def show(content: Any, name: str, tree_only: bool) -> str:
    """An item's canonical effect text and tree (or a board's grid); RulesError for none or several."""
    # import here: the printers only for `show`
    from rulesdsl.lang.dump import dump
    from rulesdsl.lang.printer import to_text  # import here: as above

    found = content.find(name)
    if not found:
        lines = grid_lines(content, name)  # a board `render` draws (home_long, a house ...)
        if lines is None:
            raise RulesError(f"nothing is called '{name}'")
        return "\n".join(lines) + "\n"
    if len(found) > 1:
        candidates = [f"  {collection} {item.id}{': ' + getattr(item, 'name', '') if getattr(item, 'name', '') else ''}"
                      f"  (rulesdsl show {collection}:{item.id})" for collection, item in found]
        raise RulesError("\n".join([f"'{name}' is ambiguous; which one is meant?", *candidates]))
    collection, item = found[0]
    source = content.source(collection, item.id)
    program = content.programs.get((collection, item.id))
    out: list[str] = []
    if not tree_only:
        title = getattr(item, "name", "")
        kind = collection[:-1] if collection.endswith("s") else collection
        out += [f"{kind} {item.id}{': ' + title if title else ''}", f"  from {source.location()}"]
        if program is None:
            return "\n".join(out + ["  " + line for line in item_lines(content, item)]) + "\n"
        out += ["", *("  " + line for line in to_text(program).splitlines()), ""]
    text = "".join(line + "\n" for line in out)
    return text + (dump(program) if program is not None else "")


def run_scenario(content: Any, path: Path) -> Any:
    """The result of one scenario file (a file that cannot be run fails with located reasons)."""
    return run_checked(path, content)


def draw(content: Any, what: str, options: dict[str, Any]) -> Drawing:
    """A board (empty), a board state file or a component of the Components page, as SVG."""
    # import here: the drawing only for `render`
    from rulesdsl.geometry import pieces
    from rulesdsl.geometry.placement import empty  # import here: as above
    from rulesdsl.geometry.render import render_svg  # import here: as above
    from rulesdsl.geometry.statefile import load_state  # import here: as above

    path = Path(what)
    if path.suffix in (".yaml", ".yml") or path.is_file():
        state = load_state(path, content)
    elif what not in pieces.grids(content) and f"home_{what}" not in pieces.grids(content):
        # import here: the component drawings only for a component
        from rulesdsl.view.components import component

        try:
            return Drawing(component(content, what), about=f"component {what}")
        except KeyError:
            raise RulesError(f"no board or component '{what}'; see the Components page of `rulesdsl serve` for the ids") from None
    else:
        state = empty(pieces.grid(content, what))
    return Drawing(render_svg(state), about=f"{len(state.tiles)} tiles")


def draw_game(game: Any, title: str) -> Drawing:
    """The table of a saved game, as SVG."""
    # import here: the table drawing only for a saved game
    from rulesdsl.view.table import table_svg

    return Drawing(table_svg(game, title), about=f"the table after {len(game.log)} answers")


# ------------------------------------------------------------------ the game's own commands
def learn(args: Any) -> int:
    """`learn`: the guided lessons in the terminal."""
    # import here: the lessons (and the engine they play) only for `learn`
    from rulesdsl.games.feast.learn_terminal import main as lessons

    return int(lessons(_load(args), args.number, args.language, args.check))


def authoring(args: Any) -> int:
    """fmt, schema, new, explain, lsp and ids (`rulesdsl.authoring`)."""
    return int(run_command(args, _load))


def cards(args: Any) -> int:
    """`cards`: the occupations, with the scenarios that prove each one (--coverage)."""
    content = _load(args)
    folder = Path(args.scenarios) if args.scenarios else scenarios_root()
    proving: dict[int, list[str]] = {}
    for path in sorted(folder.rglob("*.yaml")) if folder.is_dir() else []:
        try:
            data = read_yaml(path, str(path)).data
        except YamlReadError:
            continue
        for number in (data or {}).get("cards", []) if isinstance(data, dict) else []:
            proving.setdefault(number, []).append(str(path.relative_to(folder)))
    covered = 0
    for number, card in sorted(content.occupations.items()):
        files = proving.get(number, [])
        covered += bool(files)
        line = f"{number:4} {card.deck}{'s' if card.starting else ' '} {card.name:28} {card.category:10}"
        if args.coverage:
            line += " " + (", ".join(files) if files else "-- no scenario --")
        print(line)
    if args.coverage:
        print(f"{covered}/{len(content.occupations)} occupations have at least one scenario")
    return 0


def _card_number(content: Any, key: str) -> int:
    found = [item for collection, item in content.find(key) if collection == "occupations"]
    if not found:
        raise RulesError(f"no occupation is called '{key}'")
    if len(found) > 1:
        names = ", ".join(f"{c.number} ({c.name})" for c in found)
        raise RulesError(f"'{key}' names several occupations: {names}; give the number")
    return int(found[0].number)


def interactions(content: Any, cards: Sequence[str], every: bool) -> str:
    """How cards meet (shared timing points, stacking, conflicts, cycles): the named cards
    together, one card against every other, or every occupation with `every` (--all)."""
    # import here: the interaction analysis (and the engine it works values out on) only for `interactions`
    from rulesdsl.games.feast.interactions import report, report_all, report_against_all

    if every:
        return report_all(content)
    if not cards:
        raise RulesError("name at least one card, or use --all")
    numbers = [_card_number(content, key) for key in cards]
    if len(numbers) == 1:  # one card alone: against every other card of the content
        return report_against_all(content, numbers[0])
    return report(content, numbers)
