def chatter():
    while True:
        print("x" * 1000)
