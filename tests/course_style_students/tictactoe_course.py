"""A correct tic-tac-toe environment written the course's way (flat list of ' ', 'x', 'o')."""


def empty_board():
    return [' '] * 9


def actions(board):
    return [i for i, cell in enumerate(board) if cell == ' ']


def result(state, player, action):
    state = state.copy()
    state[action] = player
    return state


LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def check_win(board):
    for a, b, c in LINES:
        if board[a] != ' ' and board[a] == board[b] == board[c]:
            return board[a]
    return 'd' if ' ' not in board else 'n'


def terminal(state):
    return check_win(state) != 'n'


def utility(state, player='x'):
    goal = check_win(state)
    if goal == player:
        return +1
    if goal == 'd' or goal == 'n':
        return 0
    return -1
