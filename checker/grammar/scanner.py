"""A contextual lexer whose per-state scanners share their compiled terminals.

lark's contextual lexer gives every distinct set of acceptable terminals its own scanner: one regex joining all
of them, compiled the first time a parser state needs it. A grammar whose terminals are large (a verb class with
every generated form is a trie of tens of thousands of characters) then compiles that trie again for each of
hundreds of scanners, and the first lines a process parses cost seconds each. Here each large terminal is compiled
once per process, and a scanner tries its terminals in lark's order (runs of small ones joined, large ones alone),
which is exactly what the joined regex's alternation does (the first alternative that matches wins), so the
tokens are the same.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from lark.lexer import BasicLexer, CallChain, ContextualLexer, Scanner, TerminalDef, _create_unless

#: Terminals whose regex is longer than this are compiled on their own, once per process; the shorter ones
#: between them are joined as lark joins them (cheap to compile, and one match call for many terminals).
LARGE = 1000

#: ``(pattern, flags) -> compiled``, shared by every scanner of every grammar in the process.
_COMPILED: dict[tuple[str, int, str], re.Pattern[str]] = {}


def _group(terminal: TerminalDef) -> str:
    return f"(?P<{terminal.name}>{terminal.pattern.to_regexp()})"


def _compiled(pattern: str, flags: int, module: Any) -> re.Pattern[str]:
    key = (pattern, flags, module.__name__)
    if key not in _COMPILED:
        _COMPILED[key] = module.compile(pattern, flags)
    return _COMPILED[key]


class SharedScanner(Scanner):
    """A scanner trying, in lark's order, runs of small terminals joined and each large terminal shared."""

    def _build_mres(self, terminals: Sequence[TerminalDef], max_size: int) -> list[re.Pattern[str]]:
        mres: list[re.Pattern[str]] = []
        run: list[str] = []
        for terminal in terminals:
            group = _group(terminal)
            if len(group) <= LARGE:
                run.append(group)
                continue
            if run:
                mres.append(self.re_.compile("|".join(run), self.g_regex_flags))
                run = []
            mres.append(_compiled(group, self.g_regex_flags, self.re_))
        if run:
            mres.append(self.re_.compile("|".join(run), self.g_regex_flags))
        return mres


class SharedBasicLexer(BasicLexer):
    """lark's basic lexer, with a :class:`SharedScanner`."""

    def _build_scanner(self) -> Any:
        # lark's own method, with the scanner class swapped (it would compile the joined regex first)
        terminals, self.callback = _create_unless(  # type: ignore[no-untyped-call]
            self.terminals, self.g_regex_flags, self.re, self.use_bytes)
        for type_, callback in self.user_callbacks.items():
            if type_ in self.callback:
                self.callback[type_] = CallChain(  # type: ignore[no-untyped-call]
                    self.callback[type_], callback, lambda t, name=type_: t.type == name)
            else:
                self.callback[type_] = callback
        return SharedScanner(terminals, self.g_regex_flags, self.re, self.use_bytes)  # type: ignore[no-untyped-call]


class SharedContextualLexer(ContextualLexer):
    """lark's contextual lexer, with :class:`SharedBasicLexer` for every state."""

    BasicLexer = SharedBasicLexer


#: The ``_plugins`` option of :class:`lark.Lark` that installs the shared scanners.
PLUGINS = {"ContextualLexer": SharedContextualLexer}
