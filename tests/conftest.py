"""Shared pytest configuration: slow tests run only with --runslow (CI runs a marked sample)."""

import pytest
from hypothesis import HealthCheck, settings

# The suite runs on shared machines (CI runners, a 2-core box several people load at once). Hypothesis's
# timing checks (a 200 ms deadline per example, a "generation is slow" health check) then fail a test for the
# machine's load, not for a wrong answer: timing is not what any property here asserts, so it is left out. Every
# example is still generated and checked as before.
settings.register_profile("shared_machine", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("shared_machine")


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", default=False, help="run tests marked slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip_slow = pytest.mark.skip(reason="slow: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip_slow)
