"""Resolving effects sentence by sentence (conditions, sequencers, floating and delayed triggers) and the bag: the
active player's triggered abilities first."""

from __future__ import annotations

from typing import Any

from checker.errors import ReglasError
from checker.games.lorcana.engine.conditions import holds
from checker.games.lorcana.engine.damage import game_state_check
from checker.games.lorcana.engine.effects import CHOICE, REQUIREMENT, Targets, group_of, resolve
from checker.games.lorcana.engine.events import TRIGGER_SCOPES, flush_moves, watch
from checker.games.lorcana.engine.filters import matches, supported
from checker.games.lorcana.engine.replacements import (
    CHECKED,
    REPLACED,
    chosen_condition,
    condition_of,
    replaces_previous,
    says_instead,
)
from checker.games.lorcana.engine.shields import create, one_shot
from checker.games.lorcana.engine.state import Instance, State
from checker.games.lorcana.engine.statics import refresh
from checker.games.lorcana.engine.zonecards import ink_permission, next_choice
from checker.games.lorcana.engine.zonetargets import CHOSEN, UP_TO
from checker.grammar.walk import nodes
from checker.scenario.model import Refused

#: Triggers and timings in front of an effect's sentence that create a delayed triggered ability (lorcana:6.2.7.2):
#: the moment it waits for.
DELAYED = {"at_end_of_turn": "turn_end", "at_end_of_the_turn": "turn_end"}
#: Conditions after a sentence («… if …», «… unless …»): beyond this checker, reported, never ignored.
SUFFIXES = frozenset({"if_suffix", "while_suffix", "unless_suffix", "trigger_suffix"})
#: Turn actions whose triggered abilities wait in the bag until the action is complete, and the rule that says so.
AFTER_ACTION = {"play": "lorcana:4.3.4", "quest": "lorcana:4.5.2", "move": "lorcana:4.7.5"}
#: «Once per turn,» timings: a second time, the whole ability resolves with no effect (lorcana:6.1.13.2).
ONCE = frozenset({"once_per_turn", "once_during"})


def resolve_bag(state: State, action: dict[str, Any]) -> None:
    """Resolve the bag: the active player's abilities first, in the order they arrived (lorcana:7.7.4), each followed
    by the game state check (7.7.4.3)."""
    targets = Targets(state, [], state.active)
    targets.refs = state.trigger_targets                                     # shared: consumed across the action
    declined = {str(n).casefold() for n in action.get("decline") or []}
    flush_moves(state)
    if state.pending and action.get("type") in AFTER_ACTION:
        state.cite(AFTER_ACTION[str(action["type"])], "lorcana:1.7.2")     # the action resolves fully first
        played = state.cards.get(str(action.get("card")))
        if action.get("type") == "play" and played is not None and played.card.type == "action":
            state.cite("lorcana:5.4.5")                                      # after the action is played
    players = list(state.players)
    turn_order = players[players.index(state.active):] + players[:players.index(state.active)]
    resolving = state.active                                                 # who resolves from the bag now
    passed = False
    while state.pending and state.winner is None:                            # a won game ends (1.8.1.1)
        mine = [p for p in state.pending if state.cards[p[1]].owner == resolving]
        if not mine:                                                         # passing the bag (7.7.4.4), in turn
            after = turn_order[turn_order.index(resolving) + 1:] + turn_order[:turn_order.index(resolving) + 1]
            resolving = next(p for p in after if any(state.cards[q[1]].owner == p for q in state.pending))
            passed = True
            continue
        name, ref, subject = mine[0]
        state.pending.remove(mine[0])
        _resolves_next(state, name)
        state.cite("lorcana:7.7.4.2" if resolving == state.active else "lorcana:7.7.4.4")
        if state.cards[ref].owner != state.active:
            state.cite("lorcana:7.7.3.1")                                    # added by the player whose card it is
        waiting = set(state.pending)
        if name.casefold() in declined:
            state.cite("lorcana:6.1.4")                                      # «may»: its player chose not to
            if any(kind == "if_you_do" for kind, _ in nodes(_named(state.cards[ref], name))):
                state.cite("lorcana:6.1.5.1")                                # «If you do,»: not done, so neither
            continue
        source = state.cards[ref]
        targets.chooser = source.owner                                       # its player makes its choices
        targets.previous = [state.cards[subject]]                           # «that card», «them», «she»
        created = next((f for f in state.floating if f["key"] == name), None)
        if created is not None:
            sentences = [created["sentence"]]
            state.applied.append("lorcana:6.2.7.2" if "at" in created else "lorcana:6.2.7.1")
            if "at" in created:                                              # a delayed trigger happens once
                state.floating.remove(created)
                targets.previous = [state.cards[r] for r in created["refs"] if state.cards[r].zone == "play"]
                if (created["refs"] or created.get("left")) and not targets.previous:
                    sentences = []                                           # they left play: new cards (7.1.6),
                    # the effect finds nothing to act on
                    state.cite("lorcana:7.1.6")
        else:
            ability = _named(source, name)
            sentences = ability["start"].get("sentence", []) if ability is not None else []
        state.subject = subject
        resolve_sentences(sentences, state, source, targets, triggered=True)
        state.subject = None
        settle(state)                                                        # after each ability (1.8.1)
        flush_moves(state)
        if state.pending or state.winner is not None:
            state.cite("lorcana:7.7.4.3")                                    # then the bag is looked at again
        added = [p for p in state.pending if p not in waiting]
        if added:
            state.cite("lorcana:6.7.4")                                      # they waited for it to resolve
        if any(state.cards[p[1]].owner != resolving for p in added):
            state.cite("lorcana:7.7.6")                                      # it waits for its player's turn
        if any(state.cards[p[1]].owner == resolving for p in added):
            state.cite("lorcana:7.7.5")                                      # seen by the next bag check
    if passed:
        state.cite("lorcana:7.7.4.5")                                        # through all players, in turn order


