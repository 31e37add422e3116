"""The public face of a generated submission: the functions, classes and agents a student would have
written, over the staff solution hidden as its core (``core``).

A :class:`Face` says how the student writes everything (names, argument orders, players, boards,
moves, answers, and whether the rules are functions, methods or a state object); :func:`submission`
writes the notebook. Every face function turns what it is given into the course's form, asks the
core, and answers in the student's form, so a face keeps the staff solution's meaning (and a
mutant's bug) exactly, whatever it looks like.
"""

from __future__ import annotations

import ast
import inspect
import math
import re
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from reference.solutions import Cell, reference_cells, write_notebook
from tests.metamorphic import codecs
from tests.metamorphic.core import PREFIX, hide

#: the course's two players and empty mark, per assignment
COURSE_MARKS = {"connect4": (1, -1, 0), "mean_connect4": (1, -1, 0), "dots_and_boxes": (1, -1, 0),
                "tictactoe": ("x", "o", " ")}
#: the agents each staff solution has
AGENTS = {"connect4": ("random_player", "alpha_beta_player", "heuristic_player", "mcts_player"),
          "mean_connect4": ("random_player", "alpha_beta_player", "heuristic_player", "mcts_player"),
          "dots_and_boxes": ("random_player", "alpha_beta_player", "mcts_player"),
          "tictactoe": ("random_player", "alpha_beta_player")}
FUNCTIONS = ("initial_state", "actions", "result", "terminal", "utility")
#: the core's name for each role
CORE_NAMES = {"initial_state": "empty_board", "actions": "actions", "result": "result", "terminal": "terminal",
              "utility": "utility"}
#: the course's arguments of each role, in its order
COURSE_ORDERS = {"actions": ("state",), "result": ("state", "player", "action"), "terminal": ("state",),
                 "utility": ("state", "player")}


#: the containers of a Dots and Boxes board: the course's dict, lines in a set or a list, two 0/1 matrices, the picture of
#: dots and dashes, the template's first layout ({'n', 'm'} with lines and boxes as keys), each player's score
#: kept where the box owners were ({'size', 'lines', 'score'}: which box is whose is not kept)
DAB_CONTAINERS = ("course", "set", "list", "matrices", "dot_grid", "old_dict", "scores")


