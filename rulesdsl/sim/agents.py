"""Agents by name for simulations: one small factory.

`random` is built in; `learned`, `greedy` and `search` come from `rulesdsl.agents.learned`,
`rulesdsl.agents.greedy` and `rulesdsl.agents.search` when those modules exist (they may be
installed later). A module may offer `make_agent(seed, budget)` or a class
`<Name>Agent(seed, budget=..., model=...)`; `model` (a value model file) goes to the agents that
take one (learned, search).
"""

from __future__ import annotations

import importlib
import inspect

from rulesdsl.agents import RandomAgent
from rulesdsl.errors import RulesError

BUILT_IN = ("random",)
PLUGGABLE = ("learned", "greedy", "search")


def known() -> tuple[str, ...]:
    """The agent names a simulation accepts."""
    return BUILT_IN + PLUGGABLE


def make_agent(name: str, seed: int, budget: int | None = None, model: str | None = None):
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
    options = {}
    if budget is not None and "budget" in accepted:
        options["budget"] = budget
    if "model" in accepted:
        options["model"] = model
    return factory(seed, **options)


def check(names, model: str | None = None) -> None:
    """Refuse unknown or unavailable agents (and an unreadable model) before any game starts."""
    for name in dict.fromkeys(names):
        make_agent(name, 0, model=model)
