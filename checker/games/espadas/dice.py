"""Action dice (espadas:7): colours and faces, costs, rerolls that keep ever more dice, and paying exactly."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction

from checker.errors import ReglasError
from checker.scenario.model import Refused

#: A die's colour: R (red), G (green), B (blue), the letters of the costs.
Color = str

#: Faces of each colour on an action die (espadas:7.2): 3 red, 2 green, 1 blue.
FACES: dict[Color, int] = {"R": 3, "G": 2, "B": 1}
COLORS: tuple[Color, ...] = tuple(FACES)
NAMES: dict[Color, str] = {"R": "rojo", "G": "verde", "B": "azul"}
PROBABILITY: dict[Color, Fraction] = {c: Fraction(n, 6) for c, n in FACES.items()}
#: Dice in the pool before modifiers (espadas:7.1).
BASE_POOL = 5


def colors(text: object, where: str) -> list[Color]:
    """Die colours written as letters («RRG», ``[R, G]``), or a clear error."""
    letters = "".join(str(x) for x in text) if isinstance(text, list) else str(text or "")
    letters = letters.replace(" ", "").upper()
    wrong = sorted({c for c in letters if c not in FACES})
    if wrong:
        raise ReglasError(f"{where}: «{''.join(wrong)}» no es un color de dado",
                          fix="escribe los dados y costes con R (rojo), G (verde) y B (azul), p. ej. «RRG»")
    return list(letters)


def cost_text(cost: Iterable[Color]) -> str:
    """A cost in canonical order (R, G, B): «GRB» → «RGB»."""
    counts = Counter(cost)
    return "".join(c * counts[c] for c in COLORS)


def covers(pool: Sequence[Color], cost: Sequence[Color]) -> bool:
    """Whether ``pool`` holds at least the dice of ``cost``, colour by colour."""
    have, need = Counter(pool), Counter(cost)
    return all(have[c] >= n for c, n in need.items())


def pay(ready: list[Color], cost: Sequence[Color], dice: Sequence[Color] | None = None) -> list[Color]:
    """Spend dice matching ``cost`` exactly in number and colour (espadas:10.4.1); returns the dice spent."""
    chosen = list(dice) if dice is not None else list(cost)
    if Counter(chosen) != Counter(cost):
        raise Refused(f"los dados {cost_text(chosen) or '(ninguno)'} no igualan el coste {cost_text(cost)} "
                      "en número y color", "espadas:10.4.1")
    if not covers(ready, chosen):
        raise Refused(f"los dados preparados ({cost_text(ready) or 'ninguno'}) no alcanzan para pagar "
                      f"{cost_text(cost)}", "espadas:10.4", "espadas:7.6")
    for die in chosen:
        ready.remove(die)
    return chosen


def min_keep(reroll_number: int, previous_keep: int) -> int:
    """The fewest dice a reroll must keep: 1 on the first, one more than the previous after (espadas:7.4–7.5)."""
    return 1 if reroll_number == 1 else previous_keep + 1


def check_keep(pool: Sequence[Color], keep: Sequence[Color], reroll_number: int, previous_keep: int) -> None:
    """Refuse a reroll that keeps dice not rolled, or too few of them."""
    if not covers(pool, keep):
        raise Refused(f"no se pueden guardar {cost_text(keep)}: la tirada es {cost_text(pool)}", "espadas:7.4")
    least = min_keep(reroll_number, previous_keep)
    if len(keep) < least:
        rule = "espadas:7.4" if reroll_number == 1 else "espadas:7.5"
        detail = "al menos 1 dado" if reroll_number == 1 else \
            f"al menos {least} dados (uno más que los {previous_keep} de la repetición anterior)"
        raise Refused(f"la repetición {reroll_number} guarda {len(keep)} dados y debe guardar {detail}", rule)
