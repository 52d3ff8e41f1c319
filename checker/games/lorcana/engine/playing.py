"""Playing cards and paying for effects: a card entering play, «play … for free» (lorcana:6.1.7), «you pay N ⬡
less for the next …» (4.3.6), «you may pay N ⬡ to …» (6.1.5.1) and amounts «equal to» / «for each».

The verbs register in ``effects.EFFECTS`` when this module is imported (``effects`` cannot import it: playing an
action resolves its text through ``bag``, which imports ``effects``). ``actions`` and ``coverage`` import it, so the
table is complete wherever the engine runs or is measured.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from checker.errors import ReglasError
from checker.games.lorcana.engine.bag import resolve_sentences
from checker.games.lorcana.engine.cards import keywords_of
from checker.games.lorcana.engine.costs import next_understood, use_reductions
from checker.games.lorcana.engine.counts import countable, times
from checker.games.lorcana.engine.damage import deal_damage
from checker.games.lorcana.engine.effects import (
    CHOICE,
    EFFECTS,
    MAY,
    PAYS_FOR,
    Clause,
    Effect,
    Targets,
    chosen_cards,
    reads_can,
    resolve,
)
from checker.games.lorcana.engine.events import trigger
from checker.games.lorcana.engine.filters import matches, supported
from checker.games.lorcana.engine.flags import quoted_flags
from checker.games.lorcana.engine.state import Instance, State
from checker.games.lorcana.engine.statics import refresh
from checker.games.lorcana.engine.zonecards import card_matches, next_choice, understood
from checker.games.lorcana.engine.zonetargets import acting_players
from checker.grammar.walk import nodes
from checker.scenario.model import Refused

#: «from your discard», «from your hand or discard»: the zones a «play …» phrase takes its card from (hand when
#: it names none; lorcana:4.3.2).
FROM_ZONES = {"from_discard": ("discard",), "from_hand": ("hand",), "from_hand_or_discard": ("hand", "discard")}


def enter(state: State, card: Instance, exerted: bool = False) -> None:
    """A character, item or location enters play (lorcana:4.3.3.1): a character is drying (5.3.5), «enters play
    exerted» and «with N damage» apply as it enters; «when you play this …» triggers (4.3.4.1)."""
    state.move(card, "play")
    card.gained_abilities.clear()                                            # a new card (lorcana:7.1.6)
    card.gained_flags.discard("shifted")
    card.gained_flags.add("entered")                                         # this turn (cleared as it ends)
    card.dry = card.card.type != "character"
    card.exerted = exerted or "enters_exerted" in card.flags()
    # «enters play with N damage»: counters put on it, not damage dealt (Resist does not apply)
    card.damage = sum(int(f.split(":")[1]) for f in card.flags() if f.startswith("enters_damage:"))
    use_reductions(state, card)
    refresh(state)                                                           # statics in play apply as it enters
    if card.damage or (card.exerted and not exerted):                          # how it enters (6.7.9); counters
        state.cite("lorcana:6.7.9", *(["lorcana:8.8.3"] if card.damage and card.has("Resist") else []))
    trigger(state, card, "played")


def resolve_action(state: State, card: Instance, targets: Targets) -> None:
    """An action enters the Play zone, is played (its «when you play» triggers wait in the bag), its effect resolves
    and it goes to its player's discard (lorcana:4.3.3.2, 6.7.1.2)."""
    state.move(card, "play")
    use_reductions(state, card)
    trigger(state, card, "played")
    previous, last_if, last_done = targets.previous, state.last_if, state.last_done
    targets.previous = []
    for structure in card.card.abilities:
        if "keywords" not in structure.get("start", {}):
            resolve_sentences(structure["start"].get("sentence", []), state, card, targets)
    targets.previous, state.last_if, state.last_done = previous, last_if, last_done
    if card.zone == "play":
        state.move(card, "discard")


# ---------------------------------------------------------------------------------------------- play for free
def _entry_exerted(args: dict[str, Any]) -> bool:
    return any(kind in ("exerted_entry", "exerted") for kind, _ in nodes(args.get("entry_clause", {})))


def _without_zone(target: dict[str, Any]) -> dict[str, Any]:
    """The phrase without its «from your …» (the zone is read apart)."""
    fields = target["card_np"]
    kept = [m for m in fields.get("post_modifier", []) if not any(k in FROM_ZONES for k, _ in nodes(m))]
    return {"card_np": {**fields, "post_modifier": kept}}


