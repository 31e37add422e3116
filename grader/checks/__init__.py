"""The checks: one module per kind, each a :class:`~grader.checks.base.Check`; :mod:`grader.check_params`
declares what each kind takes from the rubric (a pydantic model per kind) and :mod:`grader.checks.kinds`
lists the implementations by the names the rubric uses. A new check is a new module here, its ``Params``
model with a line in ``PARAMS``, a line in ``KINDS`` and a line in the rubric.
"""
