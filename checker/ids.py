"""Rule IDs: ``game:number`` such as ``lorcana:4.6``."""

from __future__ import annotations

import re
from dataclasses import dataclass

GameId = str
RULE_ID_RE = re.compile(r"^(?P<game>[a-z][a-z0-9_-]*):(?P<number>\d+(?:\.\d+)*)$")
RULE_NUMBER_RE = re.compile(r"^\d+(?:\.\d+)*$")
#: A heading that declares a rule: «4.3.6.1 Declarar el desafío» (a trailing dot is tolerated).
NUMBERED_HEADING_RE = re.compile(r"^(?P<number>\d+(?:\.\d+)*)\.?\s+(?P<title>\S.*)$")


@dataclass(frozen=True, order=True)
class RuleId:
    """A stable rule identifier; orders numerically within a game."""

    game: GameId
    parts: tuple[int, ...]

    @classmethod
    def parse(cls, text: str) -> RuleId:
        """Parse ``game:1.2.3``; raise ValueError otherwise."""
        match = RULE_ID_RE.match(text.strip())
        if not match:
            raise ValueError(text)
        return cls(match["game"], tuple(int(p) for p in match["number"].split(".")))

    @property
    def number(self) -> str:
        return ".".join(str(p) for p in self.parts)

    @property
    def anchor(self) -> str:
        """HTML id of the rule's heading: ``lorcana-4-3-6``."""
        return f"{self.game}-" + "-".join(str(p) for p in self.parts)

    @property
    def parent(self) -> RuleId | None:
        return RuleId(self.game, self.parts[:-1]) if len(self.parts) > 1 else None

    def extends(self, other: RuleId) -> bool:
        """True if this rule is ``other`` or nested below it."""
        return self.game == other.game and self.parts[: len(other.parts)] == other.parts

    def __str__(self) -> str:
        return f"{self.game}:{self.number}"
