"""Static abilities applied to the table: auras («your characters get +1 ¤», «while …») refreshed after every change."""

from __future__ import annotations

from typing import Any

from checker.games.lorcana.engine.cards import keywords_of, not_static
from checker.games.lorcana.engine.conditions import holds
from checker.games.lorcana.engine.counts import OTHER, times
from checker.games.lorcana.engine.filters import matches, supported
from checker.games.lorcana.engine.state import Instance, State
from checker.games.lorcana.keywords import canonical
from checker.grammar.walk import nodes

#: Predicates a static ability can give the cards its subject denotes (applied by ``_apply``).
AURAS = ("gets", "gains", "cant", "singer_bonus", "deals_extra_damage")
#: What a «… can't …» static ability stops that the engine applies (``actions.py`` checks the flags); any other
#: («can't ready at the start of your turn», «can't be dealt damage») is beyond it and reported (``coverage.py``).
CANT_ACTIONS = frozenset({"quest", "challenge", "be_challenged", "sing", "move", "ready_at_start"})


def stops_known(predicate: dict[str, Any]) -> bool:
    """Whether the engine applies every action a «can't» predicate stops (other predicates: True)."""
    if "cant" not in predicate:
        return True
    actions = predicate["cant"].get("action_list", {}).get("action_list", {}).get("action", [])
    actions = actions if isinstance(actions, list) else [actions]
    return bool(actions) and all(isinstance(a, dict) and set(a) <= CANT_ACTIONS for a in actions)


def _auras(structure: dict[str, Any]) -> list[tuple[list[Any], dict[str, Any], dict[str, Any]]]:
    """(conditions, subject noun phrase, predicate) of static «X get +N / gain Keyword» sentences."""
    found: list[tuple[list[Any], dict[str, Any], dict[str, Any]]] = []
    if not_static(structure):
        return found                                                         # (a reminder is not rules text)
    for kind, fields in nodes(structure):
        if kind != "statement":
            continue
        clauses = fields.get("clause", [])
        ending: dict[str, Any] = next(iter(clauses[-1].values()), {}) if clauses else {}
        last: dict[str, Any] = ending.get("predicate", {})
        here = "while_here" in next(iter(last.values()), {})                # «… and gain Resist +1 while here»:
        subject: dict[str, Any] = {}                                         # the place ends the whole sentence
        for clause in clauses:
            declarative = clause.get("declarative")
            if declarative is not None:
                subject = declarative.get("subject", {})
            elif not subject:                                                # «gain …» shares the subject before
                continue
            predicate = (declarative or clause.get("imperative", {})).get("predicate", {})
            if "pronoun" in subject:  # «he gets…» in a static ability speaks of the card itself
                subject = {"card_np": {"self_ref": {"this_card": {}}}}
            if "card_np" in subject and any(k in predicate for k in AURAS) and len(predicate) == 1:
                ((verb, fields_of),) = predicate.items()
                if here and "while_here" not in fields_of:
                    predicate = {verb: {**fields_of, "while_here": last[next(iter(last))]["while_here"]}}
                if "duration" not in fields_of:
                    found.append((fields.get("prefix", []), subject, predicate))
    return found


def challenged(predicate: dict[str, Any]) -> bool | None:
    """«… can't challenge this character»: True; ``None`` when the «can't» names no challenged card; False when it
    names another one or mixes it with other actions (beyond this checker, reported)."""
    actions = predicate.get("cant", {}).get("action_list", {}).get("action_list", {}).get("action", [])
    actions = actions if isinstance(actions, list) else [actions]
    aimed = [a["challenge"]["target"] for a in actions
             if isinstance(a.get("challenge"), dict) and "target" in a["challenge"]]
    if not aimed:
        return None
    return len(aimed) == len(actions) and all(any(k == "this_card" for k, _ in nodes(t)) for t in aimed)


