import os
import time


def fork_bomb(n=200):
    """Forks up to n children that sleep; the process limit (or seccomp) must stop it early."""
    made = 0
    for _ in range(n):
        pid = os.fork()
        if pid == 0:
            time.sleep(30)
            os._exit(0)
        made += 1
    return made
