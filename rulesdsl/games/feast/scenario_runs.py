"""Running a batch of scenario files so that one broken file cannot stop the rest.

Each file is read within the YAML limits, its shape checked (rulesdsl.games.feast.scenario_check)
and only then run; whatever goes wrong is that file's FAIL with a located message, and
the batch goes on with the next file.
"""

from __future__ import annotations

from pathlib import Path

from rulesdsl.content.yamlfile import YamlReadError, read_yaml
from rulesdsl.errors import Location, Problem, RulesError
from rulesdsl.games.feast import scenario
from rulesdsl.games.feast.scenario_check import check


def run_checked(path: Path, content):
    """The Result of one scenario file; a file that cannot be run fails with located reasons."""
    def failed(*problems: Problem):
        return scenario.Result(str(path), path.stem, False, [str(p) for p in problems])

    try:
        doc = read_yaml(path, str(path))
    except YamlReadError as err:
        return failed(err.problem)
    if isinstance(doc.data, dict) and isinstance(doc.data.get("game"), str):  # another ruleset's scenario
        return scenario.run_file(path, content)
    problems = check(doc, content)
    if problems:
        return failed(*problems)
    try:
        return scenario.run_file(path, content)
    except RulesError as err:  # the engine refused something the file asked for
        return failed(Problem(Location(str(path), 1, 1), str(err)))
    except RecursionError:
        return failed(Problem(Location(str(path), 1, 1), "the scenario nests too deeply to run"))
    except Exception as err:  # noqa: BLE001 - an engine bug must not stop the batch; it is reported
        return failed(Problem(Location(str(path), 1, 1), f"internal error while running: {type(err).__name__}: {err}"))
