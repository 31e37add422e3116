"""The canned-boards check: hand-written edge cases per game, and the check that judges students on them.

The case data is tested as data (reachable, fair, named, present at the rubric's sizes); the check
is tested through the real pipeline (sandbox + adapter): the course-style correct student in
``tests/course_style_students`` scores 1.0 on every role, and a mutant loses exactly the cases named
after its bug, with the case's name in the message.
"""

from __future__ import annotations


import pytest

from grader.adapt import adapt
from grader.plugs import ROLES, EdgeBoardError, edge_cases
from grader.checks.canned_boards import CannedBoards
from grader.checks.kinds import KINDS
from grader.checks._role_answers import judge_answer
from grader.checks.context import CheckContext
from grader.rubric import Assignment, CheckSpec, Task
from grader.sandbox import Limits, Sandbox
from reference.games import load_game
from tests.paths import TESTS

STUDENTS = TESTS / "course_style_students"
SIZES = {"connect4": {"rows": 6, "cols": 7}, "tictactoe": {"rows": 3, "cols": 3, "k": 3},
         "dots_and_boxes": {"rows": 4, "cols": 4}}
OTHER_SIZES = [("connect4", {"rows": 4, "cols": 4}), ("connect4", {"rows": 5, "cols": 5}),
               ("connect4", {"rows": 7, "cols": 6}), ("connect4", {"rows": 8, "cols": 9}),
               ("tictactoe", {"rows": 4, "cols": 4, "k": 3}), ("tictactoe", {"rows": 3, "cols": 4, "k": 3}),
               ("dots_and_boxes", {"rows": 2, "cols": 2}), ("dots_and_boxes", {"rows": 2, "cols": 5}),
               ("dots_and_boxes", {"rows": 3, "cols": 3}), ("dots_and_boxes", {"rows": 5, "cols": 6})]
ALIASES = {"initial_state": ["empty_board", "initial_state"], "actions": ["actions"], "result": ["result"],
           "terminal": ["terminal"], "utility": ["utility"]}


def whys(game, role):
    return [c.why for c in edge_cases(game, role)]


# --- the cases as data ---


@pytest.mark.parametrize("name,size", list(SIZES.items()) + OTHER_SIZES)
def test_every_case_is_a_legal_position_named_after_its_rule(name, size):
    game = load_game(name, **size)
    for role in ROLES:
        cases = edge_cases(game, role)
        assert cases, f"no {role} cases for {game!r}"
        assert len({c.why for c in cases}) == len(cases), f"two {role} cases share a name"
        for case in cases:
            assert case.why, case
            board = game.to_course(case.state)
            assert game.from_course(board, to_move=game.to_move(case.state)) == case.state, case.why
            if role == "result":
                assert not game.terminal(case.state), case.why
                game.result(case.state, case.action)  # legal, or IllegalAction
            if role == "utility":
                assert game.terminal(case.state), case.why


@pytest.mark.parametrize("name,size", list(SIZES.items()) + OTHER_SIZES)
def test_actions_are_asked_on_a_finished_game_only_when_the_board_is_full(name, size):
    """The course's actions() may list moves on a won board where the reference lists none: not
    fair to ask. On a full board every convention agrees: no moves."""
    game = load_game(name, **size)
    for case in edge_cases(game, "actions"):
        if game.terminal(case.state):
            assert _board_full(game, case.state), case.why


def _board_full(game, state):
    if game.name == "dots_and_boxes":
        return game.terminal(state)
    if game.name == "connect4":
        return state.moves == game.size
    return (state.x | state.o) == game.full


