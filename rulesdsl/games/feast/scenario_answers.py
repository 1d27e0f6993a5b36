"""Answering a scenario step's questions from its file (docs/SCENARIOS.md).

A step's `answers` are plain keys, taken in the order the questions come, and in format 2
also answers named by the question they answer (`{play: 17}`, `{confirm: yes, card: 120}`),
which wait for a question of that kind wherever it comes: a named answer is also spent by
a question the engine answered by itself the same way (a single legal answer, the rest of a
payment once one item is left), so a file written from the rules alone does not depend on
which questions the engine skips. The prompt to carry out an action (`act`, offered only
when an anytime card could be used) is answered `go` when no answer is meant for it, and a
`go` written for such a prompt that did not come is dropped.

A step may also say what must not happen: `silent: [cards]` (none of their effects runs)
and `asked: {kind: n}` (exactly n questions of that kind are put). A breach is reported with
the question that was asked, and the step goes on (the question declined where it can be),
so one wrong trigger does not hide the rest of the file.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from rulesdsl.errors import IllegalMove

# words that are answers of some question without naming content (for `!key` in format 2)
ANSWER_WORDS = {"pass", "yes", "no", "stop", "reroll", "succeed", "fail", "done", "none", "coin", "empty", "keep", "back", "go",
                "finish", "anytime:menu"}
# answers that decline a question, tried in this order when a question nobody expected must be answered
_DECLINE = ("no", "none", "keep", "stop", "back", "go", "done", "pass", "finish")
_CAUSE = re.compile(r"\(card (\d+)\) \(")  # a history line naming the card whose effect runs next
# the kinds of question the engine asks (`Decision.kind`): what a named answer may name
QUESTION_KINDS = frozenset({"space", "act", "imitate", "order", "instead", "play", "pay", "confirm", "choose", "slash", "boats",
                            "reroll", "dice", "loot", "place", "upgrade", "flip", "mountain", "emigrate", "explore", "anytime",
                            "end", "ship"})


class StepWatch:
    """What one step asserts about its questions (`silent`, `asked`) and the breaches found."""

    def __init__(self, game, r, path, silent=(), asked=None):
        self.game, self.r, self.path = game, r, path
        for index, card in enumerate(silent):
            if card not in game.content.occupations:
                r.fail(path + ("silent", index), f"unknown occupation {card!r}")
        for kind in asked or {}:
            if kind not in QUESTION_KINDS:
                r.fail(path + ("asked", kind), f"unknown kind of question '{kind}'; kinds: {', '.join(sorted(QUESTION_KINDS))}")
        self.silent = frozenset(silent)
        self.asked = dict(asked or {})
        self.prompts: dict = defaultdict(list)  # kind -> prompts put in this step
        self.fired = Counter(game.state.fired)  # what had fired before the step
        self.reported: set = set()  # silent cards already reported
        self.failures: list[str] = []
        self.last_card = None  # the card whose effect ran last (what a `card:` named answer is matched with)
        self.read = len(game.history)  # the history lines read for it so far

    def question(self, decision) -> None:
        """A question is put: count it, and see which cards fired since the last one."""
        self.prompts[decision.kind].append(decision.prompt)
        self.fired_since(decision)
        if decision.kind in ("order", "instead"):
            for option in decision.options:
                card = _card_of(option.key)
                if card in self.silent and card not in self.reported:
                    self.reported.add(card)
                    self.failures.append(f"card {card} ({self._name(card)}) must stay silent, but is offered at: "
                                         f"{decision.prompt}")

    def fired_since(self, decision=None) -> None:
        history = self.game.history
        for line in reversed(history[self.read:]):  # the history says each effect before it runs
            found = _CAUSE.search(line)
            if found:
                self.last_card = int(found.group(1))
                break
        self.read = len(history)
        fired = self.game.state.fired
        for key, n in fired.items():
            owner, card, timing = key
            if timing == "round" or n == self.fired[key]:
                continue
            self.fired[key] = n
            if card in self.silent and card not in self.reported:
                self.reported.add(card)
                where = f", and asks: {decision.prompt} (answers: {', '.join(decision.legal())})" if decision is not None else ""
                self.failures.append(f"card {card} ({self._name(card)}) must stay silent, but its effect ran ({timing}){where}")

    def finish(self) -> list[str]:
        self.fired_since()
        for kind, n in self.asked.items():
            got = self.prompts.get(kind, [])
            if len(got) != n:
                said = "; ".join(got) if got else "none"
                self.failures.append(f"expected {n} question(s) of kind '{kind}', {len(got)} asked: {said}")
        return self.failures

    def _name(self, card) -> str:
        return self.game.content.occupations[card].name


def _card_of(key: str):
    """The card of an `order`/`instead` option key (`52:0`), or None."""
    head, _, rest = key.partition(":")
    return int(head) if head.isdigit() and rest.isdigit() else None


def _named(entry) -> bool:
    """A named answer: a mapping with a question kind (an interjection's `anytime` holds a list)."""
    return isinstance(entry, dict) and not isinstance(entry.get("anytime"), list)


def _interjection(entry) -> bool:
    return isinstance(entry, dict) and isinstance(entry.get("anytime"), list)


class Answers:
    """The answers of one step (or one interjection), handed out as the questions come."""

    def __init__(self, items, r, path, game, watch: StepWatch | None = None):
        self.items = list(items)
        self.r, self.path, self.game, self.watch = r, path, game, watch
        self.v2 = r.format == 2 and game is not None
        self.soft = self.v2  # format 2: a breach is reported and the run goes on
        if not self.v2:  # format 1: every entry is a plain key, as it always was
            self.items = [e if isinstance(e, (str, int)) else str(e) for e in self.items]
        for index, entry in enumerate(self.items):
            if _named(entry):
                self._check_named(entry, index)

    def _check_named(self, entry, index) -> None:
        kinds = [k for k in entry if k != "card"]
        if len(kinds) != 1 or kinds[0] not in QUESTION_KINDS:
            self.r.fail(self.path + ("answers", index), "a named answer is {KIND: ANSWER} (optionally with `card: N`); "
                                                        f"kinds: {', '.join(sorted(QUESTION_KINDS))}")
        if "card" in entry and entry["card"] not in self.game.content.occupations:
            self.r.fail(self.path + ("answers", index, "card"), f"unknown occupation {entry['card']!r}")

    # ------------------------------------------------------------------ the engine's side
    def forced(self, player: int, kind: str, key: str) -> None:
        """The engine answered a question of `kind` by itself with `key`: a named answer waiting
        for the same question with the same answer is spent."""
        for index, entry in enumerate(self.items):
            if _named(entry) and _kind(entry) == kind and self._card_fits(entry, None):
                if str(entry[kind]) == key:
                    del self.items[index]
                return

    def answer(self, decision) -> str:
        """The key to send for this decision (assertions `!key` checked on the way)."""
        while True:
            index = self._next(decision)
            if index is None:
                return self._unexpected(decision, "no answer left for")
            entry = self.items[index]
            if _interjection(entry):
                del self.items[index]
                _interject(self.game, self.r, entry, self.path)
                continue
            named = _named(entry)
            key = str(entry[_kind(entry)] if named else entry)
            if key == "go" and decision.kind != "act" and not named:
                del self.items[index]  # it answered a carry-out prompt the engine did not put (see the docstring)
                continue
            if key.startswith("!"):
                del self.items[index]
                self._absent(decision, key[1:])
                continue
            option = decision.option(key)
            if option is None or (option.refusal is not None and decision.kind == "act"):
                if decision.kind == "act":  # the carry-out prompt: not meant for this answer
                    return "go"
                if named:
                    self.r.fail(self.path + ("answers", index), f"'{key}' is not an answer to: {decision.prompt} "
                                                                f"(legal answers: {', '.join(decision.legal())})")
                return self._unexpected(decision, f"'{key}' is not an answer to", key)
            if option.refusal is not None:
                raise IllegalMove(option.refusal)
            del self.items[index]
            return key

    def _next(self, decision):
        """Index of the entry that answers this decision: the first plain answer or interjection,
        or a named answer for this kind of question before it (other named answers wait)."""
        for index, entry in enumerate(self.items):
            if not _named(entry):
                return index
            if _kind(entry) == decision.kind and self._card_fits(entry, decision):
                return index
        return None

    def _card_fits(self, entry, decision) -> bool:
        card = entry.get("card")
        if card is None:
            return True
        if decision is not None and decision.kind in ("order", "instead"):
            return any(_card_of(o.key) == card for o in decision.options)
        return self.watch is not None and self.watch.last_card == card

    def _absent(self, decision, key: str) -> None:
        absent = decision.option(key)
        if absent is not None and absent.refusal is None:
            self._breach(f"'{key}' is offered as an answer to: {decision.prompt}, but must not be")
        elif absent is None and self.r.format == 2 and not could_answer(self.game, decision, key):
            self.r.fail(self.path + ("answers",), f"'{key}' is not an answer that exists at: {decision.prompt} "
                                                  f"(answers: {', '.join(o.key for o in decision.options)})")

    def _unexpected(self, decision, why: str, key: str | None = None) -> str:
        """A question no answer is meant for: in format 2 reported and declined (the run goes on),
        else (or when it cannot be declined) the step fails here."""
        if decision.kind == "act":
            return "go"
        legal = decision.legal()
        said = f"{why}: {decision.prompt} (legal answers: {', '.join(legal)})"
        decline = next((k for k in _DECLINE if k in legal), None)
        if not self.soft or decline is None:
            self.r.fail(self.path + ("answers",), said)
        self.r.soft_failures.append(f"{_where(self.path)}: {said}; answered '{decline}' to go on")
        return decline

    def _breach(self, text: str) -> None:
        if not self.soft:
            self.r.fail(self.path + ("answers",), text)
        self.r.soft_failures.append(f"{_where(self.path)}: {text}")

    def finish(self) -> None:
        # a `go` left at the end answered a carry-out prompt the engine did not put
        self.items = [e for e in self.items if str(e[_kind(e)] if _named(e) else e) != "go"]
        if not self.items:
            return
        text = f"answers left over: {self.items}"
        if not self.soft:
            self.r.fail(self.path + ("answers",), text)
        self.r.soft_failures.append(f"{_where(self.path)}: {text}")


def _kind(entry) -> str:
    return next(k for k in entry if k != "card")


def _where(path) -> str:
    return ".".join(map(str, path))


def drive(gen, answers: list, r, path, game=None, watch: StepWatch | None = None):
    """Run an engine generator, answering its questions from the list (see `Answers`)."""
    pending = Answers(answers, r, path, game, watch)
    outer = game.on_forced if game is not None else None
    if game is not None:
        real = game.state

        def told(player, kind, key):
            if game.state is real:  # (a trial judging a space runs on a copy: not a question of the file)
                pending.forced(player, kind, key)
        game.on_forced = told
    try:
        decision = next(gen)
        while True:
            if watch is not None:
                watch.question(decision)
            decision = gen.send(pending.answer(decision))
    except StopIteration:
        pass
    finally:
        if game is not None:
            game.on_forced = outer
    pending.finish()


def could_answer(game, decision, key: str) -> bool:
    """Whether `key` is an answer that can exist at this question: a stable word, a key of the
    same shape as one the question lists (`place:wood` beside `place:silk`, `peas:long` beside
    `grain:up`), or an anytime card's item of a card of the content (`card:52:0`, even when that
    card is not on offer now), so a misspelt `!key` fails instead of passing unseen."""
    if key in ANSWER_WORDS:
        return True
    head, _, rest = key.partition(":")
    if head == "card" and decision.kind == "anytime":
        number, _, index = rest.partition(":")
        return number.isdigit() and index.isdigit() and int(number) in game.content.occupations
    return _shape(game, key) in {_shape(game, o.key) for o in decision.options}


def _shape(game, key: str) -> tuple:
    c = game.content
    out = []
    for part in key.split(":"):
        if part.isdigit():
            out.append("#")
        elif part in game.catalog.kind or part in c.weapons or part in c.ships or part in c.buildings:
            out.append("item")
        elif part in c.spaces:
            out.append("space")
        elif part in c.exploration_boards or part in c.mountain_strips:
            out.append("board")
        elif part in ("long", "up"):
            out.append("orientation")
        else:
            out.append(part)
    return tuple(out)


def _interject(game, r, entry, path) -> None:
    """`{player: 1, anytime: [answers]}` inside a list of answers: that player uses the anytime
    menu while the other player's question waits (format 2)."""
    r.keys(entry, path + ("answers",), {"player", "anytime"})
    who = r.int(entry.get("player", 0), path + ("answers", "player"), 0)
    if who >= len(game.state.players):
        r.fail(path + ("answers", "player"), f"the game has {len(game.state.players)} players")
    drive(game.flow.anytime(who, "anytime:menu"), list(entry.get("anytime", [])), r, path + ("interjected",), game)
