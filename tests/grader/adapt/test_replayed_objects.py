"""Dots and Boxes written as a class whose object is the state and changes in place: positions are built
through the student's own code (a fresh object, their own transition replaying the lines) and every
role is judged on those objects. Two fixtures with different layouts and move encodings."""

import pytest

from grader.adapt import ReplayedGame
from grader.adapt.replayed_states import match_encoding
from grader.grading import grade_submission
from grader.rubric import load_rubric
from grader.sandbox.calls import NameInfo, Parameter
from reference.games import load_game
from reference.positions import random_positions
from tests.helpers.adapting import STUDENTS, adapted_source, functions_of
from tests.helpers.replayed_objects import replayed, wrong_roles

FIXTURES = ["dab_class_line_matrices.py", "dab_class_edge_set.py"]
#: the line-matrix fixture's make_move, forgetting that closing a box gives another move
NO_EXTRA_TURN = ("        if not closed:\n            self.current_player = 3 - self.current_player",
                 "        self.current_player = 3 - self.current_player")
#: its get_winner read from the wrong side
WRONG_WINNER = ("        if self.scores[1] > self.scores[2]:\n            return 1",
                "        if self.scores[1] > self.scores[2]:\n            return 2")


@pytest.fixture(scope="module")
def replayed_file():
    """``replayed_file(name, assignment)``: a fixture file of tests/students, replayed once per module for the
    tests that only read it; (sandbox, student), the sandboxes closed when the module is done."""
    opened: dict[tuple[str, str], tuple] = {}

    def open_once(name: str, assignment: str = "dots_and_boxes"):
        if (name, assignment) not in opened:
            box, student = adapted_source((STUDENTS / name).read_text(), assignment)
            box.__enter__()
            opened[name, assignment] = box, student
        return opened[name, assignment]

    yield open_once
    for box, _ in opened.values():
        box.__exit__(None, None, None)


def variant(change: tuple[str, str]) -> str:
    source = (STUDENTS / "dab_class_line_matrices.py").read_text()
    assert change[0] in source
    return source.replace(*change)


def test_moves_are_matched_to_the_course_lines_by_their_encoding():
    game, _ = functions_of("dots_and_boxes")
    lines = game.actions(game.initial_state())
    pairs = [((r, c), (r, c + 1)) if k == "h" else ((r, c), (r + 1, c)) for k, r, c in lines]
    empty = game.initial_state()
    [(words, to_student), *_] = match_encoding(list(reversed(pairs)), game, empty)
    assert "pairs of dots" in words and to_student[("v", 0, 0)] == ((0, 0), (1, 0))
    [(words, to_student), *_] = match_encoding([(k.upper(), r + 1, c + 1) for k, r, c in lines], game, empty)
    assert "1-based" in words and to_student[("h", 0, 0)] == ("H", 1, 1)
    [(words, to_student), *_] = match_encoding([str(line) for line in lines], game, empty)  # a move's text
    assert words == "moves written as text" and to_student[("v", 0, 1)] == "('v', 0, 1)"
    # a line missing (an actions() bug) still reads, as a last resort, and the missing line is not written
    [(words, to_student), *_] = match_encoding(pairs[:-1], game, empty)
    assert "pairs of dots" in words and lines[-1] not in to_student and len(to_student) == len(lines) - 1


@pytest.mark.parametrize("fixture", FIXTURES)
def test_every_role_of_an_in_place_game_class_agrees_with_the_reference(fixture, replayed_file):
    box, student = replayed_file(fixture)
    assert isinstance(student, ReplayedGame)
    assert set(student.interface.bindings) == {"initial_state", "actions", "result", "terminal", "utility"}
    assert any("every position is built through your own code" in a for a in student.interface.adaptations)
    assert student.initial_state().value == {"size": (4, 4), "lines": {}, "boxes": {}}  # owners read
    assert wrong_roles(student) == {"actions": 0, "result": 0, "terminal": 0, "utility": 0}
    assert wrong_roles(student.at_size(load_game("dots_and_boxes", rows=5, cols=3)), positions=4)["result"] == 0


def test_a_transition_that_forgets_the_extra_turn_is_charged_to_result_alone():
    """Positions are built with the reference's turns, so the utility is not charged for result's bug."""
    box, student = replayed(variant(NO_EXTRA_TURN))
    with box:
        wrong = wrong_roles(student)
        assert wrong["result"] > 0
        assert wrong["actions"] == wrong["terminal"] == wrong["utility"] == 0


