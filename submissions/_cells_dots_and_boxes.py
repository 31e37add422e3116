"""Cells of the Dots and Boxes samples julia, kim and liam (used by make_samples.py)."""

JULIA = [
    ("md", r'''# Adversarial Search: Playing Dots and Boxes

Student Name: Julia Romero

I have used the following AI tools: none

I understand that my submission needs to be my own work: JR'''),
    ("md", r'''## Task 1: Defining the search problem [10 point]

* **Initial state:** a board of `rows x cols` dots with no lines; player +1 moves first.
* **Actions:** every line between two neighbouring dots that is not drawn yet, written
  `('h', r, c)` (from dot (r, c) to (r, c+1)) or `('v', r, c)` (from dot (r, c) to (r+1, c)).
* **Transition model:** draw the line; every box whose four sides are now drawn belongs to the
  player. **If the player completed a box, the same player moves again.**
* **Terminal state:** all lines are drawn.
* **Utility:** the player's boxes minus the opponent's boxes.

Size of the state space: a 4x4-dot board has 24 lines, so at most $2^{24} \approx 16.8$ million sets
of lines (the owners of the boxes add a bit more). The game tree is much larger: up to $24!
\approx 6 \times 10^{23}$ orders of drawing the lines.'''),
    ("md", r'''## Task 2: Game Environment and Random Agent [30 point]

The board is a dictionary: `size` counts the dots, `lines` holds the drawn lines and `boxes` the
completed boxes with the player who completed each.'''),
    ("code", r'''import math
import random
import time

import numpy as np


def empty_board(rows=4, cols=4):
    return {'size': (rows, cols), 'lines': dict(), 'boxes': dict()}


def all_lines(board):
    rows, cols = board['size']
    lines = [('h', r, c) for r in range(rows) for c in range(cols - 1)]
    lines += [('v', r, c) for r in range(rows - 1) for c in range(cols)]
    return lines


def actions(board):
    return [line for line in all_lines(board) if line not in board['lines']]


def box_sides(r, c):
    """The four lines around box (r, c) (named by its top-left dot)."""
    return [('h', r, c), ('h', r + 1, c), ('v', r, c), ('v', r, c + 1)]


def boxes_next_to(board, line):
    """The one or two boxes that `line` borders."""
    rows, cols = board['size']
    o, r, c = line
    candidates = [(r - 1, c), (r, c)] if o == 'h' else [(r, c - 1), (r, c)]
    return [(br, bc) for br, bc in candidates if 0 <= br < rows - 1 and 0 <= bc < cols - 1]


def result(board, player, action):
    """Draw `action` for `player`; completed boxes go to `player`. Returns a new board."""
    if action in board['lines']:
        raise ValueError(f"line {action} is already drawn")
    new = {'size': board['size'], 'lines': dict(board['lines']), 'boxes': dict(board['boxes'])}
    new['lines'][action] = True
    for box in boxes_next_to(new, action):
        if all(side in new['lines'] for side in box_sides(*box)):
            new['boxes'][box] = player
    return new


def next_player(old, new, player):
    """The same player moves again after completing a box."""
    return player if len(new['boxes']) > len(old['boxes']) else -player


def terminal(board):
    return len(board['lines']) == len(all_lines(board))


def utility(board, player=1):
    """Boxes of `player` minus boxes of the opponent."""
    mine = sum(1 for owner in board['boxes'].values() if owner == player)
    return mine - (len(board['boxes']) - mine)'''),
    ("code", r'''def show(board):
    rows, cols = board['size']
    for r in range(rows):
        print(''.join('o' + ('---' if ('h', r, c) in board['lines'] else '   ') for c in range(cols - 1)) + 'o')
        if r < rows - 1:
            s = ''
            for c in range(cols):
                s += '|' if ('v', r, c) in board['lines'] else ' '
                if c < cols - 1:
                    owner = board['boxes'].get((r, c))
                    s += {1: ' A ', -1: ' B ', None: '   '}[owner]
            print(s)


b = empty_board(3, 3)
for line, p in [(('h', 0, 0), 1), (('v', 0, 0), -1), (('v', 0, 1), 1), (('h', 1, 0), -1)]:
    b = result(b, p, line)
show(b)
print(b['boxes'], utility(b, -1))'''),
    ("code", r'''def random_player(board, player=1):
    return random.choice(actions(board))


def play_game(first, second, board=None):
    board = empty_board() if board is None else board
    agents = {1: first, -1: second}
    player = 1
    while not terminal(board):
        move = agents[player](board, player)
        new = result(board, player, move)
        player = next_player(board, new, player)
        board = new
    return utility(board, 1)


results = [play_game(random_player, random_player) for _ in range(500)]
print("first wins:", sum(r > 0 for r in results), "second wins:", sum(r < 0 for r in results),
      "ties:", sum(r == 0 for r in results))''',
     "first wins: 247 second wins: 253 ties: 0\n"),
    ("md", r'''## Task 3: Minimax Search with Alpha-Beta Pruning [30 points]

The search has to remember whose turn it is, because a completed box gives an extra move: the
player to move is passed down, and a level is a max level whenever it is our turn (several max
levels can follow each other). Move ordering: moves that complete a box first, then moves that do
not give a box away (do not draw the third side of a box), then the rest.'''),
    ("code", r'''def sides_drawn(board, box):
    return sum(side in board['lines'] for side in box_sides(*box))


def move_order(board):
    capture, safe, risky = [], [], []
    for a in actions(board):
        counts = [sides_drawn(board, box) for box in boxes_next_to(board, a)]
        if 3 in counts:
            capture.append(a)
        elif 2 in counts:
            risky.append(a)
        else:
            safe.append(a)
    return capture + safe + risky


def alpha_beta_search(board, player, depth=None, evaluate=None):
    """Returns (value, move) from `player`'s view; depth=None searches to the end."""

    def value(board, to_move, alpha, beta, depth):
        if terminal(board):
            return utility(board, player), None
        if depth == 0:
            return evaluate(board, player, to_move), None
        best_move = None
        if to_move == player:
            v = -math.inf
            for a in move_order(board):
                new = result(board, to_move, a)
                v2, _ = value(new, next_player(board, new, to_move), alpha, beta, None if depth is None else depth - 1)
                if v2 > v:
                    v, best_move = v2, a
                alpha = max(alpha, v)
                if v >= beta:
                    break
        else:
            v = math.inf
            for a in move_order(board):
                new = result(board, to_move, a)
                v2, _ = value(new, next_player(board, new, to_move), alpha, beta, None if depth is None else depth - 1)
                if v2 < v:
                    v, best_move = v2, a
                beta = min(beta, v)
                if v <= alpha:
                    break
        return v, best_move

    return value(board, player, -math.inf, math.inf, depth)


def box_difference(board, player, to_move):
    return utility(board, player)


def alpha_beta_player(board, player=1, depth=None):
    """Full search when few lines are left, otherwise a cutoff (see Task 4 for a better evaluation)."""
    if depth is None and len(actions(board)) > 8:
        depth = 3
    return alpha_beta_search(board, player, depth, box_difference)[1]'''),
    ("code", r'''# a 3x3-dot board (2x2 boxes) with a few lines: complete search
b = empty_board(3, 3)
for a in [('h', 0, 0), ('h', 0, 1), ('v', 1, 0), ('h', 2, 1)]:
    b = result(b, 1, a)
%time print(alpha_beta_search(b, 1))
b2 = result(result(empty_board(), 1, ('h', 0, 0)), -1, ('v', 0, 0))
b2 = result(b2, 1, ('h', 1, 0))
print("takes the box:", alpha_beta_player(b2, -1))'''),
    ("md", r'''On a 3x3-dot board (12 lines) the complete search is fast once a few lines are drawn; a 4x4-dot
board (24 lines) cannot be searched completely, so Task 4 adds a heuristic.'''),
    ("md", r'''## Task 4: Heuristic Alpha-Beta Tree Search [30 points]

**Heuristic (chain-aware):** the box difference, plus the boxes that the player to move can take
right away. These are found by starting at every box with three sides and following the chain
through boxes with two sides (taking one box opens the next). The boxes in such a chain are counted
for the player to move, because that player gets them all. Cut-off depth: 3 lines (deeper when few
lines are left).'''),
    ("code", r'''def neighbours_through_open_sides(board, box):
    rows, cols = board['size']
    r, c = box
    out = []
    if ('h', r, c) not in board['lines'] and r > 0:
        out.append((r - 1, c))
    if ('h', r + 1, c) not in board['lines'] and r + 1 < rows - 1:
        out.append((r + 1, c))
    if ('v', r, c) not in board['lines'] and c > 0:
        out.append((r, c - 1))
    if ('v', r, c + 1) not in board['lines'] and c + 1 < cols - 1:
        out.append((r, c + 1))
    return out


def capturable(board):
    """Boxes the player to move can take in a row: start at 3-sided boxes, follow 2-sided ones."""
    rows, cols = board['size']
    stack = [(r, c) for r in range(rows - 1) for c in range(cols - 1)
             if (r, c) not in board['boxes'] and sides_drawn(board, (r, c)) == 3]
    seen = set()
    while stack:
        box = stack.pop()
        if box in seen:
            continue
        seen.add(box)
        for nb in neighbours_through_open_sides(board, box):
            if nb not in seen and nb not in board['boxes'] and sides_drawn(board, nb) == 2:
                stack.append(nb)
    return len(seen)


def chain_evaluation(board, player, to_move):
    cap = capturable(board)
    return utility(board, player) + (cap if to_move == player else -cap)


def heuristic_player(board, player=1, depth=3):
    left = len(actions(board))
    if left <= 8:
        depth = None  # the end is near: search it completely
    elif left <= 16:
        depth = max(depth, 4)
    return alpha_beta_search(board, player, depth, chain_evaluation)[1]'''),
    ("code", r'''for size in [(4, 4), (5, 5)]:
    t0 = time.time()
    heuristic_player(empty_board(*size), 1)
    print(size, "first move took", round(time.time() - t0, 3), "s")

res = [play_game(heuristic_player, random_player) for _ in range(10)]
print("heuristic vs random (margins):", res)
res = [play_game(heuristic_player, alpha_beta_player), play_game(alpha_beta_player, heuristic_player)]
print("heuristic first, then second, vs alpha-beta (margin of the first player):", res)'''),
    ("md", r'''The heuristic agent beats the random agent in every game (a 3x3-box board cannot end in a tie).
It won both games against the plain cutoff agent, but only by one box each: the chain count
matters most in the end game, where both agents search to the end anyway.'''),
]


