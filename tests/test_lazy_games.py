"""One core, games as plug-ins (issue 34): importing rulesdsl or its shared packages loads no
game; a game's plug-in is imported when a front end asks the registry for it, and its own
section of the card language (the tableau statements) is registered then, through the
registry, not by an import in the shared packages. Each check runs in a fresh interpreter,
since this test process has long imported both games."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REGISTRY_ONLY = ["rulesdsl.games.registry"]  # the registry names the games as strings: importing it loads none


def _run(code: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


GAMES_LOADED = "sorted(m for m in sys.modules if m.startswith('rulesdsl.games.'))"


@pytest.mark.parametrize("module", ["rulesdsl", "rulesdsl.api", "rulesdsl.lang", "rulesdsl.lang.parser",
                                    "rulesdsl.lang.printer", "rulesdsl.content", "rulesdsl.content.loader",
                                    "rulesdsl.core", "rulesdsl.core.runner"])
def test_importing_the_package_or_a_shared_part_loads_no_game(module):
    assert json.loads(_run(f"import json, sys, {module}; print(json.dumps({GAMES_LOADED}))")) == REGISTRY_ONLY


def test_opening_each_game_through_the_api_loads_its_plug_in_and_its_content_parses():
    code = f"""
import json, sys
import rulesdsl
from rulesdsl.content.loader import load_content
from rulesdsl.lang.parser import parse
from rulesdsl.lang.printer import to_text
from rulesdsl.lang.tree import Node
from rulesdsl.games.tableau.engine.content import load_ruleset  # reading the files only: registers nothing

out = {{}}
for name in rulesdsl.games():
    game = rulesdsl.open_game(name, players=2, seed=1)
    out[name] = [bool(game.legal()), {GAMES_LOADED}]
ruleset = load_ruleset(__import__("pathlib").Path("boards/vikings"))
programs = ruleset.programs.values()
cards = load_content().collections["occupations"].values()
out["vikings programs"] = [len(programs), all(parse(to_text(p)) == p for p in programs),
                           all(isinstance(s, Node) for p in programs for s in p.items)]
out["feast occupations"] = len(cards)
print(json.dumps(out))
"""
    out = json.loads(_run(code))
    feast_ok, after_feast = out["feast"]
    vikings_ok, after_both = out["vikings"]
    assert feast_ok and vikings_ok
    assert "rulesdsl.games.feast.engine.game" in after_feast
    assert "rulesdsl.games.tableau.engine.language" in after_both  # registered when vikings was opened
    count, round_trips, built = out["vikings programs"]
    assert count >= 2 and round_trips and built
    assert out["feast occupations"] > 100


def test_a_reader_meeting_a_section_statement_gets_it_from_the_registry():
    """`rulesdsl fmt` on a ruleset's file, the language server: the parser meets a tableau
    statement with no game opened, asks the registry, and builds it as a tableau node."""
    code = f"""
import json, sys
from rulesdsl.lang.parser import parse
from rulesdsl.lang.printer import to_text
before = {GAMES_LOADED}
program = parse("award   7 fame to most held(gold)\\n")
print(json.dumps([before, type(program.items[0]).__name__, to_text(program)]))
"""
    before, kind, text = json.loads(_run(code))
    assert before == REGISTRY_ONLY
    assert kind == "AwardMost" and text == "award 7 fame to most held(gold)\n"


def test_a_statement_of_a_section_no_game_registers_is_refused_not_kept_raw():
    code = """
import json
from rulesdsl.errors import CardSyntaxError
from rulesdsl.lang import sections
sections._FINDERS.clear()  # as if no registry answered
from rulesdsl.lang.parser import parse
try:
    print(json.dumps(repr(parse("gain 1 gold\\naward 7 fame to most held(gold)\\n"))))
except CardSyntaxError as err:
    print(json.dumps([err.line, err.column, str(err)]))
"""
    line, column, message = json.loads(_run(code))
    assert (line, column) == (2, 1)
    assert "'award_most' belongs to a game's section of the card language that no game has registered" in message


def test_the_language_grammar_names_no_game_and_every_built_in_section_is_read_before_the_first_parse():
    """grammar/card.lark names no game; the tableau section's rules (rulesdsl/games/tableau/card.lark)
    are read before the first text, whichever game is opened, without importing the game: a
    first-game card's syntax error lists the same keywords either way."""
    assert "tableau" not in (ROOT / "grammar" / "card.lark").read_text(encoding="utf-8")
    code = f"""
import json, sys
from rulesdsl.errors import CardSyntaxError
from rulesdsl.lang.parser import parse, reserved_words
parse("gain 1 silver\\n")
loaded = {GAMES_LOADED}
try:
    parse("pay 1 silver ->\\n")
except CardSyntaxError as err:
    message = str(err)
print(json.dumps([loaded, "auction" in reserved_words(), message]))
"""
    loaded, auction, message = json.loads(_run(code))
    assert loaded == REGISTRY_ONLY  # no game's plug-in or engine for a first-game text
    assert auction  # the second game's keyword is reserved before it is opened
    assert message.startswith("1:16: unexpected end of line; expected 'allow', 'as', 'auction', 'award', ")
