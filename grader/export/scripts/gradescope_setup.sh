#!/usr/bin/env bash
# Gradescope runs this once, as root, while it builds the autograder's image (Ubuntu 22.04 base image).
# It installs the grader from the wheel in this bundle, with its dependencies, in a virtual environment
# of its own, so nothing of the image's Python is changed. Made by `grader export gradescope`.
#
# Outside Gradescope (to try the bundle): AUTOGRADER_ROOT (default /autograder) is where the venv goes,
# GRADER_VENV overrides the venv's place, GRADER_SETUP_PYTHON the Python that makes it, and
# GRADER_SETUP_NO_APT=1 installs no system package.
set -euo pipefail

ROOT="${AUTOGRADER_ROOT:-/autograder}"
SOURCE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="${GRADER_VENV:-$ROOT/grader-venv}"

can_apt() { [ "${GRADER_SETUP_NO_APT:-0}" != 1 ] && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; }
# a Python of 3.10 or later that can make a venv
usable() { "$1" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 10))' >/dev/null 2>&1; }

PYTHON=""
for candidate in ${GRADER_SETUP_PYTHON:-} python3 python3.13 python3.12 python3.11 python3.10; do
    if command -v "$candidate" >/dev/null && usable "$candidate"; then PYTHON="$candidate"; break; fi
done
if [ -z "$PYTHON" ] && can_apt; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv python3-pip >/dev/null
    usable python3 && PYTHON=python3
fi
if [ -z "$PYTHON" ]; then
    echo "setup.sh: the grader needs Python 3.10 or later with venv; choose Gradescope's Ubuntu 22.04 base image" >&2
    exit 1
fi

# bubblewrap gives the sandbox its strongest isolation where the container allows it; best effort
if ! command -v bwrap >/dev/null && can_apt; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap >/dev/null || echo "note: bubblewrap not installed"
fi

"$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "$SOURCE"/wheels/*.whl
# the installed grader reads the rubric this bundle carries: a broken rubric fails the build, not a student
"$VENV/bin/grader" rubric "$SOURCE/rubric.yaml" >/dev/null
echo "setup.sh: $("$VENV/bin/python" --version) with the grader in $VENV"
