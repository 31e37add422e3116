"""The search a student's agent ran, read from the calls to their own functions during one decision.

Whatever the style (a recursive function, ``max_value``/``min_value`` calling each other, negamax
with make/unmake, a method of a class), a search calls one function (or a ring of them) once per
position it visits. So the functions that call themselves, directly or through each other, are the
search, and their calls are its nodes. A function of that ring that only ever passes a call on
(``child_value`` calling ``value`` exactly once) is a wrapper, not a node.

A search starts where its function is entered from outside. An agent that loops over the root's
moves and calls the search once per move is one search whose root is the agent itself; an agent
that deepens step by step (iterative deepening) starts one search per depth, each deeper than the
last. Levels count from the root (level 0): ``levels[k]`` is the number of positions visited k
moves below it, so ``len(levels) - 1`` is the depth the search reached. A call stopped before it
finished (``CountedCalls.stopped``) keeps only the searches it completed.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from grader.sandbox.calls import CountedCalls


@dataclass(frozen=True)
class Search:
    """One search: how many positions it visited at each level below its root (the root is level 0)."""

    levels: tuple[int, ...]
    #: how many positions the root's first child searched below it (None: unknown, or no such child); a
    #: correct alpha-beta enters that child with the window still open, so it cannot cut off early there
    first_child_tried: int | None = field(default=None, compare=False)

    @property
    def nodes(self) -> int:
        return sum(self.levels)

    @property
    def depth(self) -> int:
        return len(self.levels) - 1


@dataclass(frozen=True)
class SearchCalls:
    """What the counted calls of one decision say: the searching functions and the searches they ran,
    or (``problem``) why no search could be read from them."""

    functions: tuple[str, ...] = ()
    searches: tuple[Search, ...] = ()
    problem: str = ""
    #: the numbers (in ``CountedCalls.functions``) of the functions whose calls are the search's positions
    nodes: frozenset[int] = frozenset()


def read_search(counted: CountedCalls) -> SearchCalls:
    """The searches in one decision's calls (several for iterative deepening, in the order they ran)."""
    if counted.truncated:
        return SearchCalls(problem="the search made too many calls to follow them all")
    parents = call_parents(counted.calls)
    functions = [f for f, _ in counted.calls]
    ring = _largest_ring(functions, parents, len(counted.functions))
    if not ring:
        return SearchCalls(problem="no function of the submission calls itself during a move, so its positions "
                           "cannot be counted")
    ring |= _beside_the_ring(functions, parents, ring)
    in_ring = [f in ring for f in functions]
    ring_children: list[int] = [0] * len(functions)
    for call, parent in enumerate(parents):
        if in_ring[call] and parent is not None and in_ring[parent]:
            ring_children[parent] += 1
    wrappers = {f for f in ring if all(ring_children[c] == 1 for c in range(len(functions))
                                       if functions[c] == f)}
    nodes = ring - wrappers or ring
    names = tuple(sorted(counted.functions[f].name for f in nodes))
    searches = _searches(functions, parents, nodes, ring - nodes)
    if counted.stopped:  # the last search was cut short: only the ones before it are whole
        searches = searches[:-1]
        if not searches:
            return SearchCalls(functions=names, problem="the search was stopped before it finished one search "
                               "(counting its calls slows it down)")
    return SearchCalls(functions=names, searches=tuple(searches), nodes=frozenset(nodes))


def call_parents(calls: tuple[tuple[int, int], ...]) -> list[int | None]:
    """Each call's caller (the index of the call it ran under), from the preorder (function, depth) list."""
    open_calls: list[int] = []
    parents: list[int | None] = []
    for index, (_, depth) in enumerate(calls):
        del open_calls[depth:]
        parents.append(open_calls[-1] if open_calls else None)
        open_calls.append(index)
    return parents


