"""Connect 4 for the grader: boards in any layout, marks and row order, and edge boards at any size.

Here: ``plug.py`` (``PLUG``, which the reference game names), ``representation.py`` (the board
readings) and ``edge_boards.py``. This file imports none of them: the adapter reads one part without
loading the others."""