KIM = [
    ("md", r'''# Adversarial Search: Playing Dots and Boxes

Sinh viên: Kim Thị Hoa

Bài tập này dùng mẫu (template) cũ: bàn cờ là một dictionary với `n` (số hàng chấm) và `m` (số cột
chấm); các đường kẻ và các ô đã hoàn thành được lưu trực tiếp làm khóa của dictionary.'''),
    ("md", r'''## Task 1: Định nghĩa bài toán tìm kiếm

* **Trạng thái ban đầu:** `{'n': 4, 'm': 4}` chưa có đường kẻ nào; người chơi `'b'` (xanh) đi trước.
* **Hành động:** mọi đường kẻ chưa được vẽ, dạng `('h', r, c)` hoặc `('v', r, c)`.
* **Mô hình chuyển trạng thái:** vẽ đường kẻ; nếu hoàn thành một ô thì ô đó thuộc về người chơi và
  người đó được **đi thêm một lượt**. Hàm `result` trả về `(board, extra_turn)`.
* **Trạng thái kết thúc:** tất cả các đường đã được vẽ.
* **Hàm tiện ích:** số ô của mình trừ số ô của đối thủ.

Không gian trạng thái: với 24 đường kẻ có tối đa $2^{24}$ tập đường kẻ.'''),
    ("md", r'''## Task 2: Môi trường trò chơi và tác tử ngẫu nhiên'''),
    ("code", r'''import random
import math

PLAYERS = ('b', 'r')   # b = blue moves first, r = red


def empty_board(n=4, m=4):
    return {'n': n, 'm': m}


def other(player):
    return 'r' if player == 'b' else 'b'


def lines_of(board):
    n, m = board['n'], board['m']
    return [('h', i, j) for i in range(n) for j in range(m - 1)] + \
           [('v', i, j) for i in range(n - 1) for j in range(m)]


def actions(board):
    return [l for l in lines_of(board) if l not in board]


def result(board, player, action):
    """Vẽ đường kẻ. Trả về (bàn cờ mới, có được đi thêm lượt hay không)."""
    assert action not in board, "line already drawn"
    new = dict(board)
    new[action] = True
    o, i, j = action
    if o == 'h':
        boxes = [(i - 1, j), (i, j)]
    else:
        boxes = [(i, j - 1), (i, j)]
    extra_turn = False
    for (bi, bj) in boxes:
        if 0 <= bi < board['n'] - 1 and 0 <= bj < board['m'] - 1:
            sides = [('h', bi, bj), ('h', bi + 1, bj), ('v', bi, bj), ('v', bi, bj + 1)]
            if all(s in new for s in sides):
                new[(bi, bj)] = player
                extra_turn = True
    return new, extra_turn


def terminal(board):
    return all(l in board for l in lines_of(board))


def utility(board, player='b'):
    boxes = [v for k, v in board.items() if isinstance(k, tuple) and len(k) == 2]
    return boxes.count(player) - boxes.count(other(player))'''),
    ("code", r'''def random_player(board, player='b'):
    return random.choice(actions(board))


def play(agent_b, agent_r, n=4, m=4):
    board = empty_board(n, m)
    player = 'b'
    while not terminal(board):
        agent = agent_b if player == 'b' else agent_r
        board, again = result(board, player, agent(board, player))
        if not again:
            player = other(player)
    return utility(board, 'b')

kq = [play(random_player, random_player) for _ in range(300)]
print('b thắng:', sum(k > 0 for k in kq), 'r thắng:', sum(k < 0 for k in kq), 'hòa:', kq.count(0))'''),
    ("md", r'''## Task 3: Minimax với cắt tỉa alpha-beta

Tìm kiếm có giới hạn độ sâu; khi hết độ sâu thì dùng hiệu số ô hiện tại.'''),
    ("code", r'''def alpha_beta(board, to_move, me, depth, alpha, beta):
    if terminal(board) or depth == 0:
        return utility(board, me)
    maximizing = (to_move == me)
    best = -math.inf if maximizing else math.inf
    for a in actions(board):
        new, again = result(board, to_move, a)
        nxt = to_move if again else other(to_move)
        v = alpha_beta(new, nxt, me, depth - 1, alpha, beta)
        if maximizing:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def alpha_beta_player(board, player='b', depth=3):
    best_a, best_v = None, -math.inf
    for a in actions(board):
        new, again = result(board, player, a)
        v = alpha_beta(new, player if again else other(player), player, depth - 1, best_v, math.inf)
        if v > best_v:
            best_a, best_v = a, v
    return best_a'''),
    ("code", r'''b = empty_board()
for a in [('h', 0, 0), ('v', 0, 0), ('h', 1, 0)]:
    b, _ = result(b, 'b', a)
print('nước đi tốt nhất cho r:', alpha_beta_player(b, 'r'))
kq = [play(alpha_beta_player, random_player) for _ in range(5)]
print(kq)'''),
    ("md", r'''Tác tử alpha-beta thắng tác tử ngẫu nhiên trong tất cả các ván.'''),
]


