import os
import sys


def polite_exit():
    sys.exit(3)


def hard_exit():
    os._exit(7)
