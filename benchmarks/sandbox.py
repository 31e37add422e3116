"""Sandbox costs, measured side by side in one run: per-call round trip vs an in-process call vs
a raw pipe round trip (the floor), respawn after a timeout, and start-up per isolation level.

    python benchmarks/sandbox.py [--calls 3000]

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np

from grader.sandbox import Limits, Sandbox, available_levels

CELLS = ["import numpy as np\n"
         "def trivial():\n    return 0\n"
         "def agent(board, player):\n    return int(np.flatnonzero(board[0] == 0)[0])\n"
         "def hang():\n    while True:\n        pass\n"]


def per_call_us(fn, n: int) -> float:
    """Median of 5 batches, microseconds per call."""
    batches = []
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(n // 5):
            fn()
        batches.append((time.perf_counter() - t) / (n // 5) * 1e6)
    return statistics.median(batches)


def pipe_floor_us(n: int) -> float:
    """Round trip of a 64-byte message to a forked echo process over two pipes."""
    a_r, a_w = os.pipe()
    b_r, b_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(a_w)
        os.close(b_r)
        while True:
            data = os.read(a_r, 4096)
            if not data:
                os._exit(0)
            os.write(b_w, data)
    os.close(a_r)
    os.close(b_w)
    msg = b"x" * 64

    def once() -> None:
        os.write(a_w, msg)
        os.read(b_r, 4096)

    try:
        return per_call_us(once, n)
    finally:
        os.close(a_w)
        os.waitpid(pid, 0)
        os.close(b_r)


def main() -> None:  # noqa: C901
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=3000)
    args = parser.parse_args()
    n = args.calls
    board = np.zeros((6, 7), dtype=np.int64)
    ns: dict = {}
    exec(CELLS[0], ns)

    floor = pipe_floor_us(n)
    print(f"raw pipe round trip (floor)          {floor:8.1f} us")
    print(f"in-process call, trivial             {per_call_us(ns['trivial'], n):8.2f} us")
    print(f"in-process call, 6x7 board           {per_call_us(lambda: ns['agent'](board, 1), n):8.2f} us")
    print()
    print(f"{'level':<12}{'start-up':>10}{'trivial':>10}{'board':>10}{'board/floor':>13}"
          f"{'no-freeze':>11}{'timeout->next':>15}{'respawn':>10}")
    for level in available_levels():
        t = time.perf_counter()
        box = Sandbox(CELLS, Limits(call_timeout=0.2), isolation=level)
        box.call("trivial")
        startup = (time.perf_counter() - t) * 1e3
        trivial = per_call_us(lambda: box.call("trivial"), n)
        on_board = per_call_us(lambda: box.call("agent", board, 1), n)
        respawns = []
        for _ in range(5):
            assert box.call("hang").kind == "timeout"
            t = time.perf_counter()
            assert box.call("trivial").ok
            respawns.append((time.perf_counter() - t) * 1e3)
        next_call = statistics.median(respawns)
        box.close()
        with Sandbox(CELLS, Limits(freeze_between_calls=False), isolation=level) as loose:
            no_freeze = per_call_us(lambda: loose.call("agent", board, 1), n)
        print(f"{level:<12}{startup:8.0f}ms{trivial:8.0f}us{on_board:8.0f}us{on_board / floor:12.1f}x"
              f"{no_freeze:9.0f}us{next_call:13.1f}ms{next_call - on_board / 1e3:8.1f}ms")
    print()
    print("start-up: new Sandbox (zygote with numpy) + first call; board/floor: sandboxed 6x7 call over "
          "the pipe floor; no-freeze: same call without SIGSTOP/SIGCONT between calls; timeout->next: "
          "first call after a timeout (fork from the zygote + replay of the cells + the call); respawn: "
          "that minus a normal call.")


if __name__ == "__main__":
    main()
