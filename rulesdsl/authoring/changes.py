"""What each variant root added, replaced and removed, as `rulesdsl validate` prints it."""

from __future__ import annotations


def _ids(pairs) -> str:
    by_collection: dict[str, list[str]] = {}
    for collection, item_id in pairs:
        by_collection.setdefault(collection, []).append(str(item_id))
    return "; ".join(f"{collection} {', '.join(ids)}" for collection, ids in by_collection.items())


def change_report(content) -> str:
    """One block per root after the first: its added, replaced and removed items."""
    lines = []
    for change in content.changes[1:] if len(content.changes) > 1 else ():
        lines.append(f"{change.root}: {len(change.added)} added, {len(change.replaced)} replaced, {len(change.removed)} removed")
        for label, pairs in (("added", change.added), ("replaced", change.replaced), ("removed", change.removed)):
            if pairs:
                lines.append(f"  {label:9} {_ids(pairs)}")
    return "\n".join(lines) + "\n" if lines else ""
