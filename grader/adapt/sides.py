"""Which side an agent plays, seen from its moves: for searches whose maximizing flag stands for one
fixed piece (``minimax(board, depth, alpha, beta, maximizingPlayer)``), and for agents never told whose
turn it is that always play one side. Each is probed once, for the agent found, on positions where
each side has its own winning move, so whose win an agent takes says whose side it is on.
"""

from __future__ import annotations

import random
import weakref
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Iterator, Protocol

from grader.adapt.conventions import OBS_CONFIG
from grader.adapt.representations.base import NotThisRepresentation
from grader.adapt.search_arguments import PLAYER_WORDS, role_values
from reference.games.base import Game
from reference.positions import random_line
from reference.tactics.in_a_row import forced_outcome

if TYPE_CHECKING:
    from grader.sandbox.calls import CountedCalls


class StudentAgent(Protocol):
    """What settling an agent's sides reads and sets (``grader.adapt.agents.StudentAgent``)."""

    name: str
    kind: str
    target: str
    order: tuple[str, ...]
    notes: list[str]
    caller: Any
    game: Game
    representation: Any
    depth: int | None
    maximizing_side: int | None
    fixed_side: int | None

    def move(self, board: Any, player: int, timeout: float | None = None, **options: Any) -> Any: ...


def settle_sides(agent: "StudentAgent | str", timeout: float | None = None) -> "StudentAgent | str":
    """For the agent found (probing costs moves, each within ``timeout``): which side a search's
    maximizing flag stands for, and whether an agent never told whose turn it is always plays one
    side; each said in the feedback. A function found for several labels is probed once."""
    if isinstance(agent, str) or agent.kind == "class":
        return agent
    if "maximizing" in agent.order and "player" not in agent.order:
        agent.maximizing_side = _probed(agent, _maximizing_side, timeout)
        agent.notes.append(
            f"{agent.name}: told it maximizes when it is the mover's turn" if agent.maximizing_side is None else
            f"{agent.name}: maximizes for {agent.representation.encode_player(agent.maximizing_side)!r} (seen from "
            "its moves): called with the flag set for that player and cleared for the other")
    elif not {"player", "game"} & set(agent.order) and agent.order != OBS_CONFIG:
        agent.fixed_side = _probed(agent, _fixed_side, timeout)
        if agent.fixed_side is not None:
            mark = agent.representation.encode_player(agent.fixed_side)
            agent.notes.append(f"{agent.name}: always plays {mark!r} (seen from its moves): on the other side's "
                               f"turn it is given the board with the two sides' pieces exchanged")
    return agent


#: what probing found, per sandbox: (probe, agent target, argument order) -> side
_PROBED: "weakref.WeakKeyDictionary[Any, dict[tuple, int | None]]" = weakref.WeakKeyDictionary()


def _probed(agent: "StudentAgent", probe: Callable[["StudentAgent", float | None], int | None],
            timeout: float | None) -> int | None:
    found = _PROBED.setdefault(agent.caller, {})
    key = (probe.__name__, agent.target, agent.order)
    if key not in found:
        found[key] = probe(agent, timeout)
    return found[key]


def _fixed_side(agent: "StudentAgent", timeout: float | None) -> int | None:
    """The one player an agent not told whose turn it is always plays for, or None when its moves follow the
    player to move, seen on positions where each side has its own winning move, one with each player to move.

    The piece its own code plays says it first: the player its first calls pass to the student's functions
    (``make_move(board, m, 'O')``), the same on both positions; failing that, whose win it takes (a search that
    does not prefer quicker wins may block where it could win, so the piece is the better witness)."""
    answers, pieces = [], []
    for mover in (1, -1):
        probe = _rival_wins_position(agent.game, mover)
        if probe is None:
            return None
        board, _, mine, theirs = probe
        move = agent.move(board, mover, timeout=timeout, count_calls=True, watch=PLAYER_WORDS)
        if not move.ok:
            return None  # a side is read from both positions' moves: one missing leaves it unsaid
        answers.append("mine" if move.action == mine else "theirs" if move.action == theirs else None)
        pieces.append(_first_piece(move.counted))
    played = [_decoded_player(agent, piece) for piece in pieces]
    if played[0] is not None and played[0] == played[1]:
        return played[0]
    if played == [1, -1]:
        return None  # its first calls pass the player to move: it follows the turn
    return {("mine", "theirs"): 1, ("theirs", "mine"): -1}.get(tuple(answers))