def test_a_winner_read_from_the_wrong_side_is_charged_to_utility():
    box, student = replayed(variant(WRONG_WINNER))
    with box:
        wrong = wrong_roles(student)
        assert wrong["utility"] > 0
        assert wrong["actions"] == wrong["result"] == wrong["terminal"] == 0


@pytest.mark.parametrize("fixture, search", [("dab_class_line_matrices.py", "SearchTreeNode(game).get_best_move()"),
                                             ("dab_class_edge_set.py", "best_move(game)")])
def test_agents_that_take_the_game_object_play_legal_moves_on_replayed_objects(fixture, search, replayed_file):
    box, student = replayed_file(fixture)
    game = student.game
    agent = student.agent("alpha_beta_player", ["alpha_beta_player"])
    assert agent.call == search
    random_agent = student.agent("random_player", ["random_player"])
    assert random_agent.call.startswith("random_")
    assert isinstance(student.agent("mcts_player", ["mcts_player"]), str)  # no name says Monte Carlo
    for state in random_positions(game, 4, seed=8):
        for who in (agent, random_agent):
            move = who.move(game.to_course(state), game.to_move(state))
            assert move.ok and move.action in game.actions(state), move


def test_grading_charges_the_forgotten_extra_turn_to_result_only(tmp_path):
    spec = load_rubric(None).assignment("dots_and_boxes")
    right = grade_submission(STUDENTS / "dab_class_line_matrices.py", "dots_and_boxes", spec, public_only=True)
    path = tmp_path / "dab_class_no_extra_turn.py"
    path.write_text(variant(NO_EXTRA_TURN))
    buggy = grade_submission(path, "dots_and_boxes", spec, public_only=True)
    points = {c.check: c.points for c in right.checks}
    lost = {c.check: points[c.check] - c.points for c in buggy.checks if points[c.check] - c.points > 1e-9}
    assert points["result: canned boards"] == 5 and points["utility: canned boards"] == 3
    status = {c.check: c.status for c in right.checks}
    assert status["alpha_beta_player: positions searched"] == "passed"  # its search is counted on the object
    assert "result: canned boards" in lost or "result: random positions" in lost
    assert not any(name.startswith(("utility", "actions", "terminal")) for name in lost), lost


def test_an_in_place_game_class_joins_tournaments_with_its_search():
    from grader.tournament.participants import student_participant

    joined = student_participant(STUDENTS / "dab_class_edge_set.py", load_rubric(None).assignment("dots_and_boxes"))
    assert joined.label == "alpha_beta_player", joined


def test_a_method_is_named_for_a_role_in_the_roles_words_and_one_that_says_who_won_is_the_utility():
    """A state's ``score(player)`` (a rubric name for the template's utility) counts one side's boxes; its
    ``winner()`` is the utility: methods go by the role's words, where ``winner`` speaks for the utility."""
    from grader.adapt.candidates import ROUTE_PREFIX, rank

    def route(method: str, role: str) -> tuple[str, NameInfo]:
        target = f"{ROUTE_PREFIX}Game_self__{method}__{role}"
        return target, NameInfo(target, "function", "function", (Parameter("state", "POSITIONAL_OR_KEYWORD"),))

    names = dict([route("score", "utility"), route("winner", "utility"), route("print_board", "utility"),
                  route("winner", "terminal")])
    tiers = {c.target.split("__")[1]: c.tier for c in rank(names, "utility", ["utility", "score"])}
    assert tiers == {"score": 2, "winner": 2}


#: the in-place Connect 4 class's drop, forgetting to hand the turn over
NO_FLIP = ("                break\n        self.turn = -self.turn\n", "                break\n")
#: its winner, blind to diagonals
NO_DIAGONALS = ("((0, 1), (1, 0), (1, 1), (1, -1))", "((0, 1), (1, 0))")


def c4_variant(change: tuple[str, str]) -> str:
    source = (STUDENTS / "c4_in_place_class.py").read_text()
    assert change[0] in source
    return source.replace(*change)


@pytest.mark.parametrize("fixture, assignment, board", [("c4_in_place_class.py", "connect4", ".board"),
                                                         ("ttt_in_place_class.py", "tictactoe", ".grid")])
