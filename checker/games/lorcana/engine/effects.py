"""Effects of actions, songs and activated abilities, for the common verbs; the rest is reported unresolved."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from checker.errors import ReglasError
from checker.games.lorcana.engine.banishing import banish
from checker.games.lorcana.engine.cards import keywords_of
from checker.games.lorcana.engine.counts import OTHER, countable, times, times_for
from checker.games.lorcana.engine.damage import deal_damage, draw, mark_lethal
from checker.games.lorcana.engine.events import trigger
from checker.games.lorcana.engine.filters import describe, matches, supported
from checker.games.lorcana.engine.flags import choice_limits, decoy, play_ban
from checker.games.lorcana.engine.state import LOST, Instance, State
from checker.games.lorcana.engine.zonecards import ZoneContext, ink_permission, next_choice
from checker.games.lorcana.engine.zones import ZONE_EFFECTS
from checker.games.lorcana.engine.zonetargets import UP_TO, acted_on, acting_players, how_many, the_trigger_card
from checker.games.lorcana.keywords import canonical
from checker.grammar.walk import nodes
from checker.scenario.model import Refused

Structure = dict[str, Any]

#: Choosing a card the phrase does not allow, or not choosing while a valid choice exists, is refused (the action
#: is illegal and undone by the shared action loop).
CHOICE = "lorcana:6.7.3"
#: The card states a phrase can ask for, and the rules that define them (lorcana:5.1.1).
DEFINED = {"ready": "lorcana:5.1.1.1", "exerted": "lorcana:5.1.1.2", "damaged": "lorcana:5.1.1.3",
           "undamaged": "lorcana:5.1.1.4"}
#: What a choice must meet, checked as it is made (lorcana:6.1.3.1).
REQUIREMENT = "lorcana:6.1.3.1"


class Targets:
    """The refs a play names for its «chosen» choices, consumed in order."""

    def __init__(self, state: State, refs: list[str], chooser: str) -> None:
        self.state, self.refs, self.chooser = state, list(refs), chooser
        #: The cards the previous clause acted on («…and deal 1 damage to each of them»).
        self._previous: list[Instance] = []
        #: Every group a clause acted on, in order: «they» of a clause about cards in play are the last of these
        #: still in play («Exert chosen character. Then, you may discard a card. If you do, they can't ready …»).
        self.groups: list[list[Instance]] = []
        #: What the effect does outside play: the cards it looks at, a named card (``zones.py``).
        self.zone = ZoneContext()
        #: Whether a «you may» of the effect is already decided: a triggered ability's, used or declined whole
        #: (``decline``), or an ability whose activation is the decision; otherwise each «you may» clause reads
        #: the player's ``may`` choice (lorcana:6.1.4).
        self.decided = False
        #: How many «chosen» phrases the effect still has to resolve (``None``: not counted): with fewer refs left
        #: than that, a phrase nothing can satisfy takes none of them.
        self.demand: int | None = None

    @property
    def previous(self) -> list[Instance]:
        return self._previous

    @previous.setter
    def previous(self, group: list[Instance]) -> None:
        self._previous = group
        if group:
            self.groups.append(list(group))
            self.zone.acted = list(group)

    def in_play(self) -> list[Instance]:
        """The cards «they» names in a clause about cards in play: the last group acted on, or the last one before
        it that is in play when that one has left (discarded cards)."""
        if all(card.zone == "play" for card in self._previous):
            return self._previous
        return next((group for group in reversed(self.groups) if all(c.zone == "play" for c in group)),
                    self._previous)

    def _shielded(self, card: Instance, source: Instance | None) -> None:
        """«Opponents can't choose your items for abilities or effects»: a choice of the other player's card that a
        static ability in play forbids is illegal (lorcana:1.2.2)."""
        if card.owner == self.chooser or card.zone != "play":
            return
        kind = "action" if source is not None and source.card.type == "action" else "ability"
        for guard in self.state.in_play(card.owner):
            for limited, phrase in choice_limits(guard.card):
                if limited in ("any", kind) and not supported(phrase):
                    self.state.unresolved.append(f"limitador de elección no evaluado de {guard.ref}")
                elif limited in ("any", kind) and matches(phrase, card, guard):
                    raise Refused(f"un rival no puede elegir «{card.ref}»: la habilidad de «{guard.ref}» lo impide",
                                  "lorcana:1.2.2", "lorcana:6.4.1", CHOICE)

    def _decoys(self, card: Instance, phrase: Any, source: Instance | None, checked: bool) -> None:
        """«Opposing players must choose this character … if able»: a choice that can fall on such a card must; one
        that can't be chosen (Ward) binds nothing — what can't be done wins (lorcana:1.2.2)."""
        decoys = [c for c in self.state.in_play() if c.owner != self.chooser and decoy(c.card)
                  and (not checked or source is None or matches(phrase, c, source))]
        if not decoys or card in decoys:
            if decoys:
                self.state.cite("lorcana:6.4.1", CHOICE)
            return
        able = [c for c in decoys if not c.has("Ward")]
        if able:
            raise Refused(f"hay que elegir «{able[0].ref}» si se puede: su habilidad obliga a los rivales",
                          "lorcana:6.4.1", CHOICE)
        self.state.cite("lorcana:1.2.2", "lorcana:8.15.1")                   # it can't be chosen: free choice

    def take(self, what: str, phrase: Any = None, source: Instance | None = None) -> Instance | None:
        """The next chosen card; checked against ``phrase`` (seen from ``source``) when the checker reads it."""

        checked = isinstance(phrase, dict) and "card_np" in phrase and source is not None and supported(phrase)
        valid = [c.ref for c in self.state.in_play() if matches(phrase, c, source)
                 and not (c.owner != self.chooser and c.has("Ward"))] if checked and source is not None else None
        short = self.demand is not None and len(self.refs) < self.demand
        if checked and self.demand is not None:
            self.demand -= 1
        if valid == [] and self.refs and short:                              # nothing it can choose: that part
            self.state.cite("lorcana:1.2.3", "lorcana:1.7.7", REQUIREMENT)   # does nothing, the rest goes on
            if source is not None and any(c.has("Ward") and matches(phrase, c, source) for c in self.state.in_play()):
                self.state.cite("lorcana:8.15.1")                            # Ward: not a valid choice
            return None
        if not self.refs:
            if valid is not None:
                if valid:
                    raise Refused(f"hay que elegir un {describe(phrase)} ({', '.join(valid)}): "
                                  "si existe una opción válida, elegir no es opcional", CHOICE)
                self.state.cite("lorcana:1.7.7", REQUIREMENT)                # no choice meets what it asks:
                return None                                                  # nothing
            self.state.unresolved.append(f"{what}: falta un objetivo en «targets»")
            return None
        ref = self.refs.pop(0)
        card = self.state.cards.get(ref)
        if card is None:
            raise ReglasError(f"targets: no existe la carta «{ref}»", fix="usa la ref de una carta del estado")
        if card.owner != self.chooser and card.zone == "play" and card.has("Ward"):
            also = ["lorcana:8.15.1"] if card.has("Vanish") else []      # Ward first: Vanish never sees it
            also += card.aura_rules.get("keyword:Ward", [])                  # given by a static («while here»)
            raise Refused(f"«{ref}» tiene Resguardo: un rival no puede elegirlo", "lorcana:8.15.1", "lorcana:6.7.3",
                          *also)
        if card.owner == self.chooser and card.zone == "play" and card.has("Ward"):
            self.state.cite("lorcana:8.15.1")                                # only opponents are stopped
        if card.owner != self.chooser and card.zone == "play" and any(
                other.has("Bodyguard") and other is not card for other in self.state.in_play(card.owner)):
            self.state.cite("lorcana:8.3.3")                                 # Bodyguard limits challenges only
        self._shielded(card, source)
        self._decoys(card, phrase, source, checked)
        if checked and source is not None and (card.zone != "play" or not matches(phrase, card, source)):
            itself = ["lorcana:6.1.6"] if card is source and OTHER & {k for k, _ in nodes(phrase)} else []
            if any(k == "cost_threshold" for k, _ in nodes(phrase)):
                itself.append("lorcana:1.5.4")                               # its cost, whatever was paid for it
            raise Refused(f"no se puede elegir «{ref}»: la carta pide un {describe(phrase)}", CHOICE, REQUIREMENT,
                          *itself)
        if checked:
            self.state.cite(CHOICE, REQUIREMENT)                             # the choice meets what it asks
            self.state.cite(*(DEFINED[k] for k, _ in nodes(phrase) if k in DEFINED))   # «damaged», «exerted»…
            if card.has("Singer") and any(k == "cost_threshold" for k, _ in nodes(phrase)):
                self.state.cite("lorcana:8.11.2", "lorcana:4.3.5")           # Singer changes no ink cost
        if self.chooser != self.state.active:
            self.state.cite("lorcana:1.4.3")                                 # the card's player decides for it
        if card.has("Vanish") and card.owner != self.chooser and source is not None \
                and source.card.type != "action":
            self.state.cite("lorcana:8.14.1")                                # only an action's choice vanishes it
        return card




def _amount(fields: dict[str, Any], state: State, everything: int | None = None) -> int | None:
    """The amount of a clause; for «up to N» the player's next ``amount`` choice, refused outside 0…N, ``None``
    (reported unresolved) when it is missing: never the maximum by default. «all» is ``everything`` when the verb
    can count it exactly (the damage on the card it moves or removes), otherwise reported unresolved: never 0."""
    amount = fields.get("amount", {})
    for kind, inner in nodes(amount):
        if kind == "all_amount":
            if everything is None:
                state.unresolved.append("all_amount: «all» no se puede contar aquí")
            return everything
        if kind == "up_to":
            most = int(inner.get("number", 0))
            chosen = next_choice(state, "amount", "up_to")
            if chosen is None:
                return None
            if isinstance(chosen, bool) or not isinstance(chosen, int):
                raise ReglasError(f"choices: la cantidad elegida tiene que ser un número entero («{chosen}»)",
                                  fix=f"pon {{amount: N}} con N de 0 a {most}")
            if not 0 <= chosen <= most:
                raise Refused(f"«up to {most}»: se elige una cantidad de 0 a {most}, no {chosen}", UP_TO, CHOICE)
            state.applied.append(UP_TO)
            return chosen
        if kind == "number":
            return int(inner.get("number", 0))
        if kind == "one_amount":
            return 1
    return 0


def _cards(fields: dict[str, Any]) -> int:
    for kind, inner in nodes(fields.get("amount_cards", {})):
        if kind == "n_cards":
            return int(inner["number"])
        if kind in ("one_card", "card_word"):
            return 1
    return 1


@dataclass
class Clause:
    """One clause being resolved: its verb's fields, its subject (declaratives) and who resolves it."""

    args: dict[str, Any]
    subject: dict[str, Any] | None
    state: State
    source: Instance
    targets: Targets
    #: «you may …»: the player may choose to do none of it.
    optional: bool = False
    #: «… to [B]» (lorcana:6.1.5.1): what follows when this clause is done; read by the verbs that pay for it.
    purpose: dict[str, Any] | None = None
    #: «gains Rush and gets +2 ¤ this turn»: the duration the last clause gives every one (``_shared``).
    duration: dict[str, Any] | None = None

    @property
    def player(self) -> str:
        return self.source.owner


