"""A scenario file played step by step for the Rules page's "show me": the table after the
situation is built and after each step, with what the step did, and whether the scenario's
expectations hold at the end (the same runner as `rulesdsl scenario`)."""

from __future__ import annotations

from pathlib import Path

import attrs

from rulesdsl.errors import RulesError
from rulesdsl.games.feast import scenario
from rulesdsl.view.table import table_svg


@attrs.frozen
class Frame:
    """The table after one step: what the step did (its keys and answers; empty for the
    situation before the first step) and the SVG."""

    label: str
    svg: str
    refused: str | None = None


@attrs.frozen
class Shown:
    """A scenario played frame by frame, with its verdict."""

    title: str
    frames: tuple[Frame, ...]
    passed: bool
    failures: tuple[str, ...]


def _label(step: dict) -> str:
    player = step.get("player", 0)
    what = ", ".join(f"{key} {step[key]}" for key in ("space", "phase", "play", "place", "anytime", "effect", "score") if key in step)
    extra = "".join(f"; {key} {step[key]}" for key in ("answers", "dice") if step.get(key))
    return f"P{player + 1}: {what}{extra}"


def show(path: Path, content) -> Shown:
    """Play the scenario at `path` step by step, drawing the table after each step."""
    doc, reader = scenario.load(path)
    if reader is None:
        raise RulesError(f"{path}: a scenario of another game cannot be shown on this table")
    content = scenario.variant(doc, reader, path, content)
    game = scenario.build(doc, reader, content)
    frames = [Frame("", table_svg(game))]
    failures: list[str] = []
    for step in doc.data.get("steps") or []:
        try:
            scenario.run_steps(game, reader, [step])
        except scenario.ScenarioError as err:
            failures.append(str(err.problem))
            break
        refused = step.get("expect_error") if isinstance(step, dict) else None
        frames.append(Frame(_label(step), table_svg(game), str(refused) if refused is not None else None))
    if not failures:
        failures = scenario.check_expectations(game, reader, doc.data.get("expect"))
    return Shown(str(doc.data.get("title", path.stem)), tuple(frames), not failures, tuple(failures))
