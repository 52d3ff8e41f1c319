"""The state of a scenario: players (lists, cards, dice), heroes, roles, pairings, the clash and the stack."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from checker.errors import ReglasError
from checker.games.espadas.dice import BASE_POOL, Color, colors

#: Hero attributes by their Spanish names and the corpus' English keys.
ATTRIBUTES = {"agilidad": "agility", "mente": "mental", "mental": "mental", "voluntad": "will", "fuerza": "strength",
              "armadura": "armor", "vida": "health"}


@dataclass
class Player:
    """One player's cards and dice."""

    name: str
    heroes: list[str] = field(default_factory=list)
    chosen: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    graveyard: list[str] = field(default_factory=list)
    mulligan_done: bool = False
    pool: int = BASE_POOL
    rerolls: int = 1
    ready: list[Color] = field(default_factory=list)
    spent: list[Color] = field(default_factory=list)
    rolled: bool = False
    rerolls_made: int = 0
    last_keep: int = 0


@dataclass
class Hero:
    """A hero in play: owner, attributes (English keys, as in the corpus), damage, counters."""

    name: str
    player: str
    attributes: dict[str, int]
    damage: int = 0
    counters: dict[str, int] = field(default_factory=dict)

    @property
    def knocked_out(self) -> bool:
        return self.damage >= self.attributes.get("health", 1)

    def attribute(self, name: str, where: str) -> int:
        key = ATTRIBUTES.get(name.casefold(), name.casefold())
        if key not in self.attributes:
            raise ReglasError(f"{where}: el héroe «{self.name}» no tiene el atributo «{name}» en el estado",
                              fix="añádelo en state.heroes (agility, mental, will, strength, armor, health)")
        return self.attributes[key]


@dataclass
class Entry:
    """An action or effect on the resolution stack."""

    name: str
    player: str
    source: str = ""
    #: The typed effects it carries when it resolves (modify, heal, attack).
    spec: dict[str, Any] = field(default_factory=dict)


class Table:
    """Everything a scenario's actions read and change."""

    def __init__(self, state: dict[str, Any]) -> None:
        self.catalog: dict[str, Any] = dict(state.get("catalog") or {})
        self.round = int(state.get("round", 1))
        self.attacker: str | None = state.get("attacker")
        self.players: dict[str, Player] = {str(name): _player(str(name), spec or {})
                                           for name, spec in (state.get("players") or {}).items()}
        self.heroes: dict[str, Hero] = {str(name): _hero(str(name), spec or {}, self)
                                        for name, spec in (state.get("heroes") or {}).items()}
        self.pairings: list[dict[str, str]] = [dict(p) for p in state.get("pairings") or []]
        clash = state.get("clash") or {}
        self.clash_index = int(clash.get("index", 1))
        self.active: dict[str, str] = {str(p): str(h) for p, h in (clash.get("active") or {}).items()}
        self.initiative: str | None = clash.get("initiative")
        self.turn: str | None = clash.get("turn", self.initiative)
        self.stack = [Entry(str(e.get("name")), str(e.get("player")), str(e.get("source", "")), dict(e))
                      for e in state.get("stack") or []]
        self.passes = 0
        self.resolved: list[str] = []
        if self.active and not self.pairings:
            self.pairings = [dict(self.active)]

    def player(self, ref: object, where: str) -> Player:
        found = self.players.get(str(ref))
        if found is None:
            raise ReglasError(f"{where}: «{ref}» no es un jugador del estado",
                              fix=f"usa uno de: {', '.join(self.players) or '(no hay jugadores en state.players)'}")
        return found

    def hero(self, ref: object, where: str) -> Hero:
        found = self.heroes.get(str(ref))
        if found is None:
            raise ReglasError(f"{where}: no existe el héroe «{ref}»",
                              fix=f"usa uno de: {', '.join(self.heroes) or '(no hay héroes en state.heroes)'}")
        return found

    def opponent(self, player: str) -> str:
        others = [p for p in self.players if p != player]
        if len(others) != 1:
            raise ReglasError("el estado debe tener exactamente dos jugadores", fix="declara dos en state.players")
        return others[0]

    def active_hero(self, player: str, where: str) -> Hero:
        ref = self.active.get(player)
        if ref is None:
            raise ReglasError(f"{where}: {player} no tiene héroe activo", fix="indícalo en state.clash.active")
        return self.hero(ref, where)

    def paired_with(self, hero: str) -> str | None:
        """The hero this one is paired with (espadas:5.3)."""
        for pairing in self.pairings:
            if hero in pairing.values():
                return next((h for h in pairing.values() if h != hero), None)
        return None


def _player(name: str, spec: dict[str, Any]) -> Player:
    where = f"state.players.{name}"
    return Player(
        name, heroes=[str(h) for h in spec.get("heroes") or []], chosen=[str(h) for h in spec.get("chosen") or []],
        deck=[str(c) for c in spec.get("deck") or []], hand=[str(c) for c in spec.get("hand") or []],
        graveyard=[str(c) for c in spec.get("graveyard") or []], mulligan_done=bool(spec.get("mulligan_done")),
        pool=int(spec.get("pool", BASE_POOL)), rerolls=int(spec.get("rerolls", 1)),
        ready=colors(spec.get("ready", ""), f"{where}.ready"), spent=colors(spec.get("spent", ""), f"{where}.spent"),
        rolled=bool(spec.get("ready")))


def _hero(name: str, spec: dict[str, Any], table: Table) -> Hero:
    where = f"state.heroes.{name}"
    player = str(spec.get("player"))
    if player not in table.players:
        raise ReglasError(f"{where}.player: «{player}» no es un jugador del estado", fix="usa uno de state.players")
    attributes = {ATTRIBUTES.get(str(k).casefold(), str(k).casefold()): int(v)
                  for k, v in spec.items() if str(k).casefold() in {*ATTRIBUTES, *ATTRIBUTES.values()}}
    counters = {str(k): int(v) for k, v in (spec.get("counters") or {}).items()}
    return Hero(name, player, attributes, int(spec.get("damage", 0)), counters)