@dataclass(frozen=True)
class Face:
    """How one student writes the assignment. The defaults are the course's own face."""

    assignment: str
    names: Mapping[str, str] = field(default_factory=dict)  # role or agent label -> the student's name
    params: Mapping[str, str] = field(default_factory=dict)  # 'state'/'player'/'action' -> parameter name
    orders: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # role -> its arguments in order
    players: tuple[Any, Any, Any] | None = None  # first player, second player, empty cell; None: the course's
    orientation: tuple[str, ...] = ()  # grids: 'flip' (row 0 at the bottom), 'transpose' (columns as rows)
    container: str = "course"  # grids: numpy, lists, text, flat, cells, stacks (Connect 4's columns, ragged),
    #: numbered (tic-tac-toe's cells in a dict keyed 1 to 9);
    #: Dots and Boxes: DAB_CONTAINERS. A Connect 4 board as stacks or flat does not show its size: module-level
    #: ROWS and COLS say it (:attr:`hides_size`)
    moves: str = "course"  # grids: one_based, cell, text, tagged (Mean Connect 4's kinds: ('drop', c), ('mean', f, t));
    #: Dots and Boxes: one_based, text
    lines: str = "course"  # Dots and Boxes: swapped ('h'/'v' the other way round), dots (the two dots joined),
    #: words (the kind written as a word, ('horizontal', r, c)), nested (the kind and the starting dot, ('h', (r, c)),
    #: dot_numbers (the two dots joined, numbered row by row: (a, b)), numbers (each line one number, OpenSpiel's),
    #: row_numbers (each line one number, each row's horizontals then the verticals below it)
    terminal: str = "bool"  # bool, int (1 / 0), status ('continue' / 'draw' / the winner), pair ((over, winner)),
    #: winner (None while not over, then the winner's mark or 'draw')
    utility: str = "player"  # player (from its view), first (no player: the first player's view)
    scale: float = 1  # math.inf: a win is inf, a loss -inf (a draw stays 0)
    unit_utility: bool = False  # a win is 1, a draw 0.5, a loss 0 (the course's value, plus one, halved)
    shape: str = "functions"  # functions, module_object, class_only, position_class, state_object, in_place
    state: str = "board"  # board, tuple, dict, dataclass: what a position is (the last three carry the turn)
    result_style: str = "new"  # new, in_place (changes the board, returns None), pair ((board, next player)),
    #: extra_turn ((board, whether the mover moves again))
    agent_log: bool = False  # agents take a log the notebook keeps as a global and passes by name
    agent_answer: str = "move"  # move, record ({'move': m, 'value': v}), value_first ((v, m)), move_first ((m, None)),
    #: board (after the move)
    actions_style: str = "list"  # list, set (an unordered collection of moves), generator (moves yielded lazily),
    #: numpy (an array of the moves)
    counted_turn: bool = False  # result() takes no player: it counts the marks on the board (result(board, action))
    agent_classes: bool = False  # agents as classes: built with their player (and settings), asked get_move(board)
    agent_player_first: bool = False  # agents take (player, board)
    #: the searches' settings (depth, playouts) have no defaults: the notebook's own matches pass them
    agent_settings_required: bool = False
    rules_log: bool = False  # the rules take a log the notebook keeps as a global and passes by name
    #: every rule and agent takes a required parameter for state the notebook keeps beside the board (BESIDE: Mean
    #: Connect 4's last mean move, a Dots and Boxes score), which its loop passes and which is None before the first move
    state_beside: bool = False
    game_loops: bool = False  # each agent has a game loop named after it, which takes two agents and a board
    size_constants: bool = False  # module-level ROWS, COLS fix the board's size: the code fails on any other
    #: the same size kept as attributes of a module-level object of the student's own class (``SIZE.rows``), as a
    #: game class built at one size keeps it
    size_in_object: bool = False
    #: an in-place object's move never hands the turn over: it answers whether the mover goes again, and the
    #: caller's loop calls switch_player() when not
    turn_by_caller: bool = False
    #: every top-level function the student writes is wrapped by a decorator written as a class (a call counter, as
    #: ``functools.lru_cache`` is): what the notebook names is a callable object whose ``__wrapped__`` is the function
    decorated: bool = False
    expected_losses: frozenset[str] = frozenset()  # checks this face may lose by the course's own rules
    steps: tuple[str, ...] = ()  # the transformations that made it

    def name(self, role: str) -> str:
        return self.names.get(role, CORE_NAMES.get(role, role))

    def param(self, course: str) -> str:
        return self.params.get(course, {"state": "board"}.get(course, course))

    def order(self, role: str) -> tuple[str, ...]:
        if role in self.orders:
            return self.orders[role]
        if self.carries_turn and role in ("result", "actions"):
            return ("state", "action") if role == "result" else ("state",)
        if role == "actions" and self.assignment == "mean_connect4":
            return ("state", "player")
        if role == "result" and self.counted_turn:
            return ("state", "action")
        return COURSE_ORDERS[role]

    @property
    def carries_turn(self) -> bool:
        """A position that says whose turn it is (the student's state, or an in-place game object)."""
        return self.state != "board" or self.shape in ("state_object", "in_place")

    @property
    def hides_size(self) -> bool:
        """Whether the board does not show its size, which module-level constants then hold."""
        return self.container == "stacks" or (self.container == "flat" and self.assignment != "tictactoe")

    @property
    def marks(self) -> tuple[Any, Any, Any]:
        return self.players or COURSE_MARKS[self.assignment]

    def problems(self) -> list[str]:
        """Why no student could write this face (two transformations that cannot go together)."""
        out = []
        first, second, empty = self.marks
        grid = self.assignment != "dots_and_boxes"
        if self.container == "stacks" and (self.assignment == "tictactoe" or self.orientation or self.moves == "cell"):
            out.append("column stacks are Connect 4's, have no orientation and no cells to number")
        if self.container == "flat_text" and self.assignment != "tictactoe":
            out.append("a string of cells loses its width")
        if self.container in ("text", "flat_text") and not all(isinstance(m, str) and len(m) == 1 for m in self.marks):
            out.append("a text board needs one-character marks")
        if self.result_style == "in_place" and (self.container in ("text", "flat_text", "tuples") or self.carries_turn):
            out.append("an in-place result needs a mutable board and no state around it")
        if self.counted_turn and (self.assignment not in ("connect4", "tictactoe") or self.carries_turn):
            out.append("only a board of marks, in a game without extra moves, tells whose turn it is by counting")
        if self.actions_style == "numpy" and (self.assignment not in ("connect4", "tictactoe")
                                              or self.shape != "functions" or self.state != "board"):
            out.append("an array of moves is what a function on a grid answers")
        if self.result_style in ("pair", "extra_turn") and self.carries_turn:
            out.append("a state that carries the turn makes a (board, next player) result redundant")
        if self.moves == "cell" and self.assignment in ("mean_connect4", "dots_and_boxes"):
            out.append("mean moves and lines are not cells")
        if not grid and (self.orientation or self.container not in DAB_CONTAINERS):
            out.append("Dots and Boxes boards have no grid")
        if self.container == "old_dict" and self.lines == "dot_numbers":
            out.append("in the old layout a box (r, c) and a line of dots numbered (r, c) would be one key")
        if self.container == "old_dict" and any(isinstance(m, bool) for m in self.marks):
            out.append("the old layout tells a line (True) from a box by its value: boxes cannot be owned by True")
        if self.lines in ("dot_numbers", "numbers", "row_numbers") and self.moves == "one_based":
            out.append("dots or lines numbered row by row are not shifted coordinates")
        if self.moves == "text" and self.lines in ("dots", "nested", "dot_numbers", "numbers", "row_numbers"):
            out.append("dot pairs are not written as text here")
        if self.container in ("matrices", "dot_grid") and (self.lines != "course" or self.moves != "course"):
            out.append("line matrices and pictures are indexed by the course's own lines")
        if grid and self.lines != "course":
            out.append("only Dots and Boxes has lines")
        if (self.scale != 1 or self.unit_utility) and self.assignment == "dots_and_boxes":
            out.append("a box margin has no scale")
        if self.assignment == "tictactoe" and self.orientation and \
                self.container in ("course", "flat", "flat_text", "numbered"):
            out.append("a flat tic-tac-toe board has no orientation")
        if len(set(map(repr, (first, second, empty)))) < 3:
            out.append("the marks must differ")
        if self.rules_log and self.shape != "functions":
            out.append("a log passed by name goes to functions, not methods")
        if self.state_beside and (self.shape != "functions" or self.state != "board" or self.agent_classes
                                  or self.agent_player_first):
            out.append("state kept beside the board is passed to functions given the board itself")
        if self.agent_settings_required and (self.agent_classes or self.agent_log or self.agent_player_first):
            out.append("settings without defaults are shown on agents written as plain functions")
        if self.agent_player_first and (self.carries_turn or self.agent_classes):
            out.append("an agent given a state or built with its player takes no player beside the board")
        if self.agent_answer == "board" and (self.carries_turn or self.shape != "functions"):
            out.append("an agent that answers a board plays on boards, not on states or objects")
        if self.shape in ("state_object", "in_place", "position_class") and self.state != "board":
            out.append("a state object is its own state")
        if self.size_constants and (self.shape != "functions" or self.state != "board" or self.agent_classes
                                    or self.container not in (("course", "lists", "tuples", "numpy") if grid else ())
                                    or (self.assignment == "tictactoe" and self.container == "course")):
            out.append("size constants are read by functions given a two-dimensional board")
        return out


# --- the notebook --------------------------------------------------------------------------


