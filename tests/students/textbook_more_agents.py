# More of the textbook's agents, in its shapes (written for the tests; loaded after
# textbook_game_classes.py): plain minimax as `minmax_decision(state, game)`, the depth-limited search
# `alpha_beta_cutoff_search(state, game, d, cutoff_test, eval_fn)`, Monte Carlo tree search as
# `monte_carlo_tree_search(state, game, N)` behind `mcts_player(game, state)`, and a `query_player`
# that asks a person (it must never be taken for an agent).


def minmax_decision(state, game):
    player = game.to_move(state)

    def value(s, maximizing):
        if game.terminal_test(s):
            return game.utility(s, player)
        values = [value(game.result(s, a), not maximizing) for a in game.actions(s)]
        return max(values) if maximizing else min(values)

    return max(game.actions(state), key=lambda a: value(game.result(state, a), False))


def alpha_beta_cutoff_search(state, game, d=4, cutoff_test=None, eval_fn=None):
    player = game.to_move(state)
    cutoff_test = cutoff_test or (lambda s, depth: depth > d or game.terminal_test(s))
    eval_fn = eval_fn or (lambda s: game.utility(s, player))

    def max_value(s, alpha, beta, depth):
        if cutoff_test(s, depth):
            return eval_fn(s) * (100 - depth)
        v = -math.inf
        for a in game.actions(s):
            v = max(v, min_value(game.result(s, a), alpha, beta, depth + 1))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(s, alpha, beta, depth):
        if cutoff_test(s, depth):
            return eval_fn(s) * (100 - depth)
        v = math.inf
        for a in game.actions(s):
            v = min(v, max_value(game.result(s, a), alpha, beta, depth + 1))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    best_score, best_action = -math.inf, None
    for a in game.actions(state):
        v = min_value(game.result(state, a), best_score, math.inf, 1)
        if v > best_score:
            best_score, best_action = v, a
    return best_action


class MCTNode:
    def __init__(self, parent=None, state=None, untried=None):
        self.parent, self.state, self.children = parent, state, {}
        self.untried = list(untried or [])
        self.wins, self.visits = 0.0, 0

    def ucb(self, c=1.4):
        return self.wins / self.visits + c * math.sqrt(math.log(self.parent.visits) / self.visits)


def monte_carlo_tree_search(state, game, N=400):
    root = MCTNode(state=state, untried=game.actions(state))
    for _ in range(N):
        node = root
        while not node.untried and node.children:
            node = max(node.children.values(), key=MCTNode.ucb)
        if node.untried:
            move = node.untried.pop()
            child_state = game.result(node.state, move)
            child = MCTNode(node, child_state, [] if game.terminal_test(child_state) else game.actions(child_state))
            node.children[move] = child
            node = child
        s = node.state
        while not game.terminal_test(s):
            s = game.result(s, random.choice(game.actions(s)))
        while node is not None:
            node.visits += 1
            if node.parent is not None:
                mover = game.to_move(node.parent.state)
                node.wins += (game.utility(s, mover) + 1) / 2
            node = node.parent
    return max(root.children, key=lambda m: root.children[m].visits)


def mcts_player(game, state):
    return monte_carlo_tree_search(state, game)


def query_player(game, state):
    game.display(state)
    return eval(input('Your move? '))
