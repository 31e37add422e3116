"""Dots and Boxes for the grader: the template's board dicts (current and old), whose size a template
of another size can be resized to, and edge boards with extra turns.

Here: ``plug.py`` (``PLUG``, which the reference game names), ``representation.py`` (the board
readings) and ``edge_boards.py``. This file imports none of them: the adapter reads one part without
loading the others."""