def submission(face: Face, path: str | Path, extra_cells: Sequence[str] = ()) -> Path:
    """Write the notebook of ``face`` at ``path``: the staff solution (plus ``extra_cells``, a mutant's
    redefinitions) hidden as the core, and the face over it."""
    cells = reference_cells(face.assignment)
    title = next(c for c in cells if c.kind == "markdown")
    code = [c.source for c in cells if c.kind == "code"] + list(extra_cells)
    return write_notebook([title] + [Cell("code", src) for src in hide(code)] + [Cell("code", face_source(face))],
                          path)


def face_source(face: Face) -> str:
    """The Python of the face: its codecs, then the rules in the face's shape, then the agents."""
    source = "\n\n".join([_prelude(face), _rules(face), _agents(face)]) + "\n"
    source = _size_in_object(source) if face.size_in_object else source
    return _decorated(source) if face.decorated else source


_SIZE_CLASS = '''class BoardSize:
    """The board's size, kept in one object the rules read."""

    def __init__(self, rows={rows}, cols={cols}):
        self.rows, self.cols = rows, cols


SIZE = BoardSize()'''


def _size_in_object(source: str) -> str:
    """``source`` with its size constants kept as the attributes of a module-level object instead."""
    constants = re.search(r"^ROWS, COLS = (\d+), (\d+)$", source, flags=re.MULTILINE)
    source = source.replace(constants.group(0), "\0")
    source = re.sub(r"\bCOLS\b", "SIZE.cols", re.sub(r"\bROWS\b", "SIZE.rows", source))
    return source.replace("\0", _SIZE_CLASS.format(rows=constants.group(1), cols=constants.group(2)))


_COUNTED = """import functools as _functools


class _counted:
    \"\"\"Counts the calls of the function it wraps.\"\"\"

    def __init__(self, function):
        _functools.update_wrapper(self, function)
        self.calls = 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.__wrapped__(*args, **kwargs)

"""


def _decorated(source: str) -> str:
    """``source`` with every top-level public function wrapped by a call counter written as a class."""
    return _COUNTED + re.sub(r"^def (?=[A-Za-z])", "@_counted\ndef ", source, flags=re.MULTILINE)


# --- codecs in the submission ----------------------------------------------------------------


def _copied(*functions) -> str:
    """The source of ``codecs`` functions, renamed private (their calls of each other too) so the grader never
    takes one for a role."""
    names = re.compile(r"(?<![\w.])(" + "|".join(fn.__name__ for fn in functions) + r")\(")
    return "\n".join(names.sub(r"_\1(", textwrap.dedent(inspect.getsource(fn))) for fn in functions)


def _prelude(face: Face) -> str:
    first, second, empty = face.marks
    c1, c2, ce = COURSE_MARKS[face.assignment]
    lines = ["import copy as _copy", "import dataclasses as _dataclasses", "import numpy as _np", "",
             f"_PLAYER_OUT = {{{c1!r}: {first!r}, {c2!r}: {second!r}, None: None}}",
             f"_PLAYER_IN = {{{first!r}: {c1!r}, {second!r}: {c2!r}, None: None}}",
             f"_FIRST, _SECOND = {first!r}, {second!r}"]
    if face.assignment == "dots_and_boxes":
        lines.append(_copied(codecs.dab_relabel, codecs.dab_shift, codecs.line_shift, codecs.line_swap,
                             codecs.dab_swap, codecs.dab_to_dots, codecs.dab_from_dots, codecs.line_to_dots,
                             codecs.dots_to_line, codecs.dab_to_set, codecs.dab_from_set, codecs.dab_to_matrices,
                             codecs.dab_from_matrices, codecs.dab_to_grid, codecs.dab_from_grid,
                             codecs.line_to_word, codecs.word_to_line, codecs.dab_to_words, codecs.dab_from_words,
                             codecs.line_to_nested, codecs.nested_to_line, codecs.dab_to_nested,
                             codecs.dab_from_nested, codecs.line_to_numbers, codecs.numbers_to_line,
                             codecs.dab_to_numbers, codecs.dab_from_numbers, codecs.dab_to_old, codecs.dab_from_old,
                             codecs.dab_to_scores, codecs.dab_owners_from_scores,
                             codecs.line_to_index, codecs.index_to_line, codecs.dab_to_indices,
                             codecs.dab_from_indices))
        lines.append(_dab_board(face))
    else:
        lines.append(f"_TABLE_OUT = {{{ce!r}: {empty!r}, {c1!r}: {first!r}, {c2!r}: {second!r}}}")
        lines.append(f"_TABLE_IN = {{{empty!r}: {ce!r}, {first!r}: {c1!r}, {second!r}: {c2!r}}}")
        lines.append(f"_EMPTY = {empty!r}")
        lines.append(_copied(codecs.grid_of, codecs.board_of, codecs.flip_rows, codecs.transpose, codecs.relabel,
                             codecs.to_numpy, codecs.from_numpy, codecs.to_lists, codecs.from_lists, codecs.to_tuples,
                             codecs.to_text, codecs.from_text, codecs.to_flat, codecs.from_flat, codecs.to_cells,
                             codecs.from_cells, codecs.to_stacks, codecs.from_stacks, codecs.to_numbered,
                             codecs.from_numbered, codecs.drop_row, codecs.cell_of, codecs.course_cell))
        lines.append(_grid_board(face))
    lines.append(_common(face))
    return "\n".join(lines)


