import numpy as np


def grab_bytes():
    return len(bytearray(64 * 1024**3))


def grab_numpy():
    return int(np.ones(8 * 1024**3, dtype=np.int8).sum())
