"""Sandboxed workers that hold one submission each and answer calls as plain data.

``Sandbox`` is the entry point; ``Limits`` says what a worker may use; results are
``CallResult`` / ``LoadReport``; ``isolation.probe()`` tells which levels this machine has.
"""

from .codec import CodecError, CodecLimits
from .isolation import LEVELS, IsolationUnavailable, available_levels, choose, probe
from .launcher import SandboxError
from .limits import Limits
from .calls import (BAD_RETURN, CRASHED, ERROR_KINDS, EXCEPTION, MEMORY, OUTPUT_LIMIT, TIMEOUT, UNAVAILABLE,
                      CallResult, CellReport, CountedCalls, CountedFunction, Handle, LoadReport, NameInfo, Parameter)
from .sandbox import Sandbox

__all__ = ["Sandbox", "Limits", "CallResult", "CountedCalls", "CountedFunction", "CellReport", "LoadReport", "Handle", "NameInfo", "Parameter",
           "SandboxError", "IsolationUnavailable", "CodecError", "CodecLimits", "LEVELS", "probe",
           "available_levels", "choose", "ERROR_KINDS", "EXCEPTION", "TIMEOUT", "CRASHED", "MEMORY",
           "OUTPUT_LIMIT", "BAD_RETURN", "UNAVAILABLE"]
