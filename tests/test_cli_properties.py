"""Property tests of the ``reglas`` command: generated arguments and files give exit 0, 1 or 2 with a Spanish
message, never a traceback or an internal error (70), and never change the files the user gave."""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checker.cli import main

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_TEXT = (ROOT / "tests" / "scenarios" / "lorcana" / "quest_and_ink.yaml").read_text(encoding="utf-8")
CORPUS = ROOT.parent / "shared" / "corpora" / "espadas"

YAML_PIECES = [
    "a: &a [1, 2, 3]\nb: [*a, *a, *a]\n", "x: &x {k: 1}\ny: *x\n", "id: s\nid: t\n", "game: lorcana\ngame: espadas\n",
    "- - - - - []\n", "[" * 80 + "]" * 80, "{a: [" * 40 + "]}" * 40, "scenarios:\n  - id: x\n    game: lorcana\n",
    "state: {players: {p1: {hand: 1.5}}}\n", "expect: {}\n", "expect:\n", "\t- mal", ": : :", "&a [*a]", "*nada",
    "faccion: X\nheroes: [A, A, A, A, A]\nmazo: {C: 99}\n", "mazo: [1, 2, 3]\nheroes: 5\n", "---\na: 1\n---\nb: 2\n",
]


@st.composite
def file_bytes(draw: st.DrawFn) -> bytes:
    """Text a user might give as a file: YAML pieces, a real scenario cut or spliced, odd bytes and encodings."""
    parts = draw(st.lists(st.one_of(
        st.sampled_from(YAML_PIECES),
        st.builds(lambda a, b: SCENARIO_TEXT[a:b], st.integers(0, len(SCENARIO_TEXT)),
                  st.integers(0, len(SCENARIO_TEXT))),
        st.text(max_size=40),
    ), max_size=4))
    data = "".join(parts).encode("utf-8")
    prefix = draw(st.sampled_from([b"", b"\xef\xbb\xbf", b"\xff\xfe", b"\x00"]))
    noise = draw(st.sampled_from([b"", b"\xff", b"\x00\x00", b"\xc3", b"\xed\xa0\x80", b"\r\n"]))
    cut = draw(st.integers(0, len(data)))
    return prefix + data[:cut] + noise + data[cut:]


WORDS = ["--", "-", "-5", "0", "1", "7", "99999", "abc", "", "lorcana", "espadas", "malifaux", "parchis", "++", "−−",
         "+-", "RRG", "GGB", "x" * 300, "lorcana:8.6", "10.6", "espadas:1.2", "¤", "Evasive", "Challenger +2",
         "--json", "-v", "--help"]
OPTIONS = ["--json", "--limit", "--mods", "--stat", "--tn", "--dice", "--rerolls", "--game", "--vault", "--site",
           "--corpus", "--report", "--record", "-v"]


def _words() -> st.SearchStrategy[list[str]]:
    token = st.one_of(st.sampled_from(WORDS), st.sampled_from(OPTIONS),
                      st.builds(lambda o, v: f"{o}={v}", st.sampled_from(OPTIONS), st.sampled_from(WORDS)),
                      st.text(st.characters(blacklist_categories=["Cs"], blacklist_characters="\x00"), max_size=12))
    return st.lists(token, max_size=6)


COMMANDS = [["explain"], ["lint"], ["buscar"], ["parse"], ["parse", "--game", "espadas"],
            ["parse", "--game", "malifaux"], ["validate", "--game", "lorcana"], ["validate", "--game", "espadas"],
            ["check"], ["malifaux", "odds"], ["espadas", "validar"], ["espadas", "odds"], []]


@contextlib.contextmanager
def _inside(folder: Path) -> Iterator[None]:
    """Run in ``folder``, so that anything a generated option writes stays there."""
    before = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def _run(argv: list[str]) -> tuple[int, str]:
    """The exit code, and what was printed (errors go to stderr, or into the JSON with --json)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, err.getvalue() + out.getvalue()


def _assert_clean(code: int, said: str, argv: list[str]) -> None:
    assert code in (0, 1, 2), (argv, code, said)
    assert "Traceback" not in said and "error interno" not in said, (argv, said)
    if code == 2:
        assert "error" in said, (argv, said)


@given(command=st.sampled_from(COMMANDS), words=_words(), content=file_bytes(),
       where=st.sampled_from(["before", "after", "none"]))
def test_generated_arguments_and_files(tmp_path_factory: pytest.TempPathFactory, command: list[str],
                                       words: list[str], content: bytes, where: str) -> None:
    folder = tmp_path_factory.getbasetemp() / "cli"
    folder.mkdir(exist_ok=True)
    given_file = folder / "entrada.yaml"
    given_file.write_bytes(content)
    file_arg = [str(given_file)] if where != "none" else []
    if command == ["espadas", "validar"]:
        file_arg += ["--corpus", str(CORPUS)]
    argv = command + (file_arg + words if where == "before" else words + file_arg)
    with _inside(folder):
        code, err = _run(argv)
    _assert_clean(code, err, argv)
    assert given_file.read_bytes() == content, "la orden modificó el archivo que se le dio"


@given(content=file_bytes())
def test_check_any_file(tmp_path_factory: pytest.TempPathFactory, content: bytes) -> None:
    folder = tmp_path_factory.getbasetemp() / "check"
    folder.mkdir(exist_ok=True)
    given_file = folder / "s.yaml"
    given_file.write_bytes(content)
    code, err = _run(["check", str(given_file)])
    _assert_clean(code, err, ["check", str(given_file)])
    assert given_file.read_bytes() == content
