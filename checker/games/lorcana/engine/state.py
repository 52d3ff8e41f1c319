"""The game state of a scenario: players, zones, cards in play and their state. Built fresh from the input."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from checker.errors import ReglasError
from checker.games.lorcana.engine.cards import CardDef, define
from checker.games.lorcana.engine.flags import static_flags

ZONES = ("deck", "hand", "play", "discard", "inkwell", "under")
#: Zones a scenario lists card by card (the inkwell is given as counts).
INPUT_ZONES = ("deck", "hand", "play", "discard")
WIN_LORE = 20


@dataclass
class Instance:
    """One card of the game: where it is and, in play, its state."""

    ref: str
    card: CardDef
    owner: str
    zone: str
    exerted: bool = False
    dry: bool = True
    damage: int = 0
    under: list[str] = field(default_factory=list)
    at: str | None = None
    #: Temporary stat changes: (stat, amount, until) with until "turn" or "next_turn:<player>".
    modifiers: list[tuple[str, int, str]] = field(default_factory=list)
    #: Keywords gained until a moment: (keyword, value, until).
    gained: list[tuple[str, int | None, str]] = field(default_factory=list)
    #: Replacement effects waiting on it for their one event (``shields.py``): (key, predicate, until).
    shields: list[tuple[str, str, str]] = field(default_factory=list)
    #: Once-per-turn uses this turn (``boosted``…), cleared when the turn ends.
    gained_flags: set[str] = field(default_factory=set)
    #: Quoted abilities an effect gave it (lorcana:6.4.2): triggered ones as (key, ability, until); kept after it
    #: leaves play so «when this character is banished» still resolves, dropped when it enters play again.
    gained_abilities: list[tuple[str, dict[str, Any], str]] = field(default_factory=list)
    #: What quoted static abilities an effect gave it say about it (``can_challenge_ready``…): (flag, until).
    granted: list[tuple[str, str]] = field(default_factory=list)
    #: What static abilities in play give it now (recomputed by ``statics.refresh``).
    aura_mods: list[tuple[str, int]] = field(default_factory=list)
    aura_keywords: dict[str, int | None] = field(default_factory=dict)
    aura_flags: set[str] = field(default_factory=set)
    #: The rules that decide each aura flag, when a condition does («… unless …», «While …»): cited with it.
    aura_rules: dict[str, list[str]] = field(default_factory=dict)
    #: Its characteristics as it last was in play, for effects that read them once it has left (lorcana:6.7.7).
    last_known: dict[str, int] = field(default_factory=dict)

    def flag_rules(self, flag: str) -> list[str]:
        """The rules that decide why the card has ``flag`` now (a conditional static ability's)."""
        return list(self.aura_rules.get(flag, []))

    def flags(self) -> frozenset[str]:
        return static_flags(self.card) | self.aura_flags | {flag for flag, until in self.granted if awake(until)}

    def keyword(self, name: str) -> int | None:
        """The keyword's value (summed for +N keywords), 0 for keywords without value, None if absent."""
        if any(k == LOST + name and awake(until) for k, _, until in self.gained):
            return None                                                      # «loses Evasive this turn»
        values = [v for k, v in self.card.keywords.items() if k == name]
        values += [v for k, v, until in self.gained if k == name and awake(until)]
        values += [v for k, v in self.aura_keywords.items() if k == name]
        if not values:
            return None
        return sum(v or 0 for v in values)

    def sources(self, name: str) -> int:
        """How many sources give the card the keyword (a +N keyword stacks, lorcana:8.1.2)."""
        return sum(1 for k in self.card.keywords if k == name) + sum(1 for k, _, _ in self.gained if k == name) \
            + sum(1 for k in self.aura_keywords if k == name)

    def has(self, name: str) -> bool:
        return self.keyword(name) is not None

    def stat(self, name: str) -> int:
        base = {"strength": self.card.strength, "willpower": self.card.willpower, "lore": self.card.lore}[name]
        return base + sum(amount for stat, amount, until in self.modifiers if stat == name and awake(until)) \
            + sum(amount for stat, amount in self.aura_mods if stat == name)


    def extra_damage(self) -> int:
        """The damage increases a static ability gives it now («this character deals +2 damage», lorcana:4.6.6.1)."""
        return sum(amount for stat, amount in self.aura_mods if stat == "damage")

    def modifiers_of(self, name: str) -> int:
        """How many modifiers apply to a characteristic now (lorcana:6.6.1.2: they all combine)."""
        return sum(1 for stat, _, until in self.modifiers if stat == name and awake(until)) \
            + sum(1 for stat, _ in self.aura_mods if stat == name)


#: The mark of a keyword an effect took away in ``Instance.gained`` («chosen character loses Ward this turn»).
LOST = "-"


def awake(until: str) -> bool:
    """Whether an effect applies now: one «during their next turn» waits for that turn (lorcana:6.1.13.1)."""
    return not until.startswith("their_turn:")


@dataclass
class Player:
    id: str
    lore: int = 0
    ink_ready: int = 0
    ink_exerted: int = 0
    inked_this_turn: bool = False
    #: Whether an effect put a card into the inkwell this turn (it does not use the turn's inking, 4.2.3.2).
    inked_by_effect: bool = False
    #: Inkings an effect allowed beyond the one of the turn, and how many of them were used (lorcana:4.2.3.1).
    extra_inks: int = 0
    extra_inked: int = 0
    zones: dict[str, list[str]] = field(default_factory=lambda: {z: [] for z in ZONES})
    #: «You pay N ⬡ less for the next [card] you play this turn» (lorcana:4.3.6): (amount, the card it waits for).
    next_reductions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


@dataclass
class State:
    """Everything the checker knows; ``cards`` by ref."""

    active: str
    players: dict[str, Player]
    cards: dict[str, Instance]
    winner: str | None = None
    bag: list[str] = field(default_factory=list)
    #: How many abilities of ``bag`` have resolved: those come first, in the order they resolved (lorcana:7.7.4).
    bag_resolved: int = 0
    #: Triggered abilities waiting in the bag: (ability name, source ref).
    #: Triggered abilities waiting to resolve: (ability name, source ref, ref of the card the event happened to).
    pending: list[tuple[str, str, str]] = field(default_factory=list)
    #: The refs the current action names for its triggered abilities' choices, consumed in order.
    trigger_targets: list[str] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)
    turn: int = 1
    #: Players who tried to draw from an empty deck since the last game state check (lorcana:1.8.1.2).
    #: The challenging and the challenged card while a challenge is under way (4.6.1), for «the challenging
    #: character» in triggered abilities.
    challenge: tuple[str, str] | None = None
    #: Rules the game applied on its own during an action (game state check results, moved damage…), cited by the
    #: action's verdict.
    applied: list[str] = field(default_factory=list)
    #: Players whose turn ended with no cards in their deck: they lose at the next game state check (1.8.1.2).
    ended_empty: set[str] = field(default_factory=set)
    #: Cards whose damage reached their willpower while an effect resolved: the check waits for the whole effect
    #: (lorcana:6.7.5) and counts only what still holds then (1.8.5).
    lethal: set[str] = field(default_factory=set)
    #: The damage last dealt to each card (after Resist), for «deal that much damage» in what it triggers.
    dealt: dict[str, int] = field(default_factory=dict)
    #: Continuous effects of resolved effects on a group of cards («Your characters can't be challenged until the
    #: start of your next turn»): ``flags``, ``phrase``, ``source`` ref, ``until``; they reach cards played later
    #: too (lorcana:6.4.2.1), applied by ``statics.refresh``.
    continuous: list[dict[str, Any]] = field(default_factory=list)
    #: The events of this turn so far, (engine event, card ref), for «if a character was banished this turn».
    history: list[tuple[str, str]] = field(default_factory=list)
    #: The damage the last «remove … damage» effect took off, for «for each 1 damage removed this way» (6.1.8).
    removed: int = 0
    #: The current action's choices about cards outside play and options («choices»: which of the looked-at cards, the
    #: order for the deck, top or bottom, a named card, a player), consumed in order by ``zones.py``.
    choices: list[dict[str, Any]] = field(default_factory=list)
    #: The current action's random results («random»: a shuffled deck's order, cards discarded at random), in order.
    random: list[list[str]] = field(default_factory=list)
    #: Zone changes since the events last read them: (ref, from zone, to zone) («leaves play», «put into your inkwell»).
    moves: list[tuple[str, str, str]] = field(default_factory=list)
    #: The card the resolving triggered ability's event happened to («if you used Shift to play them»).
    subject: str | None = None
    #: Whether the previous sentence's «if …» held («Otherwise,») and whether what it asked was done («If you do,»;
    #: lorcana:6.1.5.1).
    last_if: bool | None = None
    last_done: bool | None = None
    #: Floating (lorcana:6.2.7.1) and delayed (6.2.7.2) triggered abilities created by effects: ``key``, ``source``
    #: ref, ``sentence`` (its parsed text), ``until`` («turn») or ``at`` («turn_end»), ``refs`` («them»).
    floating: list[dict[str, Any]] = field(default_factory=list)
    #: Whether the sentence resolving now is a self-replacement's [B] (lorcana:6.5.6): another replacement of the
    #: same event then applies after it (6.5.7).
    self_replaced: bool = False

    def resolved_now(self, name: str) -> None:
        """Record an ability that resolves at once, outside the bag's loop (Support, Vanish), in resolution order."""
        self.bag.insert(self.bag_resolved, name)
        self.bag_resolved += 1

    def cite(self, *rules: str) -> None:
        """Record rules the game applied on its own, once each (the verdict cites them)."""
        self.applied.extend(rule for rule in dict.fromkeys(rules) if rule not in self.applied)

    def opponents(self, player: str) -> list[str]:
        return [p for p in self.players if p != player]

    def in_play(self, player: str | None = None) -> list[Instance]:
        return [c for c in self.cards.values() if c.zone == "play" and (player is None or c.owner == player)]

    def move(self, card: Instance, zone: str) -> None:
        """Move a card to another zone of its owner (leaving play clears its state)."""
        player = self.players[card.owner]
        for cards in player.zones.values():
            if card.ref in cards:
                cards.remove(card.ref)
        player.zones[zone].append(card.ref)
        self.moves.append((card.ref, card.zone, zone))
        if card.zone == "play" and zone != "play":
            if card.card.type != "action":                                   # an action only passes through
                self.cite("lorcana:7.1.6")                                   # a new card: damage, effects gone
            if card.damage:
                self.cite("lorcana:1.9.4")                                   # its damage counters cease to exist
            if card.under:
                shifted = "shifted" in card.gained_flags or (card.has("Shift") and not card.has("Boost"))
                self.cite("lorcana:5.1.1.7", *(["lorcana:8.10.7"] if shifted else []))   # a shifted stack
            for ref in card.under:                                           # the stack leaves with it (5.1.1.7)
                below = self.cards.get(ref)
                if below is not None:
                    for cards in player.zones.values():
                        if ref in cards:
                            cards.remove(ref)
                    player.zones[zone].append(ref)
                    below.zone = zone
            card.under = []
            card.last_known = {stat: card.stat(stat) for stat in ("strength", "willpower", "lore")}
            card.exerted, card.damage, card.at, card.dry = False, 0, None, True
            card.modifiers.clear()
            card.gained.clear()
            card.granted.clear()
            card.shields.clear()
            for created in self.floating:                                    # «… banish them» waits for the
                if card.ref in created.get("refs", ()):                      # card that was, not a new one
                    created["refs"] = [r for r in created["refs"] if r != card.ref]
                    created["left"] = True
            for other in self.cards.values():
                if other.at == card.ref:
                    other.at = None
                    self.cite("lorcana:5.6.6")                               # they stay in play, at no location
        card.zone = zone


