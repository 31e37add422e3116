"""Mean Connect 4 for the grader: Connect 4's boards with every way of writing a mean move, and the
boards that pin the mean rule. No cell-dict boards: a mean move takes a disc out of the grid.

Here: ``plug.py`` (``PLUG``, which the reference game names), ``representation.py`` (the board
readings) and ``edge_boards.py``. This file imports none of them: the adapter reads one part without
loading the others."""
