"""A fifth game, plugged in from outside the package: m,n,k with gravity (4 x 4, three in a row).

One folder: ``game.py`` (the reference rules, with an evaluation and no exact solver), ``plug.py`` (the
grader's side: Connect 4's board readings, since the course board is Connect 4's, and its own edge
boards in ``edge_boards.py``), ``solution.py`` (a staff solution written as a student would) and
``rubric.yaml``. One line registers it: ``register_game(GravityMNK)``, in the test.
"""