#: A clause handler returns False when this clause is beyond it (reported unresolved with its node type).
Effect = Callable[[Clause], bool]


def _draw(c: Clause) -> bool:
    """«Draw 2 cards», «That player draws 2 cards», «Each player may draw a card»: each player the subject names
    draws (the active player first, lorcana:6.7.6); a subject the engine cannot tell is reported unresolved. Another
    player's «may» is their own decision, which the scenario does not give: unresolved, never assumed."""
    players = acting_players(c, c.args.get("draw"))
    if players is None or (c.optional and any(player != c.player for player in players)):
        return False
    for player in players:
        draw(c.state, player, _cards(c.args))
    return True


def _gain_lore(c: Clause) -> bool:
    """«Gain 2 lore», «Its player gains 2 lore»: the players the subject names (unresolved when it cannot tell)."""
    players = acting_players(c, c.args.get("gain"))
    if players is None or (c.optional and any(player != c.player for player in players)):
        return False
    amount = _amount(c.args, c.state)
    if amount is None:
        return False
    for player in players:
        c.state.players[player].lore += amount
    c.state.cite("lorcana:1.11.1")                                           # the lore total changes
    if c.player != c.state.active and c.player in players:
        c.state.cite("lorcana:1.4.3.1")                                      # «you»: the card's player, not the active
    return True


