"""The printed resource slots of sheds and stone houses: wood on wood slots, stone on stone
slots, nothing else; every empty slot is -1 at the end of the game."""

from __future__ import annotations

import attrs

from rulesdsl.errors import IllegalPlacement


@attrs.frozen
class SlotState:
    building: str
    capacity: tuple[tuple[str, int], ...]
    filled: tuple[tuple[str, int], ...] = ()

    def count(self, resource: str) -> int:
        return dict(self.filled).get(resource, 0)


def slots_of(building) -> SlotState:
    return SlotState(building.id, tuple(sorted(building.slots.items())))


def fill(state: SlotState, resource: str) -> SlotState:
    """A new state with one more `resource` on its slots; IllegalPlacement if there is no free one."""
    capacity = dict(state.capacity)
    if resource not in capacity:
        kinds = " or ".join(sorted(capacity)) or "nothing"
        raise IllegalPlacement(f"the {state.building.replace('_', ' ')} slots take {kinds}, not {resource}", "slots")
    if state.count(resource) >= capacity[resource]:
        raise IllegalPlacement(f"the {state.building.replace('_', ' ')} has no free {resource} slot ({capacity[resource]} in all)", "slots")
    filled = dict(state.filled)
    filled[resource] = filled.get(resource, 0) + 1
    return SlotState(state.building, state.capacity, tuple(sorted(filled.items())))


def empty_slots(state: SlotState) -> int:
    return sum(count for _, count in state.capacity) - sum(count for _, count in state.filled)