def _zones(target: dict[str, Any]) -> tuple[str, ...] | None:
    """The zones the phrase takes its card from; ``None`` for a zone this checker does not read."""
    for kind, fields in nodes(target):
        if kind in FROM_ZONES:
            yours = kind != "from_hand" or "your_hand" in fields.get("hand_ref", {})
            return FROM_ZONES[kind] if yours else None
    return ("hand",)


def _candidates(c: Clause, target: Any) -> list[Instance] | None:
    """The cards the «play …» phrase lets its player play now; ``None`` when the phrase is beyond this checker."""
    if isinstance(target, dict) and ("pronoun" in target or any(k == "that_card" for k, _ in nodes(target))):
        own = "pronoun" not in target and c.state.subject == c.source.ref      # «that card»: the trigger's own card
        cards = c.targets.previous or ([c.source] if own else [])
        if not cards:                                                        # nothing it refers to: never guessed
            return None
        return [card for card in cards if card.zone != "play"]
    zones = _zones(target) if isinstance(target, dict) and "card_np" in target else None
    if zones is None or not understood(_without_zone(target)):
        return None
    player = c.state.players[c.player]
    pool = [c.state.cards[ref] for zone in zones for ref in player.zones[zone]]
    return [card for card in pool if card_matches(_without_zone(target), card, c.source)]


def _play_card(c: Clause) -> bool:
    """«(You may) play a character with cost 5 or less (from your discard) for free»: the card named next in the
    action's choices, if the phrase allows it; none named while one is allowed is refused unless «may»."""
    if "for_free" not in c.args or (c.subject is not None and "you" not in c.subject):
        return False
    valid = _candidates(c, c.args.get("target"))
    if valid is None:
        return False
    by_choice = bool(c.state.choices) and "cards" in c.state.choices[0]      # a card outside play: «choices»
    if by_choice:
        picked = [str(r) for r in next_choice(c.state, "cards", "play_card") or []]
        if len(picked) > 1:
            raise Refused(f"este efecto juega una sola carta, no {len(picked)}", CHOICE)
        chosen = picked[0] if picked else None
    else:
        chosen = c.targets.refs[0] if c.targets.refs else None
        if _pointed(c.args.get("target")) and chosen not in {v.ref for v in valid}:
            chosen = None                             # «that character»: the card it refers to, not a later target
    card = next((v for v in valid if v.ref == chosen), None)
    if card is None and chosen is None and _the_one(c, valid):               # «… you may play that character»:
        card, by_choice = valid[0], True                                     # the card it revealed, not named again
    named = c.state.cards.get(chosen) if chosen is not None else None
    if card is None and named is not None and named.owner == c.player and named.zone in ("hand", "discard"):
        raise Refused(f"«{chosen}» no se puede jugar con este efecto: pide "
                      f"{', '.join(v.ref for v in valid) or 'una carta que no hay'}", CHOICE, "lorcana:6.1.3.1")
    if card is None:
        plays = _plays(c) if valid else False                                # nothing to play: nothing to decide
        if plays:
            raise Refused(f"hay que jugar gratis una de estas cartas: {', '.join(v.ref for v in valid)}", CHOICE)
        c.state.last_done = None if plays is None else False
        return True
    if not by_choice:
        c.targets.refs.pop(0)
    c.state.cite("lorcana:6.1.7", "lorcana:1.5.5.3", *(["lorcana:6.7.9"] if _entry_exerted(c.args) else []))
    c.state.cite("lorcana:6.7.8", *(["lorcana:6.7.8.1"] if card.card.type == "action" else []))   # as it resolves
    if card.card.type == "action":
        resolve_action(c.state, card, c.targets)
    else:
        enter(c.state, card, exerted=_entry_exerted(c.args))
    c.targets.previous = [card]                                              # «They gain Rush», «banish them»
    return True


def _pointed(target: Any) -> bool:
    """Whether a «play …» phrase refers to a card already named («that character», «it»)."""
    return isinstance(target, dict) and ("pronoun" in target or any(k == "that_card" for k, _ in nodes(target)))


def _the_one(c: Clause, valid: list[Instance]) -> bool:
    """Whether a triggered ability, used whole (its first «you may» taken unless declined, lorcana:6.1.4), plays the
    one card its «that card» / «it» refers to without the scenario naming it: not when the next choice declines."""
    if not _pointed(c.args.get("target")) or len(valid) != 1 or not c.targets.decided:
        return False
    if c.optional and c.state.choices and c.state.choices[0].get("may") is False:
        return False                                                         # declined: ``_plays`` reads it
    if c.optional:
        c.state.applied.append(MAY)
    return True


