"""Small searches written the ways students write them, over a toy game whose tree is known.

The game: a position is the list of moves played; every position has three moves (0, 1, 2) until
six have been played. A position's value is a fixed function of its moves, so every search has the
same leaves. Each search below goes ``depth`` moves deep from the empty position; the tests count
the calls the sandbox sees and compare them with the tree: 1, 3, 9, 27 positions per level to depth 3.
"""

import math

MOVES = (0, 1, 2)
LENGTH = 6


def moves(position):
    return [] if len(position) >= LENGTH else list(MOVES)


def value_of(position):
    return sum((i + 1) * (m - 1) for i, m in enumerate(position)) % 5 - 2


# A recursive function with max and min in one body, called once by the agent (the root is a node).
def minimax(position, depth, maximizing):
    if depth == 0 or not moves(position):
        return value_of(position)
    values = [minimax(position + [m], depth - 1, not maximizing) for m in moves(position)]
    return max(values) if maximizing else min(values)


def minimax_agent(depth):
    return minimax([], depth, True)


# max_value / min_value calling each other; the agent loops over the root's moves (the agent is the root).
def max_value(position, alpha, beta, depth):
    if depth == 0 or not moves(position):
        return value_of(position)
    v = -math.inf
    for m in moves(position):
        v = max(v, min_value(position + [m], alpha, beta, depth - 1))
        if v >= beta:
            return v
        alpha = max(alpha, v)
    return v


def min_value(position, alpha, beta, depth):
    if depth == 0 or not moves(position):
        return value_of(position)
    v = math.inf
    for m in moves(position):
        v = min(v, max_value(position + [m], alpha, beta, depth - 1))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


def max_min_agent(depth):
    best_move, alpha = None, -math.inf
    for m in MOVES:
        v = min_value([m], alpha, math.inf, depth - 1)
        if v > alpha:
            best_move, alpha = m, v
    return best_move


# Negamax on one board changed in place (make / unmake), as a method of a class.
class NegamaxAgent:
    def __init__(self):
        self.board = []

    def negamax(self, depth, alpha, beta, colour):
        if depth == 0 or not moves(self.board):
            return colour * value_of(self.board)
        best = -math.inf
        for m in moves(self.board):
            self.board.append(m)  # make
            v = -self.negamax(depth - 1, -beta, -alpha, -colour)
            self.board.pop()  # unmake
            best = max(best, v)
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return best

    def act(self, depth):
        return self.negamax(depth, -math.inf, math.inf, 1)


# A search behind a wrapper that only passes each call on (child_value -> value), as in negamax with a helper.
def value(position, depth):
    if depth == 0 or not moves(position):
        return value_of(position)
    return max(child_value(position + [m], depth - 1) for m in moves(position))


def child_value(position, depth):
    return -value(position, depth)


def wrapped_agent(depth):
    return value([], depth)


# A transposition table: positions reached by other move orders are not searched again.
def memo_search(position, depth, table):
    key = (tuple(sorted(position)), depth)
    if key in table:
        return table[key]
    if depth == 0 or not moves(position):
        result = value_of(position)
    else:
        result = max(-memo_search(position + [m], depth - 1, table) for m in moves(position))
    table[key] = result
    return result


def memo_agent(depth):
    return memo_search([], depth, {})


# Iterative deepening: one search per depth, each deeper than the last.
def deepening_agent(depth):
    return [minimax([], d, True) for d in range(1, depth + 1)][-1]


# No recursion at all: an explicit stack.
def stack_agent(depth):
    stack, seen = [([], depth)], 0
    while stack:
        position, d = stack.pop()
        seen += 1
        if d:
            stack.extend((position + [m], d - 1) for m in moves(position))
    return seen


# Iterative deepening that never stops by itself (a time limit it never checks) on a game without an
# end, two moves everywhere: only a stop ends it.
def endless_deepening_agent():
    depth = 0
    while True:
        depth += 1
        two_moves([], depth)


def two_moves(position, depth):
    return 0 if depth == 0 else max(two_moves(position + [m], depth - 1) for m in (0, 1))


# Negamax with whose turn it is as a parameter (+1 / -1), and the same with the classic bugs: the player
# not switched in the recursive call, and the window handed down un-negated.
def negamax_turn(position, depth, alpha, beta, to_move):
    if depth == 0 or not moves(position):
        return to_move * value_of(position)
    for m in moves(position):
        alpha = max(alpha, -negamax_turn(position + [m], depth - 1, -beta, -alpha, -to_move))
        if alpha >= beta:
            break
    return alpha


def negamax_same_player(position, depth, alpha, beta, to_move):
    if depth == 0 or not moves(position):
        return to_move * value_of(position)
    for m in moves(position):
        alpha = max(alpha, -negamax_same_player(position + [m], depth - 1, -beta, -alpha, to_move))
        if alpha >= beta:
            break
    return alpha


def negamax_window_kept(position, depth, alpha, beta, to_move):
    if depth == 0 or not moves(position):
        return to_move * value_of(position)
    for m in moves(position):
        alpha = max(alpha, -negamax_window_kept(position + [m], depth - 1, alpha, beta, -to_move))
        if alpha >= beta:
            break
    return alpha


def negamax_agent(depth, search="negamax_turn"):
    return globals()[search]([], depth, -math.inf, math.inf, 1)


# max/min in one function that keeps the root's player throughout and reads whose turn it is off the
# position (a legitimate style: the constant player is not a bug).
def turn_from_position(position, depth, alpha, beta, player):
    if depth == 0 or not moves(position):
        return player * value_of(position)
    values = []
    for m in moves(position):
        values.append(turn_from_position(position + [m], depth - 1, alpha, beta, player))
        if len(position) % 2 == 0:  # the root player's turn
            alpha = max([alpha] + values)
        else:
            beta = min([beta] + values)
        if alpha >= beta:
            break
    return max(values) if len(position) % 2 == 0 else min(values)


def turn_from_position_agent(depth):
    return turn_from_position([], depth, -math.inf, math.inf, 1)


# One function with a flag for the maximizing side, handing the window down the wrong way round (beta, alpha).
def swapped_window(position, depth, alpha, beta, maximizing):
    if depth == 0 or not moves(position):
        return value_of(position)
    pick, best = (max, -math.inf) if maximizing else (min, math.inf)
    for m in moves(position):
        best = pick(best, swapped_window(position + [m], depth - 1, beta, alpha, not maximizing))
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def swapped_agent(depth):
    return swapped_window([], depth, -math.inf, math.inf, True)


# Alpha-beta that tests the cutoff when a position is entered, not in the loop: a child may be entered
# with alpha > beta, and returns at once (wasteful, but correct).
def cutoff_on_entry(position, depth, alpha, beta, maximizing):
    if alpha >= beta:
        return alpha if maximizing else beta
    if depth == 0 or not moves(position):
        return value_of(position)
    best = -math.inf if maximizing else math.inf
    for m in moves(position):
        v = cutoff_on_entry(position + [m], depth - 1, alpha, beta, not maximizing)
        best = max(best, v) if maximizing else min(best, v)
        alpha, beta = (max(alpha, best), beta) if maximizing else (alpha, min(beta, best))
    return best


def cutoff_on_entry_agent(depth):
    return cutoff_on_entry([], depth, -math.inf, math.inf, True)
