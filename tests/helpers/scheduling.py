"""How the default run shares the tests between its pytest-xdist workers (``-n 2 --dist loadfile`` in
pyproject.toml), used by tests/conftest.py.

A test file runs whole in one worker, so its module fixtures are built once, as in a serial run. Two changes to
xdist's ``loadfile``:

- ``tests/grader/export/`` is one unit: its files share session fixtures (a Gradescope bundle, a PrairieLearn
  grader, each sample run through both) that would otherwise be built and run again in a second worker.
- Units are handed out longest first, by the seconds each took in the last run (kept in pytest's cache,
  ``.pytest_cache``): a long file handed out last keeps one worker busy while the other has nothing left.
  Units never timed (a fresh clone) go first, in xdist's own order: most tests first.

Only the order changes: every worker collects every test, and each test runs once, in a worker of its own.
"""

from __future__ import annotations

import math
from collections import defaultdict

#: folders whose files share session-scoped fixtures: each runs in one worker
SHARED_SESSION_FIXTURES = ("tests/grader/export/",)
#: where the seconds per unit are kept in pytest's cache
SECONDS_KEY = "adversarial-grader/seconds-per-unit"


def unit_of(nodeid: str) -> str:
    """The unit of work a test belongs to: its file, or the folder of files sharing session fixtures."""
    path = nodeid.split("::", 1)[0]
    return next((folder for folder in SHARED_SESSION_FIXTURES if path.startswith(folder)), path)


def make_scheduler(config, log):
    """xdist's loadfile scheduler, with the units above handed out longest first (None, xdist's own, for
    another ``--dist``)."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    # _split_scope and _assign_work_unit are xdist's own (3.x) methods, not a public API: if a later xdist
    # drops them, its plain loadfile runs the same tests in its own order.
    if not all(hasattr(LoadFileScheduling, name) for name in ("_split_scope", "_assign_work_unit")):
        return None

    last = config.cache.get(SECONDS_KEY, {}) if getattr(config, "cache", None) is not None else {}

    class LongestFirst(LoadFileScheduling):
        _ordered = False

        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid)

        def _assign_work_unit(self, node) -> None:
            if not self._ordered:  # the queue is complete before the first unit is handed out
                self._ordered = True
                units = list(self.workqueue.items())
                units.sort(key=lambda unit: (-last.get(unit[0], math.inf), -len(unit[1])))
                self.workqueue.clear()
                self.workqueue.update(units)
            super()._assign_work_unit(node)

    return LongestFirst(config, log)


class UnitTimer:
    """Adds up the seconds of each unit's tests (setup, call and teardown) as the reports come in."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)

    def add(self, report) -> None:
        self.seconds[unit_of(report.nodeid)] += report.duration

    def save(self, config) -> None:
        """Keep the seconds in pytest's cache, over those of the units this run timed."""
        if getattr(config, "cache", None) is None or not self.seconds:
            return
        kept = config.cache.get(SECONDS_KEY, {})
        kept.update({unit: round(seconds, 2) for unit, seconds in self.seconds.items()})
        config.cache.set(SECONDS_KEY, kept)
