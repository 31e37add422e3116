"""Dots and Boxes edge cases on any board of rows x cols dots: lines on every outer edge and inside,
one box, two boxes closed by one line, the extra turn after each, and the last line of the game.

Lines are the course's ``('h' | 'v', row, col)`` named by their starting dot. The board dict does
not say whose turn it is, so the extra-turn rule shows on the board only through who owns the
next box: the cases "... moves again and closes ..." give the mover a second box right after the
first. A student who passes the turn after every line (or infers the mover from the number of
lines) names the wrong owner there. A ``result`` that answers ``(board, next_player)`` or
``(board, extra_turn)`` is also judged on the turn it gives (``grader.checks._role_answers``), so there
every case where the mover completes a box (one, or two at once) tests the extra turn.
"""

from __future__ import annotations

from typing import Sequence

from grader.games.building import reach, unique
from grader.plugs import EdgeBoardError
from grader.cases import Case
from reference.games.dots_and_boxes import DBState, DotsAndBoxes, Line
from reference.positions import terminal_with_outcome


def cases(game: DotsAndBoxes, role: str) -> list[Case]:
    """The edge cases for ``role`` at ``game``'s size."""
    return unique({"actions": _actions, "result": _result, "terminal": _terminal, "utility": _utility}[role](game))


def h(r: int, c: int) -> Line:
    return ("h", r, c)


def v(r: int, c: int) -> Line:
    return ("v", r, c)


def box_sides(r: int, c: int) -> list[Line]:
    """The four lines around box (r, c): top, bottom, left, right."""
    return [h(r, c), h(r + 1, c), v(r, c), v(r, c + 1)]


# --- the positions ---


def _actions(game: DotsAndBoxes) -> list[Case]:
    every = list(game.line_actions)
    out = [Case(game.initial_state(), why="the empty board: every line can be drawn"),
           Case(reach(game, [h(0, 0)]), why="after the first line ('h', 0, 0): every other line")]
    one_box = _one_box(game)
    if one_box is not None:
        out.append(Case(game.result(*one_box), why="after a box is closed: the lines not yet drawn"))
    out.append(Case(reach(game, every[:-1]), why=f"only one line is left: {every[-1]!r}"))
    out.append(Case(reach(game, every), why="every line is drawn: nothing is left"))
    return out


def _result(game: DotsAndBoxes) -> list[Case]:
    rows, cols = game.rows, game.cols
    empty, after_first = game.initial_state(), reach(game, [h(0, 0)])
    out = [Case(empty, h(0, 0), "the first line, on the top edge"),
           Case(empty, v(0, 0), "the first line, on the left edge"),
           Case(after_first, h(rows - 1, cols - 2), "-1 draws a line on the bottom edge"),
           Case(after_first, v(rows - 2, cols - 1), "-1 draws a line on the right edge")]
    if rows > 2:
        out.append(Case(after_first, h(1, 0), "-1 draws an inner horizontal line"))
    if cols > 2:
        out.append(Case(empty, v(0, 1), "an inner vertical line"))
    one_box = _one_box(game)
    if one_box is not None:
        state, line = one_box
        out.append(Case(state, line, f"{game.player_name(state.player)} closes box (0, 0) with {line!r}: "
                                     "the box is theirs"))
    for r in range(1, game.rows - 1):  # a box closed by its top side, on every row of boxes (no row is special)
        top, bottom, left, right = box_sides(r, 0)
        state = _sequence(game, [left, right, bottom])
        out.append(Case(state, top, f"{game.player_name(state.player)} closes box ({r}, 0) with its top side "
                                    f"{top!r}: the box is theirs"))
    for pair in _two_boxes(game):
        state, line, boxes = pair
        out.append(Case(state, line, f"completing two boxes with one line: {line!r} closes boxes "
                                     f"{boxes[0]} and {boxes[1]} for {game.player_name(state.player)}"))
    again = _again_after_one_box(game)
    if again is not None:
        state, line, why = again
        out.append(Case(state, line, why))
    again = _again_after_two_boxes(game)
    if again is not None:
        state, line, why = again
        out.append(Case(state, line, why))
    every = list(game.line_actions)
    last = reach(game, every[:-1])
    out.append(Case(last, every[-1], f"the last line of the game, {every[-1]!r}, drawn by "
                                     f"{game.player_name(last.player)}"))
    return out


def _terminal(game: DotsAndBoxes) -> list[Case]:
    every = list(game.line_actions)
    horizontals = [a for a in every if a[0] == "h"]
    out = [Case(game.initial_state(), why="the empty board is not over"),
           Case(reach(game, horizontals), why="every horizontal line but no vertical one: not over"),
           Case(reach(game, every[:-1]), why=f"one line missing ({every[-1]!r}): not over"),
           Case(reach(game, every[1:]), why=f"one line missing on the top edge ({every[0]!r}): not over"),
           Case(reach(game, every), why="every line is drawn: the game is over")]
    for state, words in _finished(game)[:2]:
        out.append(Case(state, why=f"every line is drawn ({words}): the game is over"))
    return out


def _utility(game: DotsAndBoxes) -> list[Case]:
    """Finished games from both players' views (the judge asks the player in the state)."""
    out = []
    for state, words in _finished(game):
        for player in (1, -1):
            viewed = state._replace(player=player)
            # the judge adds the view of the call it shows
            out.append(Case(viewed, why=f"a finished game ({words}) with {game.player_name(player)} to move"))
    return out