def _resolves_next(state: State, name: str) -> None:
    """Keep ``State.bag`` in the order abilities resolve (the ones still waiting after them, as they arrived)."""
    done = state.bag_resolved
    if name in state.bag[done:]:
        index = state.bag.index(name, done)
        state.bag.insert(done, state.bag.pop(index))
        state.bag_resolved = done + 1


def settle(state: State) -> None:
    """The game state check, run again after each check that changed something (lorcana:1.8.3); static abilities
    are recomputed first, so a location that leaves play takes its bonus with it."""
    refresh(state)
    while game_state_check(state, after_effect=True) and state.winner is None:
        refresh(state)
        state.applied.append("lorcana:1.8.3")


def _named(source: Instance, name: str) -> dict[str, Any] | None:
    """The ability of that name the card has, printed or gained (lorcana:6.4.2)."""
    gained = [ability for key, ability, _ in source.gained_abilities if key == name]
    return next((a for a in [*source.card.abilities, *gained] if a.get("start", {}).get("name") == name), None)


def resolve_sentences(sentences: list[dict[str, Any]], state: State, source: Instance, targets: Targets,
                      triggered: bool = False, decided: bool = False) -> None:
    """Resolve the sentences of an effect in order (lorcana:6.1.2): conditions («if you have …») are checked now
    (6.2.4), sequencers read the previous sentence (6.1.5.1). In an action or activated ability (not ``triggered``)
    a sentence that starts with a trigger creates a floating or delayed triggered ability (6.2.7) instead, and each
    «you may» clause reads the player's decision (6.1.4) unless ``decided`` (the activation was the decision)."""
    was_decided, targets.decided = targets.decided, triggered or decided
    if targets.demand is None:                                               # the «chosen» phrases to come
        targets.demand = sum(1 for kind, _ in nodes(sentences) if kind in CHOSEN)
    try:
        _sentences(sentences, state, source, targets, triggered)
    finally:
        targets.decided = was_decided


