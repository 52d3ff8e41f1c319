"""Card definitions of a scenario: stats, and abilities parsed by the grammar into typed structures."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from checker.errors import ReglasError
from checker.games.lorcana.grammar import GRAMMAR
from checker.games.lorcana.keywords import canonical
from checker.games.lorcana.text import ability_texts
from checker.grammar.errors import ParseError
from checker.grammar.walk import find, nodes, without

Structure = dict[str, Any]
#: Keywords whose rules the engine applies (each is read by the turn actions: ``has("…")`` or ``keyword("…")``).
HANDLED_KEYWORDS = frozenset({"Alert", "Bodyguard", "Boost", "Challenger", "Evasive", "Reckless", "Resist", "Rush",
                              "Shift", "Singer", "Sing Together", "Support", "Vanish", "Ward"})


@dataclass(frozen=True, eq=False)
class CardDef:
    """A card as the scenario defines it; ``abilities`` are the parsed lines of its text."""

    name: str
    type: str
    cost: int
    strength: int = 0
    willpower: int = 0
    lore: int = 0
    classifications: tuple[str, ...] = ()
    inkwell: bool = True
    move_cost: int = 0
    abilities: tuple[Structure, ...] = ()
    keywords: dict[str, int | None] = field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, Any]) -> CardDef:
        return self                                                          # immutable: shared by snapshots

    @property
    def base_name(self) -> str:
        return self.name.split(" - ")[0].strip()

    @property
    def names(self) -> frozenset[str]:
        """Every name it has: the name line's first part and, for «A & B», each of A and B too (lorcana:5.2.6.1)."""
        return frozenset([self.base_name, *(part.strip() for part in self.base_name.split(" & ") if part.strip())])

    def named(self, name: str) -> bool:
        """Whether it is a card named ``name`` (lorcana:5.2.6, case as printed or not)."""
        return name.casefold() in {own.casefold() for own in self.names}

    def mentions(self, keyword: str) -> bool:
        """Whether its text names ``keyword`` anywhere (a keyword it has, gains or gives)."""
        return any(value == keyword for structure in self.abilities for _, fields in nodes(structure)
                   if isinstance(fields, dict) for value in fields.values())

    @property
    def is_song(self) -> bool:
        return self.type == "action" and "Song" in self.classifications

    @property
    def shift_onto(self) -> tuple[str, str]:
        """What its Shift goes on top of (lorcana:8.10.8): ``("name", base name)``, ``("classification", X)`` for
        [Classification] Shift, ``("universal", "")`` for Universal Shift."""
        for structure in self.abilities:
            for kind, fields in nodes(find(structure, "shift_keyword")):
                if kind == "universal":
                    return "universal", ""
                if kind == "classification_shift" and isinstance(fields, dict) and "class" in fields:
                    return "classification", str(fields["class"])
        return "name", self.base_name

    def ability_names(self) -> list[str]:
        """Names (ALL CAPS) of the triggered and named abilities, in order."""
        return [str(a["start"]["name"]) for a in self.abilities if "name" in a.get("start", {})]


def not_static(structure: Structure) -> bool:
    """Whether an ability is triggered or activated (lorcana:6.2, 6.3); its reminder text is not rules text
    (lorcana:8.1.1): «gain Vanish. (When an opponent chooses them …)» is a static ability."""
    return any(kind in ("trigger", "activated") for kind, _ in nodes(without(structure, "reminder")))


def keywords_of(structure: Structure) -> dict[str, int | None]:
    """Keywords a keyword line gives, with their values (Shift N, Singer N, Challenger +N…)."""
    found: dict[str, int | None] = {}
    for keywords in find(structure, "keywords"):
        for kind, fields in nodes(keywords.get("keyword", [])):
            token = next((str(fields[k]) for k in ("simple_keyword", "plus_keyword", "number_keyword", "shift",
                                                   "boost") if k in fields), None)
            keyword = canonical(token) if token else None
            if keyword is None:
                continue
            value = fields.get("signed", fields.get("number"))
            number = abs(int(value)) if value is not None else None
            if keyword.value == "plus" and keyword.english in found and number is not None:
                number += found[keyword.english] or 0
            found[keyword.english] = number
            if kind == "shift_keyword_cost":
                found["Shift"] = 0
    return found


def define(name: str, spec: dict[str, Any]) -> CardDef:
    """A CardDef from a scenario's ``cards`` entry; card text that does not parse is a ReglasError."""
    abilities = []
    keywords: dict[str, int | None] = {}
    for line in ability_texts(str(spec.get("text") or "")):
        try:
            structure = GRAMMAR.parse(line)
        except ParseError as error:
            raise ReglasError(f"el texto de «{name}» no se entiende: {error.found} en la columna {error.column}",
                              fix=(error.suggestion and f"¿Quisiste decir «{error.suggestion}»?")
                              or "revisa el texto con «reglas parse»") from None
        abilities.append(structure)
        for keyword, value in keywords_of(structure).items():
            definition = canonical(keyword)
            if definition is not None and definition.value == "plus" and keyword in keywords:
                keywords[keyword] = (keywords[keyword] or 0) + (value or 0)
            else:
                keywords[keyword] = value
    return CardDef(
        name=name, type=str(spec["type"]), cost=int(spec.get("cost", 0)),
        strength=int(spec.get("strength", 0)), willpower=int(spec.get("willpower", 0)),
        lore=int(spec.get("lore", 0)), classifications=tuple(spec.get("classifications", [])),
        inkwell=bool(spec.get("inkwell", True)), move_cost=int(spec.get("move_cost", 0)),
        abilities=tuple(abilities), keywords=keywords,
    )
