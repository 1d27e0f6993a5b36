"""Stable answer keys for a player's ships and buildings (answers must not depend on internal ids)."""

from __future__ import annotations


def ship_key(p, ship) -> str:
    """`longship:2`: the second longship in the player's bay (answers must not depend on internal ids)."""
    same = [s for s in p.ships if s.kind == ship.kind]
    return f"{ship.kind}:{same.index(ship) + 1}"


def building_key(p, building) -> str:
    same = [b for b in p.buildings if b.kind == building.kind]
    return f"{building.kind}:{same.index(building) + 1}"
