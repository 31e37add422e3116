"""The Sandbox API: loading cells, calls by name / dotted path / handle, descriptions,
captured output, respawn with replay, isolation levels and clean shutdown."""

from __future__ import annotations

import os

import numpy as np
import pytest

from grader.sandbox import (Handle, IsolationUnavailable, Limits, Sandbox, SandboxError, available_levels,
                            isolation, probe)
from tests.paths import ROOT

FAST = Limits(call_timeout=1.0, cell_timeout=5.0)
pytestmark = pytest.mark.timeout(60)

AGENT_CELLS = [
    "import numpy as np\nCOLUMNS = 7",
    "def actions(board):\n    return [c for c in range(COLUMNS) if board[0][c] == 0]",
    "class MyAgent:\n    '''Plays the first legal column.'''\n"
    "    def __init__(self, player=1):\n        self.player = player\n        self.moves = 0\n"
    "    def act(self, board, depth: int = 3):\n        self.moves += 1\n        return actions(board)[0]\n",
    "undefined_helper()",  # a cell that raises: later cells still run
    "def result(board, player, action):\n    b = np.array(board)\n"
    "    row = max(r for r in range(b.shape[0]) if b[r, action] == 0)\n    b[row, action] = player\n    return b",
    "print('loaded', __name__)",
]


@pytest.fixture(scope="module")
def box():
    with Sandbox(AGENT_CELLS, FAST) as b:
        yield b


def test_load_reports_each_cell_and_a_raising_cell_does_not_stop_the_others(box):
    report = box.load_report
    assert [c.ok for c in report.cells] == [True, True, True, False, True, True]
    bad = report.cells[3]
    assert bad.kind == "exception" and bad.error_type == "NameError" and "undefined_helper" in bad.message
    assert '<cell 3>' in bad.traceback and "undefined_helper()" in bad.traceback
    assert report.cells[5].stdout == "loaded submission\n"
    assert report.isolation == box.isolation


def test_tracebacks_do_not_leak_grader_paths(box):
    r = box.call("actions", None)
    assert r.kind == "exception" and r.error_type == "TypeError"
    assert "grader" not in r.traceback and "/work" not in r.traceback and "_sandbox" not in r.traceback


def test_call_by_name_returns_plain_data_and_numpy(box):
    board = np.zeros((6, 7), dtype=np.int64)
    assert box.call("actions", board).value == list(range(7))
    r = box.call("result", board, 1, 3)
    assert r.ok and r.value.dtype == np.int64 and r.value[5, 3] == 1 and r.value.sum() == 1
    assert r.isolation == box.isolation and r.threads == 1


def test_dotted_path_and_keyword_arguments(box):
    assert box.call("MyAgent.act", None, [[1, 0, 0]]).ok is False  # unbound: self is the board
    assert box.call_with("actions", kwargs={"board": [[1, 1, 0, 0, 0, 0, 0]]}).value == [2, 3, 4, 5, 6]


def test_unknown_name_is_reported_as_a_name_error(box):
    r = box.call("minimax", None)
    assert r.kind == "exception" and r.error_type == "NameError" and "minimax" in r.message


def test_agent_object_is_created_and_called_by_handle(box):
    r = box.create("MyAgent", player=-1)
    agent = r.value
    assert isinstance(agent, Handle)
    board = [[1, 0, 0, 0, 0, 0, 0]]
    assert box.call(agent.attr("act"), board).value == 1
    assert box.call(agent.attr("act"), board).value == 1
    assert box.call(agent.attr("moves").attr("__int__")).value == 2
    assert box.call(agent.attr("player").attr("__neg__")).value == 1
    box.release(agent)


def test_names_lists_kinds_and_signatures(box):
    names = box.names()
    assert names["actions"].kind == "function" and [p.name for p in names["actions"].parameters] == ["board"]
    assert names["MyAgent"].kind == "class" and names["MyAgent"].doc == "Plays the first legal column."
    act = names["MyAgent"].member("act")
    assert [p.name for p in act.parameters] == ["self", "board", "depth"]
    depth = act.parameters[2]
    assert depth.has_default and depth.default == 3 and depth.annotation == "int"
    assert names["np"].kind == "module" and names["COLUMNS"].kind == "value"
    assert "__name__" not in names


def test_a_decorated_function_is_described_as_the_function_it_wraps():
    """A function behind functools.lru_cache, or behind a decorator written as a class, is called as the function it
    wraps is: with its parameters (an agent's ``depth=4`` is no place for the player), not as an object."""
    cells = ["import functools\n"
             "@functools.lru_cache(maxsize=None)\ndef alpha_beta_player(state, depth=4):\n    return depth\n",
             "class counted:\n    def __init__(self, f):\n        functools.update_wrapper(self, f)\n"
             "    def __call__(self, *a, **k):\n        return self.__wrapped__(*a, **k)\n"
             "@counted\ndef actions(board):\n    return [0]\n",
             "class Agent:\n    def __call__(self, board, player):\n        return 0\nagent = Agent()\n"]
    with Sandbox(cells, FAST) as b:
        names = b.names()
        assert b.call("alpha_beta_player", (1, 2)).value == 4 and b.call("actions", [0]).value == [0]
    for name, parameters in (("alpha_beta_player", ["state", "depth"]), ("actions", ["board"])):
        assert names[name].kind == "function" and [p.name for p in names[name].parameters] == parameters
    assert names["counted"].kind == "class" and names["agent"].kind == "callable"  # no wrapper: an object


