"""The test suite, laid out like the code it tests: tests/grader/<package>, tests/reference/<package>,
tests/benchmarks; the fixture folders beside them hold student code, notebooks and data."""
