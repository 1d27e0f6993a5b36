"""Both games run on one statement-running core and are checked by one checker.

The core (`rulesdsl/core/runner.py`) runs blocks, dispatches statements by node type and
asks; the control statements are `core/control.py`'s, the currency gains and payments
`core/currency.py`'s. The tableau package plugs its own statements
in and defines no run loop, no dispatch, no `if`/`gain`/`pay` of its own; both loaders check
programs with `rulesdsl.lang.checker.check`.
"""

import ast
import inspect
from pathlib import Path

import pytest

from rulesdsl.core import control, currency
from rulesdsl.core.game import Game as GameProtocol
from rulesdsl.core.runner import Runner
from rulesdsl.errors import IllegalMove
from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.games.feast.engine.interp import Interpreter as FeastInterpreter
from rulesdsl.games.tableau.engine import nodes as n
from rulesdsl.games.tableau.engine.content import load_ruleset, vocabulary
from rulesdsl.games.tableau.engine.game import TableauGame
from rulesdsl.games.tableau.engine.interp import Interpreter as TableauInterpreter
from rulesdsl.lang import checker, tree as t
from rulesdsl.lang.parser import parse

ROOT = Path(__file__).resolve().parent.parent
INTERPRETERS = (FeastInterpreter, TableauInterpreter)
CORE = ("run", "stmt", "can", "ask", "ask_yes", "c_Mood")  # what the core alone implements for both games
CONTROL = ("s_If", "c_If", "s_FirstOf", "s_RepeatTimes", "s_RepeatUntil", "s_ChooseOne", "s_ForEach")


def _defined(cls, name: str) -> str:
    """The module that defines the attribute `name` of `cls` (following its MRO)."""
    for klass in cls.__mro__:
        if name in vars(klass):
            return klass.__module__
    raise AttributeError(name)


@pytest.mark.parametrize("cls", INTERPRETERS, ids=("feast", "tableau"))
def test_both_interpreters_are_the_one_core(cls):
    assert issubclass(cls, Runner)
    for name in ("run", "stmt", "can", "c_Mood", "ask", "ask_yes"):  # one asking loop too
        assert getattr(cls, name) is getattr(Runner, name), name
    for name in CONTROL:
        assert _defined(cls, name) == control.__name__, name


def test_the_tableau_gains_and_pays_with_the_currency_statements():
    assert TableauInterpreter.s_Acquire is currency.CurrencyStatements.s_Acquire
    for name in ("s_Pay", "c_Pay", "s_Lose", "s_Convert", "anytime", "anytime_options", "means"):
        assert getattr(TableauInterpreter, name) is getattr(currency.CurrencyStatements, name), name


def test_the_tableau_package_defines_no_run_loop_and_no_general_statement():
    """No module of rulesdsl/games/tableau/engine defines a block runner, a dispatcher, an asking loop, the
    control statements or gain/pay/exchange, nor walks a tree to check names itself."""
    general = {"s_" + cls.__name__ for cls in (t.If, t.Acquire, t.Pay, t.Exchange, t.ChooseOne, t.FirstOf,
                                               t.RepeatTimes, t.RepeatUntil, t.ForEach, t.Mood)}
    forbidden = set(CORE) | general | {"c" + name[1:] for name in general}
    found = []
    for path in sorted((ROOT / "rulesdsl" / "games" / "tableau" / "engine").glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):  # the methods of a class (a CLI command may be called run)
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and (item.name in forbidden or item.name.startswith("do_")):
                        found.append(f"{path.name}: {node.name}.{item.name}")
            elif isinstance(node, ast.Attribute) and node.attr == "walk":
                found.append(f"{path.name}: walks a tree ({ast.unparse(node)})")
    assert found == []


@pytest.mark.parametrize("cls", INTERPRETERS, ids=("feast", "tableau"))
def test_each_statements_check_and_work_sit_in_one_module(cls):
    """Following a statement from its tree to the interpreter reaches one module: its `c_X`
    (if any) is defined beside its `s_X`, and the node comes from one node module."""
    apart = []
    for name in dir(cls):
        if name.startswith("c_") and hasattr(cls, "s_" + name[2:]):
            if _defined(cls, name) != _defined(cls, "s_" + name[2:]):
                apart.append(name[2:])
    assert apart == []
    for node_cls in n.TABLEAU_NODES:
        assert hasattr(TableauInterpreter, "s_" + node_cls.__name__), node_cls.__name__


