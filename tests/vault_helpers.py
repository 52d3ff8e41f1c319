"""Helpers for the vault robustness tests: run the CLI in-process, snapshot a folder, spot English output."""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path

from checker.cli import main

#: Phrases of English libraries (jsonschema, PyYAML, the OS) that must never reach the user.
ENGLISH = ("Traceback", "should be", "is not of type", "Additional properties", "is not valid", "does not match",
           "is too short", "is too long", "is a required property", "No such file", "Errno", "Permission denied",
           "could not", "expected", "found character", "while scanning", "while parsing", "error interno")


def run(argv: list[str]) -> tuple[int, str, str]:
    """``reglas argv`` in this process: exit code, stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def english(text: str) -> list[str]:
    """The English phrases found in ``text``."""
    return [phrase for phrase in ENGLISH if phrase in text]


def snapshot(root: Path) -> dict[str, tuple[str, int, int, bytes | str]]:
    """Every entry below ``root``: kind, size, modification time and contents of regular files (link targets of
    links), without following links or opening anything else."""
    entries: dict[str, tuple[str, int, int, bytes | str]] = {}
    for folder, dirs, names in os.walk(root):
        for name in dirs + names:
            path = Path(folder) / name
            info = path.lstat()
            if path.is_symlink():
                entries[str(path)] = ("link", 0, info.st_mtime_ns, os.readlink(path))
            elif path.is_file() and not path.is_symlink() and info.st_size < 2**20:
                entries[str(path)] = ("file", info.st_size, info.st_mtime_ns, path.read_bytes())
            else:
                entries[str(path)] = ("other", info.st_size, info.st_mtime_ns, b"")
    return entries
