def agent(board, player):
    while True:
        pass
