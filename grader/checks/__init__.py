"""The checks: one module per kind, each a :class:`~grader.checks.base.Check`; :mod:`grader.checks.kinds`
lists them by the names the rubric uses. A new check is a new module here, a line in ``KINDS`` and a
line in the rubric.

This package file imports nothing, so that the case builders (``grader.edge_boards``) can build on
:mod:`grader.checks.base` without loading every check.
"""
