"""User-facing errors: where, what and how to fix it, in Spanish."""

from __future__ import annotations

from dataclasses import dataclass

#: Exit status for bad user input (files, arguments); 1 is kept for "problems found".
EXIT_BAD_INPUT = 2


@dataclass(frozen=True)
class Location:
    """A place in a user's file (1-based line and column; 0 means unknown)."""

    path: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line and self.column:
            return f"{self.path}:{self.line}:{self.column}"
        if self.line:
            return f"{self.path}:{self.line}"
        return self.path


class ReglasError(Exception):
    """An error caused by the user's input, reported without a traceback."""

    def __init__(self, what: str, *, where: Location | str | None = None, fix: str | None = None,
                 exit_code: int = EXIT_BAD_INPUT) -> None:
        super().__init__(what)
        self.what = what
        self.where = where
        self.fix = fix
        self.exit_code = exit_code

    def render(self) -> str:
        """One line (two with the fix) as printed by the CLI."""
        head = f"{self.where}: " if self.where else ""
        text = f"{head}error: {self.what}"
        if self.fix:
            text += f"\n  cómo arreglarlo: {self.fix}"
        return text
