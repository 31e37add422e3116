import sys

sys.setrecursionlimit(10**8)


def dive(n=0):
    return dive(n + 1) + 1


def dive_through_c(n=0):
    """Each level goes through map(), a C function: the C stack overflows (SIGSEGV)."""
    return list(map(dive_through_c, [n + 1]))


def bounded_dive(n=0):
    sys.setrecursionlimit(3000)
    return bounded_dive(n + 1) + 1