def build(data: dict[str, Any]) -> State:
    """A fresh state from a scenario's ``cards`` and ``state`` (the input is never modified)."""
    raw = data["state"]
    used = {_card_name(entry) for spec in raw["players"].values() for zone in INPUT_ZONES
            for entry in spec.get(zone) or []}
    used |= {str(name) for spec in raw["players"].values() for entry in spec.get("play") or []
             if isinstance(entry, dict) for name in entry.get("under") or []}
    # only the cards this scenario uses: a card text that does not parse fails the scenarios that use it, not the
    # others of the file
    definitions = {name: define(name, spec) for name, spec in (data.get("cards") or {}).items() if name in used}
    players: dict[str, Player] = {}
    cards: dict[str, Instance] = {}
    for player_id, spec in raw["players"].items():
        player = Player(player_id, lore=int(spec.get("lore", 0)))
        ink = spec.get("inkwell") or {}
        player.ink_ready, player.ink_exerted = int(ink.get("ready", 0)), int(ink.get("exerted", 0))
        player.inked_this_turn = bool(spec.get("inked_this_turn", False))
        for zone in INPUT_ZONES:
            for index, entry in enumerate(spec.get(zone) or []):
                where = f"state.players.{player_id}.{zone}[{index}]"
                instance = _instance(entry, player_id, zone, definitions, where, index)
                if instance.ref in cards:
                    raise ReglasError(f"la referencia «{instance.ref}» se repite",
                                      fix="da a cada carta una ref distinta")
                cards[instance.ref] = instance
                player.zones[zone].append(instance.ref)
                for below in _stack(instance, definitions, where):                # facedown under it (8.4.1)
                    cards[below.ref] = below
                    player.zones["under"].append(below.ref)
        players[player_id] = player
    active = str(raw["active"])
    if active not in players:
        raise ReglasError(f"state.active: el jugador «{active}» no existe", fix="usa un jugador de state.players")
    for card in cards.values():
        if card.at is not None and card.at not in cards:
            raise ReglasError(f"{card.ref}.at: no existe la ubicación «{card.at}»", fix="usa la ref de una ubicación")
    history = []
    for index, event in enumerate(raw.get("history") or []):                # what happened earlier this turn
        if str(event["card"]) not in cards:
            raise ReglasError(f"state.history[{index}].card: no existe la carta «{event['card']}»",
                              fix="usa la ref de una carta del estado")
        history.append((str(event["event"]), str(event["card"])))
    return State(active, players, cards, history=history)