def _grid_board(face: Face) -> str:
    flat = 3 if face.assignment == "tictactoe" else 0
    container = face.container if face.container != "course" else ("flat" if flat else "numpy")
    identity = not face.orientation and face.players is None and face.container == "course"
    out_steps = ["    g = _grid_of(b, %d)" % flat]
    in_steps = []
    for step in face.orientation:
        fn = {"flip": "_flip_rows", "transpose": "_transpose"}[step]
        out_steps.append(f"    g = {fn}(g)")
        in_steps.insert(0, f"    g = {fn}(g)")
    out_steps.append("    g = _relabel(g, _TABLE_OUT)")
    in_steps.insert(0, "    g = _relabel(g, _TABLE_IN)")
    to, back = {"numpy": ("_to_numpy(g)", "_from_numpy(s)"), "lists": ("_to_lists(g)", "_from_lists(s)"),
                "tuples": ("_to_tuples(g)", "_from_lists(s)"),
                "text": ("_to_text(g)", "_from_text(s)"), "flat": ("_to_flat(g)", None),
                "flat_text": ("''.join(_to_flat(g))", "_from_flat(list(s), 3)"),
                "cells": ("_to_cells(g, _EMPTY)", "_from_cells(s, _EMPTY)"),
                "stacks": ("_to_stacks(g, _EMPTY)", "_from_stacks(s, ROWS, _EMPTY)"),
                "numbered": ("_to_numbered(g)", "_from_numbered(s, 3)")
                }[container]
    if back is None:
        back = "_from_flat(s, COLS)" if face.hides_size else "_from_flat(s, 3)"
    if identity:
        board_out, board_in = "def _board_out(b):\n    return b", "def _board_in(s):\n    return s"
    else:
        board_out = "def _board_out(b):\n" + "\n".join(out_steps) + f"\n    return {to}"
        board_in = f"def _board_in(s):\n    g = {back}\n" + "\n".join(in_steps) + f"\n    return _board_of(g, {flat})"
    flipped, transposed = "flip" in face.orientation, "transpose" in face.orientation
    rows_cols = "3, 3" if flat else "b.shape[0], b.shape[1]"
    if face.moves == "cell":
        col = "_drop_row(b, m), m" if not flat else "m // 3, m % 3"
        move_out = f"return _cell_of({col}, {rows_cols}, {flipped}, {transposed})"
        back_cell = f"_course_cell(m, {rows_cols}, {flipped}, {transposed})"
        move_in = f"r, c = {back_cell}\n    return c" if not flat else f"r, c = {back_cell}\n    return r * 3 + c"
    elif face.moves == "one_based":
        move_out = "return tuple(x + 1 for x in m) if isinstance(m, tuple) else m + 1"
        move_in = "return tuple(int(x) - 1 for x in m) if isinstance(m, (tuple, list)) else int(m) - 1"
    elif face.moves == "tagged":  # each move says its kind: ('drop', 3), ('mean', 2, 5)
        move_out = "return ('mean', *m) if isinstance(m, tuple) else ('drop', m)"
        move_in = "return tuple(int(x) for x in m[1:]) if m[0] == 'mean' else int(m[1])"
    elif face.moves == "text":
        move_out = "return ','.join(map(str, m)) if isinstance(m, tuple) else str(m)"
        move_in = "return tuple(int(x) for x in m.split(',')) if ',' in m else int(m)"
    else:
        move_out = "return m"
        move_in = "return tuple(int(x) for x in m) if isinstance(m, (tuple, list)) else int(m)"
    if face.hides_size:  # the stacks or the flat list do not say the board's size: the student's constants do
        rows, cols = DEFAULT_SIZES[face.assignment]
        rows, cols = (cols, rows) if transposed else (rows, cols)
        fits = "len(s) != COLS" if face.container == "stacks" else "len(s) != ROWS * COLS"
        board_in = board_in.replace("def _board_in(s):", "def _board_in_any(s):") + (
            f"\n\n\nROWS, COLS = {rows}, {cols}\n\n\ndef _board_in(s):\n"
            f"    if {fits}:\n"
            "        raise IndexError(f'written for a {ROWS}x{COLS} board')\n"
            "    return _board_in_any(s)")
    if face.size_constants:  # the student's board must have the constants' shape (its axes as the student has them)
        rows, cols = DEFAULT_SIZES[face.assignment]
        rows, cols = (cols, rows) if transposed else (rows, cols)
        board_in = board_in.replace("def _board_in(s):", "def _board_in_any(s):") + (
            f"\n\n\nROWS, COLS = {rows}, {cols}\n\n\ndef _board_in(s):\n"
            "    if (len(s), len(s[0])) != (ROWS, COLS):\n"
            "        raise IndexError(f'written for a {ROWS}x{COLS} board')\n"
            "    return _board_in_any(s)")
    return (f"{board_out}\n\n\n{board_in}\n\n\n"
            f"def _move_out(m, b):\n    {move_out}\n\n\ndef _move_in(m, b):\n    {move_in}\n")


#: the board each grid assignment is graded on by default (rows, columns)
DEFAULT_SIZES = {"connect4": (6, 7), "mean_connect4": (6, 7), "tictactoe": (3, 3)}


#: each way of writing a Dots and Boxes line: the board's codecs, then a move's (``m``, on the course board ``b``)
LINE_CODECS = {
    "swapped": ("_dab_swap(b)", "_dab_swap(b)", "_line_swap(m)", "_line_swap(m)"),
    "words": ("_dab_to_words(b)", "_dab_from_words(b)", "_line_to_word(m)", "_word_to_line(m)"),
    "dot_numbers": ("_dab_to_numbers(b)", "_dab_from_numbers(b)", "_line_to_numbers(m, b['size'][1])",
                    "_numbers_to_line(m, b['size'][1])"),
    "nested": ("_dab_to_nested(b)", "_dab_from_nested(b)", "_line_to_nested(m)", "_nested_to_line(m)"),
    "dots": ("_dab_to_dots(b)", "_dab_from_dots(b)", "_line_to_dots(m, 0)", "_dots_to_line(m, 0)"),
    "numbers": ("_dab_to_indices(b)", "_dab_from_indices(b)", "_line_to_index(m, b['size'])",
                "_index_to_line(m, b['size'])"),
    "row_numbers": ("_dab_to_indices(b, by_rows=True)", "_dab_from_indices(b, by_rows=True)",
                    "_line_to_index(m, b['size'], by_rows=True)", "_index_to_line(m, b['size'], by_rows=True)"),
}