def test_describe_a_handle_gives_bound_methods(box):
    agent = box.create("MyAgent").value
    info = box.describe(agent)
    assert [p.name for p in info.member("act").parameters] == ["board", "depth"]


def test_output_is_captured_per_call():
    with Sandbox(["import sys\ndef talk(n):\n    print('out', n)\n    print('err', n, file=sys.stderr)\n"
                  "    return n"], FAST) as b:
        r1, r2 = b.call("talk", 1), b.call("talk", 2)
        assert (r1.stdout, r1.stderr, r2.stdout, r2.stderr) == ("out 1\n", "err 1\n", "out 2\n", "err 2\n")


def test_respawn_replays_cells_and_rebuilds_handles():
    cells = ["import time\ncount = 0", "def bump():\n    global count\n    count += 1\n    return count",
             "def hang():\n    time.sleep(30)",
             "class Agent:\n    def __init__(self, p):\n        self.p = p\n    def act(self):\n        return self.p"]
    with Sandbox(cells, FAST) as b:
        agent = b.create("Agent", 7).value
        assert b.call("bump").value == 1 and b.call("bump").value == 2
        assert b.call("hang", timeout=0.3).kind == "timeout"
        assert b.call("bump").value == 1  # fresh worker: module state rebuilt from the cells
        assert b.call(agent.attr("act")).value == 7  # the object was rebuilt by replaying create()
        assert b.respawns == 1


def test_each_cell_runs_once_in_a_fresh_worker():
    runs = "import builtins\nbuiltins.runs = getattr(builtins, 'runs', 0) + 1\nruns = builtins.runs"
    with Sandbox([runs], FAST) as b:
        assert b.read("runs").value == 1  # the first cell, in the first worker
    with Sandbox(["while True:\n    pass", runs], Limits(cell_timeout=0.5, call_timeout=1.0)) as b:
        assert b.read("runs").value == 1  # the cell after one that killed its worker


def test_a_seeded_sandbox_draws_the_same_numbers_after_a_reseed_and_a_respawn():
    cells = ["import random\nimport numpy as np\ndef draw():\n    return random.random(), float(np.random.rand())"]
    with Sandbox(cells, FAST, seed=7) as b:
        first = b.call("draw").value
        assert b.call("draw").value != first
        assert b.reseed(7).ok and b.call("draw").value == first
        b.reseed(8)
        assert b.call("draw").value != first
        b.restart()
        assert b.call("draw").value == first  # a fresh worker starts from the sandbox's seed


def test_a_cell_that_hangs_is_left_out_of_replays():
    cells = ["x = 1", "while True:\n    pass", "y = x + 1"]
    with Sandbox(cells, Limits(cell_timeout=0.5, call_timeout=1.0)) as b:
        kinds = [c.kind for c in b.load_report.cells]
        assert kinds == [None, "timeout", None]
        assert b.call("int", 0).ok is False  # 'int' is not a name the submission defines
        assert b.call_with("divmod", (7, 2)).kind == "exception"
        b.restart()
        r = b.load(["def get():\n    return x, y"])
        assert r.ok and b.call("get").value == (1, 2)


def test_arguments_must_be_plain_data(box):
    with pytest.raises(TypeError, match="plain data"):
        box.call("actions", object())


def test_bad_target_is_rejected_before_any_call(box):
    with pytest.raises(ValueError, match="dotted path"):
        box.call("os.system('x')")


def test_probe_reports_every_level_with_a_reason():
    probes = probe()
    assert set(probes) == set(isolation.LEVELS) and probes["rlimits"].available
    for p in probes.values():
        assert p.reason


@pytest.mark.parametrize("level", isolation.LEVELS)
def test_each_available_level_loads_and_calls(level):
    if level not in available_levels():
        pytest.skip(f"{level} is not available here: {probe()[level].reason}")
    with Sandbox(["def f(a):\n    return [a, __name__]"], FAST, isolation=level) as b:
        r = b.call("f", (1, 2))
        assert r.ok and r.value == [(1, 2), "submission"] and r.isolation == level


def test_default_is_the_strongest_level_and_require_is_enforced(monkeypatch):
    assert isolation.choose() == max(available_levels(), key=isolation.rank)
    monkeypatch.setattr(isolation, "probe", lambda: {
        "rlimits": isolation.LevelProbe("rlimits", True, "always"),
        "landlock": isolation.LevelProbe("landlock", False, "no Landlock in this kernel"),
        "bubblewrap": isolation.LevelProbe("bubblewrap", False, "bwrap is not installed")})
    assert isolation.choose() == "rlimits"
    with pytest.raises(IsolationUnavailable, match="'landlock' is required.*no Landlock"):
        isolation.choose(require="landlock")
    with pytest.raises(IsolationUnavailable, match="bwrap is not installed"):
        isolation.choose("bubblewrap")
    with pytest.raises(ValueError, match="unknown isolation level"):
        isolation.choose("docker")


