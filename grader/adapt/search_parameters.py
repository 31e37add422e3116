"""What a search takes besides the board: its depth, the alpha-beta window, the maximizing flag, and a
Monte Carlo search's budget (simulations, or seconds).

Agents copied from tutorials are the search itself, ``minimax(board, depth, alpha, beta,
maximizingPlayer)``, called by the student's game loop with the values that start a search. The
grader calls them the same way: the window fully open, the depth the student's own calls pass
(read from their code; :data:`DEFAULT_DEPTH` when no call says), and the maximizing flag set for
the side to move (which side maximizes is found by the agent's moves, see ``grader.adapt.agents``).
"""

from __future__ import annotations

import ast
import math
from functools import lru_cache
from typing import Any, Protocol


class StudentAgent(Protocol):
    """What this module reads of an agent (``grader.adapt.agents.StudentAgent``): how it is called."""

    order: tuple[str, ...]
    parameters: tuple

#: parameter names (lower case, underscores dropped) that are a search's, not the game's
SEARCH_WORDS: dict[str, tuple[str, ...]] = {
    "depth": ("depth", "d", "maxdepth", "depthlimit", "cutoff", "cutoffdepth", "limit", "plies", "ply",
              "searchdepth", "level", "lookahead", "horizon"),
    "alpha": ("alpha", "alph", "lower", "lowerbound"),
    "beta": ("beta", "upper", "upperbound"),
    "maximizing": ("maximizing", "maximizingplayer", "ismaximizing", "ismax", "maxplayer", "maximize",
                   "ismaxplayer", "maxturn", "ismaximizingplayer", "maximizer", "maxing", "isai", "aiturn"),
    "simulations": ("simulations", "nsimulations", "numsimulations", "nsim", "nsims", "sims", "numsims",
                    "iterations", "iters", "niter", "niters", "niterations", "numiterations", "playouts",
                    "nplayouts", "numplayouts", "rollouts", "nrollouts", "numrollouts", "samples", "nsamples",
                    "numsamples", "trials", "ntrials", "numtrials", "budget"),
    "seconds": ("seconds", "timelimit", "maxtime", "timeout", "time", "thinkingtime", "timebudget", "secs",
                "maxseconds", "timeallowed"),
}
SEARCH_ROLES = tuple(SEARCH_WORDS)

#: the depth used when the student's code never calls its search with one: deep enough to see a
#: trap one move ahead, shallow enough to move within seconds on 6x7 Connect 4
DEFAULT_DEPTH = 4
#: simulations for a Monte Carlo search whose code never says how many: about a second per 6x7 move
DEFAULT_SIMULATIONS = 200
#: seconds for a search that takes its own time budget: half the usual move limit
DEFAULT_SECONDS = 1.0


def search_role(name: str) -> str | None:
    """'depth', 'alpha', 'beta' or 'maximizing' when a parameter's name says so."""
    low = name.lower().replace("_", "")
    return next((role for role, words in SEARCH_WORDS.items() if low in words), None)


def opening_value(role: str, depth: int, maximizing: bool, simulations: int = DEFAULT_SIMULATIONS) -> Any:
    """The value a search starts with for ``role``."""
    return {"depth": depth, "alpha": -math.inf, "beta": math.inf, "maximizing": maximizing,
            "simulations": simulations, "seconds": DEFAULT_SECONDS}[role]


def setting(role: str | None, source: str, function: str, position: int, name: str, depth: int) -> Any:
    """The value the grader gives a search's setting (``role`` None: one no name explains, most often its depth):
    its depth or simulations as the student's own calls of ``function`` pass it (at ``position`` or named
    ``name``), else the grader's; the window fully open, the mover maximizing, its seconds half the move limit."""
    if role in (None, "depth", "simulations"):
        found = depth_from_calls(source, function, position, name, 100_000 if role == "simulations" else 12)
        return found or opening_value(role or "depth", depth, True)
    return opening_value(role, depth, True)