def _plays(c: Clause) -> bool | None:
    """Whether the player plays a card while naming none: yes unless «may»; a «you may» of an action or activated
    ability was read already (``effects._accepted``); in a triggered ability, used whole, naming no card leaves
    open whether this «may» is declined: the player's next ``may`` choice says it (lorcana:6.1.4). A missing one is
    reported unresolved (``None``), never taken as declined."""
    if not c.optional or not c.targets.decided:
        return True
    decision = next_choice(c.state, "may", "play_card")
    if decision is None:
        return None
    if not isinstance(decision, bool):
        raise ReglasError(f"choices: «you may» se decide con true o false, no «{decision}»",
                          fix="pon {may: true} para hacerlo o {may: false} para no hacerlo")
    c.state.applied.append(MAY)
    return decision


# ---------------------------------------------------------------------------------------------- paying
def _next_cost_reduction(c: Clause) -> bool:
    """«You pay N ⬡ less for the next [card] you play this turn» waits on the player until used or the turn ends."""
    if c.subject is None or "you" not in c.subject or not next_understood(c.args):
        return False
    phrase = {"adjective": c.args.get("adjective", []), "card_noun": c.args.get("card_noun", {})}
    c.state.players[c.player].next_reductions.append((int(c.args["number"]), phrase))
    c.state.applied.append("lorcana:4.3.6")
    return True


def _pay_ink(c: Clause) -> bool:
    """«You may pay N ⬡ to [B]» (lorcana:6.1.5.1): the ink is paid as the effect resolves; without enough ready ink
    [B] does not happen."""
    player = c.state.players[c.player]
    cost = int(c.args["number"])
    c.state.applied.append("lorcana:6.1.5.1")
    if player.ink_ready < cost:                                              # paid in full or not at all (1.5.3)
        c.state.cite("lorcana:1.5.3")
        c.state.last_done = False
        return True
    player.ink_ready -= cost
    player.ink_exerted += cost
    _purpose(c, True)
    return True


def _purpose(c: Clause, done: bool) -> None:
    """«[A] to [B]» (lorcana:6.1.5.1): [B] resolves only when [A] was done; «If you do,» reads the same."""
    c.state.last_done = done
    if c.purpose is None or not done:
        return
    resolve(purpose_clause(c.purpose), c.state, c.source, c.targets)


def purpose_clause(purpose: dict[str, Any]) -> dict[str, Any]:
    """[B] of «[A] to [B]» as a clause: «to draw a card» (the same player), «to have each opponent discard …»."""
    if "have_purpose" in purpose:
        inner = purpose["have_purpose"]
        return {"declarative": {"subject": inner.get("player_np", {}), "predicate": inner.get("predicate", {})}}
    return {"imperative": purpose.get("purpose", {})}


#: Verbs that can be the «[A]» of «[A] to [B]»: done when they acted on a card (``targets.previous``; the zone
#: verbs record there what they shuffled, put, chose or discarded).
SEQUENTIAL = ("banish", "return_to_hand", "deal_damage", "exert", "shuffle_into_deck", "put_card", "choose_and",
              "discard", "discard_hand")


def _sequential(effect: Effect) -> Effect:
    def run(c: Clause) -> bool:
        reported = len(c.state.unresolved)
        if not effect(c):
            return False
        if c.purpose is not None and len(c.state.unresolved) > reported:   # [A] half known: [B] is not guessed
            c.state.unresolved.append("purpose")
        elif c.purpose is not None:
            c.state.applied.append("lorcana:6.1.5.1")
            _purpose(c, bool(c.targets.previous))
        elif c.optional and not c.targets.previous:                          # «you may [A]. If you do, [B]»
            c.state.last_done = False
        return True
    return run


# ---------------------------------------------------------------------------------------------- amounts
_STATS = {"¤": "strength", "⛉": "willpower", "◊": "lore"}
#: Whose characteristic «equal to …» reads: the card itself, «their» (the card the effect is about), «that
#: location's» (where that card is).
_POSSESSORS = frozenset({"this_card", "pronoun_possessive", "that_locations"})