def test_connect4_terminal_wins_touch_every_edge_in_all_four_directions():
    game = load_game("connect4", **SIZES["connect4"])
    cases = edge_cases(game, "terminal")
    words = [c.why for c in cases]
    for edge in ("bottom row at the left edge", "bottom row at the right edge", "top row at the left edge",
                 "top row at the right edge", "leftmost column, from the bottom", "leftmost column, up to the top",
                 "rightmost column, from the bottom", "rightmost column, up to the top"):
        assert any(edge in w for w in words), edge
    assert sum("on the diagonal (\\)" in w for w in words) == 4
    assert sum("on the anti-diagonal (/)" in w for w in words) == 4
    winners = {game.winner(c.state) for c in cases if c.why.startswith("a win")}
    assert winners == {1, -1}
    by_why = {c.why: c.state for c in cases}
    assert game.terminal(by_why["a full board with no line: a draw, over"])
    assert game.winner(by_why["a full board with no line: a draw, over"]) is None
    assert not game.terminal(by_why["one move before the end, nobody has won: not over"])
    filling = by_why["the move that fills the board also makes a line: over"]
    assert filling.moves == game.size and game.winner(filling) is not None


def test_connect4_full_columns_are_left_out_of_actions():
    game = load_game("connect4", **SIZES["connect4"])
    cases = {c.why: c.state for c in edge_cases(game, "actions")}
    assert game.actions(cases["column 3 is full: it is not an action"]) == [0, 1, 2, 4, 5, 6]
    assert game.actions(cases["column 0 (the leftmost) is full: it is not an action"]) == list(range(1, 7))
    assert len(game.actions(next(s for w, s in cases.items() if w.startswith("a nearly full board")))) == 1


def test_connect4_result_plays_every_column_and_the_top_cell():
    game = load_game("connect4", **SIZES["connect4"])
    cases = edge_cases(game, "result")
    assert {c.action for c in cases} == set(range(game.cols))
    assert {game.to_move(c.state) for c in cases} == {1, -1}
    assert sum("top cell (row 0)" in c.why for c in cases) == 3


def test_tictactoe_every_line_is_won_by_each_player():
    game = load_game("tictactoe", **SIZES["tictactoe"])
    wins = [c for c in edge_cases(game, "terminal") if c.why.startswith("a win")]
    assert len(wins) == 16  # 3 rows, 3 columns, 2 diagonals, each for x and for o
    assert {game.winner(c.state) for c in wins} == {1, -1}
    assert all(game.terminal(c.state) for c in wins)


def test_dots_and_boxes_cases_cover_every_edge_two_boxes_and_the_extra_turn():
    game = load_game("dots_and_boxes", **SIZES["dots_and_boxes"])
    cases = edge_cases(game, "result")
    words = " | ".join(c.why for c in cases)
    for rule in ("top edge", "left edge", "bottom edge", "right edge", "inner horizontal", "inner vertical",
                 "closes box (0, 0)", "completing two boxes with one line", "the last line of the game"):
        assert rule in words, rule
    again = [c for c in cases if "moves again" in c.why]
    assert len(again) == 2
    for case in again:  # the mover already closed a box on this turn and closes another one now
        after = game.result(case.state, case.action)
        mine = after.boxes_first if case.state.player == 1 else after.boxes_second
        before = case.state.boxes_first if case.state.player == 1 else case.state.boxes_second
        assert before and mine.bit_count() == before.bit_count() + 1
    two = [c for c in cases if c.why.startswith("completing two boxes with one line")]
    assert {game.to_move(c.state) for c in two} == {1, -1}
    assert all(bin(_closed(game, c)).count("1") == 2 for c in two)


def _closed(game, case):
    after = game.result(case.state, case.action)
    return (after.boxes_first | after.boxes_second) ^ (case.state.boxes_first | case.state.boxes_second)


def test_dots_and_boxes_utility_asks_both_players_views_and_terminal_one_line_short():
    game = load_game("dots_and_boxes", **SIZES["dots_and_boxes"])
    utility = edge_cases(game, "utility")
    assert {game.to_move(c.state) for c in utility} == {1, -1}
    assert {game.winner(c.state) for c in utility} == {1, -1}  # 9 boxes: no tie
    even = load_game("dots_and_boxes", rows=3, cols=3)
    assert {even.winner(c.state) for c in edge_cases(even, "utility")} == {1, -1, None}
    terminal = {c.why: c.state for c in edge_cases(game, "terminal")}
    short = [s for w, s in terminal.items() if w.startswith("one line missing")]
    assert short and all(bin(s.lines).count("1") == game.num_lines - 1 for s in short)