def _lose_lore(c: Clause) -> bool:
    """«Each opponent loses 2 lore», «each opponent with more lore than you», «each player with 10 or more lore»:
    the players the subject names, never below 0 (unresolved when it cannot tell who, or how much)."""
    if c.subject and {"each_opponent_more_lore", "each_opponent_who_has_more_lore"} & c.subject.keys():
        mine = c.state.players[c.player].lore                                # compared as the effect resolves
        players: list[str] | None = [o for o in c.state.opponents(c.player) if c.state.players[o].lore > mine]
    else:
        players = acting_players(c, c.args.get("lose"))
    amount = _amount(c.args, c.state)
    if players is None or amount is None or (c.optional and any(player != c.player for player in players)):
        return False
    each = c.args.get("per_each", {}).get("per_each", {}).get("expression_each")
    losses = {player: times_for(each, c.state, c.source, player) if each else 1 for player in players}
    if None in losses.values():                                              # «… for each …» it cannot count
        return False
    for player in players:
        loss = amount * (losses[player] or 0)
        c.state.cite("lorcana:1.11.1")                                       # never below 0
        c.state.players[player].lore = max(0, c.state.players[player].lore - loss)
    if each:
        c.state.cite("lorcana:6.1.8")                                        # counted once, as it resolves
    return True


def chosen_cards(c: Clause, verb: str, phrase: Any) -> list[Instance]:
    """The chosen cards of a phrase, in the order the play names them: up to N of the refs left for «up to N»
    (lorcana:6.1.3), N otherwise; the same card never twice (6.7.3)."""
    count, up_to = how_many(phrase)
    if up_to:
        count = min(count, len(c.targets.refs))
        c.state.cite(UP_TO)
    found: list[Instance] = []
    for _ in range(count):
        one = c.targets.take(verb, phrase, c.source)
        if one is None:
            break
        if one in found:
            raise Refused("no se puede elegir dos veces la misma carta para un efecto", UP_TO, CHOICE)
        found.append(one)
    return found


def _from_zone(c: Clause, verb: str) -> bool | None:
    """«Return an item card from your discard to your hand»: a card outside play, chosen in «choices» (``None``
    when the phrase names no zone)."""
    target = c.args.get("target")
    if verb != "return_to_hand" or not {"from_discard", "from_hand"} & {k for k, _ in nodes(target)}:
        return None
    found = acted_on(c, target, verb)
    if found is None:
        return False
    if any(kind == "that_card" for kind, _ in nodes(target)):
        c.state.cite("lorcana:6.1.11.1")                                     # only that zone is looked in
    for card in found[0]:
        c.state.move(card, "hand")
    c.targets.previous = found[0]
    return True


def _on_targets(verb: str) -> Effect:
    """A verb applied to its target: «each …» cards, or the chosen ones in order."""
    def effect(c: Clause) -> bool:
        outside = _from_zone(c, verb)
        if outside is not None:
            return outside
        group = group_of(c.args.get("target", {}), c.state, c.source, c.targets.previous)
        if group is None:
            group = chosen_cards(c, verb, c.args.get("target"))
        if verb == "remove_damage":
            c.state.removed = 0                                              # what «this way» counts
        if verb == "banish" and len(group) > 1:                              # all at once: each sees the others
            _banish_together(c.state, group)                                # leave (lorcana:7.4.3)
            group = []
        for member in group:
            _apply(verb, c.args, c.state, member)
        c.targets.previous = group
        return True
    return effect


def _for_each(verb: str) -> Effect:
    """«Deal 1 damage to chosen character for each exerted character you have in play», «Put 1 damage counter on …
    for each …», «Remove 1 damage from … for each …»: the number is counted once, as the effect resolves
    (lorcana:6.1.8), then acted on as one amount."""
    def effect(c: Clause) -> bool:
        count = times(c.args.get("expression_each"), c.state, c.source)
        numbers = [int(f["number"]) for kind, f in nodes(c.args.get("amount", {})) if kind == "number"]
        if count is None or len(numbers) != 1:
            return False
        args = {**c.args, "amount": {"number": {"number": numbers[0] * count}}}
        return _on_targets(verb)(replace(c, args=args))
    return effect


