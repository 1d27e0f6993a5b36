"""What the card language's statements ask of the game's course, as narrow protocols.

A statement acts on the state it is given (`Ctx`: the player, the current action, the event)
and asks its player itself (the interpreter's own `ask`). What is more than one statement (an
event reaching the effects that listen to it, a space carried out, a phase for one player, a
mountain strip, a board to place onto, a card played) is the game's course (`Flow`), which
runs statements in turn. The interpreter is given that course once, when the game is built
(`Interpreter(game, services)`), typed as these protocols: the statements name each service
they use, and none climbs from the game to its flow. Each protocol is the part of the course
one module of the flow provides (its docstring says which); `Services` is all of them.

`Evaluator` is what `Events` asks of the interpreter: a card's condition and a number read
while a modified value is computed.

The yielded decisions are typed `Any` here: the statement core's `Decision` is not imported by
this module of protocols (statements yield whatever the core puts to the player).
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import Any, Protocol, runtime_checkable

# A statement or service at work: yields the decisions it puts to a player, is sent each answer,
# and returns its result (whether it did anything, or a count).
Asking = Generator[Any, str, Any]


class EventServices(Protocol):
    """Events reaching the effects that listen to them (`emission.py`)."""

    def emit(self, timing: str, name: str, ctx: Any, info: Any, only_card: int | None = None,
             skip_cards: frozenset[int] = frozenset()) -> Asking:
        """Run every effect listening to this event for the acting player."""

    def replace(self, ctx: Any, name: str, info: Any) -> Asking:
        """`instead of` hooks: None when nothing replaced the pending thing."""

    def before_payment(self, ctx: Any, item: str) -> Asking:
        """Announce that an item is about to be paid."""

    def check_watches(self) -> Asking:
        """Fire the `once as soon as` watches whose condition now holds."""


class SpaceServices(Protocol):
    """The action board: spaces in play, Vikings on them, spaces carried out (`spaces.py`)."""

    in_action: int | None  # the player whose action is under way, if any

    def spaces_in_play(self) -> list[str]:
        """The spaces of this game, in content order."""

    def vikings_on(self, player: int, space: str) -> int:
        """How many of the player's Vikings stand on a space."""

    def return_vikings(self, ctx: Any, space: str, n: int, cause: str) -> Asking:
        """Take Vikings back from a space."""

    def do_named(self, ctx: Any, name: str) -> Asking:
        """`do NAME`: a named action of the board."""

    def granted_space(self, ctx: Any, space: str) -> Asking:
        """`do action of X`: a space's action granted by a card."""

    def can_imitate(self, ctx: Any, place: Any) -> bool:
        """Whether a space of the place can be imitated."""

    def imitate(self, ctx: Any, place: Any, mandatory: bool) -> Asking:
        """`imitate`: carry out an occupied space's action."""


class PhaseServices(Protocol):
    """Rounds, phases and mechanisms (`phases.py`)."""

    def plan(self) -> Any:
        """This round's plan."""

    def home(self) -> Any:
        """The home board of this game's length."""

    def phases_using(self, mechanism: str) -> frozenset[str]:
        """The phases whose effect uses a mechanism."""

    def run_phase_for(self, ctx: Any, phase: str, on: Any) -> Asking:
        """`run phase X`: a complete extra phase for one player."""

    def phase_for(self, ctx: Any, phase: str, how: str, work: Asking) -> Asking:
        """One player's phase: its `before` hooks, the work, its `after` hooks."""

    def extra_phase(self, ctx: Any, phase: str) -> Asking:
        """Your share of a phase counted by a card: its `during` hooks."""

    def use(self, node: Any, ctx: Any) -> Asking:
        """`use NAME with ...`: run a mechanism."""


class TravelServices(Protocol):
    """Mountain strips, emigration and exploration (`travel.py`)."""

    def take_mountain(self, node: Any, ctx: Any, mandatory: bool) -> Asking:
        """Take goods from a mountain strip."""

    def can_emigrate(self, ctx: Any, base_cost: int) -> bool:
        """Whether the player can emigrate at this cost."""

    def emigrate(self, ctx: Any, base_cost: int, mandatory: bool) -> Asking:
        """Emigrate one of the player's ships."""

    def explorable(self, ctx: Any, names: Any) -> list[str]:
        """The exploration boards the player may take."""

    def explore(self, ctx: Any, boards: list[str], mandatory: bool) -> Asking:
        """Take one of these exploration boards."""


class PlacingServices(Protocol):
    """Boards and placement, and what they give (`placing.py`)."""

    def income(self, p: Any) -> int:
        """The player's income."""

    def base_sword(self, item: Any) -> int | None:
        """A tile's printed sword value (None: not a tile one loots)."""

    def placed_count(self, p: Any, item: str, zone: str) -> int:
        """How many of an item the player has placed in a zone."""

    def ore_room(self, ship: Any) -> int:
        """How much more ore a ship can carry."""

    def can_place_into(self, ctx: Any, bundle: Any, into: Any) -> bool:
        """Whether the bundle can be placed into the named boards."""

    def place_bundle(self, node: Any, ctx: Any, mandatory: bool) -> Asking:
        """`place ... into`."""

    def place_all(self, node: Any, ctx: Any, mandatory: bool) -> Asking:
        """`place all ... into`."""

    def gain_and_place(self, ctx: Any, item: str, n: int, target: Any) -> Asking:
        """Gain an item and place it at once."""

    def liftable(self, node: Any, ctx: Any) -> list[Any]:
        """What `lift` could take off."""

    def lift(self, node: Any, ctx: Any, mandatory: bool) -> Asking:
        """`lift ... off ... refill with`."""


class CardServices(Protocol):
    """Occupations drawn and played (`card_play.py`)."""

    def draw_occupation(self, ctx: Any) -> Asking:
        """Draw one occupation (a count: how many arrived)."""

    def play_card(self, ctx: Any, number: int) -> Asking:
        """Play an occupation from the player's hand."""

    def occupations_played(self, ctx: Any, occasion: list[int]) -> Asking:
        """Announce the occupations played on one occasion."""


class AnytimeServices(Protocol):
    """What a player may do at any time besides answering (`anytime.py`)."""

    def anytime_options(self, player: int) -> Iterable[Any]:
        """The anytime menu."""

    def anytime(self, player: int, key: str) -> Asking:
        """Do one anytime action."""


@runtime_checkable
class Services(EventServices, SpaceServices, PhaseServices, TravelServices, PlacingServices, CardServices,
               AnytimeServices, Protocol):
    """Everything the statements ask of the game's course (a `Flow` is one)."""


class Evaluator(Protocol):
    """What `Events` asks of the interpreter while it computes a modified value."""

    def truth(self, cond: Any, ctx: Any) -> bool:
        """Whether a condition holds."""

    def number(self, expr: Any, ctx: Any) -> int:
        """The value of a number expression."""


__all__ = ["AnytimeServices", "Asking", "CardServices", "Evaluator", "EventServices", "PhaseServices", "PlacingServices",
           "Services", "SpaceServices", "TravelServices"]