def _first_piece(counted: "CountedCalls | None") -> Any:
    """The one player value the agent's shallowest calls that pass a player pass (``make_move(board, m,
    'O')`` called by the agent itself), or None when there is none or more than one."""
    if counted is None or not counted.arguments:
        return None
    by_depth: dict[int, set] = {}
    for call, (_, depth) in enumerate(counted.calls):
        for value in role_values(counted, call, "player"):
            by_depth.setdefault(depth, set()).add(value if isinstance(value, (int, str)) else repr(value))
    shallowest = by_depth[min(by_depth)] if by_depth else set()
    return next(iter(shallowest)) if len(shallowest) == 1 else None


def _decoded_player(agent: "StudentAgent", value: Any) -> int | None:
    if value is None:
        return None
    try:
        player = agent.representation.decode_player(value)
    except (NotThisRepresentation, KeyError, ValueError, TypeError, IndexError, AttributeError):
        return None
    return player if player in (1, -1) else None


def _maximizing_side(agent: "StudentAgent", timeout: float | None) -> int | None:
    """The player a search with a fixed maximizing piece plays for when its flag is set: on a position
    where each side has its own winning move, the win it takes at depth 1 (deeper, blocking may look as
    good) says whose it is. None if it does not say."""
    probe = _rival_wins_position(agent.game)
    if probe is None:
        return None
    board, mover, mine, theirs = probe
    depth, agent.depth, agent.maximizing_side = agent.depth, 1, mover  # flag set; at depth 1 a win is all it sees
    move = agent.move(board, mover, timeout=timeout)
    agent.depth, agent.maximizing_side = depth, None
    return {theirs: -mover, mine: mover}.get(move.action) if move.ok else None


@lru_cache(maxsize=32)
def _rival_wins_position(game: Game, mover: int | None = None) -> tuple[Any, int, Any, Any] | None:
    """(course board, mover, the mover's only winning move, the opponent's only winning move) from a seeded
    random game, or None; every board asked about is a real position. A plain minimax that does not prefer
    quicker wins may block instead (CS50's ``minimax(board)``), so a position where the immediate win is the
    mover's only winning move, as an exact solver says, is preferred."""
    found = []
    for position in _rival_wins_positions(game, mover):
        decisive = _only_winning_move(game, position[0], position[2])
        if decisive:
            return game.to_course(position[0]), *position[1:]
        found.append(position)
        if decisive is None or len(found) >= _DECISIVE_TRIES:
            break
    return (game.to_course(found[0][0]), *found[0][1:]) if found else None


#: positions tried for one whose immediate win is the only winning move, and the solver's budget for each
_DECISIVE_TRIES = 12
_SOLVER_NODES = 20_000


def _only_winning_move(game: Game, state: Any, winning: Any) -> bool | None:
    """Whether ``winning`` is the only move that wins for the side to move with best play after it; None
    when the solver cannot say (no solver for the game, or a position too far from the end)."""
    mover = game.to_move(state)
    for action in game.actions(state):
        if action == winning:
            continue
        after = game.result(state, action)
        outcome = forced_outcome(game, after, node_budget=_SOLVER_NODES)  # for the side to move after it
        if outcome is None:
            return None
        if (outcome if game.to_move(after) == mover else -outcome) > 0:
            return False
    return True


def _rival_wins_positions(game: Game, mover: int | None = None) -> Iterator[tuple[Any, int, Any, Any]]:
    """(state, mover, the mover's only immediate win, the opponent's only immediate win) along seeded
    random games, in order."""
    rng = random.Random(11)
    for _ in range(200):
        moves, _ = random_line(game, rng)
        state = game.initial_state()
        for action in moves:
            if game.terminal(state):
                break
            if mover is not None and game.to_move(state) != mover:
                state = game.result(state, action)
                continue
            legal = game.actions(state)
            mine = [a for a in legal if _wins(game, state, a)]
            quiet = {q: game.result(state, q) for q in legal if len(mine) == 1 and q != mine[0]}
            if len(quiet) >= 2 and all(not game.terminal(after) and game.to_move(after) != game.to_move(state)
                                       for after in quiet.values()):
                theirs = {a for q, after in quiet.items() for a in game.actions(after) if a != q and _wins(game, after, a)}
                if len(theirs) == 1 and mine[0] not in theirs:
                    yield state, game.to_move(state), mine[0], theirs.pop()
            state = game.result(state, action)


def _wins(game: Game, state: Any, action: Any) -> bool:
    after = game.result(state, action)
    return game.terminal(after) and game.utility(after, game.to_move(state)) > 0
