"""```` ```scenario ```` blocks of a rule document rendered as checked worked examples."""

from __future__ import annotations

import re
from collections.abc import Callable

from checker.errors import ReglasError
from checker.ids import RuleId
from checker.scenario.loader import load_text
from checker.scenario.runner import run
from checker.sitegen.scenarios import told
from checker.vault.urls import permalink

_BLOCK = re.compile(r"^```scenario[^\n]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def render_examples(markdown: str, source: str, first_line: int, to_root: str, warn: Callable[[str], None]) -> str:
    """Replace each scenario block with an «example» admonition: its YAML and the checker's verdict."""

    def replace(match: re.Match[str]) -> str:
        line = first_line + markdown.count("\n", 0, match.start(1))
        body = match.group(1)
        try:
            (scenario,) = load_text("\n" * (line - 1) + body, source)
            result = run(scenario)
        except (ReglasError, ValueError) as error:
            warn(f"{source}:{line}: escenario no válido: {error}")
            return match.group(0)
        if not result.passed:
            warn(f"{source}:{line}: el escenario «{scenario.id}» no se cumple: {'; '.join(result.mismatches)}")
        verdict = result.outcome.verdict if result.outcome else None
        said = "legal" if verdict and verdict.legal else "ilegal"
        rules = ", ".join(f'<a href="{to_root}{permalink(RuleId.parse(r))}"><code>{r}</code></a>'
                          for r in (verdict.rules if verdict else []))
        why = f" ({verdict.message})" if verdict and verdict.message else ""
        story = "\n".join("    " + text if text else "" for text in told(scenario))
        yaml_block = "\n".join("        " + text if text else ""
                                for text in ["```yaml", *body.rstrip().split("\n"), "```"])
        return (f'<a id="{scenario.id}"></a>\n\n!!! example "Ejemplo comprobado: {scenario.title}"\n\n{story}\n\n'
                f"    **Veredicto del comprobador:** {said}{why}. Reglas: {rules}\n\n"
                f'    ??? quote "El escenario en YAML (lo que ejecuta el comprobador)"\n\n{yaml_block}\n')

    return _BLOCK.sub(replace, markdown)
