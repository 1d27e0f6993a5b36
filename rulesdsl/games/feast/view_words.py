"""What a refused action space still needs (`needs 2 wood (you have 0)`), read from the costs and
requirements in the space's effect tree (no space named) and counted by the first game's engine
(`ops.holding`): its plug-in's `ViewHooks.needs`, which `rulesdsl.view.present.refusal_text`
reaches through the registry, so the shared words (`rulesdsl.view.words`) import no game.
"""

from __future__ import annotations

from rulesdsl.games.feast.engine import ops
from rulesdsl.lang import tree as t


def _have(game, p, words) -> int:
    return sum(ops.holding(game, p, item) for item in game.catalog.members(words))


def _item_need(game, p, item) -> tuple[str, int, int] | None:
    """(what, needed, had) of a bundle item with a fixed amount, or None."""
    if not isinstance(item, t.Item) or not isinstance(item.amount, t.IntAmount) or item.slash:
        return None
    names = game.catalog.members(item.words)
    if not names:
        return None
    return " ".join(item.words).replace("_", " "), item.amount.value, _have(game, p, item.words)


def _bundle_missing(game, p, bundle) -> list[str]:
    """The parts of a cost the player cannot pay: `2 wood (you have 0)`, `1 wood or 1 ore (you have 0)`."""
    out = []
    for part in bundle.parts:
        needs = [n for n in (_item_need(game, p, item) for item in part) if n is not None]
        if len(needs) != len(part) or any(had >= need for _, need, had in needs):
            continue
        what = " or ".join(f"{need} {name}" for name, need, _ in needs)
        out.append(f"{what} (you have {sum(had for _, _, had in needs)})")
    return out


def _require_missing(game, p, node) -> list[str]:
    selector = node.selector
    if not isinstance(selector, t.Selector) or selector.mods or not isinstance(node.range, (t.Exactly, t.Between)):
        return []
    amount = node.range.amount if isinstance(node.range, t.Exactly) else node.range.low
    if not isinstance(amount, t.IntAmount):
        return []
    had = sum(_have(game, p, words) for words in selector.nouns)
    if had >= amount.value:
        return []
    what = " or ".join(" ".join(words).replace("_", " ") for words in selector.nouns)
    if amount.value == 1 and what.endswith("s"):  # "sail 1 to 3 whaling boats": one is the least
        what = what[:-1]
    return [f"{amount.value} {what} (you have {had})"]


def _block_missing(game, p, items) -> list[str] | None:
    """What one block of statements lacks to be used (empty: nothing found missing; None: unknown)."""
    missing: list[str] = []
    for item in items:
        if isinstance(item, t.Require):
            missing += _require_missing(game, p, item)
        elif isinstance(item, t.Exchange) and isinstance(item.cost, t.Bundle):
            missing += _bundle_missing(game, p, item.cost)
        elif isinstance(item, t.Dice) and item.sail is not None:  # a voyage needs its ships
            missing += _require_missing(game, p, item.sail)
        elif isinstance(item, t.ChooseOne):
            alternatives = [_block_missing(game, p, alt) for alt in item.alternatives]
            if alternatives and all(alternatives):
                texts = list(dict.fromkeys(" and ".join(alt) for alt in alternatives))
                missing.append(" or ".join(texts))
    return missing


def space_needs(game, player: int, space: str) -> str | None:
    """What a player lacks to use a space, from its costs and requirements
    (`needs 2 wood (you have 0)`), or None when the tree does not tell."""
    program = game.content.programs.get(("spaces", space))
    if program is None:
        return None
    missing = _block_missing(game, game.state.players[player], program.items)
    return "needs " + " and ".join(missing) if missing else None
