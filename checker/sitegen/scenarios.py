"""The scenarios that pin each rule, shown on the rule's page («Escenarios comprobados»)."""

from __future__ import annotations

from collections import defaultdict
from html import escape
from pathlib import Path

from checker.errors import ReglasError
from checker.ids import RuleId
from checker.scenario.loader import load_file, scenario_files
from checker.scenario.model import Result
from checker.scenario.runner import run
from checker.vault.notes import Note
from checker.vault.urls import permalink

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "tests" / "scenarios"


def scenario_index(folder: Path = SCENARIO_DIR) -> dict[str, list[Result]]:
    """Results of every scenario, by each rule ID its verdict cites."""
    index: dict[str, list[Result]] = defaultdict(list)
    if not folder.is_dir():
        return index
    for path in scenario_files([folder]):
        try:
            scenarios = load_file(path)
        except ReglasError:
            continue
        for scenario in scenarios:
            try:
                result = run(scenario)
            except ReglasError:
                continue
            cited = set(result.outcome.verdict.rules if result.outcome else [])
            cited |= set((scenario.data.get("expect") or {}).get("rules", []))
            for rule in cited:
                index[rule].append(result)
    return index


def _note_rules(note: Note) -> list[str]:
    rules = [str(note.rule_id)] if note.rule_id else []
    rules += [str(declared[0]) for h in note.headings if (declared := note.heading_rule(h))]
    return rules


def scenarios_html(note: Note, index: dict[str, list[Result]], to_root: str) -> str:
    """A table of the scenarios that cite a rule of this note (empty if none); left out of the search index: it lists
    what checks the rule, not what the rule says."""
    seen: dict[str, tuple[Result, list[str]]] = {}
    for rule in _note_rules(note):
        for result in index.get(rule, []):
            key = f"{result.scenario.where.path}#{result.scenario.id}"
            seen.setdefault(key, (result, []))[1].append(rule)
    if not seen:
        return ""
    rows = []
    for result, rules in seen.values():
        verdict = result.outcome.verdict if result.outcome else None
        said = "legal" if verdict and verdict.legal else "ilegal"
        links = ", ".join(f'<a href="{to_root}{permalink(RuleId.parse(r))}"><code>{r}</code></a>' for r in rules)
        mark = "✓" if result.passed else "✗"
        rows.append(f"<tr><td>{mark}</td><td>{escape(result.scenario.title)}</td><td>{said}</td><td>{links}</td>"
                    f"<td><code>{escape(Path(result.scenario.where.path).name)}</code></td></tr>")
    return ('<div class="reglas-scenarios" data-search-exclude>'
            '<p class="reglas-links__title">Escenarios comprobados</p>'
            "<table><thead><tr><th></th><th>Escenario</th><th>Veredicto</th><th>Reglas</th><th>Archivo</th>"
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")
