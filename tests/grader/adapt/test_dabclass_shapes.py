"""Class-based Dots and Boxes as students copy it from public notebooks: agent classes built first and then
handed the game, searches whose depth the grader must give, moves numbered into the object's own list of
lines, a board printed at every move, a class that only makes square boards, a turn that always passes."""

import pytest

from grader.grading import grade_submission
from grader.rubric import load_rubric
from reference.games import load_game
from reference.positions import random_positions
from tests.helpers.adapting import STUDENTS
from tests.helpers.replayed_objects import replayed, wrong_roles

BUILT_APART = "dab_class_agents_built_apart.py"
NUMBERED = "dab_class_numbered_lines_prints_board.py"
SQUARE_NO_EXTRA_TURN = "dab_class_square_turn_always_switches.py"


@pytest.fixture(scope="module")
def built_apart():
    """The agents-built-apart class, replayed once for the tests that only read it: (sandbox, student)."""
    box, student = replayed((STUDENTS / BUILT_APART).read_text())
    with box:
        yield box, student


@pytest.fixture(scope="module")
def numbered():
    """The numbered-lines class, replayed once for the tests that only read it: (sandbox, student)."""
    box, student = replayed((STUDENTS / NUMBERED).read_text())
    with box:
        yield box, student


def points_by_role(fixture: str) -> dict[str, tuple[float, float]]:
    """(points, max) per function or agent, the automatic checks of a public grading summed."""
    graded = grade_submission(STUDENTS / fixture, "dots_and_boxes", load_rubric(None).assignment("dots_and_boxes"),
                              public_only=True)
    roles: dict[str, tuple[float, float]] = {}
    for check in graded.checks:
        if check.status != "manual" and ":" in check.check:
            role = check.check.split(":")[0]
            got, most = roles.get(role, (0.0, 0.0))
            roles[role] = (got + check.points, most + check.max_points)
    return roles


def legal_everywhere(student, agent, positions: int = 3) -> bool:
    game = student.game
    for state in random_positions(game, positions, seed=8):
        move = agent.move(game.to_course(state), game.to_move(state), timeout=30.0)  # no timing: a loaded machine
        if not (move.ok and move.action in game.actions(state)):
            return False
    return True


def test_agent_classes_built_first_are_handed_the_replayed_object(built_apart):
    box, student = built_apart
    assert student.rep.start == "DotsAndBoxes(rows=3, cols=3)"  # the size is required, and counts boxes
    calls = {label: student.agent(label, [label]) for label in ("random_player", "alpha_beta_player",
                                                                "mcts_player")}
    assert {label: agent.call for label, agent in calls.items()} == {
        "random_player": "RandomAgent().get_move(game)", "alpha_beta_player": "AlphaBetaAgent().get_move(game)",
        "mcts_player": "MCTSAgent().get_move(game)"}
    assert [p.name for p in calls["alpha_beta_player"].parameters] == ["depth"]  # a depth set by name
    assert all(legal_everywhere(student, agent) for agent in calls.values())


def test_moves_numbered_into_the_objects_own_list_of_lines_and_a_depth_the_grader_gives(numbered):
    box, student = numbered
    assert student.rep.start == "Board(n=4)"
    assert student.rep.encoding.startswith("numbers counting the lines")  # the course's numbering, replay-confirmed
    assert wrong_roles(student) == {"actions": 0, "result": 0, "terminal": 0, "utility": 0}
    search = student.agent("alpha_beta_player", ["alpha_beta_player"])
    assert search.call == "Minimax(game, depth=3).best_move()"
    mcts = student.agent("mcts_player", ["mcts_player"])
    assert mcts.call == "MCTS(game).search()"
    # its board is printed at every move of every playout: the move is still read
    assert legal_everywhere(student, search) and legal_everywhere(student, mcts, positions=2)


def test_a_square_only_class_cannot_be_made_5x3(numbered):
    box, student = numbered
    with pytest.raises(TypeError):
        student.at_size(load_game("dots_and_boxes", rows=5, cols=3))


@pytest.mark.parametrize("fixture", [BUILT_APART, NUMBERED])
def test_every_role_of_a_right_class_and_its_agent_classes_gets_its_points(fixture):
    roles = points_by_role(fixture)
    for role in ("initial_state", "actions", "terminal", "utility", "random_player", "mcts_player"):
        assert roles[role][0] == roles[role][1], (role, roles)
    assert roles["alpha_beta_player"][0] > 0, roles  # found and played (its speed is the machine's too)
    if fixture == BUILT_APART:  # result loses only the board it changes in place, by design
        assert roles["result"] == (8.0, 9.0), roles
    else:  # a square-only class loses the 5x3 boards, not the square ones
        assert 3.0 < roles["result"][0] < 5.0, roles