def refresh(state: State) -> None:
    """Recompute what static abilities in play give each card (stats and keywords); report the unsupported.

    The conditions in front of them («While this character is exerted,», «During your turn,») are checked now.
    """

    for card in state.cards.values():
        card.aura_mods.clear()
        card.aura_keywords.clear()
        card.aura_flags.clear()
        card.aura_rules.clear()
    for effect in state.continuous:                                          # from resolved effects (6.4.2.1)
        if "ban" in effect:                                                  # on players, read by «play»
            continue
        origin = state.cards[effect["source"]]
        for card in state.in_play():
            if matches(effect["phrase"], card, origin):
                card.aura_flags.update(effect["flags"])
                card.aura_rules.update({flag: ["lorcana:6.4.2.1"] for flag in effect["flags"]})
    for source in state.in_play():
        for structure in source.card.abilities:
            if "keywords" in structure.get("start", {}):
                continue
            for prefixes, subject, predicate in _auras(structure):
                each = [p for p in prefixes if "for_each" in p.get("prefix", {}).get("timing", {})]
                each += [f["per_each"] for f in predicate.values() if "per_each" in f]
                conditional = [p for p in prefixes if p not in each]
                conditional += [{"prefix": {"condition": {"unless": f["unless"]["unless"]}}}
                                for f in predicate.values() if "unless" in f]           # «… unless …» (6.4.4.1)
                condition = holds(conditional, state, source)
                if conditional:
                    state.cite("lorcana:6.4.3")                              # a conditional static, checked now
                if condition is False:
                    continue
                counts = [times(e, state, source) for e in each]
                aimed = challenged(predicate)
                if condition is None or not supported(subject) or None in counts or aimed is False:
                    note = f"estática no resuelta de {source.ref}"
                    if note not in state.unresolved:
                        state.unresolved.append(note)
                    continue
                here = "while_here" in next(iter(predicate.values()))
                if here:
                    state.cite("lorcana:6.1.13.5")                           # «while here»: only while there
                factor = 1
                for count in counts:
                    factor *= count or 0
                for card in state.in_play():
                    if aimed and matches(subject, card, source) and (not here or card.at == source.ref):
                        card.aura_flags.add(f"cant_challenge:{source.ref}")         # only this character
                        continue
                    if matches(subject, card, source) and (not here or card.at == source.ref) and factor:
                        before = set(card.aura_flags)
                        keywords = set(card.aura_keywords)
                        if _apply(card, predicate, factor):
                            state.cite("lorcana:8.1.2")                      # +N keywords from two sources add
                        if OTHER & {k for k, _ in nodes(subject)}:
                            state.cite("lorcana:6.1.6")                      # «other»: never the source itself
                        rules = (["lorcana:6.4.3"] if conditional else []) + \
                            (["lorcana:6.4.4.1"] if any("unless" in f for f in predicate.values()) else []) + \
                            (["lorcana:6.1.6"] if OTHER & {k for k, _ in nodes(conditional)} else []) + \
                            (["lorcana:6.1.13.1"] if any("during" in p.get("prefix", {}).get("timing", {})
                                                         for p in conditional) else []) + \
                            (["lorcana:6.1.13.5"] if here or any(
                                "while_condition" in p.get("prefix", {}).get("condition", {})
                                for p in conditional) else [])
                        for flag in card.aura_flags - before:
                            card.aura_rules[flag] = rules
                        for name in set(card.aura_keywords) - keywords:           # a keyword given «while …»
                            card.aura_rules[f"keyword:{name}"] = rules
                        state.cite("lorcana:6.4.2.3", *(["lorcana:6.6.1.1"] if "gets" in predicate else []))


def _apply(card: Instance, predicate: dict[str, Any], factor: int = 1) -> bool:
    """Give ``card`` what the predicate says, ``factor`` times («for each …»); True when a +N keyword it gives
    stacks with the same keyword from elsewhere."""

    ((kind, fields),) = predicate.items()
    if kind == "singer_bonus":                                               # lorcana:8.11.3
        card.aura_flags.add(f"sing_bonus:{int(str(fields['signed'])) * factor}")
        return False
    if kind == "deals_extra_damage":                                         # a damage increase (lorcana:4.6.6.1)
        card.aura_mods.append(("damage", int(str(fields["signed"])) * factor))
        return False
    if kind == "cant":
        card.aura_flags |= {f"cant_{a}" for a, _ in nodes(fields.get("action_list", {}))
                            if a in CANT_ACTIONS}
        return False
    if kind == "gets":
        for _, mod in nodes(fields.get("stat_mod", [])):
            if "signed" in mod:
                stat = {"¤": "strength", "⛉": "willpower", "◊": "lore"}[str(mod["stat_symbol"])]
                card.aura_mods.append((stat, int(str(mod["signed"])) * factor))
        return False
    stacked = False
    items = fields["keyword_list"]["keyword_list"]["keyword_item"]
    gained = keywords_of({"keywords": {"keyword": items if isinstance(items, list) else [items]}})
    for name, value in gained.items():
        value = value * factor if value is not None else None
        definition = canonical(name)
        if definition is not None and definition.value == "plus" and (name in card.aura_keywords
                                                                       or name in card.card.keywords):
            stacked = True                                                   # +N stacks (8.1.2)
        if definition is not None and definition.value == "plus" and name in card.aura_keywords:
            card.aura_keywords[name] = (card.aura_keywords[name] or 0) + (value or 0)
        else:
            card.aura_keywords[name] = value
    return stacked