@lru_cache(maxsize=64)
def depth_from_calls(source: str, function: str, position: int, keyword: str, largest: int = 12) -> int | None:
    """The depth the student's own code passes to ``function`` (the argument at ``position`` or named
    ``keyword``), when every call that gives one agrees on a whole number from 1 to ``largest``; names
    bound once to a number at the top level (``DEPTH = 5``) are read too. None when the code does not say."""
    tree = parsed(source)
    constants = {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign)
                 for t in n.targets if isinstance(t, ast.Name) and isinstance(n.value, ast.Constant)}
    seen: set[int] = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and called_name(node.func) == function):
            continue
        given = [k.value for k in node.keywords if k.arg == keyword]
        if not given and len(node.args) > position and not any(isinstance(a, ast.Starred) for a in node.args):
            given = [node.args[position]]
        for arg in given:
            value = arg.value if isinstance(arg, ast.Constant) else \
                constants.get(arg.id) if isinstance(arg, ast.Name) else None
            if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= largest:
                seen.add(value)
    return seen.pop() if len(seen) == 1 else None


@lru_cache(maxsize=64)
def depth_is_moves_left(source: str, function: str, position: int, keyword: str) -> bool:
    """Whether the student's own code (not the search's calls to itself) passes ``function`` the number of moves
    left as its depth (``minimax(board, len(empty_cells(board)), COMP)``, or a name assigned so): tic-tac-toe
    tutorials search to the end of the game like this, and are only right at that depth."""
    tree = parsed(source)
    verdicts: list[bool] = []

    def visit(scope: ast.AST, counted: set[str]) -> None:
        for node in ast.iter_child_nodes(scope):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if node.name != function:  # a function's own names; the search's recursion is left out
                    visit(node, {t.id for n in ast.walk(node) if isinstance(n, ast.Assign) and _is_count(n.value)
                                 for t in n.targets if isinstance(t, ast.Name)})
                continue
            if isinstance(node, ast.Call) and called_name(node.func) == function:
                given = [k.value for k in node.keywords if k.arg == keyword]
                if not given and len(node.args) > position and not any(isinstance(a, ast.Starred) for a in node.args):
                    given = [node.args[position]]
                verdicts.extend(_is_count(a) or (isinstance(a, ast.Name) and a.id in counted) for a in given)
            visit(node, counted)

    visit(tree, set())
    return bool(verdicts) and all(verdicts)


def _is_count(node: ast.expr) -> bool:
    """``len(f(...))``: the number of things a function answers (the moves left, for a depth)."""
    return (isinstance(node, ast.Call) and called_name(node.func) == "len" and len(node.args) == 1
            and isinstance(node.args[0], ast.Call))


def parsed(source: str) -> ast.Module:
    """The student's code as a syntax tree; an empty one where it does not parse, so that it shows nothing."""
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError, RecursionError):
        return ast.Module(body=[], type_ignores=[])


def called_name(func: ast.expr) -> str | None:
    """The name a call calls by (``f`` of ``f(...)`` and of ``obj.f(...)``)."""
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def depth_parameter(agent: StudentAgent) -> str | None:
    """The keyword that sets the agent's search depth (``max_depth``, ``depth``), when its signature
    has one the grader does not fill already."""
    if "depth" in agent.order:  # a search called as the agent: the adapter passes the depth already
        return None
    return next((p.name for p in agent.parameters if search_role(p.name) == "depth"
                 and p.kind in ("POSITIONAL_OR_KEYWORD", "KEYWORD_ONLY")), None)


def default_depth(agent: StudentAgent) -> int | None:
    """The depth the agent searches when nobody sets it: the default of its depth parameter, when that
    is a number (None when it has none, or the default is not a number: ``None`` for no limit)."""
    name = depth_parameter(agent)
    default = next((p.default for p in agent.parameters if p.name == name and p.has_default), None)
    return default if isinstance(default, int) and not isinstance(default, bool) else None
