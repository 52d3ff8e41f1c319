"""Unconditional static abilities of a card about itself that change legality, read once from its structures."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from checker.games.lorcana.engine.cards import CardDef, not_static
from checker.grammar.walk import nodes


def _self_clauses(structure: dict[str, Any]) -> list[dict[str, Any]]:
    """Predicates of sentences about «this character» with no trigger, condition or timing before them."""
    found = []
    for kind, fields in nodes(structure):
        if kind != "statement" or fields.get("prefix"):
            continue
        for clause in fields.get("clause", []):
            declarative = clause.get("declarative")
            if not declarative:
                continue
            subject = declarative.get("subject", {})
            self_ref = subject.get("card_np", {}).get("self_ref", {})
            if "this_card" in self_ref:
                found.append(declarative.get("predicate", {}))
    return found


Reader = Callable[[dict[str, Any]], "frozenset[str] | None"]
#: Actions a «this character can't …» flag can stop.
_STOPPABLE = ("quest", "challenge", "be_challenged", "sing", "move", "ready_at_start", "be_challenged_by")


def _actions(fields: dict[str, Any]) -> list[str]:
    """The actions a «can't …» names (the node type of each, not what is inside it)."""
    found = fields.get("action_list", {}).get("action_list", {}).get("action", [])
    found = found if isinstance(found, list) else [found]
    return [key for action in found if isinstance(action, dict) for key in action]


def _cant(fields: dict[str, Any]) -> frozenset[str] | None:
    actions = _actions(fields)
    if "duration" in fields or "unless" in fields or not actions or any(a not in _STOPPABLE for a in actions):
        return None
    return frozenset(f"cant_{a}" for a in actions)


def _can(fields: dict[str, Any]) -> frozenset[str] | None:
    return frozenset({"can_challenge_ready"}) if "challenge_ready" in _actions(fields) else None


def _singer_bonus(fields: dict[str, Any]) -> frozenset[str] | None:   # «counts as having +N cost to sing»
    return None if "duration" in fields else frozenset({f"sing_bonus:{int(str(fields['signed']))}"})


def _enters_play(fields: dict[str, Any]) -> frozenset[str] | None:
    flags = {"enters_exerted" for state, _ in nodes(fields) if state == "exerted"}
    flags |= {f"enters_damage:{f['number']}" for state, f in nodes(fields) if state == "with_damage"}
    return frozenset(flags) or None


#: Predicates of «this character …» static sentences and the flags they give; ``None``: beyond this checker.
FLAGS: dict[str, Reader] = {
    "cant": _cant,
    "can": _can,
    "singer_bonus": _singer_bonus,
    "enters_play": _enters_play,
}


@cache
def challenge_limits(card: CardDef) -> tuple[Any, ...]:
    """The cards that can't challenge this one, by its static abilities about itself («This character can't be
    challenged by Pirate characters»): a challenging limiter (lorcana:4.6.4.3)."""
    found = []
    for structure in card.abilities:
        if "keywords" in structure.get("start", {}):
            continue
        for predicate in _self_clauses(structure):
            actions = predicate.get("cant", {}).get("action_list", {}).get("action_list", {}).get("action", [])
            for action in actions if isinstance(actions, list) else [actions]:
                if isinstance(action, dict) and "be_challenged_by" in action:
                    found.append(action["be_challenged_by"].get("card_np"))
    return tuple(found)


@cache
def static_flags(card: CardDef) -> frozenset[str]:
    """``cant_quest``, ``cant_challenge``, ``cant_be_challenged``, ``cant_sing``, ``can_challenge_ready``,
    ``enters_exerted``, ``enters_damage:N``, ``sing_bonus:N``."""
    flags: set[str] = set()
    for structure in card.abilities:
        if "keywords" in structure.get("start", {}):
            continue
        for predicate in _self_clauses(structure):
            for kind, fields in predicate.items():
                reader = FLAGS.get(kind)
                found = reader(fields) if reader is not None and isinstance(fields, dict) else None
                flags |= found or set()
    return frozenset(flags)


@cache
def decoy(card: CardDef) -> bool:
    """«Opposing players must choose this character for actions and abilities if able»: a static ability that
    binds the opponents' choices (read by ``effects.Targets``)."""
    for structure in card.abilities:
        for kind, fields in nodes(structure):
            if kind != "statement" or fields.get("prefix"):
                continue
            if any(decoy_clause(clause.get("declarative", {})) for clause in fields.get("clause", [])):
                return True
    return False


#: «Opponents can't choose your items for …»: which choices each action node forbids (``any``, or only those of an
#: action card, or only those of abilities).
CHOICE_LIMITS = {"choose_for_effects": "any", "choose_any": "any", "choose_for_actions_or_abilities": "any",
                 "choose_for_actions": "action", "choose_for_abilities": "ability"}