def test_a_turn_that_always_passes_is_charged_to_result_and_its_search_class_is_played():
    roles = points_by_role(SQUARE_NO_EXTRA_TURN)
    assert roles["result"][0] < 3.0, roles
    for role in ("initial_state", "actions", "terminal", "utility", "random_player"):
        assert roles[role][0] == roles[role][1], (role, roles)
    assert roles["alpha_beta_player"][0] > 0, roles  # Search(game).best(depth) found and asked


def _box_owners_at(student) -> set[str]:
    """The attributes where the object's learned cells keep the course's box owners."""
    return {cell.leaf[0][1] for cell in student.rep.learned().cells if cell.square[0] == ("k", "boxes")}


def test_who_closed_each_box_is_read_from_the_object_so_a_box_credited_to_the_opponent_is_charged_to_result(
        built_apart):
    box, student = replayed((STUDENTS / "dab_class_box_credited_to_opponent.py").read_text())
    with box:
        assert _box_owners_at(student) == {"box_owner"}
        assert student.rep.encoding.endswith("1-based")
        wrong = wrong_roles(student)
        assert wrong["result"] > 0 and wrong["actions"] == wrong["terminal"] == 0
    right_box, right = built_apart
    assert _box_owners_at(right) == {"boxes"}  # a grid of owners, 0 where open
    empty = right.initial_state()
    assert empty.ok and empty.value["boxes"] == {}


def test_a_size_given_as_a_pair_and_the_tutorials_search_on_the_object_answering_value_and_move():
    box, student = replayed((STUDENTS / "dab_class_size_pair_tutorial_minimax.py").read_text())
    with box:
        assert student.rep.start == "DotsAndBoxes(size=(3, 3))"
        assert wrong_roles(student.at_size(load_game("dots_and_boxes", rows=5, cols=3)), positions=4)["result"] == 0
        search = student.agent("alpha_beta_player", ["alpha_beta_player"])
        assert search.call == "minimax(game, depth=3, alpha=-inf, beta=inf, maximizing_player=True)"
        assert legal_everywhere(student, search)


def test_a_transition_that_takes_the_parts_of_a_move_is_replayed_with_them():
    """draw_line(orientation, row, col) beside moves listed as ('h', r, c): no reading of a board made it
    a result, so the class is replayed, each move handed over in parts."""
    box, student = replayed((STUDENTS / "dab_class_draw_line_takes_the_parts.py").read_text())
    with box:
        assert student.rep.transition.name.endswith("__draw_line__result")  # given the move's parts
        assert wrong_roles(student) == {"actions": 0, "result": 0, "terminal": 0, "utility": 0}
        assert legal_everywhere(student, student.agent("alpha_beta_player", ["alpha_beta_player"]))


def test_a_turn_handed_over_by_the_callers_switch_method_is_read_from_what_the_transition_answers():
    source = (STUDENTS / "dab_class_caller_switches_player.py").read_text()
    box, student = replayed(source)
    with box:
        assert (student.rep.turn, student.rep.turn_by_flag) == (("attr", "current_player"), True)
        assert wrong_roles(student) == {"actions": 0, "result": 0, "terminal": 0, "utility": 0}
    never_closed = source.replace("        return completed\n", "        return False\n")
    assert never_closed != source
    box, student = replayed(never_closed)  # it never says a box was closed: no extra turn, result's fault
    with box:
        wrong = wrong_roles(student)
        assert wrong["result"] > 0 and wrong["actions"] == wrong["terminal"] == wrong["utility"] == 0


def test_an_agent_class_that_requires_its_depth_is_built_with_the_games_usual_depth():
    from grader.adapt import StudentAgent, student_agent

    box, student = replayed((STUDENTS / "dab_agent_class_needs_its_depth.py").read_text())
    with box:
        agent = student_agent(box, student, "alpha_beta_player", ["alpha_beta_player"], ["alpha_beta_player"], 2.0)
        assert isinstance(agent, StudentAgent) and agent.settings == {"depth": student.game.counted_depth}
        assert legal_everywhere(student, agent)
