"""The timeline of a saved game: one step per answer, each gain and payment under its cause."""

from __future__ import annotations

import re
from collections import Counter

from rulesdsl.games.feast.engine.game import Game
from rulesdsl.view.timeline import Timeline, timeline
from tests.web_helpers import whole_game


def _sum(lines, into: dict) -> None:
    for line in lines:
        player, _, parts = line.partition(": ")
        for part in parts.split(", "):
            amount, item = part.split(" ", 1)
            into.setdefault(player, Counter())[item] += int(amount)


def test_every_gain_and_payment_is_shown_once_under_a_cause(content):
    record = whole_game(content, 0)
    steps, end = timeline(Game, content, record)
    assert len(steps) == len(record["answers"]) + 1 and end.over
    start = Game.load(content, dict(record, answers=[]))
    total: dict = {}
    for step in steps:
        _sum(step.changes, total)
        for entry in step.entries:
            _sum(entry.changes, total)
    for index, (first, last) in enumerate(zip(start.state.players, end.state.players)):
        held = lambda p: Counter({k.replace("_", " "): v for k, v in (Counter(p.supply) + Counter(p.stables)).items()})
        expected = held(last)
        expected.subtract(held(first))
        shown = total.get(f"P{index + 1}", Counter())
        assert {k: v for k, v in shown.items() if v} == {k: v for k, v in expected.items() if v}
    texts = [e.text for s in steps for e in s.entries]
    assert any(re.search(r"phase \d+: Harvest", t) for t in texts)
    harvests = [e for s in steps for e in s.entries if "Harvest" in e.text and e.changes]
    assert harvests, "the harvest's goods are shown under the harvest"
    assert any("(card " in t for t in texts) and any("carries out" in t for t in texts)
    assert not any("player 0" in t for t in texts)


def test_a_timeline_extended_answer_by_answer_equals_the_whole_replay(content):
    record = whole_game(content, 0)
    line = Timeline(Game, content, record)
    for n in (5, 60, len(record["answers"])):
        line.extend(record["answers"][:n])
    assert line.steps == timeline(Game, content, record)[0]
