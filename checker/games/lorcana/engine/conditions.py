"""Conditions in front of static abilities («While this character is exerted,», «During your turn,»…)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from checker.games.lorcana.engine.counts import OTHER, cards_under
from checker.games.lorcana.engine.filters import matches, supported
from checker.games.lorcana.engine.hands import HAND_CONDITIONS
from checker.games.lorcana.engine.players import PLAYER_CONDITIONS, count_cards
from checker.games.lorcana.engine.state import Instance, State
from checker.games.lorcana.engine.turns import whose_turn
from checker.games.lorcana.engine.zonecards import ZoneContext, card_matches, understood
from checker.grammar.walk import nodes


def _is_self(subject: dict[str, Any]) -> bool:
    return any(kind == "this_card" for kind, _ in nodes(subject))


def _count(card_np: dict[str, Any]) -> int:
    for kind, fields in nodes(card_np.get("card_np", {}).get("determiner", {})):
        if kind == "at_least":
            return int(fields["number"])
    return 1


#: A condition's value now, or ``None`` when it is beyond this checker.
Check = Callable[[dict[str, Any], State, Instance], "bool | None"]


def _holder(cond: dict[str, Any], state: State, source: Instance) -> Instance | None:
    """The card a state condition is about: «this character», or «she's» / «they're» of an ability of a card in play
    (the card its trigger is about: the questing character of «Whenever a character quests while here»); an
    action's «they» (its chosen cards) is beyond these conditions."""
    subject = cond.get("subject_np", {})
    if _is_self(subject):
        return source
    if ("she_is" in cond or "pronoun" in subject) and source.card.type != "action":
        return state.cards.get(state.subject, source) if state.subject is not None else source
    return None