def _subjects(c: Clause, verb: str) -> list[Instance]:
    """The cards a declarative's subject denotes («each …», or the chosen one)."""
    assert c.subject is not None
    group = group_of(c.subject, c.state, c.source, c.targets.in_play())
    if group is not None:
        return group
    return chosen_cards(c, verb, c.subject)


#: Turn actions a «… can't [action] …» effect stops (checked by ``actions.py``).
_STOPPED_THIS_TURN = ("quest", "challenge", "move", "be_challenged")
#: How long a «… can't [action] …» effect lasts, by duration node type: this turn, until the start of the effect's
#: player's next turn, or during the target's player's next turn (dormant until then).
_CANT_UNTIL = {"rest_of_turn": "turn", "this_turn": "turn", "until_your_next_turn": "next_turn",
               "during_their_next_turn": "their_turn"}


def _cant(c: Clause) -> bool:
    if c.subject is None:
        return False
    if any(k == "ready_at_start" for k, _ in nodes(c.args)):
        for target in _subjects(c, "cant"):
            target.gained_flags.add("skip_next_ready")
            c.state.cite("lorcana:1.2.2")                                     # it overrides the Ready step
        return True
    stopped = [a for a, _ in nodes(c.args.get("action_list", {})) if a != "action_list"]
    lasting = next((_CANT_UNTIL[d] for d, _ in nodes(c.args.get("duration", {})) if d in _CANT_UNTIL), None)
    ban = play_ban({"subject": c.subject, "predicate": {"cant": c.args}}, timed=True)
    if ban is not None and lasting in ("turn", "next_turn"):                # «opponents can't play actions until
        until = f"next_turn:{c.source.owner}" if lasting == "next_turn" else "turn"   # the start of your next
        c.state.continuous.append({"ban": ban[0], "phrase": ban[1], "flags": [], "source": c.source.ref,  # turn»
                                   "until": until})
        c.state.cite("lorcana:1.2.2", *DURATION_RULES.get(lasting, ()))
        return True
    if not stopped or any(a not in _STOPPED_THIS_TURN for a in stopped) or lasting is None:
        return False
    group = group_of(c.subject, c.state, c.source, c.targets.in_play())
    if group is not None and "card_np" in c.subject and lasting in ("turn", "next_turn"):
        until = f"next_turn:{c.source.owner}" if lasting == "next_turn" else "turn"   # «your characters can't …»:
        c.state.continuous.append({"flags": [f"cant_{a}" for a in stopped], "phrase": c.subject,   # continuous,
                                   "source": c.source.ref, "until": until})  # cards played later too (6.4.2.1)
        c.state.cite("lorcana:1.2.2", "lorcana:6.4.2.1", *DURATION_RULES.get(lasting, ()))
        return True
    for target in group if group is not None else chosen_cards(c, "cant", c.subject):   # ends with its duration
        until = f"next_turn:{c.source.owner}" if lasting == "next_turn" else _lasting_for(lasting, target)
        target.granted += [(f"cant_{a}", until) for a in stopped]
    c.state.cite("lorcana:1.2.2", *DURATION_RULES.get(lasting, ()))
    return True


def reads_can(args: dict[str, Any]) -> bool:
    """Whether ``_can`` reads a «can …» clause: challenging ready characters, this turn."""
    actions = args.get("action_list", {}).get("action_list", {}).get("action", [])
    actions = actions if isinstance(actions, list) else [actions]
    duration = [d for d, _ in nodes(args.get("duration", {}))]
    return [set(a) for a in actions] == [{"challenge_ready"}] and duration == ["this_turn"]


def _can(c: Clause) -> bool:
    """«Chosen character can challenge ready characters this turn»: a permission that ends with the turn."""
    if c.subject is None or not reads_can(c.args):
        return False
    for target in _subjects(c, "can"):
        target.granted.append(("can_challenge_ready", "turn"))
    c.state.cite("lorcana:6.1.13.4")
    return True


#: How long «gets ±N» / «gains Keyword» lasts, by duration node type (lorcana:6.4.2): the end of this turn, or the
#: start of the player's next turn. Any other duration («during their next turn», «while challenging») is reported
#: unresolved, never stretched to one of these; with none («They gain Rush.») it lasts while the card stays in play
#: (``State.move`` clears it when the card leaves, lorcana:7.1.6).
DURATIONS = {"this_turn": "turn", "until_your_next_turn": "next_turn", "during_their_next_turn": "their_turn",
             "rest_of_turn": "turn", "until_end_of_the_turn": "turn"}
#: «until the end of …»: by whose turn it names.
END_OF = {"your_turn": "turn", "your_next_turn": "end_next"}
#: The rules of each duration (lorcana:6.1.13): «this turn», «until the start of your next turn», «until the end of
#: your next turn» (kept through the opponents' turns, then for that turn).
DURATION_RULES = {"turn": ("lorcana:6.1.13.4",), "next_turn": ("lorcana:6.1.13.3",),
                  "their_turn": ("lorcana:6.1.13.1",), "end_next": ("lorcana:6.1.13.3",)}


