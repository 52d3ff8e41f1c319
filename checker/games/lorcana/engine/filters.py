"""Which cards a noun phrase of card text («your other Pirate characters», «characters named X») denotes."""

from __future__ import annotations

from typing import Any

from checker.games.lorcana.engine.state import Instance
from checker.grammar.walk import nodes, tokens

NOUN_TYPES = {
    "character": "character", "characters": "character", "item": "item", "items": "item",
    "location": "location", "locations": "location", "action": "action", "actions": "action",
}
#: Parts of a noun phrase this checker understands; anything else makes the phrase unsupported.
KNOWN = {"your", "other", "opposing", "damaged", "exerted", "ready", "class_list", "adjective", "classes_or",
         "classes_and", "classes_or_serial", "classes_and_serial", "named", "name_list", "names_or", "names_and",
         "with_keyword", "each", "all", "all_your", "card_np", *NOUN_TYPES, "simple_keyword", "plus_keyword",
         "number_keyword", "keyword_name", "self_ref", "determiner", "card_noun", "chosen", "a_chosen",
         "another_chosen", "a", "this_card", "in_play", "you_have_in_play", "at_least",
         "opponents_have_in_play", "you_have_here", "in_your_hand", "card",
         "in_your_opponents_hands", "one_of", "owner_plural", "card_noun_plural", "your_other", "song", "songs",
         "another", "of_yours", "cost_threshold", "stat_filter", "stat_threshold", "not_a_song", "here",
         "up_to_chosen", "n_chosen", "another_of", "types_or", "your_opponents"}


def either_type(card_np: Any) -> frozenset[str] | None:
    """The card types of «item or location» («characters and/or locations»); ``None`` without such a noun."""
    words = [str(v) for role, v in tokens(card_np) if role == "types_or"]
    if len(words) != 1:
        return None
    return frozenset(NOUN_TYPES[w] for w in words[0].casefold().replace("and/or", "or").split(" or "))


def _under_them(modifier: Any) -> bool:
    """«with a card under them», «that have a card under them»: a post-modifier about the cards under the card
    itself (lorcana:8.4.1)."""
    held: Any = next((modifier[k] for k in ("with_cards", "that_have") if k in modifier), {}) \
        if isinstance(modifier, dict) else {}
    inner = held.get("card_np", {}) if isinstance(held, dict) else {}
    under = [m.get("under", {}).get("target", {}) for m in inner.get("card_np", {}).get("post_modifier", [])
             if isinstance(m, dict) and "under" in m]
    rest = [m for m in inner.get("card_np", {}).get("post_modifier", []) if not (isinstance(m, dict) and "under" in m)]
    return len(under) == 1 and "pronoun" in under[0] and not rest and \
        {k for k, _ in nodes(inner)} <= {"card_np", "a", "card", "cards", "under", "pronoun"}


#: Phrase forms whose fields are those of a card phrase: «a Pirate character with …», «one of your Pirate
#: characters with …», «each of your …», «another of your …».
_PHRASES = ("card_np", "one_of", "each_of", "another_of", "n_of", "at_least_of", "one_or_more_of")