def _stat_card(fields: dict[str, Any], c: Clause) -> Instance | None:
    """The card whose ¤/⛉/◊ an amount reads («their ◊», «this character's ¤», «the ◊ of chosen character»)."""
    if "target" in fields:
        return c.targets.take("stat_of", fields["target"], c.source)
    kinds = {k for k, _ in nodes(fields.get("possessive", {}))}
    about = c.targets.previous[0] if c.targets.previous else c.source
    if "this_card" in kinds:
        return c.source
    if "that_locations" in kinds:
        return c.state.cards.get(about.at) if about.at else None
    return about


def _readable(expression: Any) -> bool:
    """Whether ``amount_of`` reads this «equal to …» expression."""
    if not isinstance(expression, dict) or len(expression) != 1:
        return False
    ((kind, fields),) = expression.items()
    if kind == "count_of":
        return countable(fields.get("card_np", {}))
    if kind == "stat_of":
        if "target" in fields:
            return "card_np" in fields["target"] and supported(fields["target"])
        return bool(_POSSESSORS & {k for k, _ in nodes(fields.get("possessive", {}))})
    return False


def amount_of(expression: Any, c: Clause) -> int | None:
    """«the number of X you have in play», «their ◊», «that location's ◊»; ``None`` if beyond this checker. A
    negative characteristic counts as 0 (lorcana:6.6.2, 6.6.3)."""
    if not _readable(expression):
        return None
    ((kind, fields),) = expression.items()
    if kind == "count_of":                                                   # in play, a hand or your discard
        return times({"for_each": {"card_np": fields["card_np"]}}, c.state, c.source)
    card = _stat_card(fields, c)
    if card is None:
        return 0
    stat = _STATS[str(fields["stat_symbol"])]
    if card.zone != "play" and stat in card.last_known:                      # gone: as it last was (6.7.7)
        c.state.cite("lorcana:6.7.7")
        return max(card.last_known[stat], 0)
    return max(card.stat(stat), 0)


def _for_you(c: Clause, verb: str) -> bool:
    """Whether the clause's subject is the card's player alone: an amount read for another player («each opponent
    gains lore equal to …») would be read from the wrong side, so it is left unresolved."""
    return acting_players(c, c.args.get(verb)) == [c.player]


def _gain_lore_equal(c: Clause) -> bool:
    amount = amount_of(c.args.get("expression"), c)
    if amount is None or not _for_you(c, "gain"):
        return False
    c.state.players[c.player].lore += amount
    return True


def _gain_lore_for_each(c: Clause) -> bool:
    count = times(c.args.get("expression_each"), c.state, c.source)
    numbers = [int(f["number"]) for kind, f in nodes(c.args.get("amount", {})) if kind == "number"]
    if count is None or len(numbers) != 1 or not _for_you(c, "gain"):
        return False
    c.state.players[c.player].lore += numbers[0] * count
    c.state.applied.append("lorcana:6.1.8")
    return True


def _each_readable(expression: Any) -> bool:
    """Whether ``counts.times`` reads this «for each …» («each damaged character opponents have in play»)."""
    if not isinstance(expression, dict) or len(expression) != 1:
        return False
    ((kind, fields),) = expression.items()
    if kind == "each_damage_removed":
        return True
    if kind == "each_card":
        return countable(fields.get("card_np", {}))
    target = fields.get("target", {}) if isinstance(fields, dict) else {}
    return kind == "each_damage" and ("pronoun" in target or any(k == "this_card" for k, _ in nodes(target)))


def _chosen_one(target: Any) -> bool:
    determiner = target.get("card_np", {}).get("determiner", {}) if isinstance(target, dict) else {}
    return {k for k, _ in nodes(determiner)} == {"chosen"}


def _equal_reads(args: dict[str, Any]) -> bool:
    """Whether ``_deal_damage_equal`` reads «deal damage (to X) equal to …»: one chosen card, a readable amount."""
    return _chosen_one(args.get("target")) and _readable(args.get("expression"))


def _deal_damage_equal(c: Clause) -> bool:
    target = c.args.get("target", {})
    if not _equal_reads(c.args):
        return False
    if c.subject is not None and _chosen_one(c.subject):                    # «Chosen character of yours deals …»:
        c.targets.previous = chosen_cards(c, "deal_damage_equal", c.subject)  # the dealer is chosen first, and
    card = c.targets.take("deal_damage_equal", target, c.source)             # «their ¤» is the dealer's
    amount = amount_of(c.args.get("expression"), c)
    c.state.cite("lorcana:6.7.2.2")                                          # its amount, as it resolves
    if card is not None and amount is not None:
        deal_damage(c.state, card, amount)
        c.targets.previous = [card]
    return True


