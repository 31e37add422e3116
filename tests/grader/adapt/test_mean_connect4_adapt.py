"""Mean Connect 4 submissions are read the way their own code says: the encoding of their moves and
their reading of the rule's open points."""

import pytest

from grader.adapt import adapt
from grader.adapt.representations.move_shapes import MoveShape
from grader.adapt.representations.base import NotThisRepresentation
from grader.sandbox import Limits, Sandbox
from reference.games import load_game
from reference.positions import random_positions
from tests.helpers.adapting import adapted, agrees_with_reference, functions_of


def test_a_reading_the_text_allows_is_graded_as_the_students_own_and_said():
    box, student = adapted("mc4_disc_changes_hands.py", "mean_connect4")
    with box:
        assert (student.game.keeps_colour, student.game.same_column) == (False, False)
        assert not any(b.note for b in student.interface.bindings.values())
        agrees_with_reference(student, student.game)
        said = [a for a in student.interface.adaptations if a.startswith("graded by your reading")]
        assert said and "becomes the mover's disc and must go to another column" in said[0]
        assert "('drop', column)" in student.representation.describe()
        assert "('steal', from, to)" in student.representation.describe()


def test_the_reference_reading_on_lists_with_tagged_moves_needs_no_other_reading():
    box, student = adapted("mc4_reference_reading_as_lists.py", "mean_connect4")
    with box:
        assert student.game == student.game.readings()[0]
        assert not any(b.note for b in student.interface.bindings.values())
        agrees_with_reference(student, student.game)
        assert any(a.startswith("graded by the reference's reading") for a in student.interface.adaptations)
        assert student.representation.encode_action((1, 4), None) == ("mean", 1, 4)
        assert student.representation.decode_action(["play", 2], None) == 2


#: the rule, the reference's reading, with moves written by three helpers each encoding below defines:
#: drop(col, player) and mean(src, dst, player) write a move, read(move, player) -> (src or None, col, mover)
RULES = '''
import numpy as np
from collections import namedtuple


def empty_board(shape=(6, 7)):
    return np.zeros(shape, dtype=int)


def actions(board, player):
    cols = board.shape[1]
    moves = [drop(c, player) for c in range(cols) if board[0, c] == 0]
    for src in range(cols):
        if board[-1, src] == -player:
            moves += [mean(src, dst, player) for dst in range(cols) if dst == src or board[0, dst] == 0]
    return moves


def result(board, player, action):
    b = board.copy()
    src, col, mover = read(action, player)
    if src is not None:
        b[1:, src] = board[:-1, src]
        b[0, src] = 0
    row = max(r for r in range(b.shape[0]) if b[r, col] == 0)
    b[row, col] = mover if src is None else -mover
    return b


def terminal(board):
    return won(board, 1) or won(board, -1) or not (board[0] == 0).any()


def utility(board, player):
    mine, theirs = won(board, player), won(board, -player)
    return 0 if mine == theirs else (1 if mine else -1)


def won(board, p):
    rows, cols = board.shape
    return any(all(0 <= r + i * dr < rows and 0 <= c + i * dc < cols and board[r + i * dr, c + i * dc] == p
                   for i in range(4))
               for r in range(rows) for c in range(cols) for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)))
'''

#: ways of writing moves that no list of forms foresaw: strings, items in another order, a negative
#: source column, the mover inside the move, named tuples
ENCODINGS = {
    "strings": '''
def drop(col, player): return f"d{col}"
def mean(src, dst, player): return f"m{src}>{dst}"
def read(move, player):
    if move[0] == "m":
        src, dst = move[1:].split(">")
        return int(src), int(dst), player
    return None, int(move[1:]), player
''',
    "tag_last": '''
def drop(col, player): return ("drop", col)
def mean(src, dst, player): return (dst, src, "mean")
def read(move, player):
    return (move[1], move[0], player) if move[-1] == "mean" else (None, move[1], player)
''',
    "negative_source": '''
def drop(col, player): return col
def mean(src, dst, player): return (-src - 1, dst)
def read(move, player):
    return (-move[0] - 1, move[1], player) if isinstance(move, tuple) else (None, move, player)
''',
    "mover_inside": '''
def drop(col, player): return (col, None, player)
def mean(src, dst, player): return (src, dst, player)
def read(move, player):
    return (None, move[0], move[2]) if move[1] is None else (move[0], move[1], move[2])
''',
    "named_tuples": '''
Move = namedtuple("Move", "kind src dst")
def drop(col, player): return Move("drop", None, col)
def mean(src, dst, player): return Move("mean", src, dst)
def read(move, player):
    return (move.src if move.kind == "mean" else None, move.dst, player)
''',
}


