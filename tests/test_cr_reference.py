"""The Lorcana vault against the official Comprehensive Rules text (../shared/references, read at run time): every
numbered rule under its number, every glossary term with its own entry."""

from __future__ import annotations

import re

import pytest

from checker.games.lorcana.commands import coverage
from checker.games.lorcana.reference import DEFAULT_REFERENCE, Reference, read_reference
from checker.paths import DEFAULT_VAULT
from checker.text import fold
from checker.vault.vault import Vault


@pytest.fixture(scope="module")
def reference() -> Reference:
    if not DEFAULT_REFERENCE.is_file():
        pytest.fail(f"falta {DEFAULT_REFERENCE}: la carpeta shared/ debe estar junto al proyecto")
    return read_reference(DEFAULT_REFERENCE)


@pytest.fixture(scope="module")
def vault() -> Vault:
    return Vault.load(DEFAULT_VAULT)


def test_the_reader_finds_the_whole_cr(reference: Reference) -> None:
    assert reference.version == "2.1.0"
    assert len(reference.numbers) > 500 and len(set(reference.numbers)) == len(reference.numbers)
    assert {n.split(".")[0] for n in reference.numbers} == {str(s) for s in range(1, 11)}
    assert len(reference.glossary) >= 100


def test_every_numbered_rule_of_the_cr_is_in_the_vault(reference: Reference, vault: Vault) -> None:
    report = coverage(reference, vault)
    missing = [n for s in report["sections"].values() for n in s["missing"]]
    assert not missing, f"faltan {len(missing)} reglas: {', '.join(missing[:20])}"


def test_every_glossary_term_has_its_entry(reference: Reference, vault: Vault) -> None:
    note = vault.notes["Lorcana/Glosario de Lorcana.md"]
    originals = {_key(m.group(1)) for h in note.headings if h.level == 3
                 for m in [re.search(r"\(([^()]*)\)\s*$", h.text)] if m}
    missing = [term for term in reference.glossary if _key(term) not in originals]
    assert not missing, f"términos del glosario sin entrada: {missing}"


def _key(term: str) -> str:
    """A glossary term without the PDF's stray symbols, case and accents."""
    return " ".join(fold(re.sub(r"[^\w/,\- ]", " ", re.sub(r"\{\w\}", "", term))).lower().split())
