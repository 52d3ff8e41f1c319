"""Property: whatever the notes hold (NUL bytes, BOMs, bytes that are not UTF-8, hostile Markdown, front matter YAML
with anchors and aliases), ``reglas lint`` and ``reglas explain`` exit 0, 1 or 2, never 70, and never change a file.

Few examples in ``make test``; ``REGLAS_FUZZ=1`` (``make fuzz``) loads the "fuzz" profile of tests/conftest.py."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tests.vault_helpers import run, snapshot

_YAML_PIECES = ("id: demo:1", "id: demo:1.2", "id: 12", "id: [", "tags: [a, b]", "tags: &t [x, y]", "aliases: *t",
                "aliases: &a [*a]", "related: [\"[[Otra]]\"]", "related: [[Otra]]", "title: ''", "title: &x a",
                "x: *x", "x: *nada", "b: &b [*t, *t, *t]", "c: [*b, *b, *b, *b]", "fecha: 2024-02-30",
                "<<: *t", "? [a]\n: b", "a: {b: [c, {d: e}]}", "a: |\n  bloque", "\t- mal", "tags: [a]",
                "n: 1e999999", "x: !!binary zz", "x: !!python/name:os.system", "- lista", "'a': 1", "a:b")
_BODY_PIECES = ("# Título", "## 1.1 Regla", "## 2.1 Fuera", "[[Otra]]", "[[Otra#Sección]]", "[[Otra#^b1]]",
                "[[Falta|x]]", "![[img.png|100x20]]", "^b1", "`", "```", "~~~", "%%", "$$", "[[", "]]", "|", "\\",
                "{#ancla}", "**negrita**", "[a](b)", "\u0301", "Evasio\u0301n", "\r\n", "\n", " ")
_RAW_PIECES = (b"\x00", b"\xef\xbb\xbf", b"\xff\xfe", b"\xc3", b"\xed\xa0\x80", b"\r", b"---\n", b"...\n")

_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=20).map(lambda t: t.encode("utf-8"))
_yaml = st.lists(st.one_of(st.sampled_from(_YAML_PIECES).map(lambda p: p.encode("utf-8")), _text), max_size=6)
_body = st.lists(st.one_of(st.sampled_from(_BODY_PIECES).map(lambda p: p.encode("utf-8")),
                           st.sampled_from(_RAW_PIECES), _text), max_size=25)


@st.composite
def _note(draw: st.DrawFn) -> bytes:
    head = b""
    if draw(st.booleans()):
        head = draw(st.sampled_from((b"", b"\xef\xbb\xbf"))) + b"---\n" + b"\n".join(draw(_yaml)) + b"\n"
        head += draw(st.sampled_from((b"---\n", b"...\n", b"")))
    return head + b" ".join(draw(_body))


@given(st.lists(_note(), min_size=1, max_size=3))
def test_lint_and_explain_never_crash_nor_write(notes: list[bytes]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        names = ["Otra.md", "Carpeta/Nota.md", "Evasión.md"]
        for name, content in zip(names, notes, strict=False):
            (root / name).parent.mkdir(exist_ok=True)
            (root / name).write_bytes(content)
        before = snapshot(root)
        code, out, err = run(["lint", folder, "--json"])
        assert code in (0, 1, 2), err
        if code in (0, 1):
            json.loads(out)
        code, out2, err2 = run(["explain", "demo:1", "--vault", folder])
        assert code in (0, 2), err2
        for text in (err, out2, err2):
            assert "Traceback" not in text and "error interno" not in text
        assert snapshot(root) == before