# ---------------------------------------------------------------------------------------------- moving by an effect
def _movers(c: Clause) -> list[Instance] | None:
    """Who «moves there»: the card itself («this character may move there»), or the cards the clause before acted
    on («… move them there»); ``None`` for any other phrase."""
    phrase = c.subject if c.subject is not None else c.args.get("target")
    if not isinstance(phrase, dict):
        return None
    if "pronoun" in phrase and c.targets.previous:
        return list(c.targets.previous)
    if any(k == "this_card" for k, _ in nodes(phrase)) or "pronoun" in phrase:
        return [c.source]
    return None


def _move_there(c: Clause) -> bool:
    """«this character may move there for free»: to the location its trigger's event was about (the location just
    played), paying no move cost (an alternate cost, lorcana:4.7.3.2); only a character of the location's player
    moves there (4.7.1), one that can't move stays."""
    there = c.state.cards.get(c.state.subject) if c.state.subject is not None else None
    movers = _movers(c)
    if there is None or there.card.type != "location" or there.zone != "play" or movers is None:
        return False
    for mover in movers:
        if mover.owner != there.owner or mover.zone != "play" or mover.card.type != "character" \
                or mover.at == there.ref:
            c.state.cite("lorcana:4.7.1")
            continue
        _arrive(c, mover, there)
    c.state.cite("lorcana:4.7.3.2", "lorcana:6.1.7")
    return True


def _arrive(c: Clause, mover: Instance, there: Instance) -> None:
    """An effect moves ``mover`` to ``there`` unless an effect says it can't move (lorcana:1.2.2); watchers see it."""
    if "cant_move" in mover.flags():
        c.state.cite("lorcana:1.2.2", *mover.flag_rules("cant_move"))
        return
    mover.at = there.ref
    trigger(c.state, mover, "moves", other=there)


#: Moving effects to a location the player chooses: whether it must be another one than where the character is.
_TO_A_LOCATION = {"move_to_location": False, "move_to": False, "move_to_another_location": True,
                  "move_to_another_location_of_yours": True, "move_self_to_another_location_of_yours": True}


def _moving_to_a_location(verb: str) -> Effect:
    """«move a character of yours to a location for free», «move him to another location of yours for free»: the
    character chosen (or the card itself, or the one the clause before acted on), then the location chosen for it
    (the next of ``targets``): one of its player's locations in play (lorcana:4.7.1), another one for «another»; an
    effect's move costs nothing (4.7.3.2)."""
    another = _TO_A_LOCATION[verb]

    def effect(c: Clause) -> bool:
        if verb == "move_to" and "for_free" not in c.args:
            return False
        phrase = c.args.get("target")
        itself = isinstance(phrase, dict) and ("pronoun" in phrase or any(k == "this_card" for k, _ in nodes(phrase)))
        movers = _movers(replace(c, subject=None)) if itself else _movers(c) if phrase is None else None
        if movers is None and isinstance(phrase, dict) and supported(phrase):
            chosen = c.targets.take(verb, phrase, c.source)
            movers = [chosen] if chosen is not None else []
        destination = c.args.get("card_np") if verb == "move_to" else None
        if movers is None or (destination is not None and not supported(destination)):
            return False
        for mover in movers:
            there = c.targets.take(verb)
            if there is None:
                continue
            fits = destination is None or matches(destination, there, c.source)
            if there.card.type != "location" or there.zone != "play" or there.owner != mover.owner or not fits \
                    or (another and mover.at == there.ref):
                raise Refused(f"«{there.ref}» no es {'otra' if another else 'una'} ubicación en juego del jugador "
                              f"de «{mover.ref}»", "lorcana:4.7.1", CHOICE)
            _arrive(c, mover, there)
        c.state.cite("lorcana:4.7.3.2", "lorcana:6.1.7")
        c.targets.previous = movers
        return True
    return effect


# ---------------------------------------------------------------------------------------------- gained abilities
def quoted(args: dict[str, Any]) -> dict[str, Any] | None:
    """The quoted ability of «gains "…"» as a one-sentence ability (``None`` for an activated one)."""
    text = args.get("quoted_ability", {}).get("quoted_ability", {}).get("ability_text", {})
    statement = text.get("unfinished_statement") if isinstance(text, dict) else None
    return {"start": {"sentence": [{"sentence": statement}]}} if statement is not None else None


