"""Full mode: run the whole notebook top to bottom in a fresh Jupyter kernel, as nbgrader and otter do.

Each code cell gets a wall-clock limit and the whole run a total cap; a cell over its limit is
interrupted and the run goes on with the next cell, so one slow experiment does not hide the rest.
Errors do not stop the run either. ``input()`` cannot hang: nbclient does not offer stdin, so the
kernel raises ``StdinNotImplementedError`` at once.

The kernel is started by nbclient in a clean working directory and runs confined
(:mod:`grader.sandbox.kernel`: bubblewrap where it works, else resource limits), because the
student's code and shell lines (``!pip install x``) run for real.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import nbformat
from nbformat.v4 import new_code_cell, new_notebook

from grader.load.sources import RawCell, read_source_cells
from grader.sandbox.kernel import confine_kernel

OK = "ok"
ERROR = "error"
TIMEOUT = "timeout"
NOT_RUN = "not run"
#: memory a kernel may use beyond a bare one, when the caller does not say
KERNEL_MEMORY_MB = 1024


@dataclass(frozen=True)
class CellRun:
    """How one code cell fared: ``ok``, ``error`` (with ename/evalue), ``timeout`` or ``not run``."""

    index: int
    status: str
    ename: str = ""
    evalue: str = ""
    elapsed: float = 0.0


@dataclass(frozen=True)
class FullRun:
    """The result of running a notebook top to bottom; ``elapsed`` includes the kernel's start."""

    path: Path
    cells: list[CellRun]
    ran_top_to_bottom: bool
    elapsed: float
    kernel_start: float
    problems: list[str] = field(default_factory=list)


def notebook_from_cells(cells: Sequence[RawCell]) -> nbformat.NotebookNode:
    """A v4 notebook holding just these code cells (for .py and .html submissions)."""
    return new_notebook(cells=[new_code_cell(cell.source) for cell in cells])


def _timeout_recording_client() -> type:
    from nbclient import NotebookClient

    class TimeoutRecordingClient(NotebookClient):
        """Notes when nbclient hits a cell's time limit (it then interrupts the kernel and goes on)."""

        timed_out = False

        async def _async_handle_timeout(self, timeout, cell=None):  # type: ignore[no-untyped-def]
            self.timed_out = True
            return await super()._async_handle_timeout(timeout, cell)

    return TimeoutRecordingClient


def _kernel_manager_class(prefix: Sequence[str], sockets: Path) -> type:
    """A kernel manager that talks to its kernel over Unix sockets named ``sockets-<n>`` (so the
    kernel needs no network at all) and starts it as ``prefix + the kernelspec's argv`` (a sandbox
    launcher, ``prlimit``, ...)."""
    from jupyter_client.manager import AsyncKernelManager

    class GraderKernelManager(AsyncKernelManager):
        def __init__(self, **kwargs: object) -> None:
            super().__init__(transport="ipc", ip=str(sockets), **kwargs)

        def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
            return [*prefix, *super().format_kernel_cmd(extra_arguments)]

    return GraderKernelManager


def run_notebook(
    path: Path | str,
    *,
    cell_timeout: float = 120.0,
    total_timeout: float = 1800.0,
    working_dir: Path | None = None,
    memory_mb: int = KERNEL_MEMORY_MB,
    kernel_name: str = "python3",
    startup_timeout: float = 60.0,
) -> FullRun:
    """Execute every code cell of a .ipynb/.py/.html submission in order in a fresh confined kernel.

    ``working_dir`` is where the kernel starts and the only folder it may write (default: a new
    empty temporary folder, removed afterwards); ``memory_mb`` is what it may use beyond a bare kernel. Cells left when the total cap is reached, or after the kernel died, are ``not run``.
    Raises :class:`~grader.load.sources.UnreadableSubmission` for a file that cannot be read.
    """
    from nbclient.exceptions import DeadKernelError

    path = Path(path)
    started = time.monotonic()
    # (number to report, position in nb, cell): a .py/.html file's cells are renumbered in nb
    if path.suffix.lower() == ".ipynb":
        read_source_cells(path)  # the readable-file checks and their messages
        nb = nbformat.read(path, as_version=4)
        cells = [(i, i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    else:
        raw = read_source_cells(path).cells
        nb = notebook_from_cells(raw)
        cells = [(cell.index, n, nb.cells[n]) for n, cell in enumerate(raw)]
    deadline = started + total_timeout
    own_dir = working_dir is None
    workdir = Path(tempfile.mkdtemp(prefix="grader-run-")) if own_dir else Path(working_dir)

    def cell_limit(_cell: object) -> float:
        return max(0.1, min(cell_timeout, deadline - time.monotonic()))

    confinement = confine_kernel(workdir, memory_mb)
    client = _timeout_recording_client()(
        nb,
        kernel_name=kernel_name,
        kernel_manager_class=_kernel_manager_class(confinement.prefix, workdir / ".kernel"),
        timeout_func=cell_limit,
        startup_timeout=int(startup_timeout),
        allow_errors=True,
        interrupt_on_timeout=True,
        iopub_timeout=2,
        resources={"metadata": {"path": str(workdir)}},
    )
    results: list[CellRun] = []
    problems: list[str] = []
    kernel_start = 0.0
    try:
        with client.setup_kernel(env=confinement.env):
            kernel_start = time.monotonic() - started
            for position, (index, nb_position, cell) in enumerate(cells):
                if time.monotonic() >= deadline:
                    problems.append(f"{path.name}: total time cap of {total_timeout:g} s reached before cell {index}")
                    results.extend(CellRun(i, NOT_RUN) for i, _, _ in cells[position:])
                    break
                cell_started = time.monotonic()
                client.timed_out = False
                try:
                    client.execute_cell(cell, nb_position)
                except DeadKernelError:
                    elapsed = time.monotonic() - cell_started
                    results.append(CellRun(index, ERROR, "DeadKernelError", "the kernel died", elapsed))
                    results.extend(CellRun(i, NOT_RUN) for i, _, _ in cells[position + 1 :])
                    problems.append(f"{path.name}: the kernel died in cell {index}; later cells were not run")
                    break
                elapsed = time.monotonic() - cell_started
                if client.timed_out:
                    results.append(CellRun(index, TIMEOUT, "", f"interrupted after {elapsed:.1f} s", elapsed))
                else:
                    results.append(_cell_outcome(index, cell, elapsed))
    finally:
        if own_dir:
            shutil.rmtree(workdir, ignore_errors=True)
    ran = bool(results) and all(r.status == OK for r in results)
    return FullRun(path, results, ran, time.monotonic() - started, kernel_start, problems)


def _cell_outcome(index: int, cell: nbformat.NotebookNode, elapsed: float) -> CellRun:
    for output in cell.get("outputs", []):
        if output.get("output_type") == "error":
            return CellRun(index, ERROR, output.get("ename", ""), output.get("evalue", ""), elapsed)
    return CellRun(index, OK, elapsed=elapsed)