def _until(args: dict[str, Any], player: str) -> str | None:
    duration = args.get("duration")
    if duration is None:
        return "play"
    kind = next(iter(duration), None) if isinstance(duration, dict) and len(duration) == 1 else None
    until = DURATIONS.get(kind) if kind is not None else None
    if kind == "until_end_of":                                               # «until the end of your next turn»
        owner = duration[kind].get("turn_owner_ref", {}) if isinstance(duration[kind], dict) else {}
        until = END_OF.get(next(iter(owner), "")) if isinstance(owner, dict) and len(owner) == 1 else None
    return f"{until}:{player}" if until in ("next_turn", "end_next") else until


def lasting(args: dict[str, Any]) -> bool:
    """Whether the engine reads this «gets» / «gains» whole: plain ±N changes, how long they last, and no «for each
    …», «equal to …» or «while here» it would leave out (``coverage.py`` asks it too)."""
    plain = all(isinstance(m, dict) and "signed" in m.get("stat_mod", {}) for m in args.get("stat_mod", []))
    each = args.get("per_each", {}).get("per_each", {}).get("expression_each") if "per_each" in args else None
    countable_each = each is None or all(countable(f.get("card_np", {})) for k, f in nodes(each) if k == "each_card")
    return plain and countable_each and _until(args, "") is not None and "while_here" not in args \
        and (each is None or any(k == "each_card" for k, _ in nodes(each)))


def _lasting_for(until: str, target: Instance) -> str:
    """«during their next turn»: dormant until the target's player's next turn begins (then it lasts that turn)."""
    return f"their_turn:{target.owner}" if until == "their_turn" else until


def _factor(c: Clause) -> int | None:
    """«… for each X»: how many times a change applies, counted as the effect resolves (lorcana:6.1.8)."""
    if "per_each" not in c.args:
        return 1
    return times(c.args["per_each"]["per_each"]["expression_each"], c.state, c.source)


def _modifies(verb: str) -> Effect:
    """«gets ±N» and «gains Keyword», until the end of the turn or the player's next turn."""
    def effect(c: Clause) -> bool:
        if c.subject is None or not ("stat_mod" in c.args or "keyword_list" in c.args):
            return False
        timed = c.args if c.duration is None or "duration" in c.args else {**c.args, "duration": c.duration}
        until = _until(timed, c.player)
        if until is None or not lasting(timed):
            return False
        assert c.subject is not None
        group = group_of(c.subject, c.state, c.source, c.targets.in_play())
        subjects = group if group is not None else chosen_cards(c, verb, c.subject)
        if group is not None and "card_np" in c.subject:
            c.state.cite("lorcana:6.4.2.2")                                  # only the cards in play now
        factor = _factor(c)
        if factor is None:
            return False
        for target in subjects:
            if verb == "gains" and _has_already(c.args, target):
                c.state.cite("lorcana:8.1.2")                                # no +N: it doesn't stack
            _modify(verb, c.args, target, _lasting_for(until, target), factor)
        c.targets.previous = subjects                                        # «… At the end of the turn, banish them»
        c.state.cite(*DURATION_RULES.get(until.split(":")[0], ()),
                     *(["lorcana:6.6.1.1"] if "stat_mod" in c.args and subjects else []))   # a modifier, at once
        return True
    return effect


def _has_already(args: dict[str, Any], target: Instance) -> bool:
    """Whether the card already has a keyword without +N that the clause gives it (lorcana:8.1.2)."""
    said = args.get("keyword_list")
    if not isinstance(said, dict):
        return False
    items = said["keyword_list"]["keyword_item"]
    gained = keywords_of({"keywords": {"keyword": items if isinstance(items, list) else [items]}})
    return any(target.has(name) and getattr(canonical(name), "value", None) != "plus" for name in gained)


def _give(c: Clause) -> bool:
    """«(you may) give chosen character -2 ¤ this turn»: a stat change on the target, as «gets»."""
    until = _until(c.args, c.player)
    if until is None or not lasting(c.args) or "stat_mod" not in c.args or (c.subject and "you" not in c.subject):
        return False
    group = group_of(c.args.get("target", {}), c.state, c.source, c.targets.previous)
    targets = group if group is not None else chosen_cards(c, "give", c.args.get("target"))
    factor = _factor(c)
    if factor is None:
        return False
    for target in targets:
        _modify("give", c.args, target, _lasting_for(until, target), factor)
    c.targets.previous = targets
    c.state.cite(*DURATION_RULES.get(until.split(":")[0], ()))
    return True


def _deal_that_much(c: Clause) -> bool:
    """«deal that much damage to …»: the damage dealt in the event that triggered the ability (after Resist)."""
    amount = c.state.dealt.get(c.state.subject or "")
    if amount is None:
        return False
    group = group_of(c.args.get("target", {}), c.state, c.source, c.targets.previous)
    if group is None:
        one = c.targets.take("deal_that_much_damage", c.args.get("target"), c.source)
        group = [one] if one is not None else []
    for member in group:
        deal_damage(c.state, member, amount)
    c.targets.previous = group
    return True


def _implicit(verb: str) -> Effect:
    """«… deal 4 damage instead», «… remove up to 3 damage instead»: to the card the sentence before chose or
    named (a self-replacement, lorcana:6.5.6)."""
    def effect(c: Clause) -> bool:
        if not c.targets.previous:
            return False
        for member in c.targets.previous:
            _apply(verb, c.args, c.state, member)
        return True
    return effect


def _move_damage_effect(c: Clause) -> bool:
    if not (isinstance(c.args.get("target"), list) and len(c.args["target"]) == 2):
        return False
    _move_damage(c.args, c.state, c.source, c.targets)
    return True