def test_unknown_roles_and_games_are_refused_with_the_known_ones_named():
    with pytest.raises(EdgeBoardError, match="known: actions, result, terminal, utility"):
        edge_cases(load_game("connect4"), "agent")


def test_the_check_is_registered_under_its_words():
    assert isinstance(KINDS["canned_boards"], CannedBoards)
    assert KINDS["canned_boards"].target == "function" and KINDS["canned_boards"].words == "canned boards"


# --- the check through the real pipeline ---


def _assignment(name: str) -> Assignment:
    checks = [CheckSpec(kind="canned_boards", target=role, points=1) for role in ROLES]
    return Assignment(title=name, game=name, board=SIZES[name], functions=ALIASES,
                      tasks=[Task(name="environment", checks=checks)])


def _grade(name: str, extra_cells: tuple[str, ...] = ()):
    """Load the correct student (plus cells that redefine functions) and return (ctx, outcomes by role)."""
    assignment = _assignment(name)
    source = (STUDENTS / f"{name}_course.py").read_text()
    box = Sandbox(None, Limits(call_timeout=5.0, cell_timeout=30.0))
    try:
        report = box.load([source, *extra_cells])
        assert all(cell.ok for cell in report.cells), report
        game = assignment.make_game()
        student = adapt(box, game, assignment.functions, timeout=5.0)
        ctx = CheckContext(assignment, game, student, sandbox=box)
        outcomes = {spec.target: KINDS["canned_boards"].run(ctx, spec) for spec in assignment.tasks[0].checks}
        wrong = {role: {c.why for c in edge_cases(game, role) if not judge_answer(ctx, role, c).right} for role in ROLES}
    finally:
        box.close()
    return outcomes, wrong


@pytest.mark.parametrize("name", list(SIZES))
def test_a_correct_course_style_student_scores_full_marks(name):
    outcomes, wrong = _grade(name)
    for role, outcome in outcomes.items():
        assert outcome.fraction == 1.0, (role, outcome.message)
        assert outcome.resolved_status() == "passed" and not outcome.boards
        assert wrong[role] == set()


ANTI_DIAGONAL_BLIND = '''
def terminal(s):
    return winner(s, directions=((0, 1), (1, 0), (1, 1))) != 0 or not (s == 0).any()
'''


def test_a_terminal_blind_to_anti_diagonals_fails_exactly_the_anti_diagonal_wins():
    outcomes, wrong = _grade("connect4", (ANTI_DIAGONAL_BLIND,))
    game = load_game("connect4", **SIZES["connect4"])
    named = {w for w in whys(game, "terminal") if w.startswith("a win") and "anti-diagonal (/)" in w}
    assert len(named) == 4 and wrong["terminal"] == named
    outcome = outcomes["terminal"]
    total = len(whys(game, "terminal"))
    assert outcome.fraction == pytest.approx((total - 4) / total)
    assert outcome.resolved_status() == "partial"
    assert f"{total - 4} of {total} boards right" in outcome.message
    assert "anti-diagonal (/)" in outcome.message and "expected True, got False" in outcome.message
    assert len(outcome.boards) == 3 and all("anti-diagonal (/)" in b.caption for b in outcome.boards)
    assert outcomes["result"].fraction == outcomes["actions"].fraction == 1.0


NO_EXTRA_TURN = '''
def result(board, action, player):
    player = 1 if len(board['lines']) % 2 == 0 else -1  # turns alternate line by line: no extra turn
    board = copy.deepcopy(board)
    board['lines'][action] = True
    rows, cols = board['size']
    kind, r, c = action
    touching = [(r - 1, c), (r, c)] if kind == 'h' else [(r, c - 1), (r, c)]
    for br, bc in touching:
        if 0 <= br < rows - 1 and 0 <= bc < cols - 1 and closed(board, br, bc):
            board['boxes'][(br, bc)] = player
    return board
'''


