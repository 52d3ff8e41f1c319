"""The scenarios that pin each rule: a collapsed list on the rule's page («N escenarios comprobados»), each row linked
to the scenario told on the page of its file (``escenarios/<game>/<file>/``, written by the build)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from html import escape
from pathlib import Path

import yaml

from checker.errors import ReglasError
from checker.game import games
from checker.ids import RuleId
from checker.scenario.loader import load_file, scenario_files
from checker.scenario.model import Result, Scenario
from checker.scenario.runner import run
from checker.sitegen.render import symbol_html
from checker.symbols import PATTERN
from checker.vault.notes import Note
from checker.vault.urls import permalink

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "tests" / "scenarios"
PAGES = "escenarios"
_FRONT = "---\nsearch:\n  exclude: true\n---\n"


@dataclass(frozen=True)
class Checked:
    """A scenario file of the project, with the result of each of its scenarios."""

    game: str
    name: str
    results: list[Result]

    @property
    def uri(self) -> str:
        return f"{PAGES}/{self.game}/{self.name}.md"


def check_all(folder: Path = SCENARIO_DIR) -> list[Checked]:
    """Every scenario file of the project's tests, run (a file or scenario that cannot run is left out)."""
    checked: list[Checked] = []
    if not folder.is_dir():
        return checked
    for path in scenario_files([folder]):
        try:
            scenarios = load_file(path)
        except ReglasError:
            continue
        results = []
        for scenario in scenarios:
            try:
                results.append(run(scenario))
            except ReglasError:
                continue
        if results:
            checked.append(Checked(results[0].scenario.game, path.stem, results))
    return checked


def cited(result: Result) -> set[str]:
    rules = set(result.outcome.verdict.rules if result.outcome else [])
    return rules | set((result.scenario.data.get("expect") or {}).get("rules", []))


def scenario_index(checked: list[Checked]) -> dict[str, list[tuple[Checked, Result]]]:
    """The scenarios by each rule ID their verdict cites or their expectation names."""
    index: dict[str, list[tuple[Checked, Result]]] = defaultdict(list)
    for file in checked:
        for result in file.results:
            for rule in cited(result):
                index[rule].append((file, result))
    return index


def _note_rules(note: Note) -> list[str]:
    rules = [str(note.rule_id)] if note.rule_id else []
    rules += [str(declared[0]) for h in note.headings if (declared := note.heading_rule(h))]
    return rules


def _rule_links(rules: list[str] | set[str], to_root: str) -> str:
    return ", ".join(f'<a href="{to_root}{permalink(RuleId.parse(r))}"><code>{r}</code></a>' for r in sorted(rules))


def scenarios_html(note: Note, index: dict[str, list[tuple[Checked, Result]]], to_root: str) -> str:
    """The scenarios that cite a rule of this note, collapsed under a summary (empty if none); left out of the search
    index: it lists what checks the rule, not what the rule says."""
    seen: dict[str, tuple[Checked, Result, list[str]]] = {}
    for rule in _note_rules(note):
        for file, result in index.get(rule, []):
            key = f"{file.uri}#{result.scenario.id}"
            seen.setdefault(key, (file, result, []))[2].append(rule)
    if not seen:
        return ""
    rows = []
    for file, result, rules in seen.values():
        verdict = result.outcome.verdict if result.outcome else None
        said = "legal" if verdict and verdict.legal else "ilegal"
        mark = '<span title="se cumple">✓</span>' if result.passed else '<span title="no se cumple">✗</span>'
        href = f"{to_root}{file.uri.removesuffix('.md')}/#{result.scenario.id}"
        rows.append(f"<tr><td>{mark}</td><td><a href=\"{href}\">{escape(result.scenario.title)}</a></td>"
                    f"<td>{said}</td><td>{_rule_links(rules, to_root)}</td></tr>")
    passed = sum(r.passed for _, r, _ in seen.values())
    total = len(seen)
    summary = f"{total} escenario{'s' if total != 1 else ''} comprobado{'s' if total != 1 else ''}"
    summary += " ✓" if passed == total else f": {passed} se cumplen, {total - passed} no"
    return ('<details class="reglas-scenarios" data-search-exclude>'
            f"<summary>{summary}</summary>"
            "<table><thead><tr><th>Resultado</th><th>Escenario</th><th>Veredicto</th><th>Reglas</th>"
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table></details>")


def told(scenario: Scenario) -> list[str]:
    """The scenario in Spanish, as its game tells it (Markdown lines with the symbols as icons; none if the game
    does not tell its scenarios)."""
    game = games().get(scenario.game)
    lines = game.describe_scenario(scenario.data) if game and game.describe_scenario else []
    return [PATTERN.sub(lambda m: symbol_html(m.group(0)), line) for line in lines]


def file_page(file: Checked) -> str:
    """The Markdown of a scenario file's page: each scenario told, its verdict and its YAML one click away."""
    to_root = "../" * (file.uri.count("/") + 1)
    name = games()[file.game].short_name if file.game in games() else file.game
    lines = [_FRONT, f"# Escenarios de {name}: {file.name}", "",
             f"Los escenarios de `tests/scenarios/{file.game}/{file.name}.yaml`, con lo que responde el comprobador.",
             ""]
    for result in file.results:
        verdict = result.outcome.verdict if result.outcome else None
        said = "legal" if verdict and verdict.legal else "ilegal"
        why = f" ({escape(verdict.message)})" if verdict and verdict.message else ""
        state = "se cumple ✓" if result.passed else "no se cumple ✗: " + escape("; ".join(result.mismatches))
        written = yaml.safe_dump(result.scenario.data, allow_unicode=True, sort_keys=False, width=100).rstrip()
        lines += [f"## {escape(result.scenario.title)} {{#{result.scenario.id}}}", "", *told(result.scenario), "",
                  f"**Veredicto:** {said}{why}. Reglas: {_rule_links(cited(result), to_root)}. Lo esperado {state}.",
                  ""]
        lines += ['??? quote "El escenario en YAML"', "",
                  *("    " + t for t in ["```yaml", *written.split("\n"), "```"]), ""]
    return "\n".join(lines)


def scenario_pages(checked: list[Checked]) -> dict[str, str]:
    """Source URI → Markdown of every scenario file's page."""
    return {file.uri: file_page(file) for file in checked}


def scenario_nav(checked: list[Checked]) -> list[object]:
    by_game: dict[str, list[object]] = defaultdict(list)
    for file in checked:
        by_game[file.game].append({file.name: file.uri})
    items: list[object] = []
    for game in sorted(by_game, key=lambda g: games()[g].position if g in games() else 1000):
        items.append({games()[game].short_name if game in games() else game: by_game[game]})
    return [{"Escenarios comprobados": items}] if items else []

