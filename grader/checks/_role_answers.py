"""Judging one game function on one position against the reference: the single place that says what
"right" means for ``actions``, ``result``, ``terminal`` and ``utility``. For ``result`` that is the board,
and also the turn when the student's ``result`` says whose turn it is (``(board, next_player)``).

Used by every check that compares functions on boards (edge-case boards, random positions).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from grader.adapt import Reply, StudentGame
from grader.cases import Case
from grader.checks.base import Outcome, share
from grader.checks.context import CheckContext
from grader.results import BoardShown
from grader.text import short
from reference.games.base import Game, State


@dataclass
class Verdict:
    right: bool
    reply: Reply
    expected: Any
    case: Case
    timed_out: bool = False
    turn_problem: str = ""  # result: the board is right but the turn it gives is not, in words


def judge_answer(ctx: CheckContext, role: str, case: Case) -> Verdict:
    """Call the student's ``role`` on ``case`` and compare with the reference."""
    game, student = ctx.game, ctx.student
    board, player = game.to_course(case.state), game.to_move(case.state)
    if role == "actions":
        reply = student.actions(board, player)
        expected = game.actions(case.state)
        right = reply.ok and sorted(map(repr, reply.value)) == sorted(map(repr, expected)) \
            and len(reply.value) == len(expected)
    elif role == "result":
        reply = student.result(board, player, case.action)
        after = game.result(case.state, case.action)
        expected = game.to_course(after)
        right = reply.ok and game.same_board(reply.value, expected)
        problem = _turn_problem(game, case.state, after, reply) if right else ""
        if problem:
            return Verdict(False, reply, expected, case, turn_problem=problem)
    elif role == "terminal":
        reply = student.terminal(board)
        expected = game.terminal(case.state)
        right = reply.ok and reply.value == expected
    elif role == "utility":
        # Both views: a utility that is right for the loser but wrong for the winner is wrong.
        reply, expected, right = None, None, True
        for view in (player, -player):
            reply = student.utility(board, view)
            expected = game.utility(case.state, view)
            if reply.ok and _reads_sign(student):
                expected = (expected > 0) - (expected < 0)
            right = reply.ok and reply.value == expected
            if not right:
                break
        # the caption names the view of the call shown: the one that was wrong, else the first asked
        case = replace(case, why=f"{case.why + ': ' if case.why else ''}utility for {game.player_name(view)}")
    else:
        raise ValueError(f"no judge for the role {role!r}")
    return Verdict(right, reply, expected, case, timed_out=reply.kind == "timeout")


def _turn_problem(game: Game, before: State, after: State, reply: Reply) -> str:
    """What is wrong with the turn a ``result`` answer gives ('' if right or not said).

    Judged only when the answer says it (``reply.moves_again``) and the game goes on: nobody
    moves after the last line. The reference's rule: the mover moves again exactly when
    ``to_move`` stays the same (in Dots and Boxes, after completing a box).
    """
    if reply.moves_again is None or game.terminal(after):
        return ""
    again = game.to_move(after) == game.to_move(before)
    if reply.moves_again == again:
        return ""
    expected = game.moves_again_words(before, after) if again else "the other player to move next"
    return f"expected {expected}, got {reply.turn}"


def _reads_sign(student: StudentGame) -> bool:
    binding = student.interface.bindings.get("utility")
    return not student.game.margin_utility or binding is None or "margin" not in binding.reading


def other_sizes(ctx: CheckContext, sizes: Sequence[Sequence[int]]) -> list[CheckContext]:
    """The context on each board size of a check's ``params.sizes``, so that a function that hard-codes
    the assignment's size loses boards; on a size the student's boards cannot be made in (a class that
    only makes square boards), every answer there is the reason, so those boards are lost, not the others."""
    out = []
    for rows, cols in sizes:
        try:
            out.append(ctx.at_size(int(rows), int(cols)))
        except TypeError as e:
            there = replace(ctx, student=None).at_size(int(rows), int(cols))
            there.student = Unsized(f"a {rows}x{cols} board could not be written your way: {e}")
            out.append(there)
    return out


@dataclass
class Unsized:
    """The student's functions on a board size their code cannot make: every answer is why."""

    why: str

    def has(self, role: str) -> bool:
        return True

    def refused(self, *args: Any) -> Reply:
        return Reply(False, error=self.why, kind="error", call="")

    actions = result = terminal = utility = refused


