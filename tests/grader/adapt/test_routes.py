"""Ways of calling the student's code that no module-level name offers: the rules as methods of a class
built from the position, or of the student's own state objects. Each is a candidate route like any
function, chosen by behaviour; the feedback names the call as the student writes it."""

from grader.adapt import ReplayedGame
from grader.adapt.candidates import ROUTE_PREFIX, rank, route_parts, spoken
from grader.adapt.routes import position_routes, state_routes
from grader.sandbox.calls import NameInfo, Parameter
from reference.games import load_game
from tests.helpers.adapting import STUDENTS, adapted_source

GAME = load_game("connect4", rows=6, cols=7)


def _method(name: str, *params: str) -> NameInfo:
    return NameInfo(name, "function", "function", tuple(Parameter(p, "POSITIONAL_OR_KEYWORD") for p in ("self", *params)))


def _class(name: str, ctor: tuple[str, ...], *methods: NameInfo) -> dict[str, NameInfo]:
    params = tuple(Parameter(p, "POSITIONAL_OR_KEYWORD", has_default=(p == "player")) for p in ctor)
    return {name: NameInfo(name, "class", "type", params, members=methods)}


def test_a_class_built_from_the_position_offers_a_route_per_role_its_methods_can_play():
    names = _class("Game", ("board", "player"), _method("actions"), _method("result", "col"), _method("utility", "p"))
    routes = {r.target: r for r in position_routes(names)}
    result = routes[f"{ROUTE_PREFIX}Game__result__result"]
    assert result.arguments == ("state", "player", "action")
    assert result.shown == "Game(board={state}, player={player}).result(col={action})"
    assert f"{ROUTE_PREFIX}Game__actions__actions" in routes
    assert f"{ROUTE_PREFIX}Game__actions__result" not in routes  # takes no move: it cannot be result
    assert route_parts(f"{ROUTE_PREFIX}Game__result__result") == ("Game", "result", "result")


def test_a_class_that_takes_no_board_offers_no_position_route():
    assert position_routes(_class("Agent", ("depth",), _method("actions"))) == []


def test_a_route_is_ranked_by_its_method_name_for_the_role_it_was_made_for():
    names = _class("Game", ("board",), _method("terminal"), _method("actions"))
    routes = position_routes(names)
    infos = {r.target: NameInfo(r.target, "function", "function", tuple(Parameter(a, "POSITIONAL_OR_KEYWORD")
                                                                        for a in r.arguments)) for r in routes}
    ranked = rank(infos, "terminal", ["terminal"])
    assert [spoken(c.target) for c in ranked][0] == "Game(...).terminal"
    assert all(route_parts(c.target)[2] == "terminal" for c in ranked)


def test_state_methods_are_routes_on_the_student_s_own_state():
    names = _class("State", ("board", "turn"), _method("result", "col"), _method("is_over"))
    routes = {r.target: r for r in state_routes(names)}
    result = routes[f"{ROUTE_PREFIX}State_self__result__result"]
    assert result.arguments == ("state", "action")  # the state knows who moves
    assert result.shown == "{state}.result(col={action})"
    assert spoken(result.target) == "state.result"


def test_parameters_named_for_nothing_are_tried_as_each_argument_no_name_gives():
    # the board of Position(g, player) is its one unnamed parameter; result(self, l) takes the move or the player
    names = _class("Position", ("g", "player"), _method("result", "l"), _method("utility", "l"))
    routes = {r.target: r for r in position_routes(names)}
    assert routes[f"{ROUTE_PREFIX}Position__result__result"].shown == \
        "Position(g={state}, player={player}).result(l={action})"
    assert routes[f"{ROUTE_PREFIX}Position__utility__utility"].arguments == ("state", "player")
    made = {r.target: r for r in state_routes(_class("State", ("board", "turn"), _method("make_move", "l")))}
    assert made[f"{ROUTE_PREFIX}State_self__make_move__result"].shown == "{state}.make_move(l={action})"
    # two parameters named for nothing beside the board: no way to tell which is which, so no position route
    assert position_routes(_class("Node", ("x", "y"), _method("actions"))) == []


def test_rules_on_a_class_built_from_the_position_agree_with_the_reference_role_by_role():
    source = (STUDENTS / "c4_rules_on_a_class_built_from_the_position.py").read_text()
    box, student = adapted_source(source)
    with box:
        for role in ("actions", "result", "terminal", "utility"):
            assert student.has(role) and not student.interface.bindings[role].note, role
        board = GAME.to_course(GAME.result(GAME.initial_state(), 3))
        reply = student.result(board, -1, 3)
        assert reply.ok and GAME.same_board(reply.value, GAME.to_course(
            GAME.result(GAME.result(GAME.initial_state(), 3), 3)))
        assert reply.call.startswith("Game(player=-1, board=board).result(")
        assert student.doubts == {}


def test_a_state_object_with_methods_is_replayed_through_its_own_methods():
    source = (STUDENTS / "c4_state_object_with_methods.py").read_text()
    box, student = adapted_source(source)
    with box:
        assert isinstance(student, ReplayedGame)
        assert "state.result()" in " ".join(student.interface.adaptations)
        state = GAME.result(GAME.result(GAME.initial_state(), 3), 4)
        assert student.actions(GAME.to_course(state), GAME.to_move(state)).value == GAME.actions(state)
        assert student.terminal(GAME.to_course(state)).value is False
