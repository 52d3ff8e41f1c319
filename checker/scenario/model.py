"""Value types shared by every game's scenarios: scenarios, verdicts, results."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from checker.errors import Location


@dataclass(frozen=True)
class Scenario:
    """One scenario as written: its envelope and where it sits in its file."""

    id: str
    game: str
    title: str
    data: dict[str, Any]
    where: Location


@dataclass
class Verdict:
    """A game's answer to an action: legal or not, the rules that decide it and why (Spanish)."""

    legal: bool
    rules: list[str] = field(default_factory=list)
    message: str = ""
    #: The procedure followed, step by step («lorcana:4.6.4.4 agotar al desafiante»…).
    steps: list[str] = field(default_factory=list)

    def cite(self, *rules: str) -> Verdict:
        for rule in rules:
            if rule not in self.rules:
                self.rules.append(rule)
        return self


class Refused(Exception):
    """A declared choice the rules forbid; carries the Spanish reason and the rule IDs (an illegal verdict)."""

    def __init__(self, message: str, *rules: str) -> None:
        super().__init__(message)
        self.message, self.rules = message, list(rules)

    def verdict(self) -> Verdict:
        """The illegal verdict this refusal stands for."""
        return Verdict(False, list(self.rules), self.message)


@dataclass
class Outcome:
    """What running a scenario's actions produced: the last verdict and observations of the final state."""

    verdict: Verdict
    #: ``{ref: {zone, damage, exerted, dry}}`` after the actions.
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: ``{player: {lore, inkwell: {ready, exerted}}}``.
    players: dict[str, dict[str, Any]] = field(default_factory=dict)
    winner: str | None = None
    bag: list[str] = field(default_factory=list)
    #: Effects the engine could not resolve (reported, never silently skipped).
    unresolved: list[str] = field(default_factory=list)
    #: Problems of the scenario itself (an earlier action was illegal): always mismatches.
    notes: list[str] = field(default_factory=list)
    #: Game-specific observations compared key by key with ``expect.result`` (a duel's totals…).
    result: dict[str, Any] = field(default_factory=dict)
    #: Everything observed of the table just before the last action and at the end (``expect.unchanged``).
    before: Any = None
    after: Any = None
    #: The rules the earlier actions cited (``expect.rules`` is met by the last verdict's or by these).
    earlier: list[str] = field(default_factory=list)


@dataclass
class Result:
    """A scenario checked against its expectations."""

    scenario: Scenario
    outcome: Outcome | None
    mismatches: list[str]

    @property
    def passed(self) -> bool:
        return not self.mismatches
