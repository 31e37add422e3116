"""Tic-tac-toe (m,n,k) for the grader: flat or grid boards with any marks, and edge boards on any board.

Here: ``plug.py`` (``PLUG``, which the reference game names), ``representation.py`` (the board
readings) and ``edge_boards.py``. This file imports none of them: the adapter reads one part without
loading the others."""
