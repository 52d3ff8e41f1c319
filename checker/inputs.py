"""The user's files, read safely: regular files only, of bounded size, as UTF-8, with Spanish errors.

Every command that reads a file the user names (scenarios, card files, lists, notes) goes through here, so a FIFO,
a device, a dangling link, a folder where a file was expected, a huge file or bytes that are not UTF-8 give one clear
error instead of a hang or a traceback.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path

from checker.errors import Location, ReglasError

#: Larger files are refused: the biggest real input (the Lorcana corpus) is about 4 MB.
MAX_BYTES = 16 * 1024 * 1024


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "una carpeta"
    if stat.S_ISFIFO(mode):
        return "una tubería (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "un dispositivo"
    if stat.S_ISSOCK(mode):
        return "un socket"
    return "un archivo especial"


def check_regular(path: Path, *, fix: str, limit: int = MAX_BYTES) -> int:
    """The size of ``path``, or a ReglasError unless it is a readable regular file of at most ``limit`` bytes."""
    try:
        info = path.stat()
    except FileNotFoundError:
        if path.is_symlink():
            raise ReglasError("es un enlace que apunta a un archivo que no existe", where=str(path),
                              fix="corrige o borra el enlace") from None
        raise ReglasError("no existe el archivo", where=str(path), fix=fix) from None
    except OSError as error:
        raise ReglasError(f"no se puede leer ({describe_os_error(error)})", where=str(path), fix=fix) from None
    if not stat.S_ISREG(info.st_mode):
        raise ReglasError(f"no es un archivo normal, es {_kind(info.st_mode)}", where=str(path), fix=fix)
    if info.st_size > limit:
        raise ReglasError(f"el archivo ocupa {info.st_size / 1e6:.1f} MB y el máximo es {limit / 1e6:.0f} MB",
                          where=str(path), fix="divídelo en archivos más pequeños")
    return info.st_size


def read_bytes(path: Path, *, fix: str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (see :func:`check_regular`)."""
    check_regular(path, fix=fix, limit=limit)
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as error:
        raise ReglasError(f"no se puede leer ({describe_os_error(error)})", where=str(path), fix=fix) from None
    if len(data) > limit:
        raise ReglasError(f"el archivo ocupa más de {limit / 1e6:.0f} MB", where=str(path),
                          fix="divídelo en archivos más pequeños")
    return data


def decode(data: bytes, source: str) -> str:
    """UTF-8 text (a leading BOM dropped), or an error naming the line and column of the first bad byte."""
    offset = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    try:
        return data[offset:].decode("utf-8")
    except UnicodeDecodeError as error:
        start = offset + error.start
        before = data[:start]
        line = before.count(b"\n") + 1
        column = start - (before.rfind(b"\n") + 1) + 1
        raise ReglasError(f"el archivo no está en UTF-8 (byte 0x{data[start]:02x} no válido)",
                          where=Location(source, line, column),
                          fix="guárdalo con la codificación UTF-8") from None


def read_text(path: Path, *, fix: str, limit: int = MAX_BYTES) -> str:
    """The UTF-8 text of a regular file of bounded size, or a ReglasError saying where, what and how to fix it."""
    return decode(read_bytes(path, fix=fix, limit=limit), str(path))


def describe_os_error(error: OSError) -> str:
    """An operating-system error in Spanish words."""
    words = {
        errno.ENOENT: "no existe", errno.EACCES: "sin permiso de lectura", errno.EPERM: "operación no permitida",
        errno.EISDIR: "es una carpeta", errno.ENOTDIR: "una parte de la ruta no es una carpeta",
        errno.ELOOP: "demasiados enlaces encadenados (¿un enlace que apunta a sí mismo?)",
        errno.ENAMETOOLONG: "el nombre es demasiado largo", errno.ENOSPC: "no queda espacio en el disco",
        errno.EROFS: "el sistema de archivos es de solo lectura", errno.EIO: "error de entrada/salida",
    }
    return words.get(error.errno or 0, f"error del sistema {error.errno or ''}".strip())


def walk_files(folder: Path, suffixes: Iterable[str]) -> Iterator[Path]:
    """Regular files below ``folder`` with one of ``suffixes``, sorted; links are not followed into loops, and
    FIFOs, devices and dangling links are skipped (a caller that must report them checks with
    :func:`check_regular`)."""
    wanted = tuple(suffixes)
    found: list[Path] = []
    for root, dirs, names in os.walk(folder, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found += (Path(root) / name for name in names if name.endswith(wanted))
    yield from sorted(found)