def _stack(card: Instance, definitions: dict[str, CardDef], where: str) -> list[Instance]:
    """The cards a scenario puts facedown under ``card`` (``under``: their names, top of the stack first), each a
    card of its own whose ref is the holder's and its place («owl:under:0»)."""
    found = []
    for index, name in enumerate(card.under):
        if name not in definitions:
            raise ReglasError(f"{where}.under[{index}]: la carta «{name}» no está definida en «cards»",
                              fix="defínela en cards con su nombre completo «Nombre - Versión»")
        found.append(Instance(f"{card.ref}:under:{index}", definitions[name], card.owner, "under"))
    card.under = [below.ref for below in found]
    if any(below.card.names & card.card.names for below in found):     # only Shift stacks same names
        card.gained_flags.add("shifted")                                     # (lorcana:8.10.1)
    return found


def _card_name(entry: Any) -> str:
    return str(entry.get("card")) if isinstance(entry, dict) else str(entry)


def _instance(entry: Any, owner: str, zone: str, definitions: dict[str, CardDef], where: str,
              index: int) -> Instance:
    if isinstance(entry, str):
        entry = {"card": entry}
    name = _card_name(entry)
    if name not in definitions:
        raise ReglasError(f"{where}.card: la carta «{name}» no está definida en «cards»",
                          fix="defínela en cards con su nombre completo «Nombre - Versión»")
    damage = int(entry.get("damage", 0))
    if damage < 0:
        raise ReglasError(f"{where}.damage: el daño no puede ser negativo ({damage})", fix="usa 0 o más")
    ref = str(entry.get("ref") or f"{owner}:{zone}:{index}")
    return Instance(ref, definitions[name], owner, zone, exerted=bool(entry.get("exerted", False)),
                    dry=bool(entry.get("dry", True)), damage=damage, under=list(entry.get("under", [])),
                    at=entry.get("at"))


def observe(state: State) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """The observations scenarios compare: per card and per player."""
    cards = {ref: {"zone": c.zone, "damage": c.damage, "exerted": c.exerted, "dry": c.dry,
                   "owner": c.owner, "at": c.at} for ref, c in state.cards.items()}
    players = {pid: {"lore": p.lore, "inkwell": {"ready": p.ink_ready, "exerted": p.ink_exerted},
                     "hand": len(p.zones["hand"]), "deck": len(p.zones["deck"]),
                     "discard": len(p.zones["discard"]), "deck_order": list(p.zones["deck"])}
               for pid, p in state.players.items()}
    return cards, players
