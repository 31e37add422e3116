"""The catalogue of meaning-preserving transformations, and how they compose.

A transformation changes one aspect of how a student writes the assignment (its *slot*): names,
parameters, argument orders, players, the board's container or orientation, moves, what ``terminal``
and ``utility`` answer, what ``result`` does with the board, what a position is, and whether the
rules are functions or methods. Two transformations compose when their slots differ and the face
they make is one a student could write (:meth:`Face.problems`).
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, replace
from typing import Callable, Iterator, Sequence

from tests.metamorphic.faces import AGENTS, Face


@dataclass(frozen=True)
class Transformation:
    """One way of writing the same solution differently; ``games`` limits it to some assignments."""

    name: str
    slot: str
    change: Callable[[Face], Face]
    games: tuple[str, ...] = ()

    def applies(self, assignment: str) -> bool:
        return not self.games or assignment in self.games

    def __call__(self, face: Face) -> Face:
        return replace(self.change(face), steps=face.steps + (self.name,))


GRIDS = ("connect4", "mean_connect4", "tictactoe")
COLUMNS = ("connect4", "mean_connect4")


def _names(mapping: dict[str, str]) -> Callable[[Face], Face]:
    def change(face: Face) -> Face:
        labels = set(AGENTS[face.assignment])
        return replace(face, names={**face.names, **{k: v for k, v in mapping.items()
                                                     if k in labels or k in ("initial_state", "actions", "result",
                                                                             "terminal", "utility")}})
    return change


def _orders(**orders: tuple[str, ...]) -> Callable[[Face], Face]:
    def change(face: Face) -> Face:
        chosen = {role: order for role, order in orders.items()
                  if not (role == "actions" and face.assignment != "mean_connect4")}
        if face.carries_turn:  # the mover is in the state: result and actions take no player (utility's viewer stays)
            chosen = {role: tuple(a for a in order if a != "player" or role == "utility")
                      for role, order in chosen.items() if role != "actions"}
        return replace(face, orders={**face.orders, **chosen})
    return change


def _losing(face: Face, *checks: str) -> frozenset[str]:
    return face.expected_losses | frozenset(checks)


CATALOGUE: tuple[Transformation, ...] = (
    # names
    Transformation("synonyms", "names", _names({
        "initial_state": "setup_board", "actions": "possible_moves_for", "result": "apply_move_to",
        "terminal": "is_game_finished", "utility": "final_payoff", "random_player": "random_move_agent",
        "alpha_beta_player": "alphabeta_search_agent", "heuristic_player": "depth_limited_agent",
        "mcts_player": "montecarlo_move"})),
    Transformation("opaque_names", "names", _names({
        "initial_state": "q0", "actions": "q1", "result": "q2", "terminal": "q3", "utility": "q4"})),
    Transformation("parameter_names", "params",
                   lambda f: replace(f, params={"state": "s", "player": "who", "action": "move"})),
    Transformation("opaque_parameters", "params",
                   lambda f: replace(f, params={"state": "g", "action": "l"})),
    # argument orders
    Transformation("action_before_player", "orders",
                   _orders(result=("state", "action", "player"), utility=("player", "state"),
                           actions=("player", "state"))),
    Transformation("board_last", "orders",
                   _orders(result=("player", "action", "state"), utility=("player", "state"))),
    # players and marks
    Transformation("players_1_2", "players", lambda f: replace(f, players=(1, 2, 0))),
    Transformation("players_X_O", "players", lambda f: replace(f, players=("X", "O", "."))),
    Transformation("players_words", "players", lambda f: replace(f, players=("red", "yellow", ""))),
    Transformation("players_bool", "players", lambda f: replace(f, players=(True, False, None))),
    Transformation("players_0_1", "players", lambda f: replace(f, players=(0, 1, -1))),
    # boards
    Transformation("lists", "container", lambda f: replace(f, container="lists"), GRIDS),
    Transformation("tuples", "container", lambda f: replace(f, container="tuples"), GRIDS),
    Transformation("numpy", "container", lambda f: replace(f, container="numpy"), ("tictactoe",)),
    Transformation("text", "container", lambda f: replace(f, container="text"), GRIDS),
    Transformation("numbered_cells", "container", lambda f: replace(f, container="numbered"), ("tictactoe",)),
    Transformation("flat_text", "container", lambda f: replace(f, container="flat_text"), ("tictactoe",)),
    Transformation("flat_cells", "container", lambda f: replace(f, container="flat"), COLUMNS),
    Transformation("column_stacks", "container", lambda f: replace(f, container="stacks"), COLUMNS),
    Transformation("cells_dict", "container", lambda f: replace(f, container="cells"), GRIDS),
    Transformation("line_set", "container", lambda f: replace(f, container="set"), ("dots_and_boxes",)),
    Transformation("line_list", "container", lambda f: replace(f, container="list"), ("dots_and_boxes",)),
    Transformation("line_matrices", "container", lambda f: replace(f, container="matrices"), ("dots_and_boxes",)),
    Transformation("dot_grid", "container", lambda f: replace(f, container="dot_grid"), ("dots_and_boxes",)),
    Transformation("old_layout", "container", lambda f: replace(f, container="old_dict"), ("dots_and_boxes",)),
    Transformation("box_scores", "container", lambda f: replace(f, container="scores"), ("dots_and_boxes",)),
    Transformation("rows_from_bottom", "orientation", lambda f: replace(f, orientation=("flip",)), COLUMNS),
    Transformation("transposed", "orientation", lambda f: replace(f, orientation=("transpose",)), GRIDS),
    # moves
    Transformation("one_based", "moves", lambda f: replace(f, moves="one_based")),
    Transformation("move_text", "moves", lambda f: replace(f, moves="text")),
    Transformation("cell_moves", "moves", lambda f: replace(f, moves="cell"), ("connect4", "tictactoe")),
    Transformation("tagged_moves", "moves", lambda f: replace(f, moves="tagged"), ("mean_connect4",)),
    Transformation("swapped_lines", "lines", lambda f: replace(f, lines="swapped"), ("dots_and_boxes",)),
    Transformation("dot_pairs", "lines", lambda f: replace(f, lines="dots"), ("dots_and_boxes",)),
    Transformation("line_words", "lines", lambda f: replace(f, lines="words"), ("dots_and_boxes",)),
    Transformation("nested_lines", "lines", lambda f: replace(f, lines="nested"), ("dots_and_boxes",)),
    Transformation("line_numbers", "lines", lambda f: replace(f, lines="numbers"), ("dots_and_boxes",)),
    Transformation("line_numbers_by_rows", "lines", lambda f: replace(f, lines="row_numbers"), ("dots_and_boxes",)),
    Transformation("dot_numbers", "lines", lambda f: replace(f, lines="dot_numbers"), ("dots_and_boxes",)),
    # answers
    Transformation("terminal_status", "terminal", lambda f: replace(f, terminal="status")),
    Transformation("terminal_pair", "terminal", lambda f: replace(f, terminal="pair")),
    Transformation("terminal_int", "terminal", lambda f: replace(f, terminal="int")),
    Transformation("terminal_winner", "terminal", lambda f: replace(f, terminal="winner")),
    Transformation("utility_scaled", "utility", lambda f: replace(f, scale=1000), GRIDS),
    Transformation("utility_infinite", "utility", lambda f: replace(f, scale=math.inf), GRIDS),
    Transformation("utility_unit", "utility", lambda f: replace(f, unit_utility=True), GRIDS),
    Transformation("utility_first_view", "utility", lambda f: replace(f, utility="first")),
    # result
    Transformation("in_place_result", "result", lambda f: replace(
        f, result_style="in_place", expected_losses=_losing(f, "result: does not change its input board"))),
    Transformation("result_with_next_player", "result", lambda f: replace(f, result_style="pair")),
    Transformation("result_with_extra_turn", "result", lambda f: replace(f, result_style="extra_turn")),
    # agents
    Transformation("agent_globals", "agents", lambda f: replace(f, agent_log=True)),
    Transformation("rules_globals", "rules_log", lambda f: replace(f, rules_log=True)),
    Transformation("state_beside", "beside", lambda f: replace(f, state_beside=True)),
    Transformation("agent_records", "agent_answer", lambda f: replace(f, agent_answer="record")),
    Transformation("agent_value_first", "agent_answer", lambda f: replace(f, agent_answer="value_first")),
    Transformation("agent_boards", "agent_answer", lambda f: replace(f, agent_answer="board")),
    Transformation("agent_move_first", "agent_answer", lambda f: replace(f, agent_answer="move_first")),
    Transformation("actions_set", "actions", lambda f: replace(f, actions_style="set")),
    Transformation("actions_generator", "actions", lambda f: replace(f, actions_style="generator")),
    Transformation("actions_numpy", "actions", lambda f: replace(f, actions_style="numpy"), ("connect4", "tictactoe")),
    Transformation("result_counts_turn", "result_player", lambda f: replace(f, counted_turn=True),
                   ("connect4", "tictactoe")),
    Transformation("agent_classes", "agent_shape", lambda f: replace(f, agent_classes=True)),
    Transformation("agent_player_first", "agent_order", lambda f: replace(f, agent_player_first=True)),
    Transformation("agent_settings_required", "agent_settings", lambda f: replace(f, agent_settings_required=True)),
    Transformation("game_loops", "game_loops", lambda f: replace(f, game_loops=True)),
    Transformation("decorated", "decorator", lambda f: replace(f, decorated=True)),
    # the board's size in module-level constants that the functions read
    Transformation("size_constants", "size", lambda f: replace(f, size_constants=True), GRIDS),
    Transformation("size_in_object", "size", lambda f: replace(f, size_constants=True, size_in_object=True), GRIDS),
    # positions
    Transformation("tuple_state", "state", lambda f: replace(f, state="tuple")),
    Transformation("dict_state", "state", lambda f: replace(f, state="dict")),
    Transformation("dataclass_state", "state", lambda f: replace(f, state="dataclass")),
    # where the rules live
    Transformation("module_object", "shape", lambda f: replace(f, shape="module_object")),
    Transformation("class_only", "shape", lambda f: replace(f, shape="class_only")),
    Transformation("position_class", "shape", lambda f: replace(f, shape="position_class")),
    Transformation("state_object", "shape", lambda f: replace(f, shape="state_object")),
    Transformation("in_place_object", "shape", lambda f: replace(
        f, shape="in_place", expected_losses=_losing(f, "result: does not change its input board"))),
    Transformation("turn_by_caller", "shape", lambda f: replace(
        f, shape="in_place", turn_by_caller=True, expected_losses=_losing(f, "result: does not change its input board"))),
)

BY_NAME = {t.name: t for t in CATALOGUE}


def compose(assignment: str, names: Sequence[str]) -> Face | None:
    """The face made by the named transformations, in order; None when two share a slot, one does not
    apply to the assignment, or no student could write the result."""
    chosen = [BY_NAME[n] for n in names]
    if len({t.slot for t in chosen}) < len(chosen) or not all(t.applies(assignment) for t in chosen):
        return None
    face = Face(assignment)
    # what a position is decides which arguments exist: apply those first, whatever the order asked
    for t in sorted(chosen, key=lambda t: t.slot not in ("state", "shape")):
        face = t(face)
    return None if face.problems() else face


def combinations(assignment: str, size: int) -> Iterator[tuple[str, ...]]:
    """Every composable set of ``size`` transformations for ``assignment``."""
    names = [t.name for t in CATALOGUE if t.applies(assignment)]
    for combo in itertools.combinations(names, size):
        if compose(assignment, combo) is not None:
            yield combo


def sample(assignment: str, size: int, count: int, seed: int) -> list[tuple[str, ...]]:
    """A seeded sample of ``count`` composable sets of ``size``."""
    every = list(combinations(assignment, size))
    return sorted(random.Random(f"{seed}:{assignment}:{size}").sample(every, min(count, len(every))))