#: Verbs applied to each target that read an amount («deal 2 damage», «remove up to 3 damage»).
AMOUNTS = frozenset({"deal_damage", "deal_damage_each", "put_damage", "remove_damage"})


#: Predicate node types of the grammar and their handlers (the engine's vocabulary; ``coverage.py`` reads it).
def _deal_split(c: Clause) -> bool:
    """«Deal 1 damage to chosen character and 2 damage to chosen location»: each amount to its own target, in order."""
    amounts, targets = c.args.get("amount"), c.args.get("target")
    if not isinstance(amounts, list) or not isinstance(targets, list) or len(amounts) != len(targets):
        return False
    deal = _on_targets("deal_damage")
    return all([deal(replace(c, args={**c.args, "amount": amount, "target": target}))
                for amount, target in zip(amounts, targets, strict=True)])


EFFECTS: dict[str, Effect] = {
    "draw": _draw,
    "gain_lore": _gain_lore,
    "lose_lore": _lose_lore,
    **{verb: _on_targets(verb) for verb in ("deal_damage", "deal_damage_each", "banish", "return_to_hand", "exert",
                                           "ready",
                                           "remove_damage", "put_damage", "remove_all_damage")},
    "cant": _cant,
    "can": _can,
    "gets": _modifies("gets"),
    "gains": _modifies("gains"),
    "loses": _modifies("loses"),
    "move_damage": _move_damage_effect,
    "deal_that_much_damage": _deal_that_much,
    "give": _give,
    "deal_damage_implicit": _implicit("deal_damage"),
    "remove_damage_implicit": _implicit("remove_damage"),
    "deal_damage_split": _deal_split,
    "deal_damage_for_each": _for_each("deal_damage"),
    "put_damage_for_each": _for_each("put_damage"),
    "remove_damage_for_each": _for_each("remove_damage"),
    **ZONE_EFFECTS,
}


#: Verbs whose handler resolves the «to [B]» that follows them (lorcana:6.1.5.1); others report it unresolved.
PAYS_FOR: set[str] = set()


#: «you may» (lorcana:6.1.4): the player whose effect it is decides whether it happens.
MAY = "lorcana:6.1.4"


def _accepted(fields: dict[str, Any], verb: str, state: State, targets: Targets) -> bool | None:
    """Whether the player does a «you may [A]» clause of an action or activated ability: the next ``may`` choice;
    ``None`` (reported unresolved) when it is missing. Other clauses, and those already decided, are done."""
    subject = fields.get("subject")
    if fields.get("optional") == "may" and targets.decided:
        state.applied.append(MAY)                                            # decided with the ability (6.1.4)
    if fields.get("optional") != "may" or targets.decided or not (subject is None or "you" in subject):
        return True
    if state.choices and "cards" in state.choices[0]:                        # the cards it takes say it: none
        return True                                                          # chosen is «no» (read by the clause)
    decision = next_choice(state, "may", verb)
    if decision is None:
        return None
    if not isinstance(decision, bool):
        raise ReglasError(f"choices: «you may» se decide con true o false, no «{decision}»",
                          fix="pon {may: true} para hacerlo o {may: false} para no hacerlo")
    state.applied.append(MAY)
    return decision


def resolve(structure: Structure, state: State, source: Instance, targets: Targets) -> None:
    """Resolve the clauses of a parsed effect text in order (imperative: the source's owner acts); a clause with no
    handler, or beyond its handler, is reported unresolved with its node type. A declined «you may» clause does
    nothing (lorcana:6.1.4; «If you do,» then fails), an undecided one is unresolved. Of «[A] or [B]» only the
    option the player chooses resolves (6.1.5.2)."""
    statement = structure.get("statement") if isinstance(structure, dict) else None
    if isinstance(statement, dict) and _either(statement):
        option = _option(statement, state, source, targets)
        if option is None:
            return
        structure = {"statement": {**{k: v for k, v in statement.items() if k != "joint"}, "clause": [option]}}
    elif isinstance(statement, dict) and len(statement.get("clause", [])) > 1:
        structure = {"statement": {**statement, "clause": _shared(statement["clause"])}}
    for kind, fields in nodes(structure):
        if kind not in ("imperative", "declarative"):
            continue
        predicate = fields.get("predicate", {})
        ((verb, args),) = predicate.items() if len(predicate) == 1 else (("?", {}),)
        accepted = True if ink_permission({kind: fields}) else _accepted(fields, verb, state, targets)  # a «may»
        # that is a permission is decided later, when the player inks (lorcana:4.2.3.1)
        if not accepted:
            state.last_done = None if accepted is None else False
            continue
        effect = EFFECTS.get(verb)
        if effect is None or not effect(Clause(args, fields.get("subject"), state, source, targets,
                                                  fields.get("optional") == "may", fields.get("purpose"),
                                                  fields.get(SHARED_DURATION))):
            state.unresolved.append(verb)
        elif "purpose" in fields and verb not in PAYS_FOR:                   # «[A] to [B]»: [B] is never dropped
            state.unresolved.append("purpose")
        if fields.get("optional") == "may":     # a triggered ability's own «may» was its use; a later one in it
            targets.decided = False             # («If you do, you may …») is a decision of its own (6.1.4)


#: Where ``_shared`` puts the duration a clause takes from the last one (the clause's own fields are not copied).
SHARED_DURATION = "shared_duration"
#: Verbs that change the cards their subject names, and so share it and its duration across «and».
MODIFIERS = frozenset({"gets", "gains", "loses"})


