"""Where a test finds the project and the fixture folders, wherever in ``tests/`` its module sits."""

from pathlib import Path

#: the tests folder: fixtures live in folders named by what they hold (students, hostile, notebooks, ...)
TESTS = Path(__file__).resolve().parent
#: the repository: rubric.yaml, submissions/, benchmarks/, the packages
ROOT = TESTS.parent