def test_limits_are_validated():
    with pytest.raises(ValueError, match="call_timeout"):
        Limits(call_timeout=0)
    with pytest.raises(ValueError, match="memory_bytes"):
        Limits(memory_bytes=-1)


def test_environment_is_scrubbed_and_blas_single_threaded():
    os.environ["GRADER_SECRET_TOKEN"] = "s3cret"
    try:
        with Sandbox(["import os\ndef env():\n    return dict(os.environ)\ndef cwd():\n    return os.getcwd()"],
                     FAST) as b:
            env = b.call("env").value
            assert "GRADER_SECRET_TOKEN" not in env
            assert env["OPENBLAS_NUM_THREADS"] == env["OMP_NUM_THREADS"] == env["MKL_NUM_THREADS"] == "1"
            assert env["HOME"] == b.call("cwd").value
    finally:
        del os.environ["GRADER_SECRET_TOKEN"]


def test_closed_sandbox_refuses_calls_and_close_is_idempotent():
    b = Sandbox(["def f():\n    return 1"], FAST)
    assert b.call("f").value == 1
    b.close()
    b.close()
    assert b.closed
    with pytest.raises(SandboxError, match="closed"):
        b.call("f")


def test_several_sandboxes_keep_their_own_namespaces():
    with Sandbox(["def who():\n    return 'a'"], FAST) as a, Sandbox(["def who():\n    return 'b'"], FAST) as b:
        assert [a.call("who").value, b.call("who").value] == ["a", "b"]


@pytest.mark.parametrize("level", ["rlimits", None])
def test_killing_the_grader_leaves_no_sandbox_process(level, tmp_path):
    import signal
    import subprocess
    import sys
    import time

    script = tmp_path / "grader_that_dies.py"
    script.write_text(
        "import sys, time\nfrom grader.sandbox import Sandbox\n"
        f"b = Sandbox(['def f():\\n    return 1'], isolation={level!r})\n"
        "b.call('f')\nprint(b._zygote.proc.pid, b._worker.host_pid, flush=True)\ntime.sleep(60)\n")
    proc = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True,
                            cwd=str(ROOT))
    pids = [int(p) for p in proc.stdout.readline().split()]
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 5
    alive = pids
    while alive and time.monotonic() < deadline:
        time.sleep(0.05)
        alive = [p for p in pids if os.path.exists(f"/proc/{p}") and _state(p) != "Z"]
    assert not alive


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


def test_a_python_install_under_tmp_is_bound_after_the_private_tmp(monkeypatch):
    """A grader installed in a venv under /tmp must still find its Python inside bubblewrap."""
    from grader.sandbox import isolation

    monkeypatch.setattr(isolation, "python_roots", lambda: ["/opt/python", "/tmp/venv"])
    args = isolation.bwrap_prefix()
    private_tmp = args.index("--tmpfs")
    assert args[private_tmp + 1] == "/tmp"
    assert args.index("/tmp/venv") > private_tmp and args[args.index("/tmp/venv") - 1] == "--ro-bind"


def test_records_arrive_as_the_submissions_own_named_tuple_and_attributes_can_be_read():
    source = ("from collections import namedtuple\n"
              "GameState = namedtuple('GameState', 'to_move, utility, board, moves')\n"
              "class Game:\n"
              "    def __init__(self):\n"
              "        self.initial = GameState('X', 0, {}, [(1, 1), (1, 2)])\n"
              "    def own(self, state):\n"
              "        return type(state) is GameState and state.moves[0] == (1, 1)\n"
              "game = Game()\n")
    with Sandbox([source], Limits(call_timeout=5.0)) as box:
        initial = box.read("game.initial")
        assert initial.ok and initial.value.to_move == "X" and initial.value.moves == [(1, 1), (1, 2)]
        assert box.call("game.own", initial.value).value is True


def test_packages_preloaded_in_the_zygote_are_loaded_in_every_worker_a_respawn_included():
    with Sandbox(None, FAST) as b:
        assert b.preload(["xml.dom.minidom", "no_such_package_anywhere"]) == ["xml.dom.minidom"]
        b.load(["import sys\ndef loaded():\n    return 'xml.dom.minidom' in sys.modules"])
        assert b.call("loaded").value is True
        b.restart()
        assert b.call("loaded").value is True


def test_a_notebooks_heavy_imports_are_the_ones_preloaded():
    from grader.session import preloadable_imports

    cells = ["import numpy as np\nimport matplotlib.pyplot as plt\nfrom scipy.signal import convolve2d",
             "def f():\n    import pandas", "import tabulate_is_not_here", "from . import x", "this is not python("]
    found = preloadable_imports(cells)
    assert "pandas" not in found and "numpy" not in found  # only top-level imports; numpy is preloaded anyway
    assert set(found) <= {"matplotlib.pyplot", "scipy.signal"}
