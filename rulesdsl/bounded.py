"""Numbers typed by people (command-line options, form fields, answers at the terminal):
read only when short, then held to a range, so a number of thousands of digits or a
negative count is refused with what was expected, before anything is built from it."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from rulesdsl.errors import RulesError

MAX_DIGITS = 19  # every count and seed fits in 64 bits
SEED_LIMIT = 2**63 - 1


def whole_number(text: str, low: int, high: int, what: str) -> int:
    """`text` as a whole number within [low, high]; RulesError naming `what` otherwise."""
    shown = text.strip()
    digits = shown.lstrip("+-")
    if not digits.isascii() or not digits.isdigit() or len(digits) > MAX_DIGITS:
        raise RulesError(f"{what} takes a whole number from {low:,} to {high:,}, not '{shown[:24]}{'...' if len(shown) > 24 else ''}'")
    value = int(shown)
    if not low <= value <= high:
        raise RulesError(f"{what} takes a whole number from {low:,} to {high:,}, not {value:,}")
    return value


def seconds(value: float, low: float, high: float, what: str) -> float:
    """A finite time in seconds within (low, high]; RulesError otherwise."""
    if not math.isfinite(value) or not low < value <= high:
        raise RulesError(f"{what} takes a time above {low:g} s and at most {high:g} s, not {value:g} s")
    return value


def count(low: int, high: int) -> Callable[[str], int]:
    """An argparse `type` for a whole number within [low, high] (a refusal is argparse's usual error)."""

    def parse(text: str) -> int:
        try:
            return whole_number(text, low, high, "this option")
        except RulesError as err:
            raise argparse.ArgumentTypeError(str(err).replace("this option takes ", "expected ")) from None

    parse.__name__ = "number"  # argparse names the type in its message
    return parse


SEED = count(-SEED_LIMIT, SEED_LIMIT)
