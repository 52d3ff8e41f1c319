"""Cards outside play for the zone effects (``zones.py``): what a card phrase denotes in a deck, hand or discard, the
player's choices among them, chance, and where a destination phrase puts a card.

The deck is ordered top first. What the player decides comes from the action's ``choices`` (``State.choices``) and
what chance decides from ``random`` (``State.random``), both consumed in order: a needed choice that is missing is
reported unresolved (never a default), and a choice the effect does not allow is refused citing lorcana:6.7.3.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from checker.errors import ReglasError
from checker.games.lorcana.engine.filters import either_type
from checker.games.lorcana.engine.state import Instance, State
from checker.grammar.walk import nodes, tokens
from checker.scenario.model import Refused

CHOICE = "lorcana:6.7.3"


@dataclass
class ZoneContext:
    """What the effect being resolved is doing outside play: the cards it looks at and has not put anywhere yet
    («the rest», «the other»; ``None`` before it looks), the name named and the players a clause acted on (the
    subject a later «discards» or «puts» carries over)."""

    looking: list[Instance] | None = None
    named: str | None = None
    players: list[str] | None = None
    #: The card whose effect this is: another card's effect starts afresh.
    source: str | None = None
    #: The cards the last clause acted on, for a later «if that character has …» (``conditions.holds``).
    acted: list[Instance] | None = None


class Choosing(Protocol):
    """The part of ``effects.Targets`` the zone effects use."""

    previous: list[Instance]
    chooser: str
    zone: ZoneContext
    #: The refs of the play's chosen cards not yet taken.
    refs: list[str]

    def take(self, what: str, phrase: Any = None, source: Instance | None = None) -> Instance | None: ...


class ClauseView(Protocol):
    """The part of ``effects.Clause`` the zone effects use (a protocol: ``effects`` merges the zone effects into its
    table, so they cannot import it back)."""

    @property
    def args(self) -> dict[str, Any]: ...

    @property
    def subject(self) -> dict[str, Any] | None: ...

    @property
    def state(self) -> State: ...

    @property
    def source(self) -> Instance: ...

    @property
    def targets(self) -> Choosing: ...

    @property
    def optional(self) -> bool: ...

    @property
    def player(self) -> str: ...


def context(c: ClauseView) -> ZoneContext:
    """The zone context of the effect being resolved (a fresh one when it was another card's)."""
    if c.targets.zone.source != c.source.ref:
        c.targets.zone = ZoneContext(source=c.source.ref)
    return c.targets.zone


# ------------------------------------------------------------------------------------------------ card phrases
_ALL = frozenset({"character", "item", "location", "action"})
NOUNS: dict[str, frozenset[str]] = {
    "card": _ALL, "cards": _ALL, "non_character_card": frozenset({"item", "location", "action"}),
    "character_item_or_location": frozenset({"character", "item", "location"}),
    **{f"{kind}{suffix}": frozenset({kind}) for kind in ("character", "item", "location", "action")
       for suffix in ("", "s", "_card", "_cards")},
    **{f"song{suffix}": frozenset({"action"}) for suffix in ("", "s", "_card", "_cards")},
}
#: Node types of a card phrase these effects understand; any other makes the phrase beyond them.
KNOWN = frozenset({
    *NOUNS, "types_or", "card_np", "any_number", "one_of", "determiner", "card_noun", "card_noun_plural", "adjective",
    "post_modifier", "a", "up_to", "number", "all", "all_the", "each", "chosen", "another_chosen", "a_chosen",
    "owner_plural", "their", "your", "your_other", "opposing", "other", "ready", "exerted", "damaged", "class_list",
    "classes_or",
    "classes_or_serial", "named", "name_list", "names_or", "cost_threshold", "from_zone", "from_hand", "from_discard",
    "hand_ref", "your_hand", "discard_ref", "your_discard", "their_discard", "any_discard", "in_your_hand",
    "chosen_opponents_discard", "in_their_hand", "of_your_choice", "of_yours", "revealed"})


def understood(phrase: Any) -> bool:
    return all(kind in KNOWN for kind, _ in nodes(phrase))


def card_matches(phrase: Any, card: Instance, source: Instance) -> bool:
    """Whether ``card`` (in any zone) is one the phrase denotes, seen from ``source`` («a Pirate character card with
    cost 2 or less», «a non-character card», «character cards named X»). Names compare without the version
    (lorcana:5.2.6)."""
    kinds = {kind for kind, _ in nodes(phrase)}
    noun = next((k for k in kinds if k in NOUNS), "card")
    allowed = either_type(phrase) or NOUNS[noun]
    if card.card.type not in allowed or (noun.startswith("song") and not card.card.is_song):
        return False
    mine = card.owner == source.owner
    if ("opposing" in kinds and mine) or (kinds & {"of_yours", "your"} and not mine):
        return False
    if "your_other" in kinds and (card is source or not mine):
        return False
    if ({"other", "another_chosen"} & kinds and card is source) or ("ready" in kinds and card.exerted):
        return False
    if ("exerted" in kinds and not card.exerted) or ("damaged" in kinds and card.damage == 0):
        return False
    classes = [str(v) for role, v in tokens(phrase) if role == "class"]
    if classes and not set(classes) & set(card.card.classifications):
        return False
    names = [str(v) for role, v in tokens(phrase) if role == "proper"]
    if names and not any(card.card.named(name) for name in names):
        return False
    for _, fields in ((k, f) for k, f in nodes(phrase) if k == "cost_threshold"):
        limit = int(fields["number"])
        if (card.card.cost > limit) if str(fields["more_less"]) == "less" else (card.card.cost < limit):
            return False
    return True


def bounds(phrase: Any, optional: bool) -> tuple[int, int] | None:
    """How many cards the phrase's determiner asks for: (least, most); «you may» lets the player choose none."""
    determiner = phrase.get("card_np", {}).get("determiner", {}) if isinstance(phrase, dict) else {}
    kinds = {kind for kind, _ in nodes(determiner)}
    if isinstance(phrase, dict) and "any_number" in phrase:
        return 0, 10**6
    if "up_to" in kinds:
        return 0, int(determiner["up_to"]["number"])
    if "number" in kinds:
        count = int(determiner["number"]["number"])
        return (0 if optional else count), count
    if kinds & {"all", "all_the", "each"}:
        return 10**6, 10**6                                                # every card that matches
    noun = next((k for k, _ in nodes(phrase) if k in NOUNS), "card")
    if not kinds and noun.endswith("s"):                                   # «revealed character cards»: all of them
        return 10**6, 10**6
    if not kinds or "a" in kinds:
        return (0 if optional else 1), 1
    return None


# ------------------------------------------------------------------------------------------------ choices
def next_choice(state: State, key: str, what: str) -> Any:
    """The next choice of the action, of kind ``key``; ``None`` (reported unresolved) when none is left."""
    if not state.choices:
        state.unresolved.append(f"{what}: falta una elección «{key}» en «choices»")
        return None
    choice = state.choices[0]
    if key not in choice:
        raise ReglasError(f"choices: {what} pide una elección «{key}» y la siguiente es «{next(iter(choice))}»",
                          fix=f"pon en choices, en el orden en que se resuelven, una elección {{{key}: …}}")
    state.choices.pop(0)
    state.applied.append("lorcana:6.7.2.3")                                # made while following the instructions
    return choice[key]


def _chosen_cards(state: State, refs: Any) -> list[Instance]:
    cards = []
    for ref in refs:
        card = state.cards.get(str(ref))
        if card is None:
            raise ReglasError(f"choices: no existe la carta «{ref}»", fix="usa la ref de una carta del estado")
        cards.append(card)
    return cards


def _names_this(state: State, valid: list[Instance]) -> bool:
    """Whether the next ``cards`` choice is meant for a selection the rules force: it names these very cards, none
    (then it is checked, and refused: «none» where one must be taken), or other cards of the same hand as them (a
    card the phrase does not allow: checked, and refused, lorcana:6.1.3.1; a deck's cards may be named next for
    their order)."""
    named = state.choices[0].get("cards") if state.choices and "cards" in state.choices[0] else None
    if not isinstance(named, list):
        return False
    if not named or sorted(map(str, named)) == sorted(c.ref for c in valid):
        return True
    pools = {(c.owner, c.zone) for c in valid if c.zone == "hand"}            # a hand: no later choice names it
    cards = [state.cards.get(str(ref)) for ref in named]
    return bool(pools) and all(card is not None and (card.owner, card.zone) in pools for card in cards)


def select(state: State, what: str, valid: list[Instance], least: int, most: int,
           *rules: str) -> tuple[list[Instance], bool] | None:
    """The player's choice of ``least``…``most`` cards among ``valid`` (in the order given), and whether the player
    chose (a forced selection — none, or every valid card when that many are required — needs no choice).
    ``None`` when the choice is missing."""
    least, most = min(least, len(valid)), min(most, len(valid))
    if most == 0:                                                            # nothing to choose; a «none»
        if state.choices and state.choices[0].get("cards") == []:            # written for it is this one
            next_choice(state, "cards", what)
        return [], False
    if least == most == len(valid) and not _names_this(state, valid):
        return list(valid), False
    refs = next_choice(state, "cards", what)
    if refs is None:
        return None
    chosen = _chosen_cards(state, refs)
    for card in chosen:
        if card not in valid or chosen.count(card) > 1:
            allowed = ", ".join(c.ref for c in valid)
            raise Refused(f"{what}: no se puede elegir «{card.ref}» (se elige entre {allowed})", CHOICE,
                          "lorcana:6.1.3.1", *rules)
    if not least <= len(chosen) <= most:
        raise Refused(f"{what}: hay que elegir {least if least == most else f'de {least} a {most}'} cartas y se "
                      f"eligen {len(chosen)}", CHOICE, *rules)
    state.cite(CHOICE)                                                       # a choice that meets what it asks
    return chosen, True


def order(state: State, what: str, cards: list[Instance]) -> list[Instance] | None:
    """The order, top first, in which the player puts ``cards`` onto a deck; ``None`` when it is missing."""
    if len(cards) <= 1:
        return list(cards)
    refs = next_choice(state, "cards", what)
    if refs is None:
        return None
    chosen = _chosen_cards(state, refs)
    if sorted(c.ref for c in chosen) != sorted(c.ref for c in cards):
        raise Refused(f"{what}: el orden tiene que dar cada una de estas cartas una vez: "
                      f"{', '.join(c.ref for c in cards)}", CHOICE)
    return chosen


def choose_player(state: State, what: str, allowed: list[str]) -> str | None:
    """A chosen player («chosen player», «chosen opponent»)."""
    player = next_choice(state, "player", what)
    if player is None:
        return None
    if str(player) not in allowed:
        raise Refused(f"{what}: no se puede elegir al jugador «{player}» (se elige entre {', '.join(allowed)})",
                      CHOICE)
    return str(player)


def at_random(state: State, what: str, pool: list[Instance], count: int) -> list[Instance] | None:
    """``count`` cards of ``pool`` picked by chance: the next ``random`` result (every card when no more are there)."""
    if count >= len(pool):
        return list(pool)
    if not state.random:
        state.unresolved.append(f"{what}: falta en «random» qué cartas salen al azar")
        return None
    picked = _chosen_cards(state, state.random.pop(0))
    if len(picked) != count or any(card not in pool or picked.count(card) > 1 for card in picked):
        raise ReglasError(f"random: {what} saca al azar {count} de {', '.join(c.ref for c in pool)}",
                          fix=f"da {count} refs distintas de esas cartas")
    return picked


def shuffle(state: State, owner: str, what: str) -> None:
    """Shuffle a player's deck (its player shuffles it, lorcana:1.4.3): its new order is the next ``random`` result;
    without one it is reported unresolved."""
    deck = state.players[owner].zones["deck"]
    state.applied.append("lorcana:1.4.3")
    if len(deck) <= 1:
        return
    if not state.random:
        state.unresolved.append(f"{what}: falta en «random» el orden del mazo de {owner} tras barajarlo")
        return
    refs = state.random.pop(0)
    if sorted(refs) != sorted(deck):
        raise ReglasError(f"random: el mazo barajado de {owner} tiene {', '.join(sorted(deck))}",
                          fix="da todas sus refs, cada una una vez, de arriba abajo")
    deck[:] = refs


# ------------------------------------------------------------------------------------------------ destinations
class Where(NamedTuple):
    """Where a destination phrase puts a card: zone, top of the deck, exerted in the inkwell, and whether the zone
    must be the resolving player's own («your hand») rather than the card's owner's («their player's inkwell»)."""

    zone: str
    top: bool = False
    exerted: bool = False
    yours: bool = False


_HANDS = {"your_hand": True, "their_hand": False, "their_players_hand": False, "its_players_hand": False}
_INKWELLS = {"your_inkwell": True, "their_inkwell": False, "their_players_inkwell": False,
             "its_players_inkwell": False}
_DISCARDS = {"your_discard": True, "their_discard": False, "their_players_discard": False}
_DECK_PLACES = {"on_top": True, "on_top_in_any_order": True, "on_top_of_it": True, "on_top_of": True,
                "on_bottom": False, "on_bottom_in_any_order": False}


def ink_permission(clause: Any) -> bool:
    """«(you may) put an additional card from your hand into your inkwell»: not a card put there now, but one more
    inking this turn (lorcana:4.2.3.1)."""
    fields: Any = next(iter(clause.values()), {}) if isinstance(clause, dict) and len(clause) == 1 else {}
    args = fields.get("predicate", {}).get("put_card") if isinstance(fields, dict) else None
    if not isinstance(args, dict) or "you" not in (fields.get("subject") or {"you": {}}):
        return False
    kinds = {k for k, _ in nodes(args.get("target", {}))}
    places = {k for k, _ in nodes(args.get("destination", []))}
    lasting = {k for k, _ in nodes(args.get("duration", {}))}                 # «… facedown this turn»
    return "additional" in kinds and "from_hand" in kinds and "your_inkwell" in places and lasting <= {"this_turn"}


def where(destination: dict[str, Any]) -> Where | None:
    """The zone a destination node names; ``None`` if beyond these effects."""
    kind = next(iter(destination))
    inner = {k for k, _ in nodes(destination)}
    if kind in ("into", "in_hand"):
        for table, zone in ((_HANDS, "hand"), (_INKWELLS, "inkwell"), (_DISCARDS, "discard")):
            found = [k for k in inner if k in table]
            if found:
                return Where(zone, exerted="facedown_and_exerted" in inner, yours=table[found[0]])
        return None
    if kind in _DECK_PLACES:
        return Where("deck", top=_DECK_PLACES[kind], yours="your_deck" in inner)
    return None


def put(state: State, cards: list[Instance], place: Where, player: str) -> bool:
    """Put ``cards`` (top first when they go onto a deck) into their owner's zone; False when the destination is
    another player's zone or a stack would go onto a deck (its cards' order is beyond this checker)."""
    if any(place.yours and card.owner != player for card in cards):
        return False
    if place.zone == "deck" and any(card.zone == "play" and card.under for card in cards):
        return False
    if any(card.zone == "play" for card in cards):
        state.applied.append("lorcana:7.1.6")                              # it leaves play: a new card
    for card in reversed(cards) if place.top else cards:
        moved = 1 + (len(card.under) if card.zone == "play" else 0)
        state.move(card, place.zone)                                         # leaving play clears its state (7.1.6)
        owner = state.players[card.owner]
        if place.zone == "deck" and place.top:
            owner.zones["deck"].remove(card.ref)
            owner.zones["deck"].insert(0, card.ref)
        elif place.zone == "inkwell":                                        # facedown, unrevealed (7.5.6)
            if place.exerted:                                                # the text beats «ready» (1.2.1)
                owner.ink_exerted += moved
                state.cite("lorcana:1.2.1")
            else:
                owner.ink_ready += moved                                     # facedown and ready (7.5.2)
    if place.zone == "hand" and cards:
        state.cite("lorcana:1.12.3")                                         # put, not drawn
    if place.zone == "inkwell" and cards:
        state.cite("lorcana:7.5.2", "lorcana:7.5.6", "lorcana:4.2.3.2")     # not the turn's inking
        for card in cards:
            state.players[card.owner].inked_by_effect = True
    return True