def test_an_in_place_class_of_a_game_whose_moves_add_marks_agrees_with_the_reference(fixture, assignment, board,
                                                                                      replayed_file):
    """Positions come from the line of play the reference finds; the board is read from the attribute
    that holds it; the move encoding (columns, (row, col) cells) is learned from the empty board."""
    box, student = replayed_file(fixture, assignment)
    assert isinstance(student, ReplayedGame) and student.rep.learned().whole  # every square read from the object
    assert set(student.interface.bindings) == {"initial_state", "actions", "result", "terminal", "utility"}
    assert wrong_roles(student) == {"actions": 0, "result": 0, "terminal": 0, "utility": 0}


def test_in_place_connect4_at_another_size_and_its_agents(replayed_file):
    box, student = replayed_file("c4_in_place_class.py", "connect4")
    assert wrong_roles(student.at_size(load_game("connect4", rows=4, cols=5)), positions=4)["result"] == 0
    game = student.game
    search = student.agent("alpha_beta_player", ["alpha_beta_player"])
    assert search.call == "alpha_beta_player(game)"
    assert student.agent("heuristic_player", ["heuristic_player"]).call == "alpha_beta_player(game)"
    assert student.agent("random_player", ["random_player"]).call == "random_player(game)"
    assert isinstance(student.agent("mcts_player", ["mcts_player"]), str)
    for state in random_positions(game, 3, seed=8):
        move = search.move(game.to_course(state), game.to_move(state))
        assert move.ok and move.action in game.actions(state), move


def test_a_drop_that_keeps_the_turn_is_charged_to_result_alone():
    box, student = adapted_source(c4_variant(NO_FLIP), "connect4")
    with box:
        wrong = wrong_roles(student)
        assert wrong["result"] > 0
        assert wrong["actions"] == wrong["terminal"] == wrong["utility"] == 0


def test_a_winner_blind_to_diagonals_is_charged_where_it_is_called():
    """utility is the winner method; game_over calls it, so terminal is wrong on diagonal wins too."""
    box, student = adapted_source(c4_variant(NO_DIAGONALS), "connect4")
    with box:
        game = student.game
        diagonal = game.initial_state()
        for col in (0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3):
            diagonal = game.result(diagonal, col)
        assert game.terminal(diagonal) and game.winner(diagonal) == 1
        assert student.utility(game.to_course(diagonal), 1).value == 0
        wrong = wrong_roles(student)
        assert wrong["actions"] == wrong["result"] == 0


@pytest.fixture(scope="module")
def in_place_connect4_graded():
    """The right in-place Connect 4 class, graded once for every bug it is compared with."""
    spec = load_rubric(None).assignment("connect4")
    return spec, grade_submission(STUDENTS / "c4_in_place_class.py", "connect4", spec, public_only=True)


@pytest.mark.parametrize("change, charged", [(NO_FLIP, ("result",)), (NO_DIAGONALS, ("utility", "terminal"))])
def test_grading_an_in_place_connect4_class_charges_each_bug_to_its_function(tmp_path, change, charged,
                                                                               in_place_connect4_graded):
    spec, right = in_place_connect4_graded
    path = tmp_path / "c4_in_place_variant.py"
    path.write_text(c4_variant(change))
    buggy = grade_submission(path, "connect4", spec, public_only=True)
    points = {c.check: c.points for c in right.checks}
    assert points["result: canned boards"] == 3 and points["utility: canned boards"] > 0
    lost = {c.check for c in buggy.checks if points[c.check] - c.points > 1e-9}
    functions = {name for name in lost if name.startswith(("actions", "result", "terminal", "utility"))}
    assert functions and all(name.startswith(charged) for name in functions), lost
    assert any(name.startswith(charged[0]) for name in functions), lost


class _Unbuildable:
    """A replay recipe no position can be brought to (as Mean Connect 4's boards after mean moves, where
    no board attribute can be written)."""

    def __init__(self, game):
        self.game = game

    def ask(self, board, player, asks, timeout=None, **options):
        from grader.adapt.replayed_states import NoReplay
        raise NoReplay("no line of play from the empty board reaches this position")


def test_an_agent_asked_where_no_position_could_be_built_goes_to_a_person_not_charged():
    from grader.adapt.replayed_agents import ReplayedAgent
    game = load_game("mean_connect4")
    doubts: dict[str, str] = {}
    agent = ReplayedAgent(None, game, _Unbuildable(game), "pick", "pick", "pick(game)", doubts=doubts,
                          label="mcts_player")
    move = agent.move(game.to_course(game.initial_state()), 1)
    assert not move.ok and "could not be built through your code" in move.error
    assert "no line of play" in doubts["mcts_player"]