LIAM = [
    ("md", r'''# Dots and Boxes

Liam O'Brien

My coordinates start at 1 like on the paper handout: dots are numbered 1..rows and 1..cols.
Players are 1 and 2.'''),
    ("md", r'''## Task 1

State: which lines are drawn and who owns which box. Start: nothing drawn. Actions: undrawn lines.
Result: draw the line, maybe complete a box. Terminal: all lines drawn. Utility: my boxes minus
the other player's boxes.'''),
    ("md", r'''## Task 2'''),
    ("code", r'''import random
import math


def empty_board(rows=4, cols=4):
    return {'size': (rows, cols), 'lines': {}, 'boxes': {}}


def actions(board):
    rows, cols = board['size']
    moves = []
    for r in range(1, rows + 1):
        for c in range(1, cols):
            if ('h', r, c) not in board['lines']:
                moves.append(('h', r, c))
    for r in range(1, rows):
        for c in range(1, cols + 1):
            if ('v', r, c) not in board['lines']:
                moves.append(('v', r, c))
    return moves


def is_box_done(lines, r, c):
    return (('h', r, c) in lines and ('h', r + 1, c) in lines
            and ('v', r, c) in lines and ('v', r, c + 1) in lines)


def result(board, player, action):
    """returns the new board and whose turn it is next"""
    rows, cols = board['size']
    lines = dict(board['lines'])
    boxes = dict(board['boxes'])
    lines[action] = True
    kind, r, c = action
    around = [(r - 1, c), (r, c)] if kind == 'h' else [(r, c - 1), (r, c)]
    for (br, bc) in around:
        if 1 <= br < rows and 1 <= bc < cols and is_box_done(lines, br, bc):
            boxes[(br, bc)] = player
    new_board = {'size': board['size'], 'lines': lines, 'boxes': boxes}
    return new_board, 3 - player   # next player's turn


def terminal(board):
    return len(actions(board)) == 0


def utility(board, player):
    mine = list(board['boxes'].values()).count(player)
    theirs = list(board['boxes'].values()).count(3 - player)
    return mine - theirs


def random_player(board, player):
    return random.choice(actions(board))'''),
    ("code", r'''def play(p1, p2, rows=4, cols=4):
    board = empty_board(rows, cols)
    turn = 1
    while not terminal(board):
        move = (p1 if turn == 1 else p2)(board, turn)
        board, turn = result(board, turn, move)
    return utility(board, 1)

games = [play(random_player, random_player) for _ in range(200)]
print(sum(g > 0 for g in games), sum(g < 0 for g in games), games.count(0))'''),
    ("md", r'''## Task 3'''),
    ("code", r'''def minimax(board, turn, me, depth, alpha, beta):
    if terminal(board) or depth == 0:
        return utility(board, me)
    if turn == me:
        best = -math.inf
        for a in actions(board):
            new_board, nxt = result(board, turn, a)
            best = max(best, minimax(new_board, nxt, me, depth - 1, alpha, beta))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best
    best = math.inf
    for a in actions(board):
        new_board, nxt = result(board, turn, a)
        best = min(best, minimax(new_board, nxt, me, depth - 1, alpha, beta))
        beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def alpha_beta_player(board, player, depth=3):
    best_move, best_value = None, -math.inf
    for a in actions(board):
        new_board, nxt = result(board, player, a)
        v = minimax(new_board, nxt, player, depth - 1, -math.inf, math.inf)
        if v > best_value:
            best_move, best_value = a, v
    return best_move'''),
    ("code", r'''print([play(alpha_beta_player, random_player) for _ in range(3)])'''),
]
