"""Agents by name for simulations: one small factory.

`random` is built in; `greedy` and `search` come from `rulesdsl.agents.greedy` and
`rulesdsl.agents.search` when those modules exist (they may be installed later). A module
may offer `make_agent(seed, budget)` or a class `<Name>Agent(seed, budget=...)`.
"""

from __future__ import annotations

import importlib
import inspect

from rulesdsl.agents import RandomAgent
from rulesdsl.errors import RulesError

BUILT_IN = ("random",)
PLUGGABLE = ("greedy", "search")


def known() -> tuple[str, ...]:
    """The agent names a simulation accepts."""
    return BUILT_IN + PLUGGABLE


def make_agent(name: str, seed: int, budget: int | None = None):
    """An agent called `name`, seeded; RulesError if there is no such agent here."""
    if name == "random":
        return RandomAgent(seed)
    if name not in PLUGGABLE:
        raise RulesError(f"unknown agent '{name}'; simulations use one of: {', '.join(known())}")
    try:
        module = importlib.import_module(f"rulesdsl.agents.{name}")
    except ModuleNotFoundError as err:
        if err.name != f"rulesdsl.agents.{name}":
            raise
        raise RulesError(f"agent '{name}' is not available in this installation (no module rulesdsl.agents.{name}); "
                         f"use random, or install a rulesdsl that has it") from None
    factory = getattr(module, "make_agent", None) or getattr(module, f"{name.capitalize()}Agent", None)
    if factory is None:
        raise RulesError(f"rulesdsl.agents.{name} has neither make_agent nor {name.capitalize()}Agent")
    accepted = inspect.signature(factory).parameters
    if budget is not None and "budget" in accepted:
        return factory(seed, budget=budget)
    return factory(seed)


def check(names) -> None:
    """Refuse unknown or unavailable agents before any game starts."""
    for name in dict.fromkeys(names):
        make_agent(name, 0)
