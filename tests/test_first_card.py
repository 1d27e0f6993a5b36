"""docs/FIRST_CARD.md, executed step by step: its commands give the outputs it shows."""

import re
import shlex
from pathlib import Path

from rulesdsl.authoring.scaffold import categories
from rulesdsl.authoring.schema import SCHEMA_LINE
from rulesdsl.cli import main

PAGE = Path(__file__).resolve().parent.parent / "docs" / "FIRST_CARD.md"
_BLOCK = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```$", re.M | re.S)


def test_the_first_card_page_runs_as_written(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    steps = 0
    output = None
    for kind, info, body in _BLOCK.findall(PAGE.read_text(encoding="utf-8")):
        if kind == "sh":
            capsys.readouterr()
            codes = [main(shlex.split(line)[1:]) for line in body.strip().split("\n") if line.startswith("rulesdsl ")]
            captured = capsys.readouterr()
            output = (captured.out + captured.err).rstrip("\n").split("\n")
            output = [line for line in output if not line.startswith("OK: ")]  # the counts of the whole game
            steps += 1
            assert codes, body
        elif kind == "text":
            assert output is not None, "an output block needs a command before it"
            assert output == body.rstrip("\n").split("\n")
            output = None
        elif kind == "yaml":
            path = tmp_path / info.strip()
            old = path.read_text(encoding="utf-8")
            first = old.split("\n", 1)[0] + "\n" if old.startswith(SCHEMA_LINE) else ""
            path.write_text(first + body, encoding="utf-8")  # the edit keeps the schema line
    assert steps == 7
    assert (tmp_path / "my_variant" / "cards" / "occupations" / "A" / "900-bee-keeper.yaml").read_text().endswith(
        "effect: |\n  after phase feast: gain 1 mead\n")


def test_the_page_and_the_readme_list_the_categories_of_the_model():
    listed = ", ".join(f"`{c}`" for c in categories())
    assert f"| `category` | one of {listed} |" in PAGE.read_text(encoding="utf-8")
    readme = (PAGE.parent.parent / "README.md").read_text(encoding="utf-8")
    assert f"`category` is one of {', '.join(categories())})" in readme
