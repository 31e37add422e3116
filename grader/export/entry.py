"""What each platform's entry script runs (``python -m grader.export.gradescope|prairielearn``): find the
platform's root, grade, and whatever breaks, leave a results.json that says so; a platform that finds no
results shows the student nothing but a failure."""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from pathlib import Path
from typing import Any, Callable, Sequence

from grader.report.files import write_text


def entry_main(argv: Sequence[str] | None, *, prog: str, root_variable: str, default_root: str,
               run: Callable[[Path], Any], failed: Callable[[str], dict[str, Any]]) -> int:
    """Parse ``--root`` (default: ``$root_variable``, else ``default_root``) and ``run`` it; on any error, print
    the traceback (the platform shows the instructor the output) and write ``failed(problem)`` as the results."""
    parser = argparse.ArgumentParser(prog=prog, description=run.__doc__)
    parser.add_argument("--root", default=os.environ.get(root_variable, default_root),
                        help=f"the platform's root (default: ${root_variable}, else %(default)s)")
    args = parser.parse_args(argv)
    try:
        run(Path(args.root))
    except Exception as e:  # noqa: BLE001 - whatever broke, the student gets a result that says so
        traceback.print_exc(file=sys.stdout)
        write_text(Path(args.root) / "results" / "results.json",
                   json.dumps(failed(f"{type(e).__name__}: {e}"), indent=2, ensure_ascii=False) + "\n")
        return 1
    return 0
