"""What an agent's own code shows it does, read from its source: a search (functions that call
themselves) or random playouts (random draws made over and over).

An agent that no name speaks for (Kaggle's ``my_agent(obs, config)``, copied code) may serve a label
it is not named for, but only when its code shows that label's technique: a win-or-block agent is no
alpha-beta search, and a negamax is no Monte Carlo player, however well either plays.
"""

from __future__ import annotations

import ast
from functools import lru_cache

from grader.adapt import candidates
from grader.adapt.search_parameters import parsed

#: the techniques a label needs, by the words that speak for it (see :mod:`grader.adapt.candidates`)
SEARCH, PLAYOUTS = "search", "playouts"
#: names of calls that draw at random (``random.choice``, ``np.random.randint``, ``rng.shuffle``)
RANDOM_DRAWS = frozenset("choice choices randint randrange shuffle sample uniform random".split())


def needed_for(label: str) -> str | None:
    """The technique an agent for ``label`` must show: a search for alpha-beta and cutoff agents,
    random playouts for Monte Carlo; None for labels no technique defines (a random player)."""
    needed = {candidates.ROLE_WORDS["mcts"]: PLAYOUTS, candidates.ROLE_WORDS["alphabeta"]: SEARCH,
              candidates.ROLE_WORDS["heuristic"]: SEARCH}
    return needed.get(candidates.role_words(label))


def shows(source: str, function: str, technique: str) -> bool | None:
    """Whether the top-level ``function`` of ``source``, with every function it calls, shows
    ``technique``; None when its code cannot be read (a class, a method, code that does not parse)."""
    return _techniques(source, function).get(technique)


@lru_cache(maxsize=64)
def _techniques(source: str, function: str) -> dict[str, bool]:
    tree = parsed(source)
    top = {node.name: node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    if function not in top:
        return {}
    reached = _reached(top, function)
    classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    if any(isinstance(n, ast.Name) and n.id in classes for root in reached for n in ast.walk(root)):
        return {}  # its work may be done in methods of the notebook's classes: not read here
    calls = {f.name: {c.func.id for c in ast.walk(f) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)}
             for root in reached for f in ast.walk(root) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
    recursive = {name for name in calls if _calls_back(name, calls)}
    playouts = any(_draws_at_random(node) for root in reached for node in ast.walk(root)
                   if isinstance(node, (ast.For, ast.While, ast.AsyncFor))
                   or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in recursive)
    return {SEARCH: bool(recursive), PLAYOUTS: playouts}


def _reached(top: dict[str, ast.AST], function: str) -> list[ast.AST]:
    """The top-level definitions ``function`` runs: itself and every one it calls, transitively."""
    seen, stack = [], [function]
    while stack:
        name = stack.pop()
        if name in seen or name not in top:
            continue
        seen.append(name)
        stack.extend(c.func.id for c in ast.walk(top[name]) if isinstance(c, ast.Call) and isinstance(c.func, ast.Name))
    return [top[name] for name in seen]


def _calls_back(start: str, calls: dict[str, set[str]]) -> bool:
    """Whether ``start`` is reached again from the functions it calls (itself, or through others)."""
    seen, stack = set(), list(calls.get(start, ()))
    while stack:
        name = stack.pop()
        if name == start:
            return True
        if name not in seen:
            seen.add(name)
            stack.extend(calls.get(name, ()))
    return False


def _draws_at_random(node: ast.AST) -> bool:
    """Whether a loop's or a recursive function's body draws at random (not a loop's header alone)."""
    body = node.body + getattr(node, "orelse", [])
    return any(isinstance(c, ast.Call) and _is_random_draw(c.func) for stmt in body for c in ast.walk(stmt))


def _is_random_draw(func: ast.expr) -> bool:
    if isinstance(func, ast.Attribute):
        return func.attr in RANDOM_DRAWS or "random" in ast.unparse(func.value).lower()
    return isinstance(func, ast.Name) and func.id in RANDOM_DRAWS