def _fields(card_np: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The phrase's form and its fields (determiner or owner, adjectives, noun, post-modifiers)."""
    for key in _PHRASES:
        if isinstance(card_np.get(key), dict):
            return key, card_np[key]
    return "card_np", {}


def _plain(card_np: dict[str, Any]) -> dict[str, Any]:
    """The phrase without its «with a card under them» post-modifiers (``matches`` checks those itself)."""
    key, fields = _fields(card_np)
    if not any(_under_them(m) for m in fields.get("post_modifier", [])):
        return card_np
    return {**card_np, key: {**fields, "post_modifier": [m for m in fields["post_modifier"] if not _under_them(m)]}}


def supported(card_np: dict[str, Any]) -> bool:
    return all(kind in KNOWN for kind, _ in nodes(_plain(card_np)))


def matches(card_np: dict[str, Any], card: Instance, source: Instance) -> bool:
    """Whether ``card`` is among the cards the phrase denotes, seen from the card ``source``."""
    _, fields = _fields(card_np)
    kinds = {kind for kind, _ in nodes(_plain(card_np))}
    if "this_card" in kinds:
        return card is source
    noun = next((NOUN_TYPES[k] for k in kinds if k in NOUN_TYPES), None)
    if noun and card.card.type != noun:
        return False
    either = either_type(card_np)
    if either is not None and card.card.type not in either:
        return False
    if ("song" in kinds or "songs" in kinds) and not card.card.is_song:     # a song is still «your» song…
        return False
    if "your_other" in kinds and (card is source or card.owner != source.owner):
        return False
    if ({"your", "all_your", "you_have_in_play", "you_have_here", "in_your_hand", "of_yours"} & kinds) \
            and card.owner != source.owner:
        return False
    if ({"opposing", "opponents_have_in_play", "in_your_opponents_hands", "your_opponents"} & kinds) \
            and card.owner == source.owner:
        return False
    if "you_have_here" in kinds and card.at != source.ref:
        return False
    if "here" in kinds:                                                      # at this location, or at the source's
        here = source.ref if source.card.type == "location" else source.at
        if here is None or card.at != here:
            return False
    if ({"other", "another", "another_chosen", "another_of"} & kinds) and card is source:
        return False
    if "damaged" in kinds and card.damage == 0:
        return False
    if "exerted" in kinds and not card.exerted:
        return False
    classes = [str(f["class"]) for kind, f in nodes(fields.get("adjective", [])) if "class" in f]
    classes += [str(c) for kind, f in nodes(fields.get("adjective", [])) for c in f.get("class", [])
                if isinstance(f.get("class"), list)]
    if classes and not any(c in card.card.classifications for c in classes):
        return False
    names = [str(n) for _, f in nodes(fields.get("post_modifier", [])) for key, n in f.items() if key == "proper"]
    names += [str(n) for _, f in nodes(fields.get("post_modifier", [])) for n in f.get("proper", [])
              if isinstance(f.get("proper"), list)]
    if names and not any(card.card.named(name) for name in names):
        return False
    if "not_a_song" in kinds and card.card.is_song:                          # «an action that isn't a song»
        return False
    for kind, limit in nodes(fields.get("post_modifier", [])):                # «with cost 2 or less» (printed)
        if kind == "cost_threshold" and not _within(card.card.cost, limit):
            return False
        if kind == "stat_threshold":                                         # «with 4 ¤ or more» (current)
            stat = {"¤": "strength", "⛉": "willpower", "◊": "lore"}[str(limit["stat_symbol"])]
            if not _within(card.stat(stat), limit):
                return False
    if any(_under_them(m) for m in fields.get("post_modifier", [])) and not card.under:
        return False                                                         # «with a card under them»
    keywords = [str(v) for _, f in nodes(_fields(_plain(card_np))[1].get("post_modifier", []))
                for k, v in f.items() if k in ("simple_keyword", "plus_keyword", "number_keyword")]
    return all(card.has(k) for k in keywords)


def _within(value: int, limit: dict[str, Any]) -> bool:
    """«N or less» / «N or more»."""
    number = int(limit["number"])
    return value <= number if str(limit["more_less"]) == "less" else value >= number


_NOUNS_ES = {"character": "personaje", "item": "objeto", "location": "ubicación", "action": "acción"}
_ADJECTIVES_ES = {"other": "otro", "another_chosen": "otro", "opposing": "rival", "your": "tuyo", "damaged": "dañado",
                  "exerted": "agotado", "ready": "preparado"}


def describe(card_np: dict[str, Any]) -> str:
    """A short Spanish description of what the phrase asks for («personaje rival dañado en juego»)."""
    kinds = [kind for kind, _ in nodes(card_np)]
    noun = next((_NOUNS_ES[NOUN_TYPES[k]] for k in kinds if k in NOUN_TYPES), "carta")
    words = [noun, *dict.fromkeys(_ADJECTIVES_ES[k] for k in kinds if k in _ADJECTIVES_ES)]
    return " ".join(words) + " en juego"
