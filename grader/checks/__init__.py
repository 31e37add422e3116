"""The checks: one module per kind, each a :class:`~grader.checks.base.Check`; :mod:`grader.checks.params`
declares what each kind takes from the rubric (a pydantic model per kind) and :mod:`grader.checks.kinds`
lists the implementations by the names the rubric uses. A new check is a new module here, its ``Params``
model with a line in ``PARAMS``, a line in ``KINDS`` and a line in the rubric.

This package file imports nothing, so that the rubric can read :mod:`grader.checks.params` without
loading every check.
"""
