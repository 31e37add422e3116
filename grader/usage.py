"""The error of a command line that cannot be run as given, shared by every ``grader`` subcommand."""

from __future__ import annotations


class UsageError(Exception):
    """A command line that cannot be run as given; the message says what to do instead."""
