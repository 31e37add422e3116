"""The metamorphic suite: the staff solutions rewritten in every way real students write them, which
must keep their points, and the validity mutants under those rewritings, which must keep losing theirs.

``core`` hides a staff solution under private names, ``codecs`` holds the ways of writing boards,
players and moves (plain functions, copied into the generated notebook), ``faces`` writes the public
face a student would have written over the hidden core, and ``transformations`` is the catalogue that
composes faces. ``python -m tests.metamorphic.run`` grades every pair and prints the table.
"""
