"""The grader's side of each game, one folder per game: how students write its boards and moves
(``representation.py``) and the hand-written edge-case boards its functions are asked on
(``edge_boards.py``), registered in the folder's ``PLUG`` (:class:`grader.plugs.GamePlug`), which the
reference game names (``Game.plug``). ``building.py`` is what every game builds its edge boards with;
``in_a_row.py`` is what the edge boards of the k-in-a-row games share, ``grid.py`` the reading of a
grid of marks that their representations extend.
"""
