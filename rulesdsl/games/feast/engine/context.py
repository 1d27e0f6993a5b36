"""What an effect runs in: the context (`Ctx`: whose effect, which card, space, event, bound
names, dice action ...) and the record of one action (`Action`); `Abort` (a requirement not met)
is the core's (`rulesdsl/core/runner.py`)."""

from __future__ import annotations

from collections import Counter


_new = Counter.__new__

# How an action came about (`Action.how`) -> the `how` words its events carry: Vikings placed on
# the space itself are `space` and `placed`; Vikings on an imitation space copying it are
# `space` and `copied`; a card's grant is `granted` (docs/LANGUAGE.md, timing model).
_HOW_WORDS = {"space": frozenset({"space", "placed"}), "copied": frozenset({"space", "copied"}), "granted": frozenset({"granted"})}


def hows(how: str) -> frozenset:
    """The `how` words of an action that came about this way (see `_HOW_WORDS`)."""
    found = _HOW_WORDS.get(how)
    if found is None:
        found = _HOW_WORDS[how] = frozenset({how})
    return found


def _counted(counter: Counter) -> Counter:
    """A Counter's copy, made without Counter.__init__'s update machinery."""
    new = _new(Counter)
    dict.update(new, counter)
    return new


class Action:
    """What one action (a space used, or an action granted by a card) has done so far."""

    __slots__ = ("space", "group", "column", "vikings", "how", "paid", "listed", "gained", "printed", "used", "upgraded",
                 "temporary", "bonus_plays", "occasion")

    def __init__(self, space=None, group=None, column=None, vikings=0, how="space"):
        self.space = space
        self.group = group
        self.column = column
        self.vikings = vikings
        self.how = how
        # empty Counters made without Counter.__init__ (whose update machinery is most of the cost
        # of an Action, built for every Viking placement)
        self.paid: Counter = _new(Counter)
        self.listed: Counter = _new(Counter)  # costs paid so far as printed, before any modifier
        self.gained: Counter = _new(Counter)
        self.printed = None
        self.used: Counter = _new(Counter)
        self.upgraded = 0
        self.temporary: list = []  # (card, statement): modifiers that last until the action ends
        self.bonus_plays = 0
        self.occasion = None

    def copy(self) -> "Action":
        """An independent copy (what a checkpoint taken inside an action keeps, and each fork restarted there gets)."""
        new = Action(self.space, self.group, self.column, self.vikings, self.how)
        new.paid, new.listed, new.gained, new.used = _counted(self.paid), _counted(self.listed), _counted(self.gained), _counted(self.used)
        new.printed, new.upgraded, new.temporary = self.printed, self.upgraded, list(self.temporary)
        new.bonus_plays, new.occasion = self.bonus_plays, self.occasion
        return new


class Ctx:
    __slots__ = ("player", "p", "card", "space", "info", "vars", "it", "action", "dice", "slash", "value", "via", "phase",
                 "pending")

    def __init__(self, player: int, p, card=None, space=None, info=None, action=None):
        self.player = player
        self.p = p
        self.card = card
        self.space = space
        self.info = info
        self.vars: dict = {}
        self.action = action
        # `phase`: the share of a phase being run (its EventInfo), for the mechanisms; `pending`:
        # arrivals of the current yield, announced when it is complete (one chained store: a
        # context is made for every effect run)
        self.it = self.dice = self.slash = self.value = self.via = self.phase = self.pending = None

    def derive(self, **changes) -> "Ctx":
        new = Ctx.__new__(Ctx)
        # unrolled: this runs for every effect and every feasibility check
        new.player, new.p, new.card, new.space, new.info = self.player, self.p, self.card, self.space, self.info
        new.vars, new.it, new.action, new.dice, new.slash = self.vars, self.it, self.action, self.dice, self.slash
        new.value, new.via, new.phase, new.pending = self.value, self.via, self.phase, self.pending
        if "vars" in changes:
            changes["vars"] = dict(changes["vars"])
        for name, value in changes.items():
            setattr(new, name, value)
        return new
