"""Pieces of Connect 4 student code, for tests that write a submission inline: the rules that read a board only
through ``_cell(board, r, c)`` (row r from the top) and the module's ``ROWS`` and ``COLS``, so that a test
defines just how its board is kept."""

WINNER_TERMINAL_UTILITY = '''

def _winner(board):
    for r in range(ROWS):
        for c in range(COLS):
            p = _cell(board, r, c)
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if p and all(0 <= r + i * dr < ROWS and 0 <= c + i * dc < COLS
                             and _cell(board, r + i * dr, c + i * dc) == p for i in range(4)):
                    return p
    return 0


def terminal(board):
    return _winner(board) != 0 or not actions(board)


def utility(board, player):
    return _winner(board) * player
'''