def _sentences(sentences: list[dict[str, Any]], state: State, source: Instance, targets: Targets,
               triggered: bool) -> None:
    state.last_if = state.last_done = None
    statements = [s.get("sentence", {}).get("statement", {}).get("statement") for s in sentences]
    if sum(set(s.get("sentence", {})) != {"reminder"} for s in sentences) > 1:
        state.cite("lorcana:6.1.2", *(["lorcana:6.2.5"] if triggered else []))   # each one its own effect
    elif any(len((statement or {}).get("clause") or ()) > 1 for statement in statements):
        state.cite("lorcana:6.1.2")                                          # effects of one sentence, in order
    skip: set[int] = set()
    for index, sentence in enumerate(sentences):
        if set(sentence.get("sentence", {})) == {"reminder"} or index in skip:   # a rule restated; a replacement
            continue
        statement = statements[index]
        if statement is None and "choose_one" in sentence.get("sentence", {}):   # «Choose one: • … • …»
            option = _mode(sentence["sentence"]["choose_one"]["choose_one"], state, source, targets)
            if option is None:
                state.unresolved.append(f"choose_one: falta la opción elegida ({{mode: N}}) de {source.ref}")
            else:                                                            # the other options ask for nothing
                targets.demand = sum(1 for kind, _ in nodes([*option, *sentences[index + 1:]]) if kind in CHOSEN)
                _sentences(option, state, source, targets, triggered)
            continue
        if statement is None:
            state.unresolved.append(f"frase no resuelta de {source.ref}")
            continue
        shield = one_shot(statement)
        if shield is not None:                                               # «the next time … instead»: waits
            card = targets.take("the next time", shield[0], source) if _chooses(shield[0]) else \
                (source if any(k == "this_card" for k, _ in nodes(shield[0])) else None)
            if card is None:
                state.unresolved.append(f"nth_time: no se sabe sobre qué carta espera el efecto de {source.ref}")
            else:
                create(state, statement, card, f"{source.card.name}:{index}", source.owner)
            continue
        following = statements[index + 1] if index + 1 < len(statements) else None
        replaced_here = False
        if following is not None and replaces_previous(statement, following):
            skip.add(index + 1)
            replaced = _replaced(following, state, source, targets)
            if replaced is None:
                state.unresolved.append(f"instead: sustitución no resuelta de {source.ref}")
                continue
            state.cite(*CHECKED, *([REPLACED] if replaced else []))
            replaced_here = replaced
            if replaced:                                                     # [A] never happens (6.5.4)
                replaced_from, statement = statement, {k: v for k, v in following.items() if k != "prefix"}
                if chosen_condition(condition_of(following) or {}) is not None:  # «they»: the card [A] chose
                    targets.previous = [state.cards[targets.refs.pop(0)]]
                else:                                                        # «deal 4 damage instead»: to the
                    _chosen_by(replaced_from, statement, state, source, targets)   # card [A] would choose
        elif says_instead(statement):                                        # a replacement beyond this checker
            state.unresolved.append(f"instead: sustitución no resuelta de {source.ref}")
            continue
        prefixes = statement.get("prefix", [])
        if not triggered and _creates_trigger(sentence, prefixes, state, source, targets):
            continue
        conditions = [p for p in prefixes if "trigger" not in p.get("prefix", {})
                      and not DELAYED.keys() & p.get("prefix", {}).get("timing", {}).keys()]
        if any("trigger" in p.get("prefix", {}) for p in prefixes) \
                and any("during" in p.get("prefix", {}).get("timing", {}) for p in conditions):
            state.cite("lorcana:6.1.13.6")                                   # «During your turn, whenever …»
        if all(ink_permission(clause) for clause in statement.get("clause", [])):   # «This turn, you may put an
            conditions = [p for p in conditions                                 # additional card …»: its turn
                          if "this_turn_timing" not in p.get("prefix", {}).get("timing", {})]
        once = [p for p in conditions if ONCE & p.get("prefix", {}).get("timing", {}).keys()]
        if once:
            conditions = [p for p in conditions if p not in once]
            if holds(once, state, source) is False:                          # used already: nothing at all
                state.last_if = state.last_done = False
                break
        holding = holds(conditions, state, source, targets.zone) if not SUFFIXES & statement.keys() else None
        if triggered and any("condition" in p.get("prefix", {}) for p in conditions):
            state.cite("lorcana:6.2.4")                                      # the secondary condition, checked now
        if holding is None:
            state.unresolved.append(f"condición no resuelta de {source.ref}")
            continue
        state.last_if = state.last_done = holding                            # handlers say when [A] was not done
        if holding:
            state.self_replaced = replaced_here                              # other replacements come after (6.5.7)
            try:
                resolve({"statement": {k: v for k, v in statement.items() if k != "prefix"}}, state, source, targets)
            finally:
                state.self_replaced = False


def _mode(choose: dict[str, Any], state: State, source: Instance, targets: Targets) -> list[dict[str, Any]] | None:
    """The sentences of the option the player chooses as the effect resolves (lorcana:6.1.3): the action's next
    ``mode`` choice (1 for the first option), or else the one option the cards the play chose fit; none fitting is
    an illegal choice (6.7.3); several, with no ``mode``, are left unresolved — never chosen for the player."""
    options = [[{"sentence": s["option_sentence"]} for s in o["option"].get("option_sentence", [])]
               for o in choose.get("option", [])]
    state.cite(UP_TO, "lorcana:6.1.5.2", "lorcana:1.7.3")                  # one option or the other, as it resolves
    if state.choices and "mode" in state.choices[0]:
        mode = next_choice(state, "mode", "choose_one")
        if isinstance(mode, bool) or not isinstance(mode, int) or not 1 <= mode <= len(options):
            raise ReglasError(f"choices: «mode» es el número de la opción, de 1 a {len(options)} («{mode}»)",
                              fix=f"pon {{mode: N}} con N de 1 a {len(options)}")
        return options[mode - 1]
    fitting = [option for option in options if _fits(option, state, source, targets)]
    if not fitting:
        raise Refused("lo elegido no vale para ninguna de las opciones de «Choose one»", CHOICE, REQUIREMENT)
    return fitting[0] if len(fitting) == 1 else None