def _dab_board(face: Face) -> str:
    identity = face.players is None and face.moves == "course" and face.lines == "course" and face.container == "course"
    out_steps, in_steps, move_out, move_in = [], [], [], []
    if face.players is not None:
        out_steps.append("b = _dab_relabel(b, _PLAYER_OUT)")
        in_steps.insert(0, "b = _dab_relabel(b, _PLAYER_IN)")
    if face.moves == "one_based":
        out_steps.append("b = _dab_shift(b, 1)")
        in_steps.insert(0, "b = _dab_shift(b, -1)")
        move_out.append("m = _line_shift(m, 1)")
        move_in.insert(0, "m = _line_shift(m, -1)")
    if face.lines != "course":
        board_out, board_in, line_out, line_in = LINE_CODECS[face.lines]
        out_steps.append(f"b = {board_out}")
        in_steps.insert(0, f"b = {board_in}")
        move_out.append(f"m = {line_out}")
        move_in.insert(0, f"m = {line_in}")
    if face.moves == "text":  # the board keeps the course's lines; only the moves are written as text
        move_out.append("m = ' '.join(map(str, m))")
        move_in.insert(0, "m = (m.split()[0], *map(int, m.split()[1:]))")
    if face.container in ("set", "list"):
        out_steps.append(f"b = _dab_to_set(b, {face.container})")
        in_steps.insert(0, "b = _dab_from_set(b)")
    elif face.container == "old_dict":
        out_steps.append("b = _dab_to_old(b)")
        in_steps.insert(0, "b = _dab_from_old(b)")
    elif face.container == "matrices":
        out_steps.append("b = _dab_to_matrices(b)")
        in_steps.insert(0, "b = _dab_from_matrices(b)")
    elif face.container == "dot_grid":
        out_steps.append("b = _dab_to_grid(b)")
        in_steps.insert(0, "b = _dab_from_grid(b)")
    elif face.container == "scores":  # the lines go back with no owners; the scores give them back at the end
        out_steps.append("b = _dab_to_scores(b, (_FIRST, _SECOND))")
        in_steps.insert(0, "b = {'size': s['size'], 'lines': s['lines'], 'boxes': {}}")
        in_steps.append("b = _dab_owners_from_scores(b, {_PLAYER_IN[k]: v for k, v in s['score'].items()})")
    if face.moves != "text" and face.lines not in ("numbers", "row_numbers"):
        move_in.insert(0, "m = tuple(m) if not isinstance(m, tuple) else m")

    def body(steps, value):
        return "\n".join(f"    {s}" for s in steps) + f"\n    return {value}" if steps else f"    return {value}"

    if identity:
        return ("def _board_out(b):\n    return b\n\n\ndef _board_in(s):\n    return s\n\n\n"
                "def _move_out(m, b):\n    return m\n\n\ndef _move_in(m, b):\n    return tuple(m)\n")
    return (f"def _board_out(b):\n{body(out_steps, 'b')}\n\n\ndef _board_in(s):\n    b = s\n{body(in_steps, 'b')}\n\n\n"
            f"def _move_out(m, b):\n{body(move_out, 'm')}\n\n\ndef _move_in(m, b):\n{body(move_in, 'm')}\n")


def _common(face: Face) -> str:
    """Helpers every face uses: the winner, who moves next, and writing a board into another in place."""
    c1, c2, _ = COURSE_MARKS[face.assignment]
    extra_turn = "len(after['boxes']) > len(board['boxes'])" if face.assignment == "dots_and_boxes" else "False"
    other = "{'x': 'o', 'o': 'x'}[player]" if face.assignment == "tictactoe" else "-player"
    return f'''
def _winner(board):
    u = {PREFIX}utility(board, {c1!r})
    return None if not u else ({c1!r} if u > 0 else _PLAYER_IN[_SECOND])


def _next_player(board, player, after):
    return player if {extra_turn} else {other}


def _counted_mover(board):
    cells = list(_np.asarray(board).ravel())
    return {c1!r} if cells.count({c1!r}) <= cells.count({c2!r}) else {c2!r}


def _same(a, b):
    if isinstance(a, _np.ndarray) or isinstance(b, _np.ndarray):
        return _np.array_equal(_np.asarray(a), _np.asarray(b))
    return a == b


def _put(target, value):
    """Make ``target`` hold ``value`` in place (a student's in-place result)."""
    if isinstance(target, _np.ndarray):
        target[...] = value
    elif isinstance(target, list):
        target[:] = value
    elif isinstance(target, dict):
        target.clear()
        target.update(value)
    else:
        raise TypeError("cannot change this board in place")


def _sync(target, board, before):
    """What the core did to the course board it was given, done to the student's board too."""
    if target is not board and not _same(board, before):
        _put(target, _board_out(board))
'''


# --- the rules in each shape -----------------------------------------------------------------


def _core_signature(assignment: str, name: str) -> list[tuple[str, str]]:
    """The core function's parameters as (name, default source or '')."""
    src = "\n".join(c.source for c in reference_cells(assignment) if c.kind == "code")
    for node in ast.parse(src).body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            args = node.args.args
            defaults = [""] * (len(args) - len(node.args.defaults)) + [ast.unparse(d) for d in node.args.defaults]
            return [(a.arg, d) for a, d in zip(args, defaults)]
    raise KeyError(f"{assignment} has no {name}")


def _params(face: Face, role: str, defaults: Mapping[str, str] = {}) -> tuple[list[str], dict[str, str]]:
    """The parameter list of a role in the face's order, and course argument -> parameter name; a
    default is kept only where every parameter after it has one too."""
    order = face.order(role)
    names = {c: face.param(c) for c in order}
    params, trailing = [], True
    for c in reversed(order):
        trailing = trailing and c in defaults
        params.insert(0, f"{names[c]}={defaults[c]}" if trailing else names[c])
    return params, names


