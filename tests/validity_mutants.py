"""Mutants of the reference submissions: each is one bug that students really make.

A mutant is the reference notebook (``reference/solutions``) plus one code cell at the end that
redefines one function or agent with the bug, so everything else stays right. ``loses`` names the
checks (their names in details.csv) where the bug must cost points; at every other automatic check
the mutant must keep full marks. ``why`` explains a loss at more than one check.

The agents of the reference play through ``GAME`` (the rules bound before these cells run), so a
mutated ``actions``/``result``/``terminal``/``utility`` does not leak into the agent checks.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mutant:
    """The reference submission of ``assignment`` plus ``cell``: the bug, and where it must lose points."""

    name: str
    assignment: str
    bug: str
    cell: str
    loses: tuple[str, ...]
    why: str = ""


def _c4_winner_cell(function: str, directions: str, bug: str) -> str:
    """A Connect 4 ``terminal`` or ``utility`` whose own line scan looks only in ``directions``."""
    ending = {"terminal": "return found != 0 or not (board[0] == 0).any()",
              "utility": "return 0 if found == 0 else (1 if found == player else -1)"}[function]
    signature = "board" if function == "terminal" else "board, player=1"
    return f'''def {function}({signature}):
    # {bug}
    b = board.tolist()
    rows, cols = len(b), len(b[0])
    found = 0
    for r in range(rows):
        for c in range(cols):
            p = b[r][c]
            if p == 0:
                continue
            for dr, dc in {directions}:
                if 0 <= r + 3 * dr < rows and 0 <= c + 3 * dc < cols and all(
                        b[r + i * dr][c + i * dc] == p for i in range(1, 4)):
                    found = p
    {ending}'''


CONNECT4 = [
    Mutant("c4_terminal_misses_vertical", "connect4", "terminal does not look for vertical lines",
           _c4_winner_cell("terminal", "((0, 1), (1, 1), (1, -1))", "bug: no (1, 0) direction, vertical wins missed"),
           ("terminal: canned boards", "terminal: random positions")),
    Mutant("c4_terminal_misses_anti_diagonal", "connect4", "terminal does not look for anti-diagonals (/)",
           _c4_winner_cell("terminal", "((0, 1), (1, 0), (1, 1))", "bug: no (1, -1) direction"),
           ("terminal: canned boards",)),
    Mutant("c4_terminal_not_on_full_board", "connect4", "a full board without a winner (a draw) is not terminal",
           "def terminal(board):\n    return winner(board) != 0  # bug: forgets the draw\n",
           ("terminal: canned boards",)),
    Mutant("c4_utility_one_diagonal", "connect4", "utility looks for diagonals in one direction only",
           _c4_winner_cell("utility", "((0, 1), (1, 0), (1, 1))", "bug: only the down-right diagonal"),
           ("utility: canned boards", "utility: random positions")),
    Mutant("c4_utility_wrong_view", "connect4", "utility answers from the opponent's view",
           "def utility(board, player=1):\n    w = winner(board)\n"
           "    return 0 if w == 0 else (1 if w == -player else -1)  # bug: the opponent's view\n",
           ("utility: canned boards", "utility: random positions")),
    Mutant("c4_utility_ignores_player", "connect4", "utility ignores its player argument (always red's view)",
           "def utility(board, player=1):\n    return winner(board)  # bug: player is never used\n",
           ("utility: canned boards", "utility: random positions")),
    Mutant("c4_utility_draw_is_a_win", "connect4", "utility gives +1 for a draw",
           "def utility(board, player=1):\n    w = winner(board)\n    if w == 0:\n        return 1  # bug: a draw is not a win\n"
           "    return 1 if w == player else -1\n",
           ("utility: canned boards",)),
    Mutant("c4_actions_include_full_columns", "connect4", "actions lists full columns too",
           "def actions(board):\n    return list(range(board.shape[1]))  # bug: full columns are not actions\n",
           ("actions: canned boards", "actions: random positions", "random_player: legal moves in time"),
           why="random_player picks from actions(), as the template asks, so it inherits the bug"),
    Mutant("c4_result_disc_stays_on_top", "connect4", "result puts the disc in the top free cell (no gravity)",
           "def result(board, player, action):\n    new_board = board.copy()\n"
           "    row = np.min(np.nonzero(new_board[:, action] == 0)[0])  # bug: row 0 is the top, not the bottom\n"
           "    new_board[row, action] = player\n    return new_board\n",
           ("result: canned boards", "result: random positions")),
    Mutant("c4_result_always_red", "connect4", "result always drops a red disc, whoever moves",
           "def result(board, player, action):\n    new_board = board.copy()\n"
           "    row = np.max(np.nonzero(new_board[:, action] == 0)[0])\n"
           "    new_board[row, action] = 1  # bug: should be player\n    return new_board\n",
           ("result: canned boards", "result: random positions")),
    Mutant("c4_result_changes_its_input", "connect4", "result drops the disc into the board it was given",
           "def result(board, player, action):\n    row = np.max(np.nonzero(board[:, action] == 0)[0])\n"
           "    board[row, action] = player  # bug: changes the caller's board\n    return board\n",
           ("result: does not change its input board",)),
    Mutant("c4_random_player_full_column", "connect4", "random_player may pick a full column",
           "def random_player(board, player=1):\n    return random.randrange(board.shape[1])  # bug: full columns too\n",
           ("random_player: legal moves in time",)),
    Mutant("c4_alpha_beta_opponent_helps", "connect4",
           "the min level of alpha-beta maximises too (copy-paste): the search assumes the opponent helps",
           '''def alpha_beta_player(board, player=1, max_depth=4):
    def value(board, to_move, alpha, beta, depth):
        if GAME.terminal(board):
            return GAME.utility(board, player) * (1000 - depth), None
        if depth >= max_depth:
            return 0, None
        best = -math.inf, None
        for a in ordered_actions(board):
            v, _ = value(GAME.result(board, to_move, a), -to_move, alpha, beta, depth + 1)
            if v > best[0]:  # bug: at the opponent's turn this should look for the smallest value
                best = v, a
        return best
    return value(board, player, -math.inf, math.inf, 0)[1]''',
           ("alpha_beta_player: tactics", "alpha_beta_player: tactics that need depth",
            "alpha_beta_player: positions searched"),
           why="an opponent that helps is no threat: it neither blocks nor avoids the opponent's winning cells, "
               "and its values differ from minimax at equal depth"),
    Mutant("c4_alpha_beta_blind_to_wins", "connect4",
           "alpha-beta never checks terminal: a won board scores 0 like any other (misses wins at depth 1)",
           '''def alpha_beta_player(board, player=1, max_depth=5):
    def value(board, to_move, alpha, beta, depth):
        if depth >= max_depth or not GAME.actions(board):  # bug: no terminal test, wins are invisible
            return 0, None
        best = (-math.inf if to_move == player else math.inf), None
        for a in ordered_actions(board):
            v, _ = value(GAME.result(board, to_move, a), -to_move, alpha, beta, depth + 1)
            if to_move == player and v > best[0]:
                best = v, a
                alpha = max(alpha, v)
            elif to_move != player and v < best[0]:
                best = v, a
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best
    return value(board, player, -math.inf, math.inf, 0)[1]''',
           ("alpha_beta_player: tactics", "alpha_beta_player: tactics that need depth",
            "alpha_beta_player: positions searched"),
           why="a search blind to wins sees neither a win in one (tactics) nor a double threat or a win "
               "handed over on top of its disc (tactics that need depth); searching 4 moves deep it chooses moves "
               "that minimax of that depth would not (positions searched: its values are wrong)"),
    Mutant("c4_heuristic_returns_index", "connect4",
           "heuristic_player returns the index of the best move in the list of legal moves, not the column",
           '''def heuristic_player(board, player=1, max_depth=4):
    legal = ordered_actions(board)
    values = [-alpha_beta_search(GAME.result(board, player, a), -player, max_depth - 1, evaluate)[0] for a in legal]
    return max(range(len(legal)), key=lambda i: values[i])  # bug: should return legal[i]''',
           ("heuristic_player: tactics", "heuristic_player: tactics that need depth", "heuristic_player: beats random",
            "heuristic_player: holds its own against alpha-beta depth 1"),
           why="a wrong move misses tactics of any depth and loses games, and an index that names a full column "
               "forfeits one"),
    Mutant("c4_mcts_counts_red_wins", "connect4", "the Monte Carlo player scores playouts for red, also as yellow",
           '''def mcts_player(board, player=1, playouts=100):
    best_move, best_value = None, -math.inf
    for a in ordered_actions(board):
        child = GAME.result(board, player, a)
        if GAME.terminal(child):
            value = GAME.utility(child, 1) * playouts  # bug: red's view
        else:
            value = sum(playout(child.tolist(), -player, 1) for _ in range(playouts))  # bug: red's view
        if value > best_value:
            best_move, best_value = a, value
    return best_move''',
           ("mcts_player: takes an immediate win", "mcts_player: beats random"),
           why="as yellow it takes red's view, so it neither takes yellow's wins nor wins games"),
]

DOTS_AND_BOXES = [
    Mutant("dab_result_no_extra_turn", "dots_and_boxes",
           "result takes the mover from the number of lines drawn, not the player it is given: no extra turn after a box",
           "def result(board, player, action):\n"
           "    player = 1 if len(board['lines']) % 2 == 0 else -1  # bug: the mover after a box moves again\n"
           "    new = {'size': board['size'], 'lines': dict(board['lines']), 'boxes': dict(board['boxes'])}\n"
           "    new['lines'][action] = True\n    for box in boxes_of(board, action):\n"
           "        if all(side in new['lines'] for side in box_sides(*box)):\n            new['boxes'][box] = player\n"
           "    return new\n",
           ("result: canned boards", "result: random positions")),
    Mutant("dab_result_extra_turn_per_box", "dots_and_boxes",
           "result takes the mover from the lines and boxes, not the player it is given: one extra turn per box, so two "
           "boxes with one line give two extra turns",
           "def result(board, player, action):\n"
           "    turns = len(board['lines']) - len(board['boxes'])  # bug: a line closing two boxes is one extra turn\n"
           "    player = 1 if turns % 2 == 0 else -1\n"
           "    new = {'size': board['size'], 'lines': dict(board['lines']), 'boxes': dict(board['boxes'])}\n"
           "    new['lines'][action] = True\n    for box in boxes_of(board, action):\n"
           "        if all(side in new['lines'] for side in box_sides(*box)):\n            new['boxes'][box] = player\n"
           "    return new\n",
           ("result: canned boards", "result: random positions")),
    Mutant("dab_result_box_for_the_other_player", "dots_and_boxes", "a completed box is given to the opponent",
           "def result(board, player, action):\n"
           "    new = {'size': board['size'], 'lines': dict(board['lines']), 'boxes': dict(board['boxes'])}\n"
           "    new['lines'][action] = True\n    for box in boxes_of(board, action):\n"
           "        if all(side in new['lines'] for side in box_sides(*box)):\n"
           "            new['boxes'][box] = -player  # bug: the player was switched before the boxes were counted\n"
           "    return new\n",
           ("result: canned boards", "result: random positions")),
    Mutant("dab_result_one_box_per_line", "dots_and_boxes", "a line that completes two boxes claims only the first",
           "def result(board, player, action):\n"
           "    new = {'size': board['size'], 'lines': dict(board['lines']), 'boxes': dict(board['boxes'])}\n"
           "    new['lines'][action] = True\n    for box in boxes_of(board, action):\n"
           "        if all(side in new['lines'] for side in box_sides(*box)):\n"
           "            new['boxes'][box] = player\n            break  # bug: the second box is left unclaimed\n"
           "    return new\n",
           ("result: canned boards", "result: random positions")),
    Mutant("dab_terminal_one_line_early", "dots_and_boxes", "terminal says the game is over one line early",
           "def terminal(board):\n    return len(board['lines']) >= len(all_lines(board)) - 1  # bug: off by one\n",
           ("terminal: canned boards",)),
    Mutant("dab_actions_include_drawn_lines", "dots_and_boxes", "actions lists lines that are already drawn",
           "def actions(board):\n    return all_lines(board)  # bug: drawn lines are not actions\n",
           ("actions: canned boards", "actions: random positions", "random_player: legal moves in time"),
           why="random_player picks from actions(), as the template asks, so it inherits the bug"),
    Mutant("dab_actions_miss_right_edge", "dots_and_boxes", "actions never offers the vertical lines on the right edge",
           "def actions(board):\n    rows, cols = board['size']\n"
           "    lines = [('h', r, c) for r in range(rows) for c in range(cols - 1)]\n"
           "    lines += [('v', r, c) for r in range(rows - 1) for c in range(cols - 1)]  # bug: range(cols)\n"
           "    return [line for line in lines if line not in board['lines']]\n",
           ("actions: canned boards", "actions: random positions")),
    Mutant("dab_utility_wrong_sign", "dots_and_boxes", "utility is the opponent's boxes minus the player's",
           "def utility(board, player=1):\n    mine = sum(1 for owner in board['boxes'].values() if owner == player)\n"
           "    return len(board['boxes']) - 2 * mine  # bug: the sign is flipped\n",
           ("utility: canned boards", "utility: random positions")),
    Mutant("dab_random_player_redraws", "dots_and_boxes", "random_player may pick a line that is already drawn",
           "def random_player(board, player=None):\n    return random.choice(all_lines(board))  # bug: drawn lines too\n",
           ("random_player: legal moves in time",)),
    Mutant("dab_alpha_beta_gives_boxes_away", "dots_and_boxes",
           "the search scores boards from the opponent's view at the cutoff (it hands out boxes)",
           '''def alpha_beta_player(board, player=1):
    def value(board, to_move, alpha, beta, depth):
        if GAME.terminal(board) or depth >= 2:
            return GAME.utility(board, -player), None  # bug: should be player
        maximizing = to_move == player
        best = (-math.inf if maximizing else math.inf), None
        for a in ordered_actions(board):
            child = GAME.result(board, to_move, a)
            nxt = to_move if len(child['boxes']) > len(board['boxes']) else -to_move
            v, _ = value(child, nxt, alpha, beta, depth + 1)
            if maximizing and v > best[0]:
                best = v, a
                alpha = max(alpha, v)
            elif not maximizing and v < best[0]:
                best = v, a
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best
    return value(board, player, -math.inf, math.inf, 0)[1]''',
           ("alpha_beta_player: tactics", "alpha_beta_player: tactics that need depth", "alpha_beta_player: beats random",
            "alpha_beta_player: holds its own against alpha-beta depth 1"),
           why="a search that hands out boxes misses free boxes, endgame play and games"),
]

TICTACTOE = [
    Mutant("ttt_terminal_misses_anti_diagonal", "tictactoe", "terminal does not check the diagonal 2-4-6",
           "def terminal(board):\n"
           "    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8)]  # bug: no (2, 4, 6)\n"
           "    won = any(board[a] != ' ' and board[a] == board[b] == board[c] for a, b, c in lines)\n"
           "    return won or ' ' not in board\n",
           ("terminal: canned boards",)),
    Mutant("ttt_utility_wrong_view", "tictactoe", "utility answers from the opponent's view",
           "def utility(board, player='x'):\n    w = winner(board)\n"
           "    if w is not None:\n        return 1 if w == other(player) else -1  # bug: the opponent's view\n"
           "    return 0 if ' ' not in board else None\n",
           ("utility: canned boards",)),
    Mutant("ttt_actions_miss_last_cell", "tictactoe", "actions never offers cell 8 (off by one)",
           "def actions(board):\n    return [i for i in range(8) if board[i] == ' ']  # bug: range(9)\n",
           ("actions: canned boards",)),
    Mutant("ttt_random_player_taken_cell", "tictactoe", "random_player may pick a taken cell",
           "def random_player(board, player=None):\n    return random.randrange(9)  # bug: taken cells too\n",
           ("random_player: legal moves in time",)),
    Mutant("ttt_alpha_beta_opponent_helps", "tictactoe",
           "the min level of alpha-beta maximises too (copy-paste): the search assumes the opponent helps",
           # The boards valued are kept: without pruning or memory the whole game tree (550,000 boards from
           # the empty one, about 7 s) would run into the 2 s move limit, and lose points for its speed
           # wherever the machine is loaded; kept, the same moves take a fraction of a second.
           '''def alpha_beta_player(board, player='x'):
    known = {}  # boards valued in this search (a board is always as many moves below the root)

    def value(board, to_move, depth):
        key = (tuple(board), to_move)
        if key not in known:
            if GAME.terminal(board):
                known[key] = GAME.utility(board, player) * (10 - depth), None
            else:
                best = -math.inf, None
                for a in GAME.actions(board):
                    v, _ = value(GAME.result(board, to_move, a), other(to_move), depth + 1)
                    if v > best[0]:  # bug: at the opponent's turn this should look for the smallest value
                        best = v, a
                known[key] = best
        return known[key]
    return value(board, player, 0)[1]''',
           ("minimax_player: tactics",)),
]

MUTANTS = CONNECT4 + DOTS_AND_BOXES + TICTACTOE

#: a deterministic sample graded in the default run (the rest with --runslow): one bug per kind of check
DEFAULT_SAMPLE = ("c4_terminal_misses_anti_diagonal", "c4_result_changes_its_input", "c4_alpha_beta_blind_to_wins",
                  "c4_utility_wrong_view", "c4_utility_ignores_player", "c4_result_disc_stays_on_top", "dab_result_box_for_the_other_player",
                  "ttt_utility_wrong_view")


# --- search bugs, in two styles: the reference's own max/min alpha-beta with one bug, and a
# negamax alpha-beta that makes and unmakes moves on one board (a correct one keeps every point) ---

#: the search bugs the generators below can put in; None is the correct search. ``window_renamed`` is the
#: window handed down the wrong way round in a search that names it ``lo, hi``, which no reading of
#: parameter names recognises: only the values the search passes up can show it
SEARCH_BUGS = ("player_not_switched", "window_not_negated", "no_pruning", "window_renamed")


def _reference_function(assignment: str, name: str) -> str:
    """The source of one top-level function of the reference solution (``reference/solutions``)."""
    import re

    from reference.solutions import solution_path

    text = solution_path(assignment).read_text(encoding="utf-8")
    found = re.search(rf"^def {name}\(.*?(?=^\S|\Z)", text, flags=re.S | re.M)
    assert found, f"reference/solutions has no function {name} for {assignment}"
    return found.group(0).rstrip() + "\n"


def _window_named_lo_hi(source: str) -> str:
    """``source`` with its window named ``lo, hi`` instead of ``alpha, beta``."""
    import re

    words = re.split(r"(lpha-beta)", source)  # the name of the algorithm in its docstring stays
    return "".join(w if w == "lpha-beta" else re.sub(r"\bbeta\b", "hi", re.sub(r"\balpha\b", "lo", w))
                   for w in words)


def _with_bug(source: str, edits: dict[str, str]) -> str:
    """``source`` with each ``old`` replaced by ``new`` (every old must be there: the reference changed?)."""
    for old, new in edits.items():
        assert old in source, f"the reference search no longer contains {old!r}"
        source = source.replace(old, new)
    return source


def minmax_search_cell(assignment: str, bug: str | None = None) -> str:
    """The reference's ``alpha_beta_search`` (Connect 4 or Dots and Boxes) with one of ``SEARCH_BUGS``.

    Both players of the reference call ``alpha_beta_search``, so the bug reaches every search agent.
    In this max/min form the player not switched is the opponent's move made with the searching
    player's disc (or line owner), and the window not negated is alpha and beta handed down swapped.
    """
    source = _reference_function(assignment, "alpha_beta_search")
    recursion = {"connect4": "value(GAME.result(board, to_move, a), -to_move, alpha, beta, depth + 1)",
                 "dots_and_boxes": "value(child, nxt, alpha, beta, depth + 1)"}[assignment]
    cutoffs = {"connect4": ("\n                if v >= beta:\n                    break",
                            "\n                if v <= alpha:\n                    break"),
               "dots_and_boxes": ("\n            if alpha >= beta:\n                break",)}[assignment]
    if bug == "player_not_switched":  # as in a min_value() that plays the max player's move
        opponent_move = {
            "connect4": (f"{recursion}\n                if child < v:",
                         f"{recursion.replace('board, to_move, a', 'board, player, a')}  # bug: the opponent's move drops player's disc"
                         "\n                if child < v:"),
            "dots_and_boxes": ("child = GAME.result(board, to_move, a)",
                               "child = GAME.result(board, player, a)  # bug: the opponent's boxes become player's"),
        }[assignment]
        source = _with_bug(source, dict([opponent_move]))
    elif bug in ("window_not_negated", "window_renamed"):  # in max/min form: handed down the wrong way round
        source = _with_bug(source, {recursion: recursion.replace("alpha, beta", "beta, alpha")
                                    + "  # bug: the window is passed down the wrong way round"})
        if bug == "window_renamed":
            source = _window_named_lo_hi(source)
    elif bug == "no_pruning":
        source = _with_bug(source, {cut: "" for cut in cutoffs})
    elif bug is not None:
        raise ValueError(f"unknown search bug {bug!r}; known: {SEARCH_BUGS}")
    return source


def _negamax_recursion(bug: str | None) -> str:
    """The recursive call of the negamax cells below, for the turn passing to the opponent."""
    player = "to_move" if bug == "player_not_switched" else "-to_move"
    window = {"window_not_negated": "alpha, beta", "window_renamed": "-alpha, -beta"}.get(bug, "-beta, -alpha")
    return f"-negamax({player}, depth + 1, {window})[0]"


def _negamax_cutoff(bug: str | None, indent: str, move: str) -> str:
    """The fail-hard cutoff: a move at least as good as ``beta`` ends the loop (the opponent avoids this board)."""
    return "" if bug == "no_pruning" else f"\n{indent}if v >= beta:\n{indent}    return beta, {move}"


def negamax_cell(assignment: str, bug: str | None = None) -> str:
    """A fail-hard negamax alpha-beta (the value returned stays within the window) that makes and
    unmakes moves on one copy of the board, with one of ``SEARCH_BUGS`` (None: correct).

    It takes the place of the reference's ``alpha_beta_search`` (same arguments and answer), so the
    reference's agents search with it: Connect 4 ``alpha_beta_player`` (depth 5) and
    ``heuristic_player`` (depth 4, ``evaluate`` at the cutoff); Dots and Boxes ``alpha_beta_player``
    (iterative deepening within a node budget). It uses the reference's helpers (``ordered_actions``,
    ``wins_at``, ``boxes_of``, ``evaluate``, ``OutOfNodes``), as a student's later cell would.
    """
    if bug is not None and bug not in SEARCH_BUGS:
        raise ValueError(f"unknown search bug {bug!r}; known: {SEARCH_BUGS}")
    source = _negamax_source(assignment, bug)
    return _window_named_lo_hi(source) if bug == "window_renamed" else source


def _negamax_source(assignment: str, bug: str | None) -> str:
    if assignment == "connect4":
        return f'''def alpha_beta_search(board, player, max_depth=None, evaluate=None):
    """Negamax alpha-beta on one copy of the board, changed in place and restored; returns (value, move)."""
    board = board.copy()
    rows = board.shape[0]

    def negamax(to_move, depth, alpha, beta):
        if depth == max_depth:
            return (evaluate(board, to_move) if evaluate else 0), None
        moves = ordered_actions(board)
        if not moves:
            return 0, None  # a full board: a draw (a win ends the search where the disc is dropped)
        best_move = None
        for col in moves:
            row = max(r for r in range(rows) if board[r, col] == 0)
            board[row, col] = to_move  # make the move
            v = 1000 - depth if wins_at(board, row, col) else {_negamax_recursion(bug)}
            board[row, col] = 0  # unmake it{_negamax_cutoff(bug, " " * 12, "col")}
            if v > alpha:
                alpha, best_move = v, col
        return alpha, best_move

    return negamax(player, 0, -math.inf, math.inf)
'''
    if assignment == "dots_and_boxes":
        return f'''def alpha_beta_search(board, player, max_depth, node_budget=math.inf):
    """Negamax alpha-beta on one copy of the board, changed in place and restored; returns (value, move).

    A move that completes a box keeps the turn: its value is not negated. Raises OutOfNodes after
    `node_budget` boards.
    """
    board = {{'size': board['size'], 'lines': dict(board['lines']), 'boxes': dict(board['boxes'])}}
    nodes = 0

    def negamax(to_move, depth, alpha, beta):
        nonlocal nodes
        nodes += 1
        if nodes > node_budget:
            raise OutOfNodes
        if GAME.terminal(board):
            return GAME.utility(board, to_move), None
        if depth == max_depth:
            return evaluate(board, to_move, to_move), None
        moves = ordered_actions(board)
        best_move = None
        for line in moves:
            board['lines'][line] = True  # make the move
            closed = [box for box in boxes_of(board, line) if all(s in board['lines'] for s in box_sides(*box))]
            for box in closed:
                board['boxes'][box] = to_move
            if closed:  # the same player moves again
                v = negamax(to_move, depth + 1, alpha, beta)[0]
            else:
                v = {_negamax_recursion(bug)}
            del board['lines'][line]  # unmake it
            for box in closed:
                del board['boxes'][box]{_negamax_cutoff(bug, " " * 12, "line")}
            if v > alpha:
                alpha, best_move = v, line
        return alpha, best_move

    return negamax(player, 0, -math.inf, math.inf)
'''
    raise ValueError(f"no negamax cell for {assignment!r}")


# --- Mean Connect 4: bugs in the mean move; the agents play through GAME and keep their points ---

_MC4_ACTIONS_OWN_DISC = '''def actions(board, player=1):
    cols = board.shape[1]
    drops = [col for col in range(cols) if board[0, col] == 0]
    mean_moves = [(source, target) for source in range(cols) if board[-1, source] != 0  # bug: own discs too
                  for target in range(cols) if target == source or board[0, target] == 0]
    return drops + mean_moves'''

_MC4_RESULT = '''def result(board, player, action):
    new_board = board.copy()
    if isinstance(action, tuple):
        source, target = action
{mean}
    else:
        drop(new_board, action, player)
    return new_board'''

MEAN_CONNECT4 = [
    Mutant("mc4_actions_move_own_disc", "mean_connect4", "a mean move may take the player's own bottom disc",
           _MC4_ACTIONS_OWN_DISC,
           ("actions: canned boards", "actions: random positions", "random_player: legal moves in time"),
           why="random_player picks from the student's actions, so it plays the illegal moves too"),
    Mutant("mc4_result_takes_top_disc", "mean_connect4",
           "a mean move takes the top disc of the column instead of the bottom-row disc",
           _MC4_RESULT.format(mean='''        top = np.min(np.nonzero(new_board[:, source])[0])
        new_board[top, source] = 0  # bug: the top disc leaves, not the bottom one
        drop(new_board, target, -player)'''),
           ("result: canned boards", "result: random positions")),
    Mutant("mc4_result_discs_do_not_fall", "mean_connect4",
           "after a mean move the discs above the removed one stay where they were (a hole)",
           _MC4_RESULT.format(mean='''        new_board[-1, source] = 0  # bug: the column does not fall
        drop(new_board, target, -player)'''),
           ("result: canned boards", "result: random positions")),
    Mutant("mc4_result_colour_depends_on_mover", "mean_connect4",
           "the moved disc changes colour when yellow moves it but not when red does: no reading of the rule "
           "fits, so it is charged under the reference's",
           _MC4_RESULT.format(mean='''        new_board[1:, source] = new_board[:-1, source].copy()
        new_board[0, source] = 0
        drop(new_board, target, -1)  # bug: always yellow's disc, whoever moved it'''),
           ("result: canned boards", "result: random positions")),
]

MUTANTS = MUTANTS + MEAN_CONNECT4
DEFAULT_SAMPLE = DEFAULT_SAMPLE + ("mc4_result_discs_do_not_fall",)


def _alpha_beta_player_only(cell: str) -> str:
    """A Connect 4 search cell whose bug reaches ``alpha_beta_player`` only: ``heuristic_player`` keeps the
    course's search. A heuristic search 4 plies deep that never prunes loses its timing check on a loaded
    machine, a point the bug does not name."""
    return (cell.replace("def alpha_beta_search(", "def buggy_search(")
            + "\n\ndef alpha_beta_player(board, player=1, max_depth=5):\n    return buggy_search(board, player, max_depth)[1]\n")


#: why a Dots and Boxes search without pruning also misses a tactic that needs depth
DEEPENING_SOONER = ("without pruning the agent's node budget stops its iterative deepening sooner, so it no longer "
                    "searches an endgame to the end and misses the decline-the-boxes tactic")

SEARCH = [
    Mutant("c4_alpha_beta_player_not_switched", "connect4",
           "the min level of alpha_beta_search drops the searching player's disc (the player is not switched): "
           "the search never sees the opponent's replies",
           minmax_search_cell("connect4", "player_not_switched"),
           ("alpha_beta_player: tactics", "alpha_beta_player: tactics that need depth",
            "alpha_beta_player: positions searched",
            "heuristic_player: tactics", "heuristic_player: tactics that need depth",
            "heuristic_player: holds its own against alpha-beta depth 1"),
           why="both agents call alpha_beta_search; without the opponent's replies it misses blocks (tactics) and "
               "the opponent's win on top of its own disc and its own double threats (tactics that need depth); "
               "its result calls all pass one player, which positions searched names; a heuristic search blind "
               "to replies wins 2 of 6 games against alpha-beta depth 1 (its first two games could not tell its "
               "score from the 50% line, so four more were played)"),
    Mutant("c4_alpha_beta_window_swapped", "connect4",
           "alpha_beta_search hands alpha and beta down swapped: each level below the root looks at one move only",
           minmax_search_cell("connect4", "window_not_negated"),
           ("alpha_beta_player: tactics", "alpha_beta_player: tactics that need depth",
            "heuristic_player: tactics", "heuristic_player: tactics that need depth",
            "heuristic_player: holds its own against alpha-beta depth 1", "alpha_beta_player: positions searched"),
           why="both agents call alpha_beta_search; with wrong values it misses blocks and double threats, "
               "and plays badly enough to lose to a depth-1 search; its children are entered with alpha > beta, "
               "which positions searched names"),
    Mutant("c4_alpha_beta_no_pruning", "connect4",
           "alpha_beta_player's search never stops a loop when alpha >= beta: it visits every position minimax does "
           "(it searches 4 plies, not 5, so that its moves stay within the time limit; heuristic_player keeps the "
           "course's search, whose speed a heuristic search 4 plies deep without pruning would lose on a loaded "
           "machine at its timing check)",
           minmax_search_cell("connect4", "no_pruning").replace("def alpha_beta_search(", "def unpruned_search(")
           + "\n\ndef alpha_beta_player(board, player=1, max_depth=4):\n"
           "    return unpruned_search(board, player, max_depth)[1]\n",
           ("alpha_beta_player: positions searched",)),
    Mutant("c4_negamax_player_not_switched", "connect4",
           "a negamax search (make/unmake) calls itself with the same player: the opponent's moves are its own discs",
           negamax_cell("connect4", "player_not_switched"),
           ("alpha_beta_player: tactics", "alpha_beta_player: tactics that need depth", "alpha_beta_player: beats random",
            "heuristic_player: tactics", "heuristic_player: tactics that need depth", "heuristic_player: beats random",
            "heuristic_player: holds its own against alpha-beta depth 1", "alpha_beta_player: positions searched"),
           why="both agents use the one negamax: it never blocks (tactics) nor sees its double threats (tactics "
               "that need depth), and plays badly enough to lose games, against random too (the heuristic wins 8 "
               "of 12 from the quiet 12-ply openings); positions searched names the player that never changes"),
    Mutant("c4_negamax_window_not_negated", "connect4",
           "a fail-hard negamax passes the window down un-negated (alpha, beta instead of -beta, -alpha): wrong values",
           _alpha_beta_player_only(negamax_cell("connect4", "window_not_negated")),
           ("alpha_beta_player: tactics that need depth", "alpha_beta_player: positions searched"),
           why="handed down un-negated, beta stays +infinity, so no branch is ever cut off (positions searched), "
               "and each child starts from its parent's alpha, a bound from the other side's view: wrong values "
               "(tactics that need depth)"),
    Mutant("c4_negamax_no_pruning", "connect4",
           "a negamax search (make/unmake) never stops a loop when alpha >= beta",
           _alpha_beta_player_only(negamax_cell("connect4", "no_pruning")),
           ("alpha_beta_player: positions searched",)),
    Mutant("dab_alpha_beta_player_not_switched", "dots_and_boxes",
           "alpha_beta_search gives the boxes the opponent completes to the searching player (the player is not switched)",
           minmax_search_cell("dots_and_boxes", "player_not_switched"),
           ("alpha_beta_player: tactics", "alpha_beta_player: tactics that need depth",
            "alpha_beta_player: holds its own against alpha-beta depth 1", "alpha_beta_player: positions searched"),
           why="a search that credits the opponent's boxes to itself hands out boxes (tactics), cannot judge a "
               "sacrifice or a declined chain (tactics that need depth) and loses to a depth-1 search; its "
               "result calls all pass one player, which positions searched names"),
    Mutant("dab_alpha_beta_window_swapped", "dots_and_boxes",
           "alpha_beta_search hands alpha and beta down swapped: each level below the root looks at one move only",
           minmax_search_cell("dots_and_boxes", "window_not_negated"),
           ("alpha_beta_player: tactics", "alpha_beta_player: positions searched"),
           why="with wrong values it draws third sides (tactics); its children are entered with alpha > beta, "
               "which positions searched names"),
    Mutant("dab_alpha_beta_no_pruning", "dots_and_boxes",
           "alpha_beta_search never stops a loop when alpha >= beta: it visits every position minimax does",
           minmax_search_cell("dots_and_boxes", "no_pruning"),
           ("alpha_beta_player: positions searched", "alpha_beta_player: tactics that need depth"),
           why=DEEPENING_SOONER),
    Mutant("dab_negamax_player_not_switched", "dots_and_boxes",
           "a negamax search (make/unmake) calls itself with the same player when the turn passes",
           negamax_cell("dots_and_boxes", "player_not_switched"),
           ("alpha_beta_player: tactics", "alpha_beta_player: holds its own against alpha-beta depth 1",
            "alpha_beta_player: positions searched"),
           why="it draws third sides while safe lines exist (tactics) and so loses to a depth-1 search; "
               "positions searched names the player that never changes"),
    Mutant("dab_negamax_window_not_negated", "dots_and_boxes",
           "a fail-hard negamax passes the window down un-negated (alpha, beta instead of -beta, -alpha): wrong values",
           negamax_cell("dots_and_boxes", "window_not_negated"),
           ("alpha_beta_player: tactics that need depth", "alpha_beta_player: positions searched"),
           why="handed down un-negated, beta stays +infinity, so no branch is ever cut off (positions searched), "
               "and each child starts from its parent's alpha, a bound from the other side's view: wrong values "
               "(tactics that need depth)"),
    Mutant("dab_negamax_no_pruning", "dots_and_boxes",
           "a negamax search (make/unmake) never stops a loop when alpha >= beta",
           negamax_cell("dots_and_boxes", "no_pruning"),
           ("alpha_beta_player: positions searched", "alpha_beta_player: tactics that need depth"),
           why=DEEPENING_SOONER),
]

#: why a window called lo, hi loses where it does: no reading of names sees it, what the search does does
RENAMED = ("no reading of parameter names sees a window called lo, hi; positions searched names it by what the "
           "search does: after the first move it tries one reply only, with the window still open, or it chooses "
           "a move minimax of its depth would not")

SEARCH += [
    Mutant("c4_alpha_beta_window_renamed", "connect4",
           "alpha_beta_search names its window lo, hi and hands it down swapped: each level below the root looks "
           "at one move only",
           minmax_search_cell("connect4", "window_renamed"),
           ("alpha_beta_player: tactics", "alpha_beta_player: tactics that need depth",
            "heuristic_player: tactics", "heuristic_player: tactics that need depth",
            "heuristic_player: holds its own against alpha-beta depth 1", "alpha_beta_player: positions searched"),
           why="as c4_alpha_beta_window_swapped (both agents call alpha_beta_search); " + RENAMED),
    Mutant("c4_negamax_window_renamed", "connect4",
           "a negamax search (make/unmake) names its window lo, hi and negates it without swapping it (-lo, -hi)",
           negamax_cell("connect4", "window_renamed"),
           ("alpha_beta_player: tactics", "alpha_beta_player: tactics that need depth", "alpha_beta_player: beats random",
            "heuristic_player: tactics", "heuristic_player: tactics that need depth", "heuristic_player: beats random",
            "heuristic_player: holds its own against alpha-beta depth 1", "alpha_beta_player: positions searched"),
           why="every child is entered with an empty window, so the search follows one line: both agents miss "
               "blocks and double threats and lose games; " + RENAMED),
    Mutant("dab_alpha_beta_window_renamed", "dots_and_boxes",
           "alpha_beta_search names its window lo, hi and hands it down swapped: each level below the root looks "
           "at one move only",
           minmax_search_cell("dots_and_boxes", "window_renamed"),
           ("alpha_beta_player: tactics", "alpha_beta_player: positions searched"),
           why="as dab_alpha_beta_window_swapped; " + RENAMED),
    Mutant("dab_negamax_window_renamed", "dots_and_boxes",
           "a negamax search (make/unmake) names its window lo, hi and negates it without swapping it (-lo, -hi)",
           negamax_cell("dots_and_boxes", "window_renamed"),
           ("alpha_beta_player: tactics that need depth", "alpha_beta_player: positions searched",
            "alpha_beta_player: holds its own against alpha-beta depth 1"),
           why="every child is entered with an empty window, so the search follows one line: it misplays endgames "
               "and loses to a depth-1 search; " + RENAMED),
]

MUTANTS = MUTANTS + SEARCH
DEFAULT_SAMPLE = DEFAULT_SAMPLE + ("c4_negamax_window_not_negated",)
