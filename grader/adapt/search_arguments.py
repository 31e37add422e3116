"""What the values a search passes down say: whether its window stays a window and its player changes.

The counted calls (``grader.search_tree``) keep, at each call, the parameters named like a search's window
(``alpha``, ``beta``) and a player (``player``, ``to_move``, ``maximizing``...). Three classic bugs show there:

- **the window handed down the wrong way round**: a correct alpha-beta (max/min pairs or negamax) searches a
  child only while ``alpha < beta``, so no position below the root entered with ``alpha > beta`` searches on;
- **the window never narrowing**: beta unchanged at every position (negamax handing ``alpha, beta`` down
  un-negated) allows no cutoff; it is named only where positions of both players search two moves or more;
- **the player not switched**: the opponent never moves in the search. A constant root player is a legitimate
  style too (max/min pairs, a maximizing flag, a state that knows whose turn it is), so this is only a
  suspicion, which the check confirms by the agent's moves.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from grader.adapt.search_parameters import SEARCH_WORDS, search_role
from grader.search_tree import call_parents
from grader.sandbox.calls import CountedCalls

#: parameter names (lower case, underscores dropped) that hold whose turn it is in a search
PLAYER_WORDS = ("player", "tomove", "turn", "color", "colour", "piece", "side", "mark", "currentplayer",
                "current", "who", "whoseturn", "sign", "playertomove", "p")
#: the parameters the worker is asked to keep at each counted call
WATCHED = PLAYER_WORDS + SEARCH_WORDS["alpha"] + SEARCH_WORDS["beta"] + SEARCH_WORDS["maximizing"]


@dataclass(frozen=True)
class PassedDown:
    """What the search's arguments show: ``swapped`` positions entered with alpha > beta (below the root),
    ``beta_fixed`` when beta never changed, ``window_unchanged`` when it never changed though positions of both
    players searched two moves or more, ``same_player`` where the player stayed the same ('' when nowhere)."""

    swapped: int = 0
    beta_fixed: bool = False
    same_player: str = ""
    window_unchanged: bool = False


def read_arguments(counted: CountedCalls, nodes: frozenset[int], result_name: str | None,
                   alternating: bool = True) -> PassedDown:
    """The window and player of the search whose node functions are ``nodes`` (function numbers);
    ``alternating``: every move of the game passes the turn, so a level's parity says whose position it is
    (with extra turns only the player the search passes does)."""
    parents = call_parents(counted.calls)
    functions = [f for f, _ in counted.calls]
    node_level: dict[int, int] = {}  # each position's level below its search's root
    node_parent: dict[int, int] = {}  # each position below a root: the position it was searched from
    for call, parent in enumerate(parents):
        while parent is not None and functions[parent] not in nodes:
            parent = parents[parent]
        if functions[call] in nodes:
            node_level[call] = 0 if parent is None else node_level[parent] + 1
            if parent is not None:
                node_parent[call] = parent
    beta_fixed = _beta_fixed(counted, node_level, node_parent)
    return PassedDown(swapped=_swapped(counted, node_parent), beta_fixed=beta_fixed,
                      same_player=_same_player(counted, nodes, node_level, parents, result_name),
                      window_unchanged=beta_fixed and _both_sides_branch(counted, node_level, node_parent,
                                                                         alternating))


def role_values(counted: CountedCalls, call: int, role: str) -> list:
    """The values passed at ``call`` to its function's parameters of ``role`` ('alpha', 'beta', 'player'...)."""
    values = counted.arguments[call] if call < len(counted.arguments) else None
    if values is None:
        return []
    names = counted.functions[counted.calls[call][0]].watched
    return [v for n, v in zip(names, values) if _role(n) == role and v is not None]


def _role(name: str) -> str | None:
    return "player" if name.lower().replace("_", "") in PLAYER_WORDS else search_role(name)


def _window(counted: CountedCalls, call: int) -> tuple[float, float] | None:
    alpha, beta = role_values(counted, call, "alpha"), role_values(counted, call, "beta")
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in alpha + beta)
    return (alpha[0], beta[0]) if len(alpha) == len(beta) == 1 and numbers else None


def _swapped(counted: CountedCalls, node_parent: dict[int, int]) -> int:
    """Positions below a search's root entered with alpha > beta that went on to search a move (a search
    that tests the cutoff when a position is entered returns at once from such a window: not a bug)."""
    searching = set(node_parent.values())
    windows = [_window(counted, call) for call in node_parent if call in searching]
    return sum(1 for w in windows if w is not None and w[0] > w[1])


def _beta_fixed(counted: CountedCalls, node_level: dict[int, int], node_parent: dict[int, int]) -> bool:
    """Beta the same at every position of a search two moves deep or more where some position had two
    children or more (so a correct search narrows it)."""
    windows = [_window(counted, call) for call in node_level]
    if not windows or any(w is None for w in windows) or len({w[1] for w in windows}) != 1:
        return False
    return any(n >= 2 for n in Counter(node_parent.values()).values()) and max(node_level.values()) >= 2


def _both_sides_branch(counted: CountedCalls, node_level: dict[int, int], node_parent: dict[int, int],
                       alternating: bool = True) -> bool:
    """Positions of both players searched two moves or more: by the player each was entered with where the search
    passes one, else by levels where every move passes the turn (with extra turns one player may move on
    consecutive levels, so unread players say nothing)."""
    children = Counter(node_parent.values())
    branching = [parent for parent, n in children.items() if n >= 2 and parent in node_level]
    players = [tuple(role_values(counted, parent, "player")) for parent in branching]
    if players and all(players):
        return len(set(players)) >= 2
    if not alternating:
        return False
    levels = {node_level[parent] for parent in branching}
    return any(level + 1 in levels for level in levels)


def _same_player(counted: CountedCalls, nodes: frozenset[int], node_level: dict[int, int],
                 parents: list[int | None], result_name: str | None) -> str:
    """Where the player stays the same through a search that goes two moves deep or more ('' if nowhere)."""
    if result_name:
        made = [call for call, (f, _) in enumerate(counted.calls)
                if _last(counted.functions[f].name) == _last(result_name) and parents[call] in node_level]
        players = [tuple(role_values(counted, call, "player")) for call in made]
        levels = {node_level[parents[call]] for call in made}
        if len(made) >= 2 and len(levels) >= 2 and all(players) and len(set(players)) == 1:
            return (f"every move your search made called {_last(result_name)} with the same player "
                    f"({players[0][0]!r})")
    if len(nodes) != 1 or not node_level or max(node_level.values()) < 2:
        return ""  # max/min pairs say whose turn it is by the function itself
    players = [tuple(role_values(counted, call, "player")) for call in node_level]
    flags = {tuple(role_values(counted, call, "maximizing")) for call in node_level}
    if all(players) and len(set(players)) == 1 and len(flags) == 1:
        name = counted.functions[next(iter(nodes))].name
        return f"{_last(name)} called itself with the same player ({players[0][0]!r}) at every position"
    return ""


def _last(qualified: str) -> str:
    return qualified.rsplit(".", 1)[-1]