def _fits(option: list[dict[str, Any]], state: State, source: Instance, targets: Targets) -> bool:
    """Whether the cards the play chose, in order, are the ones the option's «chosen» phrases ask for."""
    phrases = [fields["target"] for kind, fields in nodes(option) if isinstance(fields, dict)
               and isinstance(fields.get("target"), dict)
               and any(k in CHOSEN for k, _ in nodes(fields["target"].get("card_np", {}).get("determiner", {})))]
    if len(phrases) != len(targets.refs):
        return False
    cards = [state.cards.get(ref) for ref in targets.refs]
    return all(card is not None and card.zone == "play" and supported(phrase) and matches(phrase, card, source)
               for phrase, card in zip(phrases, cards, strict=True))


def _chooses(phrase: dict[str, Any]) -> bool:
    return any(kind in CHOSEN for kind, _ in nodes(phrase))


def _chosen_by(replaced: dict[str, Any], statement: dict[str, Any], state: State, source: Instance,
               targets: Targets) -> None:
    """A replacement [B] with no target of its own acts on the card [A] would have chosen (lorcana:6.5.6): that
    choice is still made, against [A]'s phrase; or on the cards [A] names («each opposing character»)."""
    if any(kind in CHOSEN for kind, _ in nodes(statement)):
        return
    phrases = [fields["target"] for kind, fields in nodes(replaced)
               if isinstance(fields, dict) and isinstance(fields.get("target"), dict)]
    phrase = next((p for p in phrases if any(k in CHOSEN for k, _ in nodes(p))), None)
    if phrase is not None:
        card = targets.take("instead", phrase, source)
        targets.previous = [card] if card is not None else []
    elif phrases:
        group = group_of(phrases[0], state, source, targets.previous)
        if group is not None:
            targets.previous = group


def _replaced(statement: dict[str, Any], state: State, source: Instance, targets: Targets) -> bool | None:
    """Whether the condition of a self-replacement holds as the event it replaces would happen (lorcana:6.5.3): «If
    a Knight character is chosen» reads the card the play chose next; other conditions are checked now."""
    cond = condition_of(statement)
    if cond is None:
        return None
    phrase = chosen_condition(cond)
    if phrase is not None:
        card = state.cards.get(targets.refs[0]) if targets.refs else None
        return None if card is None or not supported(phrase) else matches(phrase, card, source)
    return holds([{"prefix": {"condition": {"if_condition": {"cond": cond}}}}], state, source, targets.zone)


def _creates_trigger(sentence: dict[str, Any], prefixes: list[dict[str, Any]], state: State, source: Instance,
                     targets: Targets) -> bool:
    """Register the floating or delayed triggered ability a sentence of an effect creates; False if it creates none."""
    key = f"{source.ref}#{max((int(f['key'].rsplit('#', 1)[1]) for f in state.floating), default=0) + 1}"
    for prefix in prefixes:
        fields = prefix.get("prefix", {})
        moment = next((DELAYED[k] for part in ("trigger", "timing") for k in fields.get(part, {}) if k in DELAYED),
                      None)
        if moment is not None:
            yours = any(k == "your_turn" for k, _ in nodes(fields))
            state.floating.append({"key": key, "source": source.ref, "sentence": sentence, "at": moment,
                                   "refs": [c.ref for c in targets.previous], "yours": yours})
            return True
        trigger = fields.get("trigger", {}).get("trigger")
        if trigger is None:
            continue
        scope = next(iter(trigger.get("trigger_scope", {})), None)
        watched = [watch(*next(iter(e.items()))) for e in trigger.get("event", [])]
        if scope not in TRIGGER_SCOPES or scope != "this_turn_scope" or None in watched:
            state.unresolved.append(f"disparador creado no resuelto de {source.ref}")
            return True
        for events, phrase, whose in (w for w in watched if w is not None):
            state.floating.append({"key": key, "source": source.ref, "sentence": sentence, "until": "turn",
                                   "events": events, "phrase": phrase, "whose": whose})
        return True
    return False