def _self_state(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    card = _holder(cond, state, source)
    if card is None:
        return None
    ((state_kind, fields),) = cond["state"].items()
    if state_kind == "is_a":                                                 # «if they're a Knight character»
        phrase = {"card_np": {k: v for k, v in fields.items() if k in ("adjective", "card_noun")}}
        return matches(phrase, card, source) if supported(phrase) else None
    return {"exerted": card.exerted, "ready": not card.exerted, "damaged": card.damage > 0,
            "at_location": card.at is not None}.get(state_kind)


def _damage_at_least(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    """«if this character has 3 or more damage» (about another card: read through ``holds``' referent)."""
    if not _is_self(cond.get("subject_np", {})):
        return None
    number = next((int(f["number"]) for k, f in nodes(cond.get("amount_at_least", {})) if "number" in f), None)
    return None if number is None else source.damage >= number


def _damage(wanted: bool) -> Check:
    def check(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
        if not _is_self(cond.get("subject_np", {})):
            return None
        return (source.damage > 0) == wanted
    return check


def _you_have(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    phrase = cond["card_np"].get("card_np", {})
    where = [m for m in phrase.get("post_modifier", []) if "in_your_hand" in m]
    if where:                                                                # «… cards in your hand»
        rest = {"card_np": {**{k: v for k, v in phrase.items() if k != "determiner"},       # how many: _count
                            "post_modifier": [m for m in phrase["post_modifier"] if m not in where]}}
        if not understood(rest):
            return None
        hand = [state.cards[ref] for ref in state.players[source.owner].zones["hand"]]
        return sum(1 for card in hand if card_matches(rest, card, source)) >= _count(cond["card_np"])
    if any("in_your_inkwell" in m for m in phrase.get("post_modifier", [])):  # «5 or more cards in your inkwell»:
        ink = count_cards(source.owner, phrase, state, source)               # ready and exerted
        return None if ink is None else ink >= _count(cond["card_np"])
    if not supported(cond["card_np"]):
        return None
    if OTHER & {k for k, _ in nodes(cond["card_np"])}:
        state.cite("lorcana:6.1.6")                                          # not the card itself
    found = [c for c in state.in_play(source.owner) if matches(cond["card_np"], c, source)]
    return len(found) >= _count(cond["card_np"])


def _there_is(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    """«While there's a card under this character»: the cards under it (other «there is» phrases: beyond)."""
    found = cards_under(cond.get("card_np", {}), state, source)
    return None if found is None else len(found) >= _count(cond.get("card_np", {}))


def _has_cards_under(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    """«if she has 2 or more cards under her», «while this character has 3 or more cards under him»: the cards under
    the card itself, or under the card its trigger is about (lorcana:8.4.1); other «has» phrases are beyond."""
    subject = cond.get("subject_np", {})
    if not (_is_self(subject) or "pronoun" in subject):
        return None
    card = source if _is_self(subject) else state.cards.get(state.subject or source.ref, source)
    found = cards_under(cond.get("card_np", {}), state, card)
    return None if found is None else len(found) >= _count(cond.get("card_np", {}))


_STAT = {"¤": "strength", "⛉": "willpower", "◊": "lore"}


def _has_stat(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    """«While this character has 5 ¤ or more»: its current characteristic, modifiers included."""
    threshold = cond.get("stat_threshold", {}).get("stat_threshold", {})
    stat = _STAT.get(str(threshold.get("stat_symbol")))
    if not _is_self(cond.get("subject_np", {})) or stat is None or "number" not in threshold:
        return None
    value, limit = source.stat(stat), int(threshold["number"])
    return value >= limit if str(threshold.get("more_less")) == "more" else value <= limit


def _used_shift(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    """«if you used Shift to play him/them»: the card the trigger is about, or the card itself (lorcana:8.10)."""
    card = state.cards.get(state.subject or source.ref, source)
    return "shifted" in card.gained_flags


#: Condition node types (``cond``) of the grammar and how to evaluate them (``coverage.py`` reads it).
def _you_have_lore(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    """«if you have 5 or more lore»: its player's lore now."""
    return state.players[source.owner].lore >= int(cond["number"])


def _more_lore(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    """«if you have more lore than each opponent»: its player's lore against every opponent's, now."""
    if not _more_lore_read(cond):
        return None
    mine = state.players[source.owner].lore
    return all(mine > state.players[p].lore for p in state.opponents(source.owner))


def _more_lore_read(cond: dict[str, Any]) -> bool:
    return "lore" in (cond.get("compared") or {}) and "each_opponent" in (cond.get("target") or {})


#: The events a past-tense passive names («… was banished in a challenge this turn»), by its node type.
PAST_EVENTS = {"banished": ("banished", "banished_in_challenge"), "challenged": ("is_challenged",),
               "played": ("played",), "dealt_damage": ("dealt_damage",), "moved": ("moves",), "drawn": ("drawn",),
               "readied": ("readied",)}


def _past(cond: dict[str, Any], state: State, source: Instance) -> bool | None:
    """«if an opposing character was banished in a challenge this turn»: the turn's history (lorcana:6.1.13.4 for
    «this turn»); other past phrases are beyond this checker."""
    vp = cond.get("past_vp", {}).get("was_passive", {})
    passive = vp.get("passive", {})
    if "this_turn" not in vp.get("turn_scope", {}) or not isinstance(passive, dict) or len(passive) != 1:
        return None
    ((kind, fields),) = passive.items()
    events = PAST_EVENTS.get(kind)
    subject = cond.get("subject", {})
    if events is None or not supported(subject):
        return None
    if kind == "banished" and isinstance(fields, dict) and "in_a_challenge" in fields:
        events = ("banished_in_challenge",)
    return any(event in events and matches(subject, state.cards[ref], source) for event, ref in state.history)


CONDITIONS: dict[str, Check] = {
    "past": _past,
    "is_state": _self_state,
    "has_no_damage": _damage(False),
    "has_damage": _damage(True),
    "you_have": _you_have,
    **HAND_CONDITIONS,
    **PLAYER_CONDITIONS,
    "used_shift": _used_shift,
    "there_is": _there_is,
    "has_cards": _has_cards_under,
    "has_stat": _has_stat,
    "has_damage_at_least": _damage_at_least,
    "you_have_lore_at_least": _you_have_lore,
    "you_have_more_than": _more_lore,
    "no_opponent_more_lore": lambda cond, state, source: all(
        state.players[p].lore <= state.players[source.owner].lore for p in state.opponents(source.owner)),
}
#: Conditions the handler reads only in some forms (``coverage.py`` asks it, so the report counts what runs).
COND_READS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "you_have_more_than": _more_lore_read,
    "has_stat": lambda cond: _is_self(cond.get("subject_np", {})) or _pointed(cond),
    "has_damage_at_least": lambda cond: _is_self(cond.get("subject_np", {})) or _pointed(cond),
}
#: Conditions about one card whose subject may be a card the effect or the trigger points to («if that character
#: has 3 or more damage», «if she has 6 ¤ or more»): ``holds`` evaluates them as about that card itself.
ABOUT_A_CARD = frozenset({"has_stat", "has_damage_at_least"})


def _pointed(cond: dict[str, Any]) -> bool:
    """«that character», «she»: the subject is a card named before, not the card itself."""
    subject = cond.get("subject_np", {})
    return "pronoun" in subject or any(kind == "that_card" for kind, _ in nodes(subject))


def _referent(cond: dict[str, Any], state: State, source: Instance,
              zone: ZoneContext | None) -> tuple[dict[str, Any], Instance] | None:
    """The condition as about the card it points to, and that card: the one the effect acted on last, or else the
    card the trigger is about; ``None`` when it points to none or several."""
    acted = zone.acted if zone is not None else None
    if acted:
        card = acted[0] if len(acted) == 1 else None
    else:
        card = state.cards.get(state.subject) if state.subject is not None else None
    if card is None:
        return None
    return {**cond, "subject_np": {"card_np": {"self_ref": {"this_card": {}}}}}, card
#: Condition wrappers whose ``cond`` is evaluated («while …», «if …»; «unless …» holds when its ``cond`` fails).
WRAPPERS = ("while_condition", "if_condition", "unless")


def _while_challenging(fields: Any, state: State, source: Instance) -> bool | None:
    """«While challenging,» / «While challenging a location,»: the card is the challenger of the challenge now
    (lorcana:4.6)."""
    if state.challenge is None or state.challenge[0] != source.ref:
        return False
    phrase = fields.get("card_np") if isinstance(fields, dict) else None
    if phrase is None:
        return True
    return matches(phrase, state.cards[state.challenge[1]], source) if supported(phrase) else None


def _while_being_challenged(fields: Any, state: State, source: Instance) -> bool | None:
    """«While being challenged,»: the card is the challenged character of the challenge now."""
    return state.challenge is not None and state.challenge[1] == source.ref


#: Conditions about the challenge under way, in front of a sentence (no ``cond`` inside).
CHALLENGE_STATES: dict[str, Check] = {"while_challenging": _while_challenging,
                                      "while_challenging_card": _while_challenging,
                                      "while_being_challenged": _while_being_challenged}


def _during_your_turn(timing: dict[str, Any], state: State, source: Instance) -> bool | None:
    """«During your turn,» / «During opponents' turns,» (lorcana:6.1.13.1): whether it is that turn now."""
    yours = whose_turn(timing["during"].get("turn_ref", {}))
    return None if yours is None else (state.active == source.owner) == yours


def _once(during: bool) -> Check:
    """«Once per turn,» / «Once during your turn,» (lorcana:6.1.13.2): the ability of this card resolves once per
    turn; a second time it resolves with no effect. Each copy of the card counts for itself."""
    def check(timing: dict[str, Any], state: State, source: Instance) -> bool | None:
        turn = _during_your_turn({"during": timing["once_during"]}, state, source) if during else True
        if turn is not True:
            return turn
        key = f"once:{id(timing)}"
        if key in source.gained_flags:                                       # cleared when the turn ends
            state.applied.append("lorcana:6.1.13.2")
            return False
        source.gained_flags.add(key)
        return True
    return check


#: Timing node types in front of an ability («During your turn,»).
TIMINGS: dict[str, Check] = {"during": _during_your_turn, "once_per_turn": _once(False), "once_during": _once(True)}


def _then(prefix: dict[str, Any], state: State, source: Instance) -> bool | None:
    return True


def _otherwise(prefix: dict[str, Any], state: State, source: Instance) -> bool | None:
    return None if state.last_if is None else not state.last_if


def _if_you_do(prefix: dict[str, Any], state: State, source: Instance) -> bool | None:
    state.cite("lorcana:6.1.5.1")
    return state.last_done


#: Sequencers in front of a sentence («Then,», «Otherwise,», «If you do,»; lorcana:6.1.5.1), read against the
#: previous sentence (``state.last_if``: its condition held; ``state.last_done``: what it asked was done).
SEQUENCERS: dict[str, Check] = {"then": _then, "otherwise": _otherwise, "if_you_do": _if_you_do}


def _looked_is_a(fields: dict[str, Any], card: Instance, source: Instance, zone: ZoneContext) -> bool | None:
    return card_matches(fields, card, source) if understood(fields) else None


def _looked_is_named(fields: dict[str, Any], card: Instance, source: Instance, zone: ZoneContext) -> bool | None:
    return None if zone.named is None else card.card.named(zone.named)      # 5.2.6


#: «If it's a song card», «If it's the named card»: about the one card the effect is looking at or revealed.
LookedCheck = Callable[[dict[str, Any], Instance, Instance, ZoneContext], "bool | None"]
LOOKED_STATES: dict[str, LookedCheck] = {"is_a": _looked_is_a, "the_named_card": _looked_is_named}


def _about_looked(cond: dict[str, Any], source: Instance, zone: ZoneContext | None) -> bool | None:
    looked = zone.looking if zone is not None else None
    if zone is None or not looked or len(looked) != 1 or len(cond.get("state", {})) != 1:
        return None
    ((kind, fields),) = cond["state"].items()
    check = LOOKED_STATES.get(kind)
    return check(fields, looked[0], source, zone) if check else None


def holds(prefixes: list[dict[str, Any]], state: State, source: Instance,
          zone: ZoneContext | None = None) -> bool | None:
    """Whether every prefix holds now; ``None`` if one of them is beyond this checker. ``zone``: what the effect is
    looking at, for «if it's …» (the card it revealed)."""
    for prefix in prefixes:
        fields = prefix.get("prefix", {})
        if "timing" in fields:
            kind = next(iter(fields["timing"]))
            check = TIMINGS.get(kind)
            if kind == "during":
                state.cite("lorcana:6.1.13.1")
            value = check(fields["timing"], state, source) if check else None
        elif "sequencer" in fields:
            kind = next(iter(fields["sequencer"]))
            check = SEQUENCERS.get(kind)
            value = check(fields["sequencer"], state, source) if check else None
        else:
            wrapper = fields.get("condition", {})
            inner = next((wrapper[w] for w in WRAPPERS if w in wrapper), None)
            during = next((k for k in wrapper if k in CHALLENGE_STATES), None)
            if during is not None:                                           # «While challenging,»
                now = CHALLENGE_STATES[during](wrapper[during], state, source)
                if now is not True:
                    return now
                continue
            if inner is None:
                return None
            if "while_condition" in wrapper:
                state.cite("lorcana:6.1.13.5")
            ((kind, cond),) = inner["cond"].items()
            check = CONDITIONS.get(kind)
            if kind == "is_state" and str(cond.get("she_is", "")).casefold() in ("it's", "it is"):
                value = _about_looked(cond, source, zone)
            elif kind in ABOUT_A_CARD and _pointed(cond):                     # «if that character has …»
                about = _referent(cond, state, source, zone)
                value = check(about[0], state, about[1]) if check and about else None
            else:
                value = check(cond, state, source) if check else None
        if value is not None and "unless" in fields.get("condition", {}):
            state.cite("lorcana:6.4.4.1")
            value = not value
        if value is None:
            return None
        if not value:
            return False
    return True
