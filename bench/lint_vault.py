"""Lint speed on rules/, on a generated 1,000-note vault with tricky names, and on a generated vault shaped like
a real Obsidian vault (``python -m bench lint`` or ``python -m bench lint-real``).

The real-shaped vault copies the proportions of a 1,286-file vault that once took 20 s to lint: about 1,300 notes,
a few card-list notes of about 1 MB, about 12,000 wikilinks of which about 20 % are unresolved (many of them
distinct, as typos and not-yet-written notes are), aliases in front matter, ``[[Note#Heading]]`` and
``[[Note#^block]]`` links.
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from checker.paths import DEFAULT_VAULT
from checker.vault.lint import lint
from checker.vault.vault import Vault

_WORDS = ("carta", "desafío", "evasión", "tinta", "acción", "canción", "objeto", "ubicación", "daño", "turno",
          "jugador", "mazo", "descarte", "habilidad", "personaje", "leyenda", "símbolo", "fase", "ronda", "héroe")
_FOLDERS = ("Lorcana/Cartas", "Lorcana/Palabras clave", "Lorcana/Reglas", "Malifaux/Modelos", "Malifaux/Reglas",
            "Espadas/Facciones", "Espadas/Reglas", "Notas diarias/2024", "Notas diarias/2025", "Borradores")


def _generate(root: Path, notes: int) -> None:
    for i in range(notes):
        folder = root / f"Carpeta {i % 25} (v1.{i % 4})"
        folder.mkdir(parents=True, exist_ok=True)
        links = f"[[Nota {(i + 1) % notes}]] [[Nota {(i + 3) % notes}#Sección 2]] [[Nota {i}.md|yo]]"
        body = "".join(f"## Sección {s}\n\nTexto {links}\n\n" for s in range(6))
        (folder / f"Nota {i}.md").write_text(f"\ufeff---\ntags: [t]\n---\n# Nota {i}\n\n{body}", encoding="utf-8")


def _name(rng: random.Random, i: int) -> str:
    return f"{rng.choice(_WORDS).capitalize()} {rng.choice(_WORDS)} {i}"


def _link(rng: random.Random, names: list[str], missing: list[str]) -> str:
    """One wikilink: about 20 % to a missing note, the rest to notes, headings, blocks or aliases."""
    roll = rng.random()
    if roll < 0.2:
        return f"[[{rng.choice(missing)}]]"
    name = rng.choice(names)
    if roll < 0.35:
        return f"[[{name}#Sección {rng.randrange(3)}]]"
    if roll < 0.42:
        return f"[[{name}#^bloque-{rng.randrange(2)}]]"
    if roll < 0.5:
        return f"[[{name}|{name.lower()}]]"
    return f"[[{name}]]"


def generate_real(root: Path, notes: int = 1300, card_lists: int = 4, seed: int = 7) -> None:
    """Write a vault shaped like a real one (see the module's docstring) into ``root``."""
    rng = random.Random(seed)
    names = [_name(rng, i) for i in range(notes)]
    # Distinct unresolved targets: typos of real names and notes never written.
    missing = [rng.choice(names)[:-1] + "x" if rng.random() < 0.5 else f"Pendiente {_name(rng, i)}"
               for i in range(1500)]
    for i, name in enumerate(names):
        folder = root / _FOLDERS[i % len(_FOLDERS)]
        folder.mkdir(parents=True, exist_ok=True)
        front = f"---\naliases: [{name.upper()}, Alias {i}]\ntags: [reglas, t{i % 30}]\n---\n"
        if i < card_lists:
            body = _card_list(rng, names, missing, size=1_000_000)
        else:
            body = "".join(f"## Sección {s}\n\nTexto de la regla con {_link(rng, names, missing)} y "
                           f"{_link(rng, names, missing)}; más texto {'lorem ipsum ' * rng.randrange(2, 30)}"
                           f"^bloque-{s}\n\n" for s in range(3))
        (folder / f"{name}.md").write_text(f"{front}# {name}\n\n{body}", encoding="utf-8")


def _card_list(rng: random.Random, names: list[str], missing: list[str], size: int) -> str:
    """A long card list: one card a line, a few lines with links, padded with card text to ``size`` bytes."""
    lines: list[str] = []
    written = 0
    card = 0
    while written < size:
        card += 1
        link = f" — ver {_link(rng, names, missing)}" if card % 5 == 0 else ""
        line = (f"- **Carta {card}** ({rng.randrange(1, 9)} ⬡): {' '.join(rng.choices(_WORDS, k=25))}"
                f" `coste {card % 7}`{link}\n")
        lines.append(line)
        written += len(line.encode("utf-8"))
    return "".join(lines)


def _time(root: Path) -> tuple[float, int, int, int]:
    start = time.perf_counter()
    report = lint(Vault.load(root))
    return time.perf_counter() - start, report.files, report.links, len(report.problems)


def main() -> None:
    seconds, files, links, _ = _time(DEFAULT_VAULT)
    print(f"lint rules/: {files} notas, {links} enlaces en {seconds * 1000:.0f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        _generate(Path(tmp), 1000)
        seconds, files, links, _ = _time(Path(tmp))
        print(f"lint vault generado: {files} notas, {links} enlaces en {seconds * 1000:.0f} ms")
    real()


def real() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        generate_real(Path(tmp))
        seconds, files, links, problems = _time(Path(tmp))
        print(f"lint vault de forma real: {files} notas, {links} enlaces, {problems} problemas "
              f"en {seconds * 1000:.0f} ms")
