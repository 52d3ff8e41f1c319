"""Argument types shared by the ``reglas`` command and the games' own subcommands (Spanish errors)."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def int_range(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, with a Spanish error otherwise."""

    def convert(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"«{text}» no es un número entero") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} está fuera del intervalo admitido ({low} a {high})")
        return value

    convert.__name__ = "número"
    return convert