def _rule_bodies(face: Face, state_of: str, turn_of: str | None) -> dict[str, tuple[list[str], str]]:
    """Each rule as (the student's parameters, body), for boards or for states that carry the turn.

    ``state_of`` reads the board out of the state argument (``{s}``), ``turn_of`` its turn."""
    assignment, P = face.assignment, PREFIX
    first_default = repr(face.marks[0])
    out: dict[str, tuple[list[str], str]] = {}

    def board(arg):
        return f"_board_in({state_of.format(s=arg)})"

    # actions
    params, n = _params(face, "actions", {"player": first_default})
    player = f"_PLAYER_IN[{n['player']}]" if "player" in n else (
        f"_PLAYER_IN[{turn_of.format(s=n['state'])}]" if turn_of and assignment == "mean_connect4" else None)
    call = f"{P}actions(_b{', ' + player if player else ''})"
    moves = {"set": "{_move_out(_m, _b) for _m in %s}", "generator": "(_move_out(_m, _b) for _m in %s)",
             "numpy": "_np.array([_move_out(_m, _b) for _m in %s])"}.get(
        face.actions_style, "[_move_out(_m, _b) for _m in %s]")
    out["actions"] = (params, f"    _b = {board(n['state'])}\n    return {moves % call}")

    # result
    params, n = _params(face, "result")
    if turn_of:
        mover = f"_PLAYER_IN[{turn_of.format(s=n['state'])}]"
    elif face.counted_turn:
        mover = "_counted_mover(_b)"
    else:
        mover = f"_PLAYER_IN[{n['player']}]"
    lines = [f"    _b = {board(n['state'])}", "    _before = _copy.deepcopy(_b)", f"    _p = {mover}",
             f"    _a = _move_in({n['action']}, _b)", f"    _n = {P}result(_b, _p, _a)"]
    if not turn_of:
        lines.append(f"    _sync({n['state']}, _b, _before)")
    if face.result_style == "in_place":
        lines += [f"    _put({n['state']}, _board_out(_n))", "    return None"]
    elif face.result_style == "pair":
        lines.append("    return _board_out(_n), _PLAYER_OUT[_next_player(_b, _p, _n)]")
    elif face.result_style == "extra_turn":
        lines.append("    return _board_out(_n), _next_player(_b, _p, _n) == _p")
    elif turn_of:
        lines.append("    return _board_out(_n), _PLAYER_OUT[_next_player(_b, _p, _n)]")  # wrapped by the shape
    else:
        lines.append("    return _board_out(_n)")
    out["result"] = (params, "\n".join(lines))

    # terminal
    params, n = _params(face, "terminal")
    lines = [f"    _b = {board(n['state'])}", f"    _over = {P}terminal(_b)"]
    if face.terminal == "status":
        lines += ["    if not _over:", "        return 'continue'", "    _w = _winner(_b)",
                  "    return 'draw' if _w is None else _PLAYER_OUT[_w]"]
    elif face.terminal == "pair":
        lines += ["    _w = _winner(_b) if _over else None", "    return _over, _PLAYER_OUT[_w]"]
    elif face.terminal == "winner":
        lines += ["    if not _over:", "        return None", "    _w = _winner(_b)",
                  "    return 'draw' if _w is None else _PLAYER_OUT[_w]"]
    elif face.terminal == "int":
        lines.append("    return 1 if _over else 0")
    else:
        lines.append("    return _over")
    out["terminal"] = (params, "\n".join(lines))

    # utility
    if face.utility == "first":
        params, n = _params(face, "terminal")
        viewer = repr(COURSE_MARKS[assignment][0])
    else:
        params, n = _params(face, "utility", {"player": first_default})
        viewer = f"_PLAYER_IN[{n['player']}]"
    scale = "" if face.scale == 1 else " * float('inf')" if face.scale == math.inf else f" * {face.scale!r}"
    value = f"(_u + 1) / 2{scale}" if face.unit_utility else f"(_u{scale} if _u else 0)" if scale else "_u"
    out["utility"] = (params, f"    _u = {P}utility({board(n['state'])}, {viewer})\n"
                              f"    return None if _u is None else {value}")
    return out


def _initial(face: Face) -> tuple[list[str], str]:
    sig = _core_signature(face.assignment, "empty_board")
    if face.hides_size:  # a board of the constants' size (in the course's axes)
        return [], f"{PREFIX}empty_board(shape={'(COLS, ROWS)' if 'transpose' in face.orientation else '(ROWS, COLS)'})"
    params = [f"{a}={d}" if d else a for a, d in sig]
    call = ", ".join(f"{a}={a}" for a, _ in sig)
    return params, f"{PREFIX}empty_board({call})"


def _def(name: str, params: Sequence[str], body: str, indent: str = "") -> str:
    text = f"def {name}({', '.join(params)}):\n{body}\n"
    return textwrap.indent(text, indent)


def _rules(face: Face) -> str:
    shape = face.shape
    if shape in ("functions", "module_object", "class_only"):
        return _board_rules(face)
    if shape == "position_class":
        return _position_class(face)
    if shape == "state_object":
        return _state_object(face)
    if shape == "in_place":
        return _in_place(face)
    raise ValueError(shape)


def _state_wrap(face: Face) -> tuple[str, str, str, str]:
    """(how to read the board from a state ``{s}``, its turn, a new state from ``b``/``t``/``n`` source, a
    class definition) for the student's state."""
    if face.state == "tuple":
        return "{s}[0]", "{s}[1]", "({b}, {t}, {n})", ""
    if face.state == "dict":
        return "{s}['board']", "{s}['turn']", "{{'board': {b}, 'turn': {t}, 'plies': {n}}}", ""
    if face.state == "dataclass":
        cls = ("@_dataclasses.dataclass\nclass GameState:\n    board: object\n    turn: object\n"
               "    plies: int = 0\n")
        return "{s}.board", "{s}.turn", "GameState({b}, {t}, {n})", cls
    return "{s}", None, "", ""


