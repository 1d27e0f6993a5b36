"""The services the statements are given (games/feast/engine/services.py) are a checked contract: the
game's course (`Flow`) offers each one with the same parameters, every service the engine's
parts call is named in the protocols, and every one named is called."""

import ast
import inspect
from pathlib import Path

from rulesdsl.games.feast.engine import services
from rulesdsl.games.feast.engine.flow import Flow
from rulesdsl.games.feast.engine.game import Game, GameOptions

ENGINE = Path(__file__).resolve().parent.parent / "rulesdsl" / "games" / "feast" / "engine"
PARTS = (services.EventServices, services.SpaceServices, services.PhaseServices, services.TravelServices,
         services.PlacingServices, services.CardServices, services.AnytimeServices)


def _offered(protocol) -> dict:
    """name -> the protocol's own function (None for an attribute) of each service it names."""
    own = {name: member for name, member in vars(protocol).items() if inspect.isfunction(member) and not name.startswith("_")}
    own.update({name: None for name in vars(protocol).get("__annotations__", {})})
    return own


def _called() -> set[str]:
    """Every `X.services.NAME` read in the engine's modules."""
    found = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) and node.value.attr == "services":
                found.add(node.attr)
    return found


def test_the_flow_offers_every_service_with_its_parameters(content):
    game = Game(content, GameOptions(players=2), 1)
    assert isinstance(game.flow, services.Services)
    for protocol in PARTS:
        for name, member in _offered(protocol).items():
            if member is None:
                assert hasattr(game.flow, name), name
            else:
                assert list(inspect.signature(getattr(Flow, name)).parameters) == list(inspect.signature(member).parameters), name


def test_the_services_called_are_the_services_named():
    named = {name for protocol in PARTS for name in _offered(protocol)}
    assert _called() == named