def _shared(clauses: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """«Chosen character gains Rush and gets +2 ¤ this turn»: a third-person verb after «and» with no subject of
    its own acts on the cards the clause before acted on (not a new choice), and when every clause changes cards
    and only the last says how long, that duration is every clause's."""
    empty: dict[str, Any] = {}
    predicates: list[dict[str, Any]] = [next(iter(c.values()), empty).get("predicate", {}) for c in clauses]
    verbs = [next(iter(p), "") for p in predicates]
    durations = [p.get(v, {}).get("duration") if isinstance(p.get(v), dict) else None
                 for p, v in zip(predicates, verbs, strict=True)]
    common = durations[-1] if set(verbs) <= MODIFIERS and all(d is None for d in durations[:-1]) else None
    shared: list[dict[str, Any]] = []
    for index, (clause, verb) in enumerate(zip(clauses, verbs, strict=True)):
        ((kind, fields),) = clause.items()
        args = fields.get("predicate", {}).get(verb, {})
        if common is not None and index < len(clauses) - 1 and isinstance(args, dict):
            fields = {**fields, SHARED_DURATION: common}
        word = next((str(v) for v in args.values() if isinstance(v, str)), "") if isinstance(args, dict) else ""
        if kind == "imperative" and index and verb in MODIFIERS and word.casefold().endswith("s") \
                and "declarative" in clauses[index - 1]:
            kind, fields = "declarative", {**fields, "subject": {"pronoun": {"personal": "they"}}}
        shared.append({kind: fields})
    return shared


def _either(statement: dict[str, Any]) -> bool:
    """Whether a statement is «[A] or [B]»: two clauses joined by «or»."""
    return len(statement.get("clause", [])) == 2 and any(k == "or" for k, _ in nodes(statement.get("joint", {})))


def _table(state: State) -> tuple[Any, ...]:
    """What an effect can change on the table: every card's place and state, every player's lore and zones."""
    cards = tuple((c.ref, c.zone, c.exerted, c.damage, tuple(c.under), c.at) for c in state.cards.values())
    players = tuple((p.id, p.lore, p.ink_ready, p.ink_exerted, tuple(map(tuple, p.zones.values())))
                    for p in state.players.values())
    return cards, players


def _option(statement: dict[str, Any], state: State, source: Instance, targets: Targets) -> dict[str, Any] | None:
    """The clause of «[A] or [B]» that resolves (lorcana:6.1.5.2): the player's next ``mode`` choice (1 or 2);
    without one, [B] when [A] can't be done (doing it would change nothing on the table), and otherwise the
    choice is the player's: reported unresolved, never made for them."""
    first: dict[str, Any]
    second: dict[str, Any]
    first, second = statement["clause"]
    subject = first.get("declarative", {}).get("subject")
    if subject is not None and "imperative" in second:                       # «each opponent discards … or loses
        second = {"declarative": {"subject": subject, **second["imperative"]}}   # …»: [B] has [A]'s subject
    state.cite("lorcana:6.1.5.2")
    if state.choices and "mode" in state.choices[0]:
        mode = next_choice(state, "mode", "[A] o [B]")
        if mode not in (1, 2) or isinstance(mode, bool):
            raise ReglasError(f"choices: «mode» de «[A] o [B]» es 1 o 2 («{mode}»)", fix="pon {mode: 1} o {mode: 2}")
        return first if mode == 1 else second
    trial_state, trial_source, trial_targets = copy.deepcopy((state, source, targets))
    try:
        resolve({"statement": {**{k: v for k, v in statement.items() if k != "joint"}, "clause": [first]}},
                trial_state, trial_source, trial_targets)
        unknown = bool(trial_state.unresolved[len(state.unresolved):])
        possible = unknown or _table(trial_state) != _table(state)
    except Refused:
        possible = False
    if not possible:
        return second
    state.unresolved.append("or: falta una elección «mode» (1 o 2) en «choices»")
    return None


def _move_damage(args: dict[str, Any], state: State, source: Instance, targets: Targets) -> None:
    """Move damage counters: remove them from one card and put them on another (lorcana:1.9.2.4), never back onto
    the card they left; put, not dealt, so Resist does not apply."""
    ends: list[Instance | None] = []
    for phrase in args["target"]:
        group = group_of(phrase, state, source, targets.previous)
        if group is None:                                                    # a chosen card
            ends.append(targets.take("move_damage", phrase, source))
        else:                                                                # «this character», «them»
            ends.append(group[0] if group else None)
    origin, destination = ends
    if origin is None or destination is None:
        return
    if origin is destination:
        raise Refused(f"el daño que sale de «{origin.ref}» no puede volver a ponerse en ella con el mismo efecto",
                      "lorcana:1.9.2.4", CHOICE)
    amount = _amount(args, state, origin.damage)                             # «move all damage»: all it has
    if amount is None:
        return
    moved = min(amount, origin.damage)
    origin.damage -= moved
    destination.damage += moved
    mark_lethal(state, destination)
    state.cite("lorcana:1.9.2.4", *(["lorcana:8.8.3"] if destination.has("Resist") else []))
    targets.previous = [destination]


def group_of(target: dict[str, Any], state: State, source: Instance,
             previous: list[Instance]) -> list[Instance] | None:
    """The cards «each/all …» denotes (``None`` when the phrase names chosen cards instead)."""

    if isinstance(target, dict) and "each_of_them" in target:
        return list(previous)
    if isinstance(target, dict) and "pronoun" in target:              # «them», «her»: what came before
        if not previous:                                                   # nothing before it: never guessed
            state.unresolved.append("pronoun: no hay nada antes a lo que se refiera")
        return list(previous)
    if any(kind == "that_card" for kind, _ in nodes(target)):              # the card the trigger was about
        return the_trigger_card(state, source, previous)
    if any(kind == "this_card" for kind, _ in nodes(target)):
        return [source]
    participants = {"the_challenging_character": 0, "the_challenged_character": 1}
    for kind, _ in nodes(target):
        if kind in participants:                                           # fixed by the challenge (4.6.1)
            if state.challenge is None:
                state.unresolved.append(f"{kind}: no hay ningún desafío en curso")
                return []
            return [state.cards[state.challenge[participants[kind]]]]
    if isinstance(target, dict) and isinstance(target.get("each_of"), dict):   # «each of your characters»
        target = {"card_np": {"determiner": {"each": {}}, **target["each_of"]}}
    card_np = target.get("card_np") if isinstance(target, dict) else None
    if not card_np:
        return None
    determiners = {k for k, _ in nodes(card_np.get("determiner", {}))}
    plural = any(k in ("characters", "items", "locations") for k, _ in nodes(card_np.get("card_noun", {})))
    chosen = determiners & {"chosen", "up_to_chosen", "n_chosen", "another_chosen", "a_chosen", "up_to_other_chosen"}
    if not (determiners & {"each", "all", "all_your"} or (plural and not chosen and determiners <= {"your"})):
        return None
    if not supported(target):
        state.unresolved.append("objetivo colectivo no soportado")
        return []
    group = [card for card in state.in_play() if matches(target, card, source)]
    if any(card.has("Ward") and card.owner != source.owner for card in group):
        state.cite("lorcana:8.15.1", "lorcana:8.15.2")                       # not chosen: Ward does not stop it
    if any(card.has("Vanish") and card.owner != source.owner for card in group):
        state.cite("lorcana:8.14.1")                                         # not chosen: Vanish does not trigger
    return group


def _banish_together(state: State, group: list[Instance]) -> None:
    """«Banish all characters»: every card leaves at once, then each one's «is banished» triggers, those leaving
    with it seeing it too (lorcana:7.4.3)."""
    gone = [card for card in group if card.zone == "play" and banish(state, card)]
    for card in gone:
        trigger(state, card, "banished", tuple(gone))
    if len(gone) > 1:
        state.cite("lorcana:7.4.3")


def _apply(verb: str, args: dict[str, Any], state: State, target: Instance) -> None:
    """The verb on one card; an «up to N» amount is the player's choice for this card."""
    everything = target.damage if verb == "remove_damage" else None              # «remove all damage»: all it has
    amount = _amount(args, state, everything) if verb in AMOUNTS else 0
    if amount is None:
        return
    if verb in ("deal_damage", "deal_damage_each"):                         # «deal N damage each to …»
        deal_damage(state, target, amount)
    elif verb == "banish":

        if target.zone != "play":
            state.move(target, "discard")
        elif banish(state, target):                                          # during a challenge, «in a challenge»
            in_challenge = state.challenge is not None and target.ref in state.challenge
            trigger(state, target, "banished_in_challenge" if in_challenge else "banished")
    elif verb == "return_to_hand":
        state.move(target, "hand")
    elif verb == "exert":
        target.exerted = True
    elif verb == "ready":
        if target.exerted:
            trigger(state, target, "readied")                                # «whenever you ready …»
        target.exerted = False
        if "skip_next_ready" in target.gained_flags:                         # only the Ready step is stopped
            state.cite("lorcana:1.2.2")
    elif verb == "remove_all_damage":                                        # every counter it has
        if target.damage:
            state.cite("lorcana:1.9.2.3")
            trigger(state, target, "damage_removed")
        target.damage = 0
    elif verb == "put_damage":
        target.damage += amount                                              # not dealt: no Resist (8.8.3)
        mark_lethal(state, target)                                           # and no «is dealt damage»
        state.cite("lorcana:1.9.2.2", "lorcana:1.9.2.1", *(["lorcana:8.8.3"] if target.has("Resist") else []))
    else:
        state.removed += min(target.damage, amount)                          # only what it had (1.2.3)
        if amount > target.damage:
            state.cite("lorcana:1.2.3")
        if min(target.damage, amount) > 0:
            state.cite("lorcana:1.9.2.3")
            trigger(state, target, "damage_removed")                         # «whenever you remove … damage»
        target.damage = max(0, target.damage - amount)


def _modify(verb: str, args: dict[str, Any], target: Instance, until: str, factor: int = 1) -> None:
    """A stat change (gets ±N, ``factor`` times for «for each …») or gained keywords (gains …) lasting
    ``until``."""

    if verb in ("gets", "give"):
        for mod in args.get("stat_mod", []):
            value = mod.get("stat_mod", {})
            stat = {"¤": "strength", "⛉": "willpower", "◊": "lore"}[str(value.get("stat_symbol"))]
            target.modifiers.append((stat, int(str(value["signed"])) * factor, until))
        return
    said = args["keyword_list"]                                               # «loses X (and can't gain X)»: the
    items = (said[0] if isinstance(said, list) else said)["keyword_list"]["keyword_item"]   # loss outlasts gains
    gained = keywords_of({"keywords": {"keyword": items if isinstance(items, list) else [items]}})
    if verb == "loses":                                                      # «loses Evasive this turn»
        target.gained += [(LOST + name, None, until) for name in gained]
        return
    target.gained += [(name, value, until) for name, value in gained.items()]