#: the name of the state a notebook keeps beside the board (:attr:`Face.state_beside`)
BESIDE = {"connect4": "last_move", "tictactoe": "last_move", "mean_connect4": "last_mean_move",
          "dots_and_boxes": "scores"}


def _beside(params: Sequence[str], at: int, face: Face) -> list[str]:
    """``params`` with the state kept beside the board inserted at ``at``, required (so is every one before it)."""
    return [p.split("=")[0] for p in params[:at]] + [BESIDE[face.assignment]] + list(params[at:])


def _with_log(params: Sequence[str]) -> list[str]:
    """``params``, every one required, then ``game_log`` (the way ``result(board, player, move, score)`` is written)."""
    return [p.split("=")[0] for p in params] + ["game_log"]


def _plies(face: Face, arg: str) -> str:
    return {"tuple": f"{arg}[2]", "dict": f"{arg}['plies']", "dataclass": f"{arg}.plies"}[face.state]


def _board_rules(face: Face) -> str:
    state_of, turn_of, new_state, cls = _state_wrap(face)
    bodies = _rule_bodies(face, state_of, turn_of)
    if face.state_beside:  # after the board, or last in a transition: result(board, player, move, score)
        bodies = {role: (_beside(params, len(params) if role == "result" else 1, face), body)
                  for role, (params, body) in bodies.items()}
    defs = []
    iparams, icall = _initial(face)
    if face.state == "board":
        defs.append((face.name("initial_state"), iparams, f"    return _board_out({icall})"))
    else:
        new = new_state.format(b=f"_board_out({icall})", t="_FIRST", n="0")
        defs.append((face.name("initial_state"), iparams, f"    return {new}"))
    for role in ("actions", "result", "terminal", "utility"):
        params, body = bodies[role]
        if role == "result" and face.state != "board":
            state_arg = face.param("state")
            body = body.replace("    return _board_out(_n), _PLAYER_OUT[_next_player(_b, _p, _n)]",
                                "    return " + new_state.format(b="_board_out(_n)",
                                                                 t="_PLAYER_OUT[_next_player(_b, _p, _n)]",
                                                                 n=_plies(face, state_arg) + " + 1"))
        defs.append((face.name(role), params, body))
    if face.rules_log:  # each rule notes its calls in a global list the notebook passes by name
        defs = [defs[0]] + [(n, _with_log(p), f"    game_log.append({n!r})\n{b}") for n, p, b in defs[1:]]
        cls = "game_log = []\n\n\n" + cls
    if face.shape == "functions":
        return cls + "\n\n".join(_def(n, p, b) for n, p, b in defs)
    methods = "\n".join(_def(n, ["self", *p], b, "    ") for n, p, b in defs)
    text = cls + f"class Rules:\n    \"\"\"The game's rules as methods.\"\"\"\n\n{methods}"
    if face.shape == "module_object":
        text += "\n\nrules = Rules()\n"
    return text


def _position_class(face: Face) -> str:
    """Rules as methods of a class built from the position: ``Position(player, board=board).actions()``."""
    bodies = _rule_bodies(face, "{s}", None)
    iparams, icall = _initial(face)
    parts = [_def(face.name("initial_state"), iparams, f"    return _board_out({icall})")]
    methods = [f"    def __init__(self, player={face.marks[0]!r}, board=None):\n"
               f"        self.player = player\n"
               f"        self.board = board if board is not None else {face.name('initial_state')}()\n"]
    for role in ("actions", "result", "terminal", "utility"):
        params, body = bodies[role]
        state, player = face.param("state"), face.param("player")
        kept = [p for p in params if p.split("=")[0] not in (state, player) or
                (role == "utility" and p.split("=")[0] == player)]
        prologue = f"        {state} = self.board\n"
        if role != "utility" and any(p.split("=")[0] == player for p in params):
            prologue += f"        {player} = self.player\n"
        methods.append(f"    def {face.name(role)}(self{''.join(', ' + p for p in kept)}):\n{prologue}"
                       + textwrap.indent(body, "    ") + "\n")
    parts.append("class Position:\n    \"\"\"A position and the player to move, with the rules as methods.\"\"\"\n\n"
                 + "\n".join(methods))
    return "\n\n".join(parts)


def _state_object(face: Face) -> str:
    """An immutable state object with the rules as its methods: ``state.actions()``, ``state.result(a)``."""
    bodies = _rule_bodies(face, "{s}.board", "{s}.turn")
    iparams, icall = _initial(face)
    methods = ["    def __init__(self, board, turn):\n        self.board, self.turn = board, turn\n"]
    for role in ("actions", "result", "terminal", "utility"):
        params, body = bodies[role]
        state = face.param("state")
        kept = [p for p in params if p.split("=")[0] != state]
        body = body.replace("    return _board_out(_n), _PLAYER_OUT[_next_player(_b, _p, _n)]",
                            "    return GameState(_board_out(_n), _PLAYER_OUT[_next_player(_b, _p, _n)])")
        methods.append(f"    def {face.name(role)}(self{''.join(', ' + p for p in kept)}):\n"
                       f"        {state} = self\n" + textwrap.indent(body, "    ") + "\n")
    cls = "class GameState:\n    \"\"\"A position and whose turn it is.\"\"\"\n\n" + "\n".join(methods)
    init = _def(face.name("initial_state"), iparams, f"    return GameState(_board_out({icall}), _FIRST)")
    return cls + "\n\n" + init


