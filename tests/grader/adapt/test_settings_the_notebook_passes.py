"""What the notebook's own code settles for a call is what the grader's calls use: a lazy answer (a generator of
moves) is the list it yields, and an agent's required setting that the notebook always passes the same way
(``partial(heuristic_player, depth=2, evaluate=centre)``) is passed so when the grader leaves it out."""

from grader.adapt import find_agent
from reference.positions import random_positions
from tests.helpers.adapting import STUDENTS, adapted_source

FIXTURE = "c4_agent_settings_passed_by_partial.py"


def test_a_generator_of_moves_is_read_as_its_list_and_a_required_setting_as_the_notebook_passes_it():
    box, student = adapted_source((STUDENTS / FIXTURE).read_text())
    with box:
        game = student.game
        for state in random_positions(game, 5, seed=4):
            got = student.actions(game.to_course(state), game.to_move(state))
            assert got.ok and sorted(got.value) == sorted(game.actions(state))
        assert any("evaluate=centre" in note for note in student.interface.adaptations), student.interface.adaptations
        agent = find_agent(box, student.names, game, student.representation, "heuristic_player", ["heuristic_player"])
        assert not isinstance(agent, str), agent
        assert not agent.unfilled_parameters()
        for state in random_positions(game, 3, seed=4):
            move = agent.move(game.to_course(state), game.to_move(state))
            assert move.ok and move.action in game.actions(state), move.error


def test_a_class_that_plays_the_students_state_is_built_with_the_simulations_their_code_passes():
    """Both kinds of agent (given boards, given the student's own state) fill a setting by one rule."""
    from grader.adapt.replayed_agents import class_agents
    from grader.sandbox.calls import NameInfo, Parameter

    def param(name: str) -> Parameter:
        return Parameter(name, "POSITIONAL_OR_KEYWORD")

    search = NameInfo("search", "function", "method", (param("self"),))
    mcts = NameInfo("MCTS", "class", "type", (param("game"), param("iterations")), members=(search,))
    source = "def play(game):\n    return MCTS(game, 500).search()\n"
    [agent] = class_agents("MCTS", mcts, source)
    assert agent.call == "MCTS(game, iterations=500).search()"
    [agent] = class_agents("MCTS", mcts, "")  # the code never says: the grader's number
    assert agent.call == "MCTS(game, iterations=200).search()"


def test_an_agent_class_answers_by_its_first_method_named_for_a_move_not_a_helper_listing_moves():
    """Ranked by word, ``getMoves`` (a helper) came before ``minimaxDecision``; the class's own order is the rule."""
    from grader.adapt.agents import agent_method
    from grader.sandbox.calls import NameInfo, Parameter

    def method(name: str) -> NameInfo:
        return NameInfo(name, "function", "method", (Parameter("self", "POSITIONAL_OR_KEYWORD"),))

    agent = NameInfo("MinimaxAgent", "class", "type", (), members=(method("minimaxDecision"), method("getMoves")))
    assert agent_method(agent) == "minimaxDecision"
    assert agent_method(NameInfo("Agent", "class", "type", (), members=(method("getMoves"), method("act")))) == "act"


def test_a_required_setting_no_name_explains_is_filled_as_the_notebooks_calls_pass_it_by_position():
    """alpha_beta_player(board, player, node_budget), called in the notebook's matches as (state, player, 2500):
    the grader leaves node_budget out, so the call gets the 2500 the notebook passes at its position. A value the
    calls disagree on, or one made where the call is (depth - 1), fills nothing."""
    from grader.adapt.global_arguments import from_globals
    from grader.sandbox.calls import NameInfo, Parameter

    def function(name: str, *params: str) -> NameInfo:
        return NameInfo(name, "function", "function", tuple(Parameter(p, "POSITIONAL_OR_KEYWORD") for p in params))

    names = {"alpha_beta_player": function("alpha_beta_player", "board", "player", "node_budget"),
             "search": function("search", "board", "budget_left")}
    source = ("matches = [lambda s, p: alpha_beta_player(s, p, 2500), lambda s, p: alpha_beta_player(s, p, 2500)]\n"
              "def search(board, budget_left):\n    return search(board, budget_left - 1)\n"
              "search(None, 10)\n")
    assert from_globals(names, source) == {"alpha_beta_player": {"node_budget": "2500"}}
    disagreeing = source.replace("alpha_beta_player(s, p, 2500)]", "alpha_beta_player(s, p, 100)]")
    assert from_globals(names, disagreeing) == {}


def test_a_classs_first_constructor_parameter_named_like_a_global_is_filled_from_it_not_taken_for_the_state():
    """RandomPlayer(moves_log).get_move(state), with ``moves_log = []`` at module level: the constructor's first
    parameter is a setting the notebook fills from its global, so the class is built with it and handed the
    state; a function's first parameter stays what it is about, and a class built on its game is built on it."""
    from grader.adapt.global_arguments import from_globals
    from grader.sandbox.calls import NameInfo, Parameter

    def callable_(name: str, kind: str, *params: str) -> NameInfo:
        return NameInfo(name, kind, kind, tuple(Parameter(p, "POSITIONAL_OR_KEYWORD") for p in params))

    names = {"moves_log": NameInfo("moves_log", "value", "list"), "game": NameInfo("game", "value", "dict"),
             "RandomPlayer": callable_("RandomPlayer", "class", "moves_log"),
             "log_moves": callable_("log_moves", "function", "moves_log"),
             "MCTS": callable_("MCTS", "class", "game")}
    assert from_globals(names) == {"RandomPlayer": {"moves_log": "moves_log"}}
