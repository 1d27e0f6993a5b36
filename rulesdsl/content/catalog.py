"""What the names in effects stand for, as sets of item ids, and where items live.

The card language names things by id (`game_meat`, `knarr`) or by class (`red goods`,
`large ships`, `weapons`); `Catalog` turns a resolved name into the set of item ids it
covers and tells which zone of a player holds each kind of item.

It reads only the content (its collections and vocabulary), so it lives beside the content
model: the content's own check for effects that set each other off (`loops`) resolves names
with it without reaching into a game's engine, and the first game's engine builds one per game.
"""

from __future__ import annotations

from rulesdsl.lang.checker import vocabulary_from

GOOD, ANIMAL, SPECIAL, RESOURCE, WEAPON, SHIP, BUILDING, BOARD, OCCUPATION, MOUNTAIN, VIKING, SPACE, OTHER = (
    "good", "animal", "special", "resource", "weapon", "ship", "building", "board", "occupation", "mountain", "viking", "space", "other")


class Catalog:
    def __init__(self, content):
        self.content = content
        self.vocab = vocabulary_from(content)
        goods = content.goods
        self.kind: dict[str, str] = {}
        for good in goods.values():
            self.kind[good.id] = ANIMAL if good.color == "animal" else GOOD
        for tile in content.special_tiles:
            self.kind[tile] = SPECIAL
        for res in content.resources:
            self.kind[res] = RESOURCE
        for weapon in content.weapons:
            self.kind[weapon] = WEAPON
        for ship in content.ships:
            self.kind[ship] = SHIP
        for building in content.buildings:
            self.kind[building] = BUILDING
        for board in content.exploration_boards:
            self.kind[board] = BOARD
        self.color = {g.id: g.color for g in goods.values()}
        self.species = {g.id: g.species for g in goods.values() if g.species}
        plain_goods = frozenset(g.id for g in goods.values() if g.color != "animal")
        animals = frozenset(g.id for g in goods.values() if g.color == "animal")
        classes: dict[str, frozenset] = {
            "good": plain_goods,
            "animal": animals,
            "food": frozenset(g.id for g in goods.values() if g.color in ("orange", "red", "animal")),
            "special_tile": frozenset(content.special_tiles),
            "tile": plain_goods | animals | frozenset(content.special_tiles),
            "weapon": frozenset(content.weapons),
            "ship": frozenset(content.ships),
            "house": frozenset(b.id for b in content.buildings.values() if b.house),
            "building": frozenset(content.buildings),
            "building_resource": frozenset(r for r in ("wood", "stone", "ore") if r in content.resources),
            "exploration_board": frozenset(content.exploration_boards),
            "mountain_item": frozenset(content.mountain_items),
            "occupation": frozenset({"occupation"}),
            "viking": frozenset({"viking"}),
            "space": frozenset(content.spaces),
            "item": plain_goods | animals | frozenset(content.special_tiles) | frozenset(content.resources) | frozenset(content.weapons),
        }
        for color in {g.color for g in goods.values()} - {"animal"}:
            ids = frozenset(g.id for g in goods.values() if g.color == color)
            if color == "blue":
                ids |= frozenset(content.special_tiles)  # special tiles are blue goods for every rule
            classes[f"{color}_good"] = ids
            classes[f"{color}_tile"] = ids
        for size in {s.size for s in content.ships.values()}:
            classes[f"{size}_ship"] = frozenset(s.id for s in content.ships.values() if s.size == size)
        for species in set(self.species.values()):
            classes[species] = frozenset(a for a, sp in self.species.items() if sp == species)
        self.classes = classes
        self._members: dict = {}
        self._resolved: dict = {}
        self.tables: dict = {}  # what interpreters read once of the content's trees (see Interpreter)

    def resolve(self, words) -> str | None:
        key = tuple(words)
        found = self._resolved.get(key, self._resolved)
        if found is self._resolved:  # the vocabulary is the content's: read once per name
            found = self._resolved[key] = self.vocab.resolve(key)
        return found

    def members(self, words) -> frozenset:
        """The item ids a noun stands for (`red goods` -> every red good)."""
        key = tuple(words)
        found = self._members.get(key)
        if found is None:
            name = self.resolve(key)
            if name is None:
                found = frozenset()
            elif name in self.classes:
                found = self.classes[name]
            else:
                found = frozenset({name})
            self._members[key] = found
        return found

    def selector_members(self, nouns) -> frozenset:
        out = frozenset()
        for words in nouns:
            out |= self.members(words)
        return out
