# Tác nhân ngẫu nhiên
import random

# r�sum� of the agent
def random_player(board, player=1):
    return random.choice([0, 1, 2])
