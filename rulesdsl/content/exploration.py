"""When each exploration board side can be taken and how much silver lies on it then,
derived from the round plans: a front is available until its slot turns over (if nobody
took it), the back from that round on; every round with a phase 3 puts silver on each
unclaimed board that did not turn that round."""

from __future__ import annotations

from rulesdsl.lang import tree as t


def turning_phases(content) -> frozenset:
    """Ids of the phases whose effect turns the exploration boards (`use turn_exploration_boards`)."""
    return frozenset(pid for pid in content.phases
                     if any(isinstance(n, t.Use) and n.name == "turn_exploration_boards" for n in t.walk(content.programs[("phases", pid)])))


def schedule(content, length: str) -> dict[str, dict[int, int]]:
    """board id -> {round: silver lying on it in that round's Action phase}, if nobody claims it."""
    game = content.game_lengths[length]
    boards = content.exploration_boards
    face_up = {b.slot: b.id for b in boards.values() if b.side == "front"}
    silver = {slot: 0 for slot in face_up}
    out: dict[str, dict[int, int]] = {b: {} for b in boards}
    turning = turning_phases(content)
    for plan in game.rounds:
        if plan.turn is not None and turning - set(plan.skip):
            turned = plan.turn
            face_up[turned] = boards[face_up[turned]].other_side
            silver[turned] = 0
            for slot in silver:
                if slot != turned:
                    silver[slot] += plan.silver
        for slot, board in face_up.items():
            out[board][plan.round] = silver[slot]
    return out
