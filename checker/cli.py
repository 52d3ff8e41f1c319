"""The ``reglas`` command line."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from checker.cliargs import int_range
from checker.errors import EXIT_BAD_INPUT, ReglasError
from checker.inputs import describe_os_error
from checker.paths import DEFAULT_SITE, DEFAULT_VAULT

Handler = Callable[[argparse.Namespace], int]
EXIT_INTERNAL = 70

_ARGPARSE_ES = (
    (r"the following arguments are required: (.*)", r"faltan argumentos obligatorios: \1"),
    (r"unrecognized arguments: (.*)", r"argumentos no reconocidos: \1"),
    (r"argument (\S+): invalid choice: (.*?) \(choose from (.*)\)",
     r"argumento \1: opción no válida \2 (elige entre \3)"),
    (r"argument (\S+): expected one argument", r"el argumento \1 necesita un valor"),
    (r"argument (\S+): invalid (\w+) value: (.*)", r"argumento \1: valor no válido \3"),
    (r"argument (\S+): ignored explicit argument (.*)", r"el argumento \1 no admite valor (se dio \2)"),
    (r"argument (\S+): expected at least one argument", r"el argumento \1 necesita al menos un valor"),
    (r"argument (\S+): expected at most one argument", r"el argumento \1 admite como mucho un valor"),
    (r"argument (\S+): not allowed with argument (.*)", r"el argumento \1 no se puede usar con \2"),
    (r"ambiguous option: (\S+) could match (.*)", r"opción ambigua: \1 puede ser \2"),
    (r"one of the arguments (.*) is required", r"hace falta uno de estos argumentos: \1"),
    (r"^argument (\S+): ", r"argumento \1: "),
)


class _Parser(argparse.ArgumentParser):
    """argparse with Spanish usage errors (exit 2), where ``--option=--`` gives the option the value ``--``."""

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        if arg_strings == ["--"] and action.option_strings and action.nargs in (None, argparse.OPTIONAL):
            value = self._get_value(action, "--")
            self._check_value(action, value)
            return value
        return super()._get_values(action, arg_strings)

    def format_usage(self) -> str:
        return super().format_usage().replace("usage:", "uso:", 1)

    def format_help(self) -> str:
        text = super().format_help().replace("usage:", "uso:", 1)
        text = text.replace("positional arguments:", "argumentos:").replace("options:", "opciones:")
        return text.replace("show this help message and exit", "muestra esta ayuda y termina")

    def error(self, message: str) -> NoReturn:
        for pattern, spanish in _ARGPARSE_ES:
            message = re.sub(pattern, spanish, message)
        self.print_usage(sys.stderr)
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n  cómo arreglarlo: «{self.prog} --help» "
                                  "muestra las opciones\n")


def _options(parser: argparse.ArgumentParser) -> tuple[set[str], set[str]]:
    """Every option string of the parser and its sub-parsers, and those that take one value."""
    every: set[str] = set()
    valued: set[str] = set()
    for action in parser._actions:
        every.update(action.option_strings)
        if action.option_strings and action.nargs in (None, argparse.OPTIONAL) and action.const is None:
            valued.update(action.option_strings)
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                sub_every, sub_valued = _options(sub)
                every |= sub_every
                valued |= sub_valued
    return every, valued


def glue_dash_values(parser: argparse.ArgumentParser, argv: Sequence[str]) -> list[str]:
    """``--mods --`` → ``--mods=--``: an option that needs a value takes the next word even when it starts with a
    dash (``--``, ``-2``), unless that word is itself an option."""
    every, valued = _options(parser)
    out: list[str] = []
    words = list(argv)
    index = 0
    while index < len(words):
        word = words[index]
        following = words[index + 1] if index + 1 < len(words) else None
        if word in valued and following is not None and following.startswith("-") and following not in every:
            out.append(f"{word}={following}")
            index += 2
            continue
        out.append(word)
        index += 1
    return out


def _print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def cmd_explain(args: argparse.Namespace) -> int:
    from checker.explain import explain
    from checker.vault.vault import Vault

    explanation = explain(Vault.load(args.vault), args.id)
    if args.json:
        _print_json(explanation.to_json())
    else:
        print(explanation.render())
    return 0


def cmd_lint(args: argparse.Namespace) -> int:
    from checker.vault.lint import lint
    from checker.vault.vault import Vault

    report = lint(Vault.load(args.vault))
    if args.json:
        _print_json(report.to_json())
    else:
        for problem in report.problems:
            print(problem.render())
        summary = report.to_json()
        print(f"{summary['files']} notas, {summary['links']} enlaces: {len(report.problems)} problemas "
              f"({summary['unresolved']} rotos, {summary['ambiguous']} ambiguos, "
              f"{summary['bad_anchors']} encabezados inexistentes)")
    return 1 if report.problems else 0


def cmd_site_build(args: argparse.Namespace) -> int:
    from checker.sitegen.build import build_site

    if not args.playground:
        os.environ["REGLAS_SIN_COMPROBADOR"] = "1"
    out = build_site(args.vault, args.out, strict=args.strict)
    print(f"Sitio construido en {out}")
    return 0


def server_address(text: str) -> str:
    """``host:port`` checked: a host name or IP and a port from 1 to 65535."""
    host, colon, port = text.strip().rpartition(":")
    fix = "usa HOST:PUERTO, p. ej. 127.0.0.1:8000 (puerto de 1 a 65535)"
    if not colon or not host or not port.isdigit():
        raise ReglasError(f"--addr «{text}» no tiene la forma HOST:PUERTO", fix=fix)
    if not 1 <= int(port) <= 65535:
        raise ReglasError(f"--addr «{text}»: el puerto {int(port)} no existe", fix=fix)
    if not re.fullmatch(r"[A-Za-z0-9.\-]+|\[[0-9A-Fa-f:.]+\]", host):
        raise ReglasError(f"--addr «{text}»: «{host}» no es un nombre de máquina ni una IP", fix=fix)
    return f"{host}:{int(port)}"


def cmd_site_serve(args: argparse.Namespace) -> int:
    from checker.sitegen.build import serve_site

    serve_site(args.vault, server_address(args.addr), strict=args.strict)
    return 0


def cmd_search(args: argparse.Namespace) -> int:
    from checker.search.query import search

    query = " ".join(([f"juego:{args.juego}"] if args.juego else []) + args.query)
    results = search(args.site, query, args.limit)
    if args.json:
        _print_json({"query": query, "results": [r.to_json() for r in results]})
        return 0
    if not results:
        print("Sin resultados.")
        return 1
    for rank, result in enumerate(results, 1):
        print(f"{rank:2}. {result.title}" + (f"  [{result.game}]" if result.game else "") + f"\n    {result.url}")
        for section in result.sections:
            print(f"      · {section.title}")
    return 0


def _grammar_game(game_id: str) -> Any:
    from checker.game import find_game

    game = find_game(game_id)
    if game.grammar is None:
        raise ReglasError(f"{game.name} todavía no tiene gramática de texto de cartas",
                          fix="usa --game lorcana")
    return game


def cmd_parse(args: argparse.Namespace) -> int:
    from checker.grammar.errors import ParseError
    from checker.grammar.pretty import pretty
    from checker.grammar.reading import reading

    game = _grammar_game(args.game)
    text = " ".join(args.text)
    try:
        structure = game.grammar.parse(text)
    except ParseError as error:
        print(f"reglas: error de sintaxis en el texto de carta\n{error.message()}", file=sys.stderr)
        return 1
    problems = game.check(structure) if game.check else []
    if args.json:
        _print_json(structure)
    else:
        print(pretty(structure))
        print(f"\ntexto canónico: {game.grammar.render(structure)}")
        parts = reading(game.grammar, structure, game.reading)
        if parts:
            print("\nen partes:")
            for label, part in parts:
                print(f"  {label}: {part}")
    for problem in problems:
        print(f"reglas: aviso: {problem}", file=sys.stderr)
    return 1 if problems else 0


def cmd_validate(args: argparse.Namespace) -> int:
    from checker.grammar.validate import (
        progress_bar,
        read_input,
        record,
        refuse_overwrite,
        validate_lines,
        write_report,
    )

    game = _grammar_game(args.game)
    for output in (args.report, args.record):
        if output is not None:
            refuse_overwrite(args.file, output)                              # before the run, never after it
    cards, lines = read_input(game, args.file)
    if args.engine:
        return _validate_engine(game, lines, args)
    summary = validate_lines(game, cards, lines, None if args.json else progress_bar())
    if args.report:
        write_report(summary, game, str(args.file), args.report)
    if args.record:
        record(summary, args.record, args.file)
    if args.json:
        _print_json(summary.to_json())
        return 0 if not summary.failures else 1
    for failure in summary.failures:
        print(f"✗ {failure['card']}: {failure['text']}\n    {failure['error']}")
    total = max(summary.abilities, 1)
    print(f"{summary.cards} cartas, {summary.abilities} habilidades: {summary.parsed} analizadas "
          f"({summary.parsed / total:.1%}), {summary.roundtrip_exact} idénticas en ida y vuelta "
          f"({summary.roundtrip_exact / total:.1%}), {len(summary.failures)} fallos, {summary.seconds:.2f} s")
    return 0 if not summary.failures else 1


def _validate_engine(game: Any, lines: list[Any], args: argparse.Namespace) -> int:
    from checker.grammar.validate import engine_report, record_engine

    if game.engine_gaps is None:
        raise ReglasError(f"{game.name} no tiene motor de efectos que medir", fix="quita --engine")
    report = engine_report(game, lines)
    if args.record:
        record_engine(report, args.record, args.file)
    if args.json:
        _print_json(report.to_json())
        return 0
    for gap in report.gaps:
        print(f"✗ {gap['card']} ({gap['kind']}): falta {', '.join(gap['missing'])}")
    total = max(report.abilities, 1)
    print(f"{report.abilities} habilidades analizadas: {report.executable} ejecutables por el motor "
          f"({report.executable / total:.1%})")
    if report.missing:
        top = ", ".join(f"{kind} ({count})" for kind, count in report.missing.most_common(10))
        print(f"lo que más falta: {top}")
    return 0


def cmd_grammar_schema(args: argparse.Namespace) -> int:
    from checker.grammar.schema import build_schema
    from checker.paths import GRAMMAR_DIR

    game = _grammar_game(args.game)
    schema = build_schema(game.grammar.model, f"Estructuras del texto de cartas de {game.name}",
                          f"https://reglas.local/grammar/{game.id}.schema.json")
    text = json.dumps(schema, ensure_ascii=False, indent=1) + "\n"
    path = GRAMMAR_DIR / f"{game.id}.schema.json"
    if args.check:
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if current != text:
            print(f"reglas: {path} no está al día con la gramática\n  cómo arreglarlo: reglas grammar schema "
                  f"--game {game.id}", file=sys.stderr)
            return 1
        print(f"{path.name} está al día")
        return 0
    path.write_text(text, encoding="utf-8")
    print(f"Esquema escrito en {path}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from checker.scenario.citations import cite
    from checker.scenario.runner import run_paths

    report = run_paths(args.paths)
    results = report.results
    passed = sum(r.passed for r in results)
    if args.json:
        _print_json({"results": [{
            "id": r.scenario.id, "file": str(r.scenario.where), "passed": r.passed,
            "legal": r.outcome.verdict.legal if r.outcome else None,
            "rules": [cite(rule) for rule in (r.outcome.verdict.rules if r.outcome else [])],
            "message": r.outcome.verdict.message if r.outcome else "", "mismatches": r.mismatches,
            "steps": r.outcome.verdict.steps if r.outcome else [],
            "bag": r.outcome.bag if r.outcome else [], "unresolved": r.outcome.unresolved if r.outcome else [],
            "result": r.outcome.result if r.outcome else {},
        } for r in results], "errors": [{"where": str(e.where or ""), "error": e.what, "fix": e.fix or ""}
                                       for e in report.errors]})
    else:
        for r in results:
            _print_result(r, args.verbose, cite)
        for error in report.errors:
            print(f"reglas: {error.render()}", file=sys.stderr)
        print(f"{passed} passed, {len(results) - passed + len(report.errors)} failed")
    if report.errors:
        return EXIT_BAD_INPUT
    return 0 if passed == len(results) else 1


def _print_result(r: Any, verbose: bool, cite: Callable[[str], dict[str, Any]]) -> None:
    from checker.scenario.final import final_state

    mark = "✓" if r.passed else "✗"
    verdict = r.outcome.verdict if r.outcome else None
    said = ("legal" if verdict.legal else "ilegal") if verdict else "?"
    rules = ", ".join(verdict.rules) if verdict else ""
    print(f"{mark} {r.scenario.id} — {r.scenario.title} [{said}; {rules}]")
    for problem in r.mismatches:
        print(f"    {r.scenario.where}: {problem}")
    if not verbose or not verdict:
        return
    if verdict.message:
        print(f"    {verdict.message}")
    for rule in verdict.rules:
        cited = cite(rule)
        print(f"    {rule} {cited['title']} — {cited['url']}")
    for step in verdict.steps:
        print(f"      · {step}")
    if r.outcome.bag:
        print(f"    bolsa: {', '.join(r.outcome.bag)}")
    for what in r.outcome.unresolved:
        print(f"    sin resolver: {what}")
    for key, value in r.outcome.result.items():
        print(f"    {key}: {value}")
    state = final_state(r.outcome)
    if state:
        print("    estado final:")
        for line in state:
            print(f"      {line}")


def build_parser() -> argparse.ArgumentParser:
    from checker.game import games

    parser = _Parser(prog="reglas", description="Base de conocimiento de reglas y comprobador de jugadas.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="ORDEN", parser_class=_Parser)

    explain = commands.add_parser("explain", help="muestra el título, el texto y la URL de una regla")
    explain.add_argument("id", help="ID de la regla, p. ej. lorcana:8.6")
    explain.add_argument("--vault", type=Path, default=DEFAULT_VAULT, help="carpeta del vault (por defecto rules/)")
    explain.add_argument("--json", action="store_true", help="salida JSON para herramientas")
    explain.set_defaults(handler=cmd_explain)

    lint = commands.add_parser("lint", help="revisa enlaces, encabezados, front matter e IDs de un vault")
    lint.add_argument("vault", nargs="?", type=Path, default=DEFAULT_VAULT,
                      help="carpeta del vault (por defecto rules/)")
    lint.add_argument("--json", action="store_true", help="salida JSON para herramientas")
    lint.set_defaults(handler=cmd_lint)

    for name in ("buscar", "search"):
        search = commands.add_parser(name, help="busca en el sitio construido, con la misma clasificación que la web")
        search.add_argument("query", nargs="+", help="palabras a buscar (con o sin tildes)")
        search.add_argument("--site", type=Path, default=DEFAULT_SITE, help="sitio construido (por defecto _site/)")
        search.add_argument("--limit", type=int_range(1, 1000), default=10,
                            help="número máximo de páginas, de 1 a 1000 (10)")
        search.add_argument("--juego", choices=sorted(games()), help="solo las páginas de ese juego "
                            "(como «juego:<id>» en la consulta o el filtro de la web)")
        search.add_argument("--json", action="store_true", help="salida JSON para herramientas")
        search.set_defaults(handler=cmd_search)

    parse = commands.add_parser("parse", help="analiza el texto de una habilidad y muestra su estructura")
    parse.add_argument("text", nargs="+", help="texto de la carta (entre comillas)")
    parse.add_argument("--game", default="lorcana", help="juego (por defecto lorcana)")
    parse.add_argument("--json", action="store_true", help="estructura en JSON")
    parse.set_defaults(handler=cmd_parse)

    validate = commands.add_parser("validate", help="valida un archivo de cartas o de habilidades (una por línea)")
    validate.add_argument("file", type=Path,
                          help="archivo JSON o carpeta de cartas del juego, o texto con una habilidad por línea")
    validate.add_argument("--game", required=True, help="juego, p. ej. lorcana")
    validate.add_argument("--json", action="store_true", help="resumen JSON")
    validate.add_argument("--report", type=Path, help="escribe el informe de fallos en Markdown (sin texto de cartas)")
    validate.add_argument("--record", type=Path, help="guarda las cifras de cobertura que las pruebas exigen")
    validate.add_argument("--engine", action="store_true",
                          help="mide qué habilidades analizadas puede ejecutar el motor del juego y qué le falta")
    validate.set_defaults(handler=cmd_validate)

    check = commands.add_parser("check", help="ejecuta escenarios de reglas (YAML) y comprueba lo esperado")
    check.add_argument("paths", nargs="+", type=Path, help="archivos o carpetas de escenarios")
    check.add_argument("--json", action="store_true", help="resultado JSON por escenario")
    check.add_argument("-v", "--verbose", action="store_true",
                       help="muestra el porqué, las reglas con título y URL y los pasos seguidos")
    check.set_defaults(handler=cmd_check)

    grammar = commands.add_parser("grammar", help="utilidades de las gramáticas")
    grammar_commands = grammar.add_subparsers(dest="grammar_command", required=True, metavar="ORDEN",
                                              parser_class=_Parser)
    schema = grammar_commands.add_parser("schema", help="regenera grammar/<juego>.schema.json desde la gramática")
    schema.add_argument("--game", default="lorcana", help="juego (por defecto lorcana)")
    schema.add_argument("--check", action="store_true", help="solo comprueba que el esquema está al día")
    schema.set_defaults(handler=cmd_grammar_schema)

    site = commands.add_parser("site", help="construye o sirve el sitio web de un vault")
    site_commands = site.add_subparsers(dest="site_command", required=True, metavar="ORDEN", parser_class=_Parser)
    for name, handler, help_text in (("build", cmd_site_build, "construye el sitio estático"),
                                     ("serve", cmd_site_serve, "sirve el sitio y lo reconstruye al editar")):
        sub = site_commands.add_parser(name, help=help_text)
        sub.add_argument("--vault", type=Path, default=DEFAULT_VAULT, help="carpeta del vault (por defecto rules/)")
        sub.add_argument("--no-strict", dest="strict", action="store_false",
                         help="no detenerse ante enlaces rotos o avisos")
        if name == "build":
            sub.add_argument("--out", type=Path, default=None, help="carpeta de salida (por defecto _site/)")
            sub.add_argument("--sin-comprobador", dest="playground", action="store_false",
                             help="sin las páginas «Comprobar» ni Python para el navegador (no necesita Node.js)")
        else:
            sub.add_argument("--addr", default="127.0.0.1:8000", help="dirección y puerto (127.0.0.1:8000)")
        sub.set_defaults(handler=handler)

    for game in games().values():                                            # the games' own commands
        if game.commands is not None:
            own = commands.add_parser(game.id, help=f"órdenes propias de {game.name}")
            game.commands(own.add_subparsers(dest="game_command", required=True, metavar="ORDEN",
                                             parser_class=_Parser))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(glue_dash_values(parser, sys.argv[1:] if argv is None else argv))
    except SystemExit as stop:                                               # --help (0) or a usage error (2)
        return stop.code if isinstance(stop.code, int) else EXIT_BAD_INPUT
    handler: Handler = args.handler
    try:
        return handler(args)
    except ReglasError as error:
        print(f"reglas: {error.render()}", file=sys.stderr)
        return error.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except OSError as error:
        print(f"reglas: {error.filename or ''}: error: no se pudo leer o escribir ({describe_os_error(error)})\n"
              "  cómo arreglarlo: comprueba la ruta y sus permisos", file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as error:  # a bug of reglas itself: one clear line unless REGLAS_DEBUG asks for more
        if os.environ.get("REGLAS_DEBUG"):
            raise
        print(f"reglas: error interno ({type(error).__name__}: {error})\n  cómo arreglarlo: es un fallo de "
              "reglas; repítelo con REGLAS_DEBUG=1 y comunícalo con el detalle", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