@pytest.mark.parametrize("encoding", sorted(ENCODINGS))
def test_moves_written_any_way_are_learned_from_the_students_own_result(encoding):
    box, student = adapted_source(RULES + ENCODINGS[encoding])
    game = student.game
    assert game == game.readings()[0]
    with box:
        rep = student.representation
        assert not any(b.note for b in student.interface.bindings.values()), student.interface.bindings
        assert rep.action_kind == "learned", rep.describe()
        agrees_with_reference(student, game)
        for state in random_positions(game, 10, seed=3):
            board, player = game.to_course(state), game.to_move(state)
            for action in game.actions(state):
                written = rep.encode_action(action, board, player)
                assert rep.decode_action(written, board) == action, (written, action)
                got = student.result(board, player, action)
                assert game.same_board(got.value, game.to_course(game.result(state, action))), (encoding, action)


def adapted_source(source: str):
    box = Sandbox([source], Limits(call_timeout=2.0))
    game, functions = functions_of("mean_connect4")
    return box, adapt(box, game, functions, source=source)


def test_a_move_that_carries_its_mover_is_written_with_the_mover_whose_turn_it_is():
    # result(board, action) takes no player: only the move says who moves
    box, student = adapted_source(RULES.replace("def result(board, player, action):",
                                                "def result(board, action):\n    player = None") + """
def drop(col, player): return {"col": col + 1, "who": player}
def mean(src, dst, player): return {"take": src + 1, "put": dst + 1, "who": player}
def read(move, player):
    if "take" in move:
        return move["take"] - 1, move["put"] - 1, move["who"]
    return None, move["col"] - 1, move["who"]
""")
    with box:
        assert student.interface.bindings["result"].order == ("state", "action")
        assert not any(b.note for b in student.interface.bindings.values())
        agrees_with_reference(student, student.game)
        assert student.representation.encode_action((2, 5), None, -1) == {"take": 3, "put": 6, "who": -1}
        assert "(a, b) as {'take': a+1, 'put': b+1, 'who': player}" in student.representation.describe()


def test_a_move_shape_reads_back_what_it_writes_and_rejects_other_shapes():
    examples = [({"kind": "mean", "from": f"c{s}", "to": -d - 1}, (s, d), 2) for s, d in ((0, 3), (2, 5), (6, 1))]
    shape = MoveShape.learn(examples)
    assert shape.describe(("from", "to")) == "{'kind': 'mean', 'from': 'c{from}', 'to': -to-1}"
    assert shape.write((4, 0), 2) == {"kind": "mean", "from": "c4", "to": -1}
    assert shape.read({"kind": "mean", "from": "c4", "to": -1}) == (4, 0)
    with pytest.raises(NotThisRepresentation):
        shape.read({"kind": "drop", "from": "c4", "to": -1})
    # a leaf that is the mover whoever moves, not a column that happens to equal it
    mover = MoveShape.learn([((c, 1), (c,), 1) for c in range(4)] + [((c, 2), (c,), 2) for c in range(4)])
    assert mover.roles == (("field", 0, 1, 0), ("mover",))
    assert MoveShape.learn([(("drop",), (3,), 1)]) is None  # a shape without the column cannot write moves


def test_room_judged_before_the_disc_is_lifted_is_a_reading_of_its_own():
    box, student = adapted_source(RULES.replace("if dst == src or board[0, dst] == 0", "if board[0, dst] == 0")
                                  + ENCODINGS["tag_last"])
    with box:
        assert (student.game.same_column, student.game.returns_to_full_column) == (True, False)
        assert not any(b.note for b in student.interface.bindings.values())
        agrees_with_reference(student, student.game)
        said = [a for a in student.interface.adaptations if a.startswith("graded by your reading")]
        assert said and "may go back into its own column unless that column was full" in said[0]