def test_both_loaders_use_the_one_checker():
    from rulesdsl.content import validate
    from rulesdsl.games.tableau.engine import content

    assert validate.check is checker.check
    assert content.check_program is checker.check
    # the tableau's own statements are checked by the one walker through the names they list
    ruleset = load_ruleset(ROOT / "boards" / "vikings")
    vocab = vocabulary(ruleset)
    problems = checker.check(parse("sell lots of wheal in turns, free only if nothing_affordable\n"
                                   "award 7 fame to most held(gold)\ngain 2 glory\n"), vocab)
    assert [message.split(";")[0] for _, message in problems] == [
        "unknown ring 'wheal'", "unknown figure 'gold'", "unknown currency 'glory'"]
    refused = checker.check(parse("choose one:\n  gain 1 fame\n  gain 1 gold\n"), vocab)
    assert refused[0][1] == "'choose one' is a statement of another game's rules, not of this game"


def test_a_tableau_program_runs_the_core_if_and_currency_statements():
    ruleset = load_ruleset(ROOT / "boards" / "vikings")
    program = parse("in turn order:\n  if round = 0: gain 3 gold\n  otherwise: gain 9 gold\n"
                    "  pay 1 fame\n  lose 2 gold\n  convert 2 gold to 1 fame\n")
    game = TableauGame(ruleset, 2, program=program, prepare=lambda table: None)
    assert game.decision is None  # nothing to ask: it ran to the end
    before = TableauGame(ruleset, 2).table.seats
    for seat, start in zip(game.table.seats, before):
        gold = start.money["gold"] + 3 - 2
        fame = start.money["fame"] - (1 if start.money["fame"] >= 1 else 0)
        assert seat.money == {"gold": gold % 2, "fame": fame + gold // 2}


@pytest.mark.parametrize("cls", INTERPRETERS, ids=("feast", "tableau"))
def test_a_statement_goes_grammar_node_module_statement_module(cls):
    """Every statement the interpreter runs: its node in one node module (lang/nodes_*.py or
    games/tableau/engine/nodes.py), its `s_X` (and `c_X`) in one statement module: with its grammar
    file (grammar/card.lark or games/tableau/card.lark), three files."""
    if cls is FeastInterpreter:  # every statement of the language; a mood is the core's own
        runs = [k for k in t.Statement.__args__ if k is not t.Mood]
    else:
        runs = [*n.TABLEAU_NODES, t.Acquire, t.Pay, t.Exchange, t.If]
    for kind in runs:
        node_file = Path(inspect.getsourcefile(kind)).relative_to(ROOT).as_posix()
        assert node_file.startswith("rulesdsl/lang/nodes_") or node_file == "rulesdsl/games/tableau/engine/nodes.py", kind
        files = {node_file, _defined(cls, "s_" + kind.__name__)}
        assert len(files) == 2, (kind.__name__, files)


def test_the_first_games_questions_go_through_the_core():
    """The first game asks every question with the core's asking loop: its statements, phases
    and spaces call their interpreter's `ask` (the core's), with no game-level `ask` in between
    (a round trip from the interpreter through the game back to itself)."""
    assert FeastInterpreter.ask is Runner.ask and FeastInterpreter.ask_yes is Runner.ask_yes
    assert not hasattr(Game, "ask") and not hasattr(Game, "ask_yes")


def test_both_games_follow_the_core_game_protocol(content):
    """One protocol of a game in progress (`rulesdsl.core.game.Game`): both games follow it
    whole; both refuse an answer with IllegalMove, the one error type, and are unchanged by it."""
    members = {name for name in dir(GameProtocol) if not name.startswith("_")} | {"decision"}
    assert members == {"decision", "over", "legal", "answer", "fork", "save", "load", "scores"}
    tableau = TableauGame(load_ruleset(ROOT / "boards" / "vikings"), 2, seed=1)
    feast = Game(content, GameOptions(players=2, length="short", decks=("A",)), 1)
    assert isinstance(tableau, GameProtocol) and isinstance(feast, GameProtocol)
    for game in (tableau, feast):
        before = game.save()
        with pytest.raises(IllegalMove):
            game.answer("no such answer")
        assert game.save() == before and not game.over
    for game in (tableau, feast):
        assert game.legal() == game.decision.legal()