# --- building blocks, each checked against the reference ---


def _sequence(game: DotsAndBoxes, lines: Sequence[Line], *, closing: int = 0) -> DBState:
    """Play ``lines``; the whole sequence must close exactly ``closing`` boxes (the case data says so)."""
    state = reach(game, lines)
    closed = state.boxes_first.bit_count() + state.boxes_second.bit_count()
    if closed != closing:
        raise EdgeBoardError(f"the lines {list(lines)} close {closed} boxes on {game!r}, not {closing}")
    return state


def _fits(game: DotsAndBoxes, lines: Sequence[Line]) -> bool:
    return all(line in game.line_index for line in lines) and len(set(lines)) == len(lines)


def _closes(game: DotsAndBoxes, state: DBState, line: Line) -> int:
    after = game.result(state, line)
    return (after.boxes_first | after.boxes_second).bit_count() - (state.boxes_first | state.boxes_second).bit_count()


def _one_box(game: DotsAndBoxes) -> tuple[DBState, Line] | None:
    """Three sides of box (0, 0) drawn (top, left, bottom); its right side closes it for -1."""
    top, bottom, left, right = box_sides(0, 0)
    state = _sequence(game, [top, left, bottom])
    return state, right


def _two_boxes(game: DotsAndBoxes) -> list[tuple[DBState, Line, tuple]]:
    """A side-by-side pair closed by +1 and a stacked pair closed by -1, each by the line they share."""
    out = []
    if game.cols > 2:  # boxes (0, 0) and (0, 1) share v(0, 1)
        outline = [h(0, 0), h(0, 1), h(1, 0), h(1, 1), v(0, 0), v(0, 2)]
        out.append((_sequence(game, outline), v(0, 1), ((0, 0), (0, 1))))
    if game.rows > 2:  # boxes (0, 0) and (1, 0) share h(1, 0)
        outline = [v(0, 0), v(0, 1), v(1, 0), v(1, 1), h(0, 0), h(2, 0)]
        away = [a for a in game.line_actions if a not in outline and a != h(1, 0)
                and not set(game.line_boxes[game.line_index[a]]) & {0, game.cols - 1}]
        if away:  # one line elsewhere, so that -1 moves
            out.append((_sequence(game, outline + away[-1:]), h(1, 0), ((0, 0), (1, 0))))
    return out


def _again_after_one_box(game: DotsAndBoxes) -> tuple[DBState, Line, str] | None:
    """Boxes A and B with three sides each; the mover closes A, moves again, and closes B (the case)."""
    rows, cols = game.rows, game.cols
    if cols > 2:
        a, b = (0, 0), (0, cols - 2)  # 4th sides: their top edges
    elif rows > 2:
        a, b = (0, 0), (rows - 2, 0)  # 4th sides: their left edges
    else:
        return None
    fourth = (h(*a), h(*b)) if cols > 2 else (v(*a), v(*b))
    sides = [s for box in (a, b) for s in box_sides(*box) if s not in fourth]
    setup = _sequence(game, list(dict.fromkeys(sides)))
    first = game.result(setup, fourth[0])
    mover = game.player_name(setup.player)
    if first.player != setup.player or _closes(game, setup, fourth[0]) != 1:
        raise EdgeBoardError(f"{fourth[0]!r} should close box {a} on {game!r}")
    return first, fourth[1], (f"after closing box {a}, {mover} moves again and closes box {b} with "
                              f"{fourth[1]!r}: the box is {mover}'s (the mover plays again after a box)")


def _again_after_two_boxes(game: DotsAndBoxes) -> tuple[DBState, Line, str] | None:
    """Boxes (0, 0) and (0, 1) closed at once by v(0, 1); the same player then closes a third box."""
    rows, cols = game.rows, game.cols
    if rows < 3 or cols < 3:
        return None
    third = (rows - 2, cols - 2)
    pair = [h(0, 0), h(0, 1), h(1, 0), h(1, 1), v(0, 0), v(0, 2)]
    last_side = h(third[0] + 1, third[1])  # the bottom edge of the board
    lines = list(dict.fromkeys(pair + [s for s in box_sides(*third) if s != last_side]))
    if not _fits(game, lines + [v(0, 1), last_side]) or third in ((0, 0), (0, 1)):
        return None
    setup = _sequence(game, lines)
    first = game.result(setup, v(0, 1))
    if _closes(game, setup, v(0, 1)) != 2 or _closes(game, first, last_side) != 1:
        raise EdgeBoardError(f"the two-box sequence does not close the boxes it should on {game!r}")
    mover = game.player_name(setup.player)
    return first, last_side, (f"after completing two boxes with one line ({v(0, 1)!r}), {mover} moves again and "
                              f"closes box {third} with {last_side!r}: the box is {mover}'s")


def _finished(game: DotsAndBoxes) -> list[tuple[DBState, str]]:
    """Finished games won by +1, won by -1 and drawn (when the box count allows), from seeded play."""
    out = []
    for winner in (1, -1, None):
        if winner is None and game.num_boxes % 2:
            continue
        state = terminal_with_outcome(game, winner, seed=2024, tries=2000)
        if state is not None:
            first, second = state.boxes_first.bit_count(), state.boxes_second.bit_count()
            words = "a tie" if winner is None else f"{game.player_name(winner)} won"
            out.append((state, f"{words}, {first} boxes to {second}"))
    return out
