import builtins

import numpy as np


def patch():
    builtins.len = lambda x: 42
    np.zeros = lambda *a, **k: "patched"
    return "patched"


def probe():
    return [len([1, 2]), type(np.zeros(2)).__name__]


def spin():
    while True:
        pass
