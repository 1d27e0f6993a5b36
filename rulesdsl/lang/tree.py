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
from rulesdsl.lang.nodes_expressions import *  # noqa: F401,F403
from rulesdsl.lang.nodes_selectors import *  # noqa: F401,F403
from rulesdsl.lang.nodes_goods import *  # noqa: F401,F403
from rulesdsl.lang.nodes_cards import *  # noqa: F401,F403
from rulesdsl.lang.nodes_boards import *  # noqa: F401,F403
from rulesdsl.lang.nodes_ships import *  # noqa: F401,F403
from rulesdsl.lang.nodes_control import *  # noqa: F401,F403
from rulesdsl.lang.nodes_actions import *  # noqa: F401,F403
from rulesdsl.lang.nodes_timing import *  # noqa: F401,F403

Statement = Union[
    Acquire, Pay, Exchange, Draw, Play, Upgrade, Flip, TakeMountain, ReturnVikings, Require,
    Emigrate, Explore, DoNamed, DoSpace, Imitate, RunPhase, LoadOre, RemoveOre, UnloadOre,
    PlaceBundle, PlaceAll, Loot, MakePregnant, Harvest, Lift, Nothing, Use, Modify, SetValue, Allow,
    Mood, If, ChooseOne, ChooseVar, ForEach, FirstOf, BySlash, ByTable, RepeatTimes, RepeatUntil,
    AsPhase, Part, Dice,
]