def _in_place(face: Face) -> str:
    """A game object that is the state and changes in place: ``game.play(move)``, ``game.is_over()``."""
    bodies = _rule_bodies(face, "{s}.board", "{s}.turn")
    iparams, icall = _initial(face)
    methods = [f"    def __init__(self{''.join(', ' + p for p in iparams)}):\n"
               f"        self.board = _board_out({icall})\n        self.turn = _FIRST\n",
               "    def copy(self):\n        return _copy.deepcopy(self)\n"]
    if face.turn_by_caller:  # the loop: if not game.play(move): game.switch_player()
        methods.append("    def switch_player(self):\n        self.turn = _SECOND if self.turn == _FIRST else _FIRST\n")
    for role in ("actions", "result", "terminal", "utility"):
        params, body = bodies[role]
        state = face.param("state")
        kept = [p for p in params if p.split("=")[0] != state]
        body = body.replace("    return _board_out(_n), _PLAYER_OUT[_next_player(_b, _p, _n)]",
                            "    self.board = _board_out(_n)\n"
                            "    return _PLAYER_OUT[_next_player(_b, _p, _n)] == self.turn" if face.turn_by_caller else
                            "    self.board, self.turn = _board_out(_n), _PLAYER_OUT[_next_player(_b, _p, _n)]")
        methods.append(f"    def {face.name(role)}(self{''.join(', ' + p for p in kept)}):\n"
                       f"        {state} = self\n" + textwrap.indent(body, "    ") + "\n")
    return "class GameBoard:\n    \"\"\"The game, changed in place by each move.\"\"\"\n\n" + "\n".join(methods)


# --- agents ----------------------------------------------------------------------------------


def _agents(face: Face) -> str:
    out = []
    for label in AGENTS[face.assignment]:
        sig = _core_signature(face.assignment, label)
        extra = sig[2:]
        player_default = sig[1][1]
        call_extra = "".join(f", {a}={a}" for a, _ in extra)
        extra_params = [a if face.agent_settings_required else f"{a}={d}" for a, d in extra]
        if face.carries_turn:
            if face.shape in ("state_object", "in_place"):
                board, turn = "state.board", "state.turn"
            else:
                template, turn_t, _, _ = _state_wrap(face)
                board, turn = template.format(s="state"), turn_t.format(s="state")
            params = ["state", *extra_params]
            body = (f"    _b = _board_in({board})\n"
                    f"    return _move_out({PREFIX}{label}(_b, _PLAYER_IN[{turn}]{call_extra}), _b)")
        else:
            default = "None" if player_default == "None" else repr(face.marks[0])
            player = face.param("player") if face.agent_settings_required and extra else \
                f"{face.param('player')}={default}"
            params = [face.param("state"), player, *extra_params]
            body = (f"    _b = _board_in({face.param('state')})\n"
                    f"    return _move_out({PREFIX}{label}(_b, _PLAYER_IN[{face.param('player')}]{call_extra}), _b)")
        if face.agent_answer == "board":  # the agent answers the board after its move, as result() would
            head, _, last = body.rpartition("    return _move_out(")
            core_move, player_in = last.rsplit(", _b)", 1)[0], f"_PLAYER_IN[{face.param('player')}]"
            body = (head + f"    _m = {core_move}\n"
                    f"    return _board_out({PREFIX}result(_copy.deepcopy(_b), {player_in}, _m))")
        elif face.agent_answer != "move" and label != "random_player":  # a search answers its value too
            answer = {"record": "{{'move': {m}, 'value': 0.5}}", "value_first": "(0.5, {m})",
                      "move_first": "({m}, None)"}[face.agent_answer]
            head, _, last = body.rpartition("    return ")
            body = head + "    return " + answer.format(m=last)
        if face.agent_log:  # a required parameter the grader can only fill from the global of its name
            if not face.carries_turn:
                params[1] = face.param("player")  # a required parameter after it: the player is required too
            params.insert(1 if face.carries_turn else 2, "moves_log")
            body = f"    moves_log.append({label!r})\n" + body
        if face.agent_player_first and not face.carries_turn:
            params[0], params[1] = face.param("player"), face.param("state")  # both required: no default moves first
        if face.state_beside:
            params = _beside(params, 1, face)
        out.append(_agent_class(face, label, params, body) if face.agent_classes else _def(face.name(label), params, body))
    if face.game_loops:
        out += [_game_loop(face.name(label)) for label in AGENTS[face.assignment]]
    if face.agent_settings_required:
        out.append(_matches(face))
    return "\n\n".join((["moves_log = []"] if face.agent_log else []) + out)


def _matches(face: Face) -> str:
    """The notebook's experiments, never run by the grader: each search called with its settings, by position."""
    lines = []
    for label in AGENTS[face.assignment]:
        values = [d for _, d in _core_signature(face.assignment, label)[2:]]
        if values:
            args = ("state" if face.carries_turn else "state, None, player" if face.state_beside else "state, player") \
                + "".join(f", {v}" for v in values)
            lines.append(f"        lambda state, player=None: {face.name(label)}({args}),")
    return "def _matches():\n    return [\n" + "\n".join(lines) + "\n    ]\n"


def _game_loop(agent: str) -> str:
    """The notebook's own experiment: a loop named after the agent that plays two agents from a board. Its
    name says the agent's role as strongly as the agent's does, but the grader cannot call it as an agent."""
    return (f"def {agent}_match(red, yellow, start_board, n=10):\n"
            f"    played = []\n"
            f"    for game in range(n):\n"
            f"        played.append((red, yellow)[game % 2](start_board))\n"
            f"    return played\n")


def _agent_class(face: Face, label: str, params: Sequence[str], body: str) -> str:
    """The agent as a class: built with everything but the position (the player, the settings), its move
    asked of ``get_move(position)``; the function's body reads the attributes it was built with."""
    position, rest = params[0], list(params[1:])
    if not face.carries_turn:
        rest[0] = rest[0].split("=")[0]  # an agent built for one side is told which
    names = [p.split("=")[0] for p in rest]
    keep = "".join(f"        self.{n} = {n}\n" for n in names) or "        pass\n"
    read = "".join(f"        {n} = self.{n}\n" for n in names)
    name = "".join(part.title() for part in face.name(label).split("_"))
    return (f"class {name}:\n    def __init__(self{''.join(', ' + p for p in rest)}):\n{keep}\n"
            f"    def get_move(self, {position}):\n{read}{textwrap.indent(body, '    ')}\n")
