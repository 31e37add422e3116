import threading

ticks = [0]


def _burn():
    while True:
        ticks[0] += 1


def start_thread():
    threading.Thread(target=_burn, daemon=True).start()
    return "started"


def count():
    return ticks[0]
