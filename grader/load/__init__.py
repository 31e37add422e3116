"""The load step: a student's submission file -> code cells to run.

- :mod:`~grader.load.sources`: file formats (.ipynb, .py with cell markers, nbconvert HTML) -> raw cells
- :mod:`~grader.load.definitions`: definitions mode (the default): keep imports, functions,
  classes and cheap assignments; skip experiments, loops, magics, each with its reason
- :mod:`~grader.load.needed_globals`: keep a skipped assignment alone when kept functions read its name
- :mod:`~grader.load.numpy_names`: the numpy attributes kept code uses (for notes on numpy 1 names)
- :mod:`~grader.load.submission`: one file or folder -> :class:`Submission` (never raises)
- :mod:`~grader.load.full_run`: full mode: run the notebook in a fresh kernel with cell timeouts
"""

from grader.load.definitions import (
    CodeCell,
    DefinitionContext,
    KeptStatement,
    SkippedStatement,
    SyntaxProblem,
    definitions_only,
    filter_cell,
)
from grader.load.full_run import CellRun, FullRun, run_notebook
from grader.load.numpy_names import numpy_attributes
from grader.load.sources import NoCodeFound, RawCell, UnreadableSubmission, read_source_cells
from grader.load.submission import (LOADED, MANUAL, UNREADABLE, Submission, choose_file, load_submission,
                                    submission_name)

__all__ = [
    "CellRun",
    "CodeCell",
    "DefinitionContext",
    "FullRun",
    "KeptStatement",
    "LOADED",
    "MANUAL",
    "NoCodeFound",
    "RawCell",
    "SkippedStatement",
    "Submission",
    "SyntaxProblem",
    "UNREADABLE",
    "UnreadableSubmission",
    "choose_file",
    "definitions_only",
    "filter_cell",
    "load_submission",
    "numpy_attributes",
    "submission_name",
    "read_source_cells",
    "run_notebook",
]
