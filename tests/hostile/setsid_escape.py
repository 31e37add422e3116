import os
import time


def escape():
    """Double-forks a grandchild into its own session, the classic daemon escape."""
    pid = os.fork()
    if pid == 0:
        os.setsid()
        if os.fork() == 0:
            while True:
                time.sleep(0.05)
        os._exit(0)
    os.waitpid(pid, 0)
    return "escaped"


def stall():
    time.sleep(60)
