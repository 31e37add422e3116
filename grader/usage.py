"""The errors a person must fix before a ``grader`` command can run: a command line that cannot be run as
given, and a rubric that cannot be used. A leaf module, so that the command reports them without loading
what it would have run."""

from __future__ import annotations


class UsageError(Exception):
    """A command line that cannot be run as given; the message says what to do instead."""


class RubricError(ValueError):
    """A rubric file that cannot be used; the message names the file and the key."""


#: the sections a class may have: the graduate one also answers the tasks a rubric marks ``graduate: true``
SECTIONS = ("undergraduate", "graduate")