def test_no_utility_check_asks_who_won_when_both_players_have_four():
    import random
    from itertools import islice
    from types import SimpleNamespace

    from grader.games.mean_connect4 import edge_boards
    from grader.checks.random_positions import random_cases
    from reference.positions import finished_games

    game = load_game("mean_connect4")
    both = game.result(game.from_corner(*edge_boards.BOTH_LINES), (0, 3))
    assert game.outcome_open(both) and not game.outcome_open(game.initial_state())
    assert not any(game.outcome_open(case.state) for case in edge_boards.cases(game, "utility"))
    ctx = SimpleNamespace(game=game, rng=lambda salt: random.Random(salt))
    # a salt whose finished games include boards where both have four (about one game in a hundred)
    salt = next(f"s{n}" for n in range(50)
                if any(game.outcome_open(s) for s in islice(finished_games(game, ctx.rng(f"s{n}").randrange(2**31)), 100)))
    cases = random_cases(ctx, "utility", 100, seed_salt=salt, action_salt="a")
    assert len(cases) == 100 and not any(game.outcome_open(case.state) for case in cases)


def test_playing_on_after_a_full_board_is_a_reading_of_its_own_when_terminal_and_actions_show_it():
    box, student = adapted_source(RULES.replace("return won(board, 1) or won(board, -1) or not (board[0] == 0).any()",
                                                "return won(board, 1) or won(board, -1)")
                                  + ENCODINGS["tag_last"])
    with box:
        assert student.game.plays_on_full_board and student.game.keeps_colour
        assert not any(b.note for b in student.interface.bindings.values())
        agrees_with_reference(student, student.game)
        said = [a for a in student.interface.adaptations if a.startswith("graded by your reading")]
        assert said and "when the board is full play goes on with mean moves" in said[0]
        full = student.game.rare_positions()[0]
        assert student.terminal(student.game.to_course(full)).value is False


def test_a_terminal_that_misses_the_full_board_is_charged_when_its_actions_stop_there():
    # not over on a full board, yet no move to make: no reading of the rule, a bug under the reference's
    box, student = adapted_source(RULES.replace("return won(board, 1) or won(board, -1) or not (board[0] == 0).any()",
                                                "return won(board, 1) or won(board, -1)")
                                  .replace("    cols = board.shape[1]\n",
                                           "    cols = board.shape[1]\n    if not (board[0] == 0).any():\n"
                                           "        return []\n")
                                  + ENCODINGS["tag_last"])
    with box:
        assert student.game == student.game.readings()[0]
        full = student.game.rare_positions()[0]
        assert student.terminal(student.game.to_course(full)).value is False
        assert student.game.terminal(full)


def test_a_hand_built_board_only_mean_moves_reach_is_built_by_a_line_chosen_for_it_not_by_luck():
    """Random games that happened to pass a canned board once made it buildable, until their lines were forgotten:
    whether a buggy actions() was caught there depended on what the process had graded before."""
    from grader.games.mean_connect4.edge_boards import NO_OPPONENT_BOTTOM
    from grader.plugs import edge_cases
    from reference.games import base

    game = load_game("mean_connect4")
    reached = game.from_corner(*NO_OPPONENT_BOTTOM)  # +1 dropped, -1 moved it, +1 dropped, -1 dropped
    never = game.from_corner("...../.o...", 1)  # +1's first disc cannot leave the board: no line reaches it
    assert not game.buildable(reached) and not game.buildable(never)
    base._LINES.pop((game, game.position_key(reached)), None)  # forgotten, as after thousands of other positions
    game.remember(never, [3])  # a wrong line kept for it
    edge_cases(game, "actions")
    line = game.moves_to(reached)
    assert line is not None and any(isinstance(m, tuple) for m in line)
    state = game.initial_state()
    for move in line:
        state = game.result(state, move)
    assert game.position_key(state) == game.position_key(reached)
    assert game.moves_to(never) is None
