"""The vault's files the build must not read: MkDocs would hang on a FIFO or a link to /dev/zero, stop on bytes that
are not UTF-8, and publish files lint never saw. Each one is left out of the site with a warning saying why."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from checker.errors import ReglasError
from checker.inputs import check_regular
from checker.text import nfc
from checker.vault.resolver import is_note
from checker.vault.vault import Vault

_FIX = "quita ese archivo del vault o sustitúyelo por un archivo normal"


def skipped_files(vault: Vault, files: Any, docs_dir: str) -> tuple[list[Any], list[str]]:
    """The MkDocs files of the vault to leave out, and the warnings («file: what — how to fix») saying why."""
    docs = Path(docs_dir).resolve()
    known = set(vault.files)
    unreadable = {u.path: u for u in vault.unreadable}
    skipped: list[Any] = []
    warnings: list[str] = []
    outside = 0
    for file in files:
        if file.src_dir is None or Path(file.src_dir).resolve() != docs or not file.inclusion.is_included():
            continue
        path = nfc(file.src_uri)
        problem = None
        if path not in known:
            outside += 1
            skipped.append(file)
        elif path in unreadable:
            problem = f"{unreadable[path].what} — cómo arreglarlo: {unreadable[path].fix}"
        elif vault.on_disk.get(path, path) != file.src_uri:
            problem = ("otro archivo se llama igual salvo por la normalización Unicode de sus letras — cómo "
                       "arreglarlo: deja uno solo, renombrando o borrando el otro")
        elif not is_note(path):
            try:
                check_regular(Path(file.abs_src_path), fix=_FIX)
            except ReglasError as error:
                problem = f"{error.what} — cómo arreglarlo: {error.fix}"
        if problem is not None:
            skipped.append(file)
            warnings.append(f"{vault.root / file.src_uri}: {problem} (no se publica)")
    if outside:
        count = f"{outside} archivo" + ("s" if outside > 1 else "")
        warnings.append(f"{vault.root}: no se publica{'n' if outside > 1 else ''} {count} de carpetas enlazadas "
                        "(symlinks), que lint no revisa — cómo arreglarlo: copia esas carpetas dentro del vault")
    return skipped, warnings


def publish_as_nfc(files: Any, docs_dir: str) -> None:
    """Give each file of the vault whose name is not NFC on disk (as macOS may write it) its NFC name, as the
    vault, its links and the navigation call it; it is still read from its name on disk."""
    docs = Path(docs_dir).resolve()
    for file in list(files):
        if file.src_dir is None or Path(file.src_dir).resolve() != docs or nfc(file.src_uri) == file.src_uri:
            continue
        on_disk = file.abs_src_path  # computed (and cached) from the name on disk before renaming
        files.remove(file)
        file.src_uri = nfc(file.src_uri)
        for stale in ("name", "dest_uri", "url", "abs_dest_path"):
            file.__dict__.pop(stale, None)
        file.__dict__["abs_src_path"] = on_disk
        files.append(file)
