"""The user's files, read safely: regular files only, of bounded size, as UTF-8, with Spanish errors.

Every command that reads a file the user names (scenarios, card files, lists, notes) goes through here, so a FIFO,
a device, a dangling link, a folder where a file was expected, a huge file or bytes that are not UTF-8 give one clear
error instead of a hang or a traceback.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.errors import Location, ReglasError

#: Larger files are refused: the biggest real input (the Lorcana corpus) is about 4 MB.
MAX_BYTES = 16 * 1024 * 1024


def describe_kind(mode: int) -> str:
    """What a file that is not a regular file is, in Spanish («una carpeta», «una tubería (FIFO)»…)."""
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
        raise ReglasError(f"no es un archivo normal, es {describe_kind(info.st_mode)}", where=str(path), fix=fix)
    if info.st_size > limit:
        raise ReglasError(f"el archivo ocupa {info.st_size / 2**20:.1f} MB y el máximo es {limit / 2**20:.0f} MB",
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
        raise ReglasError(f"el archivo ocupa más de {limit / 2**20:.0f} MB", where=str(path),
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
    """Files below ``folder`` with one of ``suffixes``, sorted, without following links to folders (no loops) or
    entering hidden folders. FIFOs, devices and dangling links are listed too: reading them through this module
    reports them instead of hanging."""
    wanted = tuple(suffixes)
    found: list[Path] = []
    for root, dirs, names in os.walk(folder, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found += (Path(root) / name for name in names if name.endswith(wanted))
    yield from sorted(found)


def read_json(path: Path, *, fix: str, limit: int = MAX_BYTES) -> Any:
    """The JSON document of a regular UTF-8 file of bounded size; bad syntax or runaway nesting is a ReglasError
    with the line and column."""
    text = read_text(path, fix=fix, limit=limit)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ReglasError(f"JSON no válido ({error.msg})", where=Location(str(path), error.lineno, error.colno),
                          fix=fix) from None
    except RecursionError:
        raise ReglasError("el JSON anida demasiados niveles de listas u objetos", where=str(path), fix=fix) from None


#: What :meth:`JsonAt.key` holds for a member the object does not have.
class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()


def _json_kind(value: Any) -> str:
    if value is ABSENT:
        return "nada (falta)"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "un booleano"
    if isinstance(value, (int, float)):
        return "un número"
    if isinstance(value, str):
        return "un texto"
    if isinstance(value, list):
        return "una lista"
    return "un objeto"


@dataclass(frozen=True)
class JsonAt:
    """A value of a JSON document with where it is: the file and the JSON path (``$.cards[3].abilities[0]``).

    Reading through it turns a value of the wrong type into a ReglasError that names both, instead of a
    TypeError deep inside the reader.
    """

    value: Any
    source: str
    fix: str
    path: str = "$"

    def fail(self, expected: str) -> ReglasError:
        """The error for this value: what was expected and what is there."""
        return ReglasError(f"en {self.path} se esperaba {expected} y hay {_json_kind(self.value)}",
                           where=self.source, fix=self.fix)

    def key(self, name: str) -> JsonAt:
        """The member ``name`` of this object (:data:`ABSENT` when it has none)."""
        return JsonAt(self.mapping().get(name, ABSENT), self.source, self.fix, f"{self.path}.{name}")

    def mapping(self) -> dict[str, Any]:
        """This value, which must be an object."""
        if not isinstance(self.value, dict):
            raise self.fail("un objeto")
        return self.value

    def items(self, *, optional: bool = False) -> list[JsonAt]:
        """The elements of this list (an absent member is no elements when ``optional``; null is an error)."""
        if optional and self.value is ABSENT:
            return []
        if not isinstance(self.value, list):
            raise self.fail("una lista")
        return [JsonAt(item, self.source, self.fix, f"{self.path}[{index}]") for index, item in enumerate(self.value)]

    def text(self, *, optional: bool = True) -> str:
        """This string (an absent member or null is ``""`` when ``optional``)."""
        if optional and (self.value is None or self.value is ABSENT):
            return ""
        if not isinstance(self.value, str):
            raise self.fail("un texto")
        return self.value

    def flag(self) -> bool:
        """This boolean (absent or null is false)."""
        if self.value is None or self.value is ABSENT:
            return False
        if not isinstance(self.value, bool):
            raise self.fail("verdadero o falso (true/false)")
        return self.value
