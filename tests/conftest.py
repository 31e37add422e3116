"""Shared pytest configuration: slow tests run only with --runslow (CI runs a marked sample); the run is shared
between pytest-xdist workers as tests/helpers/scheduling.py says."""

import sys

import pytest
from hypothesis import HealthCheck, settings

from tests.helpers.scheduling import UnitTimer, make_scheduler

# The suite runs on shared machines (CI runners, a 2-core box several people load at once). Hypothesis's
# timing checks (a 200 ms deadline per example, a "generation is slow" health check) then fail a test for the
# machine's load, not for a wrong answer: timing is not what any property here asserts, so it is left out. Every
# example is still generated and checked as before.
settings.register_profile("shared_machine", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("shared_machine")


def pytest_configure(config):
    # With PYTHONDONTWRITEBYTECODE set (as on the shared 2-core box), each pytest process (the controller and every
    # xdist worker) compiled and assertion-rewrote every test module, and compiled the grader, from source at every
    # run: about 10 s of CPU per worker before its first test. The bytecode of what these processes import goes to
    # pytest's cache folder instead (nothing is written beside the sources; Python checks each entry against its
    # source, so none is ever stale). Only these processes: children (grader commands, sandboxes) are untouched.
    if sys.dont_write_bytecode and sys.pycache_prefix is None and getattr(config, "cache", None) is not None:
        sys.pycache_prefix = str(config.cache.mkdir("pycache"))
        sys.dont_write_bytecode = False


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", default=False, help="run tests marked slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip_slow = pytest.mark.skip(reason="slow: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip_slow)


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: absent with -p no:xdist
def pytest_xdist_make_scheduler(config, log):
    return make_scheduler(config, log)


_timer = UnitTimer()


def pytest_runtest_logreport(report):
    _timer.add(report)


def pytest_sessionfinish(session):
    if not hasattr(session.config, "workerinput"):  # the controller (or a serial run) sees every report
        _timer.save(session.config)