def gainable(args: dict[str, Any]) -> str | None:
    """``triggered`` or ``static`` when a «gains "…" this turn» gives an ability the engine runs; else ``None``."""
    ability = quoted(args)
    if ability is None or "this_turn" not in args.get("duration", {}):
        return None
    if any(kind == "trigger" for kind, _ in nodes(ability)):
        return "triggered"
    return "static" if quoted_flags(ability) is not None else None


def _who(c: Clause) -> list[Instance] | None:
    """The cards a declarative's subject denotes: «chosen …», «your other characters», «they»."""
    subject = c.subject or {}
    if "pronoun" in subject:                                                 # «they»: what came before, never guessed
        return list(c.targets.previous) or None
    determiners = {k for k, _ in nodes(subject.get("card_np", {}).get("determiner", {}))}
    if "chosen" in determiners:
        one = c.targets.take("gains_ability", subject, c.source)
        return [one] if one is not None else []
    if "card_np" not in subject or not supported(subject):
        return None
    return [card for card in c.state.in_play() if matches(subject, card, c.source)]


def _gains_ability(c: Clause) -> bool:
    """«… gain(s) [Keyword and] "quoted ability" this turn» (lorcana:6.4.2): a triggered ability the card now has,
    or what a static one says about it."""
    kind, ability, who = gainable(c.args), quoted(c.args), _who(c)
    if kind is None or ability is None or who is None:
        return False
    items = c.args.get("keyword_list", {}).get("keyword_list", {}).get("keyword_item", [])
    keywords = keywords_of({"keywords": {"keyword": items if isinstance(items, list) else [items]}})
    for card in who:
        card.gained += [(name, value, "turn") for name, value in keywords.items()]
        if kind == "static":
            card.granted += [(flag, "turn") for flag in quoted_flags(ability) or ()]
            continue
        key = f"{c.source.ref}>{card.ref}#{len(card.gained_abilities) + 1}"
        card.gained_abilities.append((key, {"start": {**ability["start"], "name": key}}, "turn"))
    c.targets.previous = who
    return True


def _free_play(args: dict[str, Any]) -> bool:
    target = args.get("target")
    if "for_free" not in args or not isinstance(target, dict):
        return False
    if "pronoun" in target or any(k == "that_card" for k, _ in nodes(target)):
        return True
    return "card_np" in target and _zones(target) is not None and understood(_without_zone(target))


#: For the verbs of this module, whether their handler reads these arguments (``coverage.py`` asks it, so the
#: report counts only what the handlers execute).
READS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "play_card": _free_play,
    "next_cost_reduction": next_understood,
    "pay_ink": lambda args: True,
    "gain_lore_equal": lambda args: _readable(args.get("expression")),
    "gain_lore_for_each": lambda args: _each_readable(args.get("expression_each"))
    and len([k for k, _ in nodes(args.get("amount", {})) if k == "number"]) == 1,
    "deal_damage_equal": _equal_reads,
    "deal_damage_equal_to": _equal_reads,
    "gains_ability": lambda args: gainable(args) is not None,
    "gains_with_ability": lambda args: gainable(args) is not None,
    "can": reads_can,
}


#: Verbs whose amount is read for the card's player: with another subject they are left unresolved (``_for_you``).
YOUR_AMOUNTS = frozenset({"gain_lore_equal", "gain_lore_for_each"})

#: Predicate node types this module resolves (registered in ``effects.EFFECTS``).
PLAYING_EFFECTS: dict[str, Effect] = {
    "play_card": _play_card,
    "next_cost_reduction": _next_cost_reduction,
    "pay_ink": _pay_ink,
    "gain_lore_equal": _gain_lore_equal,
    "gain_lore_for_each": _gain_lore_for_each,
    "deal_damage_equal": _deal_damage_equal,
    "deal_damage_equal_to": _deal_damage_equal,                           # the amount before the target
    "move_there_free": _move_there,
    **{verb: _moving_to_a_location(verb) for verb in _TO_A_LOCATION},
    "gains_ability": _gains_ability,
    "gains_with_ability": _gains_ability,
}
EFFECTS.update(PLAYING_EFFECTS)
EFFECTS.update({verb: _sequential(EFFECTS[verb]) for verb in SEQUENTIAL})
PAYS_FOR.update({"pay_ink", *SEQUENTIAL})