def sized(case: Case, ctx: CheckContext) -> Case:
    """A case on another board size says so."""
    return Case(case.state, case.action, f"{case.why} (on a {ctx.game.rows}x{ctx.game.cols} board)")


def judge_answers(ctx: CheckContext, role: str, cases: Sequence[Case], *, show: int = 3,
                  elsewhere: Sequence[tuple[CheckContext, Sequence[Case]]] = ()) -> Outcome:
    """Partial credit by the share of cases right; feedback shows the first ``show`` wrong ones.
    ``elsewhere`` adds cases judged in other contexts (the same functions on boards of other sizes)."""
    if ctx.student is None or not ctx.student.has(role):
        why = ctx.student.interface.problems.get(role) if ctx.student else "the submission could not be loaded"
        return Outcome(0.0, why or f"no {role} function was found", status="error")
    if role == "utility" and not ctx.student.representation.shows_outcome:
        return Outcome(0.0, f"your boards do not say who is winning ({ctx.student.representation.describe()}), so "
                       "your utility() cannot be judged on the grader's boards: a person grades it", status="manual")
    asked = [(ctx, case) for case in cases] + [(where, case) for where, more in elsewhere for case in more]
    judged: list[tuple[CheckContext, Verdict]] = []
    for where, case in asked:
        judged.append((where, judge_answer(where, role, case)))
        if judged[-1][1].timed_out and sum(v.timed_out for _, v in judged) >= 3:
            break  # a function that hangs is not called a hundred more times
    # a position that cannot be built by playing moves through the student's code (no line of play reaches
    # Mean Connect 4's boards after mean moves; their transition raises on the way) is left out, not charged
    unreachable = [v for _, v in judged if v.reply.kind == "unreachable"]
    judged = [(where, v) for where, v in judged if v.reply.kind != "unreachable"]
    total = len(asked) - len(unreachable)
    left_out = (f"{len(unreachable)} board{'s' if len(unreachable) != 1 else ''} left out, as your positions are "
                f"built by playing moves through your code (first: {unreachable[0].reply.error})" if unreachable else "")
    if unreachable and not judged:
        return Outcome(0.0, f"{left_out}, so a person judges this", status="review")
    wrong = [(where, v) for where, v in judged if not v.right]
    boards = [_shown(where, role, v) for where, v in wrong[:show]]
    right = len(judged) - len(wrong)
    message = f"{right} of {total} boards right"
    if wrong:
        first = wrong[0][1]
        message += f"; first problem: {first.case.why or 'see the board'}: " + _what_went_wrong(first)
    if unreachable:
        message += f" ({left_out})"
    status = "timeout" if any(v.timed_out for _, v in wrong) and right == 0 else None
    return Outcome(share(right, total), message, status=status, boards=boards)


def _what_went_wrong(v: Verdict) -> str:
    if not v.reply.ok:
        return v.reply.error
    if v.turn_problem:
        return v.turn_problem
    return f"expected {short(v.expected, 100)}, got {short(v.reply.value, 100)}"


def _shown(ctx: CheckContext, role: str, v: Verdict) -> BoardShown:
    game = ctx.game
    player = game.to_move(v.case.state)
    returned = v.reply.value if v.reply.ok else v.reply.error
    highlight = (v.case.action,) if v.case.action is not None else ()
    expected_turn = returned_turn = None
    if role == "result" and v.reply.ok and v.reply.moves_again is not None and not game.board_shows_turn:
        # only the answer says whose turn it is (the board does not): the drawings end with it
        expected_turn = game.to_move(game.result(v.case.state, v.case.action))
        returned_turn = player if v.reply.moves_again else -player
    return ctx.show(game.to_course(v.case.state), v.case.why or f"{role} on this board", player=player,
                    call=v.reply.call, expected=readable(game, v.expected, expected_turn),
                    returned=readable(game, returned, returned_turn), highlight=highlight)


def readable(game: Any, value: Any, to_move: int | None = None) -> Any:
    """Boards as text drawings (with ``to_move`` when known), other values as they are."""
    if isinstance(value, (str, bool, int, float)) or value is None:
        return value
    if to_move is None and not game.board_shows_turn:
        to_move = 1  # the board does not say; the drawing needs some player
    if isinstance(value, dict) and "boxes" in value and value["boxes"] is None:
        value = {**value, "boxes": {}}  # a board that keeps no box owners is drawn without them
    try:
        state = game.from_course(value, to_move=to_move)
        return "\n" + game.text(state)
    except ValueError:
        pass
    return value