def _cant_actions(declarative: dict[str, Any]) -> list[tuple[str, Any]]:
    cant = declarative.get("predicate", {}).get("cant", {})
    actions = cant.get("action_list", {}).get("action_list", {}).get("action", []) if isinstance(cant, dict) else []
    return [(kind, fields) for action in (actions if isinstance(actions, list) else [actions])
            if isinstance(action, dict) for kind, fields in action.items()]


def play_limit(declarative: dict[str, Any]) -> dict[str, Any] | None:
    """«You can't play this character unless …»: the ``unless`` condition (read by ``actions.play``)."""
    cant = declarative.get("predicate", {}).get("cant", {})
    actions = _cant_actions(declarative)
    if "you" not in declarative.get("subject", {}) or len(actions) != 1 or actions[0][0] != "play" \
            or not isinstance(cant, dict) or "unless" not in cant \
            or not any(k == "this_card" for k, _ in nodes(actions[0][1])):
        return None
    unless: dict[str, Any] = cant["unless"]["unless"]
    return unless


#: Whom a «… can't play …» static ability stops, by its subject, seen from the card's player.
BANNED = {"opponents": "opponents", "each_opponent": "opponents", "you": "you", "players": "all",
          "each_player": "all"}


def play_ban(declarative: dict[str, Any], timed: bool = False) -> tuple[str, Any] | None:
    """«Opponents can't play songs», «You can't play actions»: (whom it stops, the phrase of the cards); not the
    card's own «can't play this … unless …» (``play_limit``). ``timed``: the ban an effect makes for a while
    («… can't play actions until the start of your next turn»), whose duration the effect reads."""
    cant = declarative.get("predicate", {}).get("cant", {})
    actions = _cant_actions(declarative)
    who = next((BANNED[k] for k in declarative.get("subject", {}) if k in BANNED), None)
    if who is None or len(actions) != 1 or actions[0][0] != "play" or not isinstance(cant, dict) \
            or "unless" in cant or ("duration" in cant) != timed or not isinstance(actions[0][1], dict):
        return None
    phrase = actions[0][1].get("card_np")
    if not isinstance(phrase, dict) or any(k == "this_card" for k, _ in nodes(phrase)):
        return None
    return who, phrase


@cache
def play_bans(card: CardDef) -> tuple[tuple[list[Any], str, Any], ...]:
    """(conditions in front, whom, the phrase) of each «… can't play …» static sentence of a card."""
    return tuple((fields.get("prefix", []), *found) for structure in card.abilities
                 if not not_static(structure)
                 for kind, fields in nodes(structure) if kind == "statement"
                 for clause in fields.get("clause", [])
                 for found in [play_ban(clause.get("declarative", {}))] if found is not None)


def choice_limit(declarative: dict[str, Any]) -> tuple[str, Any] | None:
    """«Opponents can't choose your items for abilities or effects»: (which choices, the phrase of the cards)."""
    actions = _cant_actions(declarative)
    cant = declarative.get("predicate", {}).get("cant", {})
    if "opponents" not in declarative.get("subject", {}) or len(actions) != 1 or actions[0][0] not in CHOICE_LIMITS \
            or not isinstance(cant, dict) or "unless" in cant or "duration" in cant:
        return None
    kind, fields = actions[0]
    target = fields.get("target") if isinstance(fields, dict) else None
    return (CHOICE_LIMITS[kind], target) if isinstance(target, dict) else None


def _static_clauses(card: CardDef) -> list[dict[str, Any]]:
    """The declaratives of a card's unconditional static sentences."""
    return [clause.get("declarative", {}) for structure in card.abilities
            if not not_static(structure)
            for kind, fields in nodes(structure) if kind == "statement" and not fields.get("prefix")
            for clause in fields.get("clause", [])]


@cache
def play_limits(card: CardDef) -> tuple[dict[str, Any], ...]:
    return tuple(found for d in _static_clauses(card) for found in [play_limit(d)] if found is not None)


@cache
def choice_limits(card: CardDef) -> tuple[tuple[str, Any], ...]:
    return tuple(found for d in _static_clauses(card) for found in [choice_limit(d)] if found is not None)


def decoy_clause(declarative: dict[str, Any]) -> bool:
    """«Opposing players must choose this character …»: the clause ``decoy`` reads."""
    must = declarative.get("predicate", {}).get("must_choose_target", {})
    target = must.get("target", {}) if isinstance(must, dict) else {}
    return "opposing_players" in declarative.get("subject", {}) and any(k == "this_card" for k, _ in nodes(target))


def quoted_flags(structure: dict[str, Any]) -> frozenset[str] | None:
    """The flags a quoted static ability about «this character» gives («This character can challenge ready
    characters»); ``None`` when a sentence of it is beyond these readers."""
    clauses = _self_clauses(structure)
    found: set[str] = set()
    for predicate in clauses:
        for kind, fields in predicate.items():
            reader = FLAGS.get(kind)
            flags = reader(fields) if reader is not None and isinstance(fields, dict) else None
            if flags is None:
                return None
            found |= flags
    return frozenset(found) if clauses else None
