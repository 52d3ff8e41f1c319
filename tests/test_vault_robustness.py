"""Vault files that cannot be read (FIFO, device, dangling link, link loop, huge, not UTF-8), names that differ only in
Unicode normalisation, and vault paths that are not a vault: Spanish problems or errors, never a hang, a traceback
or a change to the user's files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from checker.vault.lint import DUPLICATE_NAME, ENCODING, UNREADABLE, lint
from checker.vault.vault import Vault
from tests.conftest import MakeVault
from tests.vault_helpers import english, run, snapshot

GOOD = "---\nid: demo:1\n---\n# Buena\n\n## 1.1 Uno\n\n[[Otra]] [[Falta]]\n"
NFC, NFD = unicodedata.normalize("NFC", "Evasión"), unicodedata.normalize("NFD", "Evasión")


def bad_vault(make_vault: MakeVault) -> Path:
    """A vault with two good notes and one of every kind of file that cannot be read."""
    root = make_vault({"Buena.md": GOOD, "Otra.md": "# Otra\n", "latin.md": "# Año\n".encode("latin-1")})
    os.mkfifo(root / "tubo.md")
    (root / "roto.md").symlink_to(root / "nunca.md")
    (root / "bucle1.md").symlink_to(root / "bucle2.md")
    (root / "bucle2.md").symlink_to(root / "bucle1.md")
    (root / "cero.md").symlink_to("/dev/zero")
    (root / "imagen.png").symlink_to("/dev/zero")
    with (root / "enorme.md").open("wb") as handle:
        handle.truncate(17 * 2**20)  # sparse: 17 MB without writing them
    return root


def test_unreadable_files_are_problems_and_the_rest_is_linted(make_vault: MakeVault) -> None:
    root = bad_vault(make_vault)
    before = snapshot(root)
    code, out, err = run(["lint", str(root), "--json"])
    assert code == 1 and not err and snapshot(root) == before
    data = json.loads(out)
    found = {(p["file"], p["kind"]) for p in data["problems"]}
    assert {(name, UNREADABLE) for name in ("tubo.md", "roto.md", "bucle1.md", "bucle2.md", "cero.md",
                                            "enorme.md")} <= found
    assert ("latin.md", ENCODING) in found
    assert ("Buena.md", "unresolved") in found  # the good notes are still linted
    assert data["files"] == 2 and not english(out)
    messages = {p["file"]: p["message"] + " " + p["fix"] for p in data["problems"]}
    assert "FIFO" in messages["tubo.md"] and "dispositivo" in messages["cero.md"]
    assert "enlace" in messages["roto.md"] and "enlaces encadenados" in messages["bucle1.md"]
    assert "MB" in messages["enorme.md"] and "UTF-8" in messages["latin.md"]


def test_bad_vault_in_a_separate_process_does_not_hang(make_vault: MakeVault) -> None:
    root = bad_vault(make_vault)
    done = subprocess.run([sys.executable, "-m", "checker", "lint", str(root)], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 1 and "tubo.md" in done.stdout and not english(done.stdout + done.stderr)


def test_explain_skips_unreadable_files_and_names_them(make_vault: MakeVault) -> None:
    root = bad_vault(make_vault)
    code, out, _ = run(["explain", "demo:1.1", "--vault", str(root)])
    assert code == 0 and out.startswith("demo:1.1 — Uno")
    code, _, err = run(["explain", "demo:9", "--vault", str(root)])
    assert code == 2 and "no existe la regla «demo:9»" in err and "bucle1.md" in err and "7 archivos" in err
    assert not english(err)


def test_site_build_skips_unreadable_files_with_a_warning(make_vault: MakeVault, tmp_path: Path) -> None:
    root = bad_vault(make_vault)
    before = snapshot(root)
    code, out, err = run(["site", "build", "--vault", str(root), "--out", str(tmp_path / "sitio"), "--no-strict"])
    assert code == 0 and "Sitio construido" in out and snapshot(root) == before
    for name in ("tubo.md", "roto.md", "bucle1.md", "cero.md", "enorme.md", "latin.md", "imagen.png"):
        assert f"{name}: " in err and "(no se publica)" in err
    assert (tmp_path / "sitio" / "buena" / "index.html").is_file()
    code, _, err = run(["site", "build", "--vault", str(root), "--out", str(tmp_path / "estricto")])
    assert code == 2 and "modo estricto" in err and "Traceback" not in err


def test_names_differing_only_in_normalisation(make_vault: MakeVault) -> None:
    root = make_vault({f"{NFC}.md": "# NFC\n\n## Sección\n", "Nota.md": f"# Nota\n\n[[{NFD}#Sección]] [[{NFC}]]\n"})
    (root / f"{NFD}.md").write_text("# NFD\n", encoding="utf-8")
    if len(os.listdir(root)) < 3:
        pytest.skip("el sistema de archivos normaliza los nombres")
    report = lint(Vault.load(root))
    assert [(p.kind, p.file) for p in report.problems] == [(DUPLICATE_NAME, f"{NFC}.md")]
    assert "normalización Unicode" in report.problems[0].message and report.problems[0].fix
    assert Vault.load(root).notes[f"{NFC}.md"].title == "NFC"  # the one written in NFC is kept


def test_nfd_name_and_links_resolve_as_nfc(make_vault: MakeVault) -> None:
    root = make_vault({f"{NFD}.md": "# E\n\n## Sección\n", "Nota.md": f"# N\n\n[[{NFC}#Sección]] [[{NFD}]]\n"})
    vault = Vault.load(root)
    assert f"{NFC}.md" in vault.notes
    assert lint(vault).problems == []


def test_empty_vault_says_so(tmp_path: Path) -> None:
    for argv in (["lint", str(tmp_path)], ["explain", "1", "--vault", str(tmp_path)]):
        code, _, err = run(argv)
        assert code == 2 and "está vacía" in err and "cómo arreglarlo" in err and "no existe la regla" not in err


def test_vault_without_notes_or_rules(make_vault: MakeVault) -> None:
    code, _, err = run(["lint", str(make_vault({"foto.png": b"\x89PNG"}))])
    assert code == 2 and "no tiene notas" in err
    code, _, err = run(["explain", "demo:1", "--vault", str(make_vault({"a.md": "# A\n"}))])
    assert code == 2 and "no declara ninguna regla" in err and "cómo arreglarlo" in err


def test_vault_path_that_is_a_file_or_missing(tmp_path: Path) -> None:
    note = tmp_path / "nota.md"
    note.write_text("# A\n", encoding="utf-8")
    for command in (["lint", str(note)], ["explain", "1", "--vault", str(note)]):
        code, _, err = run(command)
        assert code == 2 and "es un archivo, no la carpeta de un vault" in err and "no existe" not in err
    code, _, err = run(["lint", str(tmp_path / "nada")])
    assert code == 2 and "no existe la carpeta del vault" in err
    (tmp_path / "enlace").symlink_to(tmp_path / "nada")
    code, _, err = run(["lint", str(tmp_path / "enlace")])
    assert code == 2 and "enlace que apunta a algo que no existe" in err
    fifo = tmp_path / "tubo"
    os.mkfifo(fifo)
    code, _, err = run(["lint", str(fifo)])
    assert code == 2 and "tubería" in err


def test_bad_file_names_are_reported(tmp_path: Path) -> None:
    root = tmp_path / "vault"
    root.mkdir()
    (root / "a.md").write_text("# A\n", encoding="utf-8")
    try:
        with open(os.fsencode(root) + b"/mal\xff.md", "wb") as handle:
            handle.write(b"# M\n")
    except OSError:
        pytest.skip("el sistema de archivos no admite nombres que no son UTF-8")
    code, out, err = run(["lint", str(root)])
    assert code == 1 and "no está en UTF-8" in out and not err


def test_site_refuses_a_folder_link_loop(make_vault: MakeVault, tmp_path: Path) -> None:
    root = make_vault({"index.md": "# Inicio\n", "sub/a.md": "# A\n"})
    (root / "sub" / "arriba").symlink_to("..")
    (root / "aqui").symlink_to(".")
    assert run(["lint", str(root)])[0] == 0  # lint never follows links to folders
    code, _, err = run(["site", "build", "--vault", str(root), "--out", str(tmp_path / "sitio")])
    assert code == 2 and "es un enlace a una carpeta que lo contiene" in err and "cómo arreglarlo" in err
