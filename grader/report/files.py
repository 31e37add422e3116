"""Writing report files so that a killed batch can resume: atomic, byte-stable, safely named.

Every writer in this package goes through :func:`write_text`: the text lands in a temporary file
beside the target and is renamed over it, so a reader (or a resumed batch) sees either the old
file or the new one, never half of one. Writers put no timestamps in their output, so writing the
same results twice gives the same bytes.
"""

from __future__ import annotations

import functools
import os
import re
import tempfile
from pathlib import Path

# Characters that must not reach a file name: path separators, NUL and other control characters,
# and the ones Windows refuses (instructors unzip these folders on every system).
_UNSAFE_IN_NAME = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]')


def submission_filename(submission: str) -> str:
    """A file name for ``submission`` (a file stem) that cannot leave its folder.

    Letters of any script are kept (students name files in Vietnamese too); separators, control
    characters and leading dots become ``_``. An empty result becomes ``"submission"``.
    """
    name = _UNSAFE_IN_NAME.sub("_", submission).strip()
    name = re.sub(r"^\.+", lambda m: "_" * len(m.group()), name)
    return name or "submission"


@functools.cache
def new_file_mode() -> int:
    """The permissions ``open()`` would give a new file here: ``0o666`` less the process's umask."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to ``path`` atomically; return the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, new_file_mode())  # mkstemp makes 0600: the instructor's group must read the reports too
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path
