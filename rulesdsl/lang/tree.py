"""Typed effect-tree nodes of the card language.

Every node is a frozen attrs class, so trees compare by value and can be
hashed, cached and pickled. The source position (`pos`) is carried for error
messages but takes no part in equality: a tree parsed from text equals the
same tree re-parsed from its canonical printout.

Names stay as written (``longships``, ``red goods``); the checker resolves
them against the loaded content, so parsing needs no content at all.

The nodes live in modules by concept, each beside the code that builds them from the parse
(`nodes_*.py`); this module gathers them, so `from rulesdsl.lang import tree as t` reaches all.
"""

from typing import Union

from rulesdsl.lang.nodes_base import Node, Pos, node, walk  # noqa: F401
from rulesdsl.lang.nodes_expressions import (  # noqa: F401 (this module gathers the nodes)
    And, BinOp, Compare, Cond, Expr, Half, HaveEach, It, MaxOf, MinOf, Not, Num, Or, Quantity,
    Query, Ref, Signed, This, Var,
)
from rulesdsl.lang.nodes_selectors import (  # noqa: F401
    Amount, AnyNumber, AnySelector, Between, Bundle, ColumnPlace, DifferentKindsMod, Exactly, ExprAmount, FromMod,
    GroupPlace, InMod, IntAmount, Item, NounPlace, OnMod, OWNERS, Place, Range, RefPlace, RefSelector, SameKindMod,
    Selector, SelMod, SlashAmount, SpacePlace, UpTo, VarItem, WithMod, WithMostMod,
)
from rulesdsl.lang.nodes_goods import Acquire, Exchange, Flip, Harvest, Loot, MakePregnant, Pay, Upgrade  # noqa: F401
from rulesdsl.lang.nodes_cards import Draw, Play  # noqa: F401
from rulesdsl.lang.nodes_boards import Emigrate, Explore, Lift, PlaceAll, PlaceBundle, TakeMountain  # noqa: F401
from rulesdsl.lang.nodes_ships import LoadOre, RemoveOre, Require, UnloadOre  # noqa: F401
from rulesdsl.lang.nodes_control import (  # noqa: F401
    Bracket, BySlash, ByTable, ChooseOne, ChooseVar, FirstOf, ForEach, If, Mood, Nothing,
    RepeatTimes, RepeatUntil, Row,
)
from rulesdsl.lang.nodes_actions import (  # noqa: F401
    AsPhase, Dice, DoNamed, DoSpace, Imitate, Part, ReturnVikings, RunPhase, Sail, Use,
)
from rulesdsl.lang.nodes_timing import (  # noqa: F401
    Allow, Anytime, AsFilter, Event, Filter, ForFilter, Hook, HowFilter, Modify, OfFilter, OnceHook, OnFilter,
    Program, SetValue, TIMINGS, Watch, WithFilter,
)

Statement = Union[
    Acquire, Pay, Exchange, Draw, Play, Upgrade, Flip, TakeMountain, ReturnVikings, Require,
    Emigrate, Explore, DoNamed, DoSpace, Imitate, RunPhase, LoadOre, RemoveOre, UnloadOre,
    PlaceBundle, PlaceAll, Loot, MakePregnant, Harvest, Lift, Nothing, Use, Modify, SetValue, Allow,
    Mood, If, ChooseOne, ChooseVar, ForEach, FirstOf, BySlash, ByTable, RepeatTimes, RepeatUntil,
    AsPhase, Part, Dice,
]
