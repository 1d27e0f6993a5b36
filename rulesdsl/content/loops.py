"""Effects that set themselves off without end, found on the effect trees before any game.

`when received of silver: gain 1 silver` gains what it listens to: once set off it never
stops. Two effects can feed each other the same way. This finds the loops it can be sure of
— hooks on `received` with no condition, no filter but `of` and no `once`, gaining at their
top level (not inside a choice or an `if`) what another such hook hears — and names their
cards. A loop it cannot see (a condition that never turns false) is stopped in the game by
the engine's own bound on effects set off inside one another (`engine.emission.MAX_CHAIN`).
"""

from __future__ import annotations

from rulesdsl.content.catalog import Catalog
from rulesdsl.errors import Problem
from rulesdsl.lang import tree as t


def trigger_loops(content) -> list[Problem]:
    """A located problem for every loop of sure self-triggering among the content's effects."""
    catalog = Catalog(content)
    hooks = []  # (collection, id, hook, heard items, gained items)
    for (collection, item_id), program in sorted(content.programs.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))):
        for item in program.items:
            if not isinstance(item, t.Hook) or item.cond is not None or item.timing not in ("when", "after"):
                continue
            if item.event.kind != "named" or item.event.name != "received":
                continue
            if any(not isinstance(f, t.OfFilter) for f in item.filters):
                continue
            heard = frozenset().union(*(catalog.selector_members(f.nouns) for f in item.filters)) if item.filters else None
            gained = frozenset()
            for stmt in item.body:  # top-level statements only: each one surely happens
                if isinstance(stmt, t.Acquire) and stmt.verb == "gain" and stmt.per is None:
                    for part in stmt.bundle.parts:
                        if len(part) == 1 and not part[0].slash:
                            gained |= catalog.members(part[0].words)
            if gained:
                hooks.append((collection, item_id, item, heard, gained))
    edges = {i: [j for j, other in enumerate(hooks) if other[3] is None or hooks[i][4] & other[3]] for i in range(len(hooks))}
    problems, reported = [], set()
    for cycle in _cycles(edges):
        key = frozenset(cycle)
        if key in reported:
            continue
        reported.add(key)
        names = [_label(content, hooks[i][0], hooks[i][1]) for i in cycle]
        collection, item_id, hook = hooks[cycle[0]][:3]
        source = content.source(collection, item_id)
        location = source.text_location("effect", hook.pos.line, hook.pos.column) if hook.pos else source.location("effect")
        loop = " -> ".join(names + [names[0]])
        problems.append(Problem(location, f"these effects set each other off without end: {loop} (each gains what "
                                          "the next one listens to, with no condition to stop it)"))
    return problems


def _label(content, collection: str, item_id) -> str:
    item = content.collections[collection][item_id]
    name = getattr(item, "name", None)
    return f"{name} (card {item_id})" if collection == "occupations" else f"{collection} {item_id}" + (f" ({name})" if name else "")


def _cycles(edges: dict[int, list[int]]) -> list[list[int]]:
    """One cycle through each strongly connected group of hooks (Tarjan, without recursion)."""
    index, low, on_stack, stack, groups, counter = {}, {}, set(), [], [], [0]
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1 or node in edges[node]:
                    groups.append(sorted(group))
    return groups
