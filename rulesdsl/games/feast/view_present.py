"""The first game's readings of its state for people that ask its engine (`ViewHooks` of its
plug-in): what a player has, as lines of text, and what a dice question's player holds to pay
per pip. The shared views (`rulesdsl.view.present`: the terminal agent, the lessons, the
table's page) reach them through the registry (`registry.view_of`), so they import no game;
what they read of a game through its content and state stays there.
"""

from __future__ import annotations

from rulesdsl.games.feast.engine import ops
from rulesdsl.games.feast.engine.keys import building_key
from rulesdsl.geometry import scoring as board_scoring
from rulesdsl.lang import tree as t
from rulesdsl.view.present import areas_of, player_name


def _dice_node(game, kind: str):
    for (collection, _key), program in game.content.programs.items():
        if collection != "spaces":
            continue
        for node in t.walk(program):
            if isinstance(node, t.Dice) and node.kind == kind:
                return node
    return None


def dice_hint(game, decision) -> str | None:
    """For a dice question: what the player holds to pay per pip (or to add per item), from the
    dice action's own definition (`you can pay per pip with 2 wood and 1 bow and arrow: 3 pips`)."""
    if decision.kind not in ("reroll", "dice"):
        return None
    kind = decision.prompt.split(":", 1)[0].strip()
    node = _dice_node(game, kind)
    if node is None:
        return None
    selector, verb = ((node.pay_per_pip, "pay per pip with") if node.pay_per_pip is not None
                      else (node.add_per_item, "add per item"))
    if not isinstance(selector, t.Selector):
        return None
    p = game.state.players[decision.player]
    held = [(item, ops.holding(game, p, item)) for words in selector.nouns for item in sorted(game.catalog.members(words))]
    total = sum(n for _, n in held)
    what = ", ".join(f"{n} {item.replace('_', ' ')}" for item, n in held)
    return f"you can {verb}: {what} ({total} in all)"


# ---------------------------------------------------------------- a player's state
def _counted(counter) -> str:
    return ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in sorted(counter.items()) if n) or "nothing"


def player_lines(game, index: int, hide_hand: bool = False) -> list[str]:
    """What a player has, as lines of text (supply, animals, ships, boards, hand, Vikings);
    `hide_hand`: the hand only counted (another player's)."""
    p = game.state.players[index]
    content = game.content
    lines = [f"{player_name(index)} ({p.color}): {p.table_vikings} Vikings on the banquet table, {p.thing} on the Thing square"
             + (f", {p.waiting} waiting" if p.waiting else "") + (", passed" if p.passed else "")
             + (f", {p.penalties} Thing penalties" if p.penalties else "")]
    weapons = {k: n for k, n in p.supply.items() if k in content.weapons}
    lines.append(f"  supply: {_counted({k: n for k, n in p.supply.items() if k not in weapons})}")
    lines.append(f"  weapon cards: {_counted(weapons)}")
    if any(p.stables.values()):
        lines.append(f"  animals: {_counted(p.stables)}")
    if p.ships:
        lines.append("  ships: " + ", ".join(f"{s.kind} ({content.ships[s.kind].ore_printed + s.ore} ore)" for s in p.ships))
    if p.emigrated:
        lines.append("  emigrated: " + ", ".join(p.emigrated))
    for key, (label, board) in areas_of(game, index).items():
        lines.append(f"  {label} [{key}]: income {board_scoring.income(board)}, {len(board.tiles)} tiles, "
                     f"{board_scoring.uncovered_minus(board)} uncovered -1")
    for b in p.buildings:
        if b.slots is not None:
            lines.append(f"  {b.kind.replace('_', ' ')} [{building_key(p, b)}]: slots {dict(b.slots.filled) or 'empty'}")
    if hide_hand:
        lines.append(f"  hand: {len(p.hand)} occupation{'s' if len(p.hand) != 1 else ''} (hidden)")
    for number in () if hide_hand else p.hand:
        card = content.occupations[number]
        lines.append(f"  hand: {number} {card.name}: {card.text}")
    if p.played:
        lines.append("  played: " + ", ".join(f"{n} {content.occupations[n].name}" for n in p.played))
    return lines