def test_a_result_without_the_extra_turn_gets_the_next_box_owner_wrong():
    outcomes, wrong = _grade("dots_and_boxes", (NO_EXTRA_TURN,))
    game = load_game("dots_and_boxes", **SIZES["dots_and_boxes"])
    named = {w for w in whys(game, "result") if "moves again" in w}
    assert len(named) == 2 and wrong["result"] == named
    outcome = outcomes["result"]
    assert outcome.resolved_status() == "partial" and "moves again" in outcome.message
    assert all("moves again" in b.caption for b in outcome.boards)


DRAW_BLIND = '''
def terminal(state):
    return check_win(state) not in ('n', 'd')
'''


def test_a_terminal_that_misses_the_draw_fails_only_the_full_board():
    outcomes, wrong = _grade("tictactoe", (DRAW_BLIND,))
    assert wrong["terminal"] == {"a full board with no line: a draw, over"}
    assert "a full board with no line: a draw, over" in outcomes["terminal"].message


def test_a_utility_failure_is_labelled_with_the_player_of_the_call_shown():
    """Judged from both views, a utility wrong only for the winner shows the winner's call under the
    winner's label, never the loser's label above utility(board, winner)."""
    from grader.grading import grade_submission
    from grader.rubric import load_rubric

    quick = load_rubric(TESTS / "rubrics" / "connect4_quick.yaml").assignment("connect4")
    result = grade_submission(TESTS / "students" / "c4_utility_right_only_for_the_loser.py", "connect4", quick)
    boards = next(c for c in result.checks if c.check == "utility: canned boards").boards
    assert len(boards) >= 2
    for board in boards:
        called = board.call.rsplit(",", 1)[1].strip(" )")
        labelled = board.caption.rsplit("utility for ", 1)[1].split(" ")[0]
        assert (called, labelled) in {("1", "+1"), ("-1", "-1")}, (board.caption, board.call)
        assert board.caption.startswith(f"{labelled} ")  # the winner's view is the one that is wrong


# --- positions that no line of play reaches ---


class _ReplayedTerminal:
    """A student whose positions are built by playing moves through its code: a board no line of play
    reaches (Mean Connect 4's, after mean moves) cannot be built, and says so."""

    def __init__(self, game, reachable):
        self.game, self.reachable = game, reachable
        self.interface = None

    def has(self, role):
        return role == "terminal"

    def terminal(self, board):
        from grader.adapt import Reply
        state = self.game.from_course(board)
        if not self.reachable(board.tobytes()):
            return Reply(False, error="no line of play "
                         "from the empty board reaches this board", kind="unreachable", call="terminal(state)")
        return Reply(True, value=self.game.terminal(state), call="terminal(state)")


def _context(game, student):
    return CheckContext(Assignment(title="Mean Connect 4", game="mean_connect4", tasks=[]), game, student)


def test_a_board_no_line_of_play_reaches_is_left_out_of_a_replayed_students_count_not_charged():
    from grader.checks._role_answers import judge_answers
    game = load_game("mean_connect4")
    cases = edge_cases(game, "terminal")
    reachable = {game.to_course(c.state).tobytes() for c in cases[::2]}  # say every other one (finding out is a
    built = sum(game.to_course(c.state).tobytes() in reachable for c in cases)  # search of its own)
    out = judge_answers(_context(game, _ReplayedTerminal(game, reachable.__contains__)), "terminal", cases)
    assert out.fraction == 1.0 and out.status is None
    assert out.message.startswith(f"{built} of {built} boards right")
    assert f"{len(cases) - built} boards left out" in out.message and "(first: no line of play" in out.message


def test_a_check_whose_every_board_is_out_of_reach_goes_to_a_person_not_to_zero():
    from grader.checks._role_answers import judge_answers
    game = load_game("mean_connect4")
    out = judge_answers(_context(game, _ReplayedTerminal(game, lambda state: False)), "terminal",
                        edge_cases(game, "terminal"))
    assert out.status == "review" and "a person judges this" in out.message
