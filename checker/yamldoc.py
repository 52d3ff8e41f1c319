"""YAML documents with the line of every key and item, for errors that point into the user's file."""

from __future__ import annotations

from typing import Any

import yaml

from checker.errors import Location, ReglasError

KeyPath = tuple[str | int, ...]


def _lines(node: yaml.Node, path: KeyPath, out: dict[KeyPath, int]) -> None:
    out[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            out[(*path, str(key.value))] = key.start_mark.line + 1
            _lines(value, (*path, str(key.value)), out)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _lines(item, (*path, index), out)


def line_of(lines: dict[KeyPath, int], path: KeyPath) -> int:
    """The line of ``path`` or of its nearest written ancestor."""
    while path and path not in lines:
        path = path[:-1]
    return lines.get(path, 1)


def show(path: KeyPath) -> str:
    """``scenarios[2].state`` for a key path."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".") or "(raíz)"


#: Deeper documents are refused before composing (PyYAML composes recursively).
MAX_DEPTH = 60
#: Documents that expand, through aliases, to more nodes than this are refused (a "billion laughs" bomb).
MAX_NODES = 200_000


def _line(mark: Any) -> int:
    return mark.line + 1 if mark is not None else 0


def _depth_check(text: str, source: str, loader: Any) -> None:
    """Refuse nesting deeper than MAX_DEPTH, reading events (which PyYAML produces without recursion)."""
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise ReglasError(f"el YAML anida más de {MAX_DEPTH} niveles",
                                  where=Location(source, _line(event.start_mark)),
                                  fix="aplana la estructura; ningún archivo de reglas necesita tanta profundidad")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _expanded_size(root: yaml.Node, source: str) -> None:
    """Refuse documents whose aliases expand to more than MAX_NODES nodes, or that contain themselves."""
    sizes: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            on_path.discard(key)
            children = _children(node)
            sizes[key] = 1 + sum(sizes[id(child)] for child in children)
            if sizes[key] > MAX_NODES:
                raise ReglasError(f"el YAML se expande a más de {MAX_NODES:,} nodos a través de sus alias "
                                  "(«*nombre»)".replace(",", "."),
                                  where=Location(source, _line(node.start_mark)),
                                  fix="escribe los datos sin encadenar alias que se multiplican")
            continue
        if key in sizes:
            continue
        if key in on_path:
            raise ReglasError("un alias del YAML se contiene a sí mismo (estructura circular)",
                              where=Location(source, _line(node.start_mark)),
                              fix="usa un alias solo fuera del bloque que marca su ancla «&nombre»")
        on_path.add(key)
        stack.append((node, True))
        stack.extend((child, False) for child in _children(node) if id(child) not in sizes)


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _duplicate_keys(root: yaml.Node, source: str) -> None:
    """Refuse a mapping that repeats a key: YAML would silently keep the last value."""
    seen_nodes: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen_nodes:
            continue
        seen_nodes.add(id(node))
        if isinstance(node, yaml.MappingNode):
            keys: dict[object, int] = {}
            for key, _ in node.value:
                if isinstance(key, yaml.ScalarNode) and key.tag != "tag:yaml.org,2002:merge":
                    line = key.start_mark.line + 1
                    if key.value in keys:
                        raise ReglasError(f"la clave «{key.value}» se repite en el mismo mapa (ya está en la línea "
                                          f"{keys[key.value]}); YAML se quedaría solo con el último valor",
                                          where=Location(source, line), fix="deja una sola vez cada clave")
                    keys[key.value] = line
        stack.extend(_children(node))


def load_checked(text: str, source: str, loader: Any = yaml.SafeLoader) -> tuple[Any, yaml.Node | None]:
    """The data and the root node of the one YAML document in ``text``, read with ``loader`` (a SafeLoader or
    CSafeLoader class), or a ReglasError in Spanish (at the line in ``text``) for invalid YAML, nesting deeper than
    MAX_DEPTH, aliases expanding past MAX_NODES or containing themselves, a key written twice in one mapping, or a
    value its tag cannot hold (an impossible date, a number of thousands of digits)."""
    try:
        _depth_check(text, source, loader)
        instance = loader(text)
        try:
            root = instance.get_single_node()
            if root is not None:
                _expanded_size(root, source)
                _duplicate_keys(root, source)
            data = instance.construct_document(root) if root is not None else None
        finally:
            instance.dispose()
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise ReglasError(f"YAML no válido ({_spanish_problem(error)})",
                          where=Location(source, (mark.line + 1) if mark else 0),
                          fix="revisa la sangría, los dos puntos y las comillas de esa línea") from None
    except ValueError:  # raised by the constructors of dates and numbers, with no line
        raise ReglasError("YAML no válido (un valor no se puede leer: una fecha imposible, un número con miles de "
                          "cifras o un valor que no cabe en su etiqueta «!!»)", where=Location(source),
                          fix="escribe ese valor entre comillas para que sea texto, o corrígelo") from None
    return data, root


def load_yaml(text: str, source: str) -> tuple[Any, dict[KeyPath, int]]:
    """The document's data and the line of every key path, or a clear error for invalid YAML, nesting deeper than
    MAX_DEPTH, aliases expanding past MAX_NODES, or a key written twice in one mapping (see :func:`load_checked`)."""
    data, root = load_checked(text, source)
    lines: dict[KeyPath, int] = {}
    if root is not None:
        _lines(root, (), lines)
    return data, lines


_PROBLEMS = (
    ("could not find expected ':'", "falta «:» tras una clave"),
    ("mapping values are not allowed here", "no se esperaba «:» aquí"),
    ("found character that cannot start any token", "un carácter no puede empezar un valor (¿un tabulador?)"),
    ("found undefined alias", "un alias «*nombre» sin ancla «&nombre» anterior"),
    ("expected a single document", "hay más de un documento («---»); se espera uno solo"),
    ("found unexpected end of stream", "el archivo termina antes de cerrar unas comillas o un corchete"),
    ("did not find expected key", "falta una clave o sobra sangría"),
    ("did not find expected node content", "falta un valor"),
    ("found unhashable key", "una clave no puede ser una lista o un mapa"),
    ("found duplicate anchor", "un ancla «&nombre» se repite"),
    ("special characters are not allowed", "hay caracteres de control no admitidos"),
    ("control characters are not allowed", "hay caracteres de control no admitidos"),
    ("expected <block end>, but found", "la sangría no cuadra con las líneas anteriores"),
    ("expected ',' or ']'", "falta «,» o «]» en una lista entre corchetes"),
    ("expected ',' or '}'", "falta «,» o «}» en un mapa entre llaves"),
    ("while scanning a quoted scalar", "unas comillas no se cierran"),
    ("while scanning", "texto mal cerrado"),
    ("while parsing", "estructura mal cerrada"),
)


def _spanish_problem(error: yaml.YAMLError) -> str:
    """PyYAML's problem in Spanish (a generic Spanish phrase for one not in the table)."""
    problem = str(getattr(error, "problem", "") or error).strip()
    for english, spanish in _PROBLEMS:
        if english in problem:
            return spanish
    return "sintaxis no válida en esa línea"