def _largest_ring(functions: list[int], parents: list[int | None], count: int) -> set[int]:
    """The functions that call themselves (directly or through each other) with the most calls:
    the largest strongly connected part of the graph of who calls whom that has a cycle."""
    edges: dict[int, set[int]] = defaultdict(set)
    for call, parent in enumerate(parents):
        if parent is not None:
            edges[functions[parent]].add(functions[call])
    reach = {f: _reachable(f, edges) for f in range(count)}
    rings = []
    for f in range(count):
        if f in reach[f] and not any(f in ring for ring in rings):
            rings.append({g for g in reach[f] if f in reach[g]})
    calls = Counter(functions)
    return max(rings, key=lambda ring: sum(calls[f] for f in ring), default=set())


def _beside_the_ring(functions: list[int], parents: list[int | None], ring: set[int]) -> set[int]:
    """Functions that hold positions of the search though they call themselves through none of its cycles: one
    entered from the same caller as the ring's root positions that itself calls into the ring (a max/min pair
    where one side never calls the other back in this tree: after a capture the same player moves again, and
    a reply that ends every line of play keeps the search in one function). A wrapper, entered from somewhere
    else, is not one."""
    entry_callers = {functions[p] for call, p in enumerate(parents)
                     if functions[call] in ring and p is not None and functions[p] not in ring}
    calls_in = {p for call, p in enumerate(parents) if functions[call] in ring and p is not None}
    return {functions[call] for call, p in enumerate(parents)
            if functions[call] not in ring and p is not None and functions[p] in entry_callers and call in calls_in}


def _reachable(start: int, edges: dict[int, set[int]]) -> set[int]:
    seen: set[int] = set()
    todo = list(edges[start])
    while todo:
        f = todo.pop()
        if f not in seen:
            seen.add(f)
            todo.extend(edges[f])
    return seen


def _searches(functions: list[int], parents: list[int | None], nodes: set[int], wrappers: set[int]) -> list[Search]:
    """The searches: the node calls grouped under the outside call each one is entered from."""
    node_parent: list[int | None] = [None] * len(functions)  # the nearest enclosing node call
    entered_from: dict[int | None, list[int]] = defaultdict(list)  # outside call -> entries, in order
    level: dict[int, int] = {}
    for call, parent in enumerate(parents):
        if functions[call] not in nodes:
            continue
        while parent is not None and functions[parent] in wrappers:
            parent = parents[parent]
        if parent is not None and functions[parent] in nodes:
            node_parent[call] = parent
            level[call] = level[parent] + 1
        else:
            level[call] = 0
            entered_from[parent].append(call)
    searches = []
    for entries in entered_from.values():
        heights = [max(_count_levels(entry, node_parent, level)) for entry in entries]
        if len(entries) == 1 or all(a < b for a, b in zip(heights, heights[1:])):  # one search per depth
            for entry in entries:
                first = next((c for c in range(entry + 1, len(functions)) if node_parent[c] == entry), None)
                searches.append(_search(_count_levels(entry, node_parent, level), _children(first, node_parent)))
        else:  # the caller loops over the root's moves: it is the root
            counts: Counter = Counter({0: 1})
            for entry in entries:
                counts.update({k + 1: n for k, n in _count_levels(entry, node_parent, level).items()})
            searches.append(_search(counts, _children(entries[0], node_parent)))
    return searches


def _children(call: int | None, node_parent: list[int | None]) -> int | None:
    """How many node calls ran directly under ``call`` (None for no call)."""
    return None if call is None else sum(1 for parent in node_parent if parent == call)


def _count_levels(entry: int, node_parent: list[int | None], level: dict[int, int]) -> Counter:
    """Node calls per level in the subtree of ``entry`` (the node calls after it in preorder, until it closes)."""
    counts: Counter = Counter({0: 1})
    inside = {entry}
    for call in range(entry + 1, len(node_parent)):
        if call not in level:
            continue
        if node_parent[call] not in inside:
            break
        inside.add(call)
        counts[level[call] - level[entry]] += 1
    return counts


def _search(counts: Counter, first_child_tried: int | None = None) -> Search:
    return Search(tuple(counts[k] for k in range(max(counts) + 1)), first_child_tried)
