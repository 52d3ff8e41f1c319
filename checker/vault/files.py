"""The vault's files on disk, read safely: every file's vault path, the text of every note, and what could not be
read (a FIFO, a device, a dangling link, a link loop, a huge file, bytes that are not UTF-8, an unlistable folder,
two names that differ only in Unicode normalisation), each with what is wrong and how to fix it, in Spanish."""

from __future__ import annotations

import os
import stat
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from checker.errors import Location, ReglasError
from checker.inputs import decode, describe_kind, describe_os_error, read_bytes
from checker.text import nfc
from checker.vault.resolver import NotePath, is_note

_NOT_A_NOTE = "quita ese archivo del vault o sustitúyelo por una nota de texto (.md)"
_ROOT_FIX = "indica la carpeta de un vault de Obsidian, p. ej. «rules»"


@dataclass(frozen=True)
class Unreadable:
    """A file (or folder) of the vault that could not be read: where, what is wrong and how to fix it."""

    path: NotePath
    what: str
    fix: str
    line: int = 1
    column: int = 0
    #: The bytes were read but are not UTF-8 (the other cases are about the file itself).
    encoding: bool = False


@dataclass(frozen=True)
class NameClash:
    """A file whose name, normalised to NFC, is that of a file already read: only the first one is used."""

    path: NotePath
    #: The forms of the name on disk, in the order read, e.g. ``("NFC", "NFD")``.
    forms: tuple[str, str]


@dataclass
class VaultFiles:
    """What :func:`scan` found below a vault folder."""

    files: list[NotePath] = field(default_factory=list)
    texts: dict[NotePath, str] = field(default_factory=dict)
    unreadable: list[Unreadable] = field(default_factory=list)
    clashes: list[NameClash] = field(default_factory=list)
    #: The path of each file as written on disk (relative to the vault), when its name is not already NFC.
    on_disk: dict[NotePath, str] = field(default_factory=dict)


def check_root(root: Path) -> None:
    """A ReglasError saying precisely why ``root`` is not a folder that can be listed, if it is not."""
    try:
        info = root.stat()
    except FileNotFoundError:
        if root.is_symlink():
            raise ReglasError(f"la carpeta del vault «{root}» es un enlace que apunta a algo que no existe",
                              fix="corrige el enlace o indica la carpeta real del vault") from None
        raise ReglasError(f"no existe la carpeta del vault «{root}»", fix=_ROOT_FIX) from None
    except OSError as error:
        raise ReglasError(f"no se puede abrir la carpeta del vault «{root}» ({describe_os_error(error)})",
                          fix=_ROOT_FIX) from None
    if stat.S_ISREG(info.st_mode):
        raise ReglasError(f"«{root}» es un archivo, no la carpeta de un vault",
                          fix=f"indica la carpeta que contiene las notas .md, p. ej. «{root.parent}»")
    if not stat.S_ISDIR(info.st_mode):
        raise ReglasError(f"«{root}» no es una carpeta, es {describe_kind(info.st_mode)}", fix=_ROOT_FIX)
    try:
        with os.scandir(root):
            pass
    except OSError as error:
        raise ReglasError(f"no se puede abrir la carpeta del vault «{root}» ({describe_os_error(error)})",
                          fix="da permiso de lectura a la carpeta o indica otra") from None


def scan(root: Path) -> VaultFiles:
    """Every file below ``root`` (dot-files and dot-folders such as ``.obsidian`` skipped, links to folders not
    followed), with the text of each ``.md`` note; ``root`` must pass :func:`check_root`."""
    found = VaultFiles()
    first_name: dict[NotePath, str] = {}

    def unlistable(error: OSError) -> None:
        where = _relative(root, Path(error.filename or root))
        found.unreadable.append(Unreadable(where, f"no se puede abrir la carpeta ({describe_os_error(error)})",
                                           "da permiso de lectura a la carpeta o sácala del vault"))

    for folder, dirs, names in os.walk(root, onerror=unlistable):
        dirs[:] = sorted((d for d in dirs if not d.startswith(".")), key=lambda n: (nfc(n), n != nfc(n), n))
        # Names equal once normalised sit together, the one written in NFC first: it is the one kept.
        for name in sorted(names, key=lambda n: (nfc(n), n != nfc(n), n)):
            if name.startswith("."):
                continue
            disk = Path(folder) / name
            raw = _relative(root, disk)
            path = nfc(_printable(raw))
            if raw != _printable(raw):
                found.unreadable.append(Unreadable(path, "el nombre del archivo no está en UTF-8",
                                                   "renómbralo con letras normales (UTF-8)"))
                continue
            if path in first_name:
                found.clashes.append(NameClash(path, (_form(first_name[path]), _form(raw))))
                continue
            first_name[path] = raw
            if raw != path:
                found.on_disk[path] = raw
            found.files.append(path)
            if is_note(path):
                _read_note(disk, path, found)
    return found


def folder_link_loop(root: Path) -> str | None:
    """The first link to a folder that contains it (directly or through other links), as a path below ``root``.

    Lint never follows links to folders, but MkDocs does, and such a loop makes its walk endless.
    """
    stack: list[tuple[Path, str, frozenset[str]]] = [(root, "", frozenset({os.path.realpath(root)}))]
    while stack:
        folder, shown, ancestors = stack.pop()
        try:
            with os.scandir(folder) as entries:
                children = sorted(entries, key=lambda e: e.name, reverse=True)
        except OSError:
            continue
        for entry in children:
            try:
                if not entry.is_dir():
                    continue
            except OSError:
                continue
            real = os.path.realpath(entry.path)
            where = f"{shown}{entry.name}"
            if real in ancestors:
                return where
            stack.append((Path(entry.path), where + "/", ancestors | {real}))
    return None


def _read_note(disk: Path, path: NotePath, found: VaultFiles) -> None:
    try:
        data = read_bytes(disk, fix=_NOT_A_NOTE)
    except ReglasError as error:
        found.unreadable.append(Unreadable(path, error.what, error.fix or _NOT_A_NOTE))
        return
    try:
        text = decode(data, path)
    except ReglasError as error:
        where = error.where if isinstance(error.where, Location) else Location(path, 1)
        found.unreadable.append(Unreadable(path, error.what, error.fix or "guárdalo con la codificación UTF-8",
                                           where.line or 1, where.column, encoding=True))
        return
    found.texts[path] = text.replace("\r\n", "\n")


def _relative(root: Path, path: Path) -> str:
    relative = os.path.relpath(path, root)
    return "." if relative == "." else Path(relative).as_posix()


def _printable(name: str) -> str:
    """``name`` with bytes that are not UTF-8 (kept by Python as surrogates) replaced by «�»."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _form(name: str) -> str:
    return "NFC" if unicodedata.is_normalized("NFC", name) else "NFD" \
        if unicodedata.is_normalized("NFD", name) else "mixta"
