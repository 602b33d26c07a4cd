"""Every example record parses cleanly; every NAP1xx fault case is reported on its line;
the fast path and the Lark grammar read every example line the same way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from corpus import deep
from lark.exceptions import UnexpectedInput

from napkifu.notation import decode, parse
from napkifu.notation.reader import normalise, parser

EXAMPLES = Path(__file__).resolve().parent / "examples"
VALID = sorted(p for p in EXAMPLES.glob("*/*.nap") if p.parent.name != "faults")
FAULTS = sorted(
    p
    for p in (EXAMPLES / "faults").glob("*.nap")
    if json.loads(p.with_suffix(".expect.json").read_text())["code"].startswith("NAP10")
    and json.loads(p.with_suffix(".expect.json").read_text())["code"] != "NAP104"
)


def _read(path: Path) -> tuple[str | None, list]:
    return decode(path.read_bytes(), file=str(path))


def test_examples_found() -> None:
    assert len(VALID) >= 20
    assert len(FAULTS) >= 10


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_example_parses_without_diagnostics(path: Path) -> None:
    text, diags = _read(path)
    assert text is not None and diags == []
    record, diags = parse(text, file=str(path))
    assert [(d.code, d.span.line, d.message) for d in diags] == []
    assert record.games and all(g.players for g in record.games)
    assert sum(len(g.rounds) for g in record.games) > 0


@pytest.mark.parametrize("path", FAULTS, ids=lambda p: p.name)
def test_fault_reported_on_expected_line(path: Path) -> None:
    expect = json.loads(path.with_suffix(".expect.json").read_text())
    text, diags = _read(path)
    if text is not None:
        _, more = parse(text, file=str(path))
        diags = diags + more
    found = {(d.code, d.span.line) for d in diags}
    assert (expect["code"], expect["line"]) in found, diags
    assert all(d.file == str(path) for d in diags)


def fast_and_grammar_agree(text: str) -> int:
    """Read every line both ways; return how many lines the fast path took."""
    lark, builder, fast = parser()
    checked = 0
    for index, line in enumerate(normalise(text).split("\n")):
        stripped = line.lstrip()
        if not stripped or stripped.startswith("#"):
            continue
        quick = fast.statement(line, stripped.split(None, 1)[0], index + 1)
        if quick is None:
            continue
        builder.line_offset = index
        try:
            slow = lark.parse(line, start="one_line")
        finally:
            builder.line_offset = 0
        assert deep(quick) == deep(slow), line
        checked += 1
    return checked


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_fast_path_agrees_with_grammar(path: Path) -> None:
    """The whole-line fast path is an optimisation only: Lark must build the same statement."""
    text, _ = _read(path)
    assert text is not None
    assert fast_and_grammar_agree(text) > 0


def test_parsing_from_several_threads_gives_the_same_records() -> None:
    """The dashboard reads records from several threads; spans must not mix."""
    from concurrent.futures import ThreadPoolExecutor

    bad = "players A1 B1 C1\nround 1\n" + "".join(f"what {i}\nnapoleon A1 13♠\n" for i in range(30))
    texts = [t for t in (_read(p)[0] for p in VALID[:6]) if t is not None] + [bad] * 6
    expected = [deep(parse(t)) for t in texts]
    with ThreadPoolExecutor(max_workers=6) as pool:
        for _ in range(3):
            assert list(pool.map(lambda t: deep(parse(t)), texts)) == expected


GAME_LINES = [
    "game",
    'game "Friday club #12"',
    '  game\t"ナポレオン大会"  # first',
    'game "a \\" quote"',
    "game # no name",
    'game ""',
]


@pytest.mark.parametrize("line", GAME_LINES)
def test_game_lines_read_as_the_grammar_reads_them(line: str) -> None:
    """``game`` lines go through the fast path's regex (none left for Lark on the
    varied corpus): the statement, spans included, is Lark's, also without a name."""
    assert fast_and_grammar_agree(line) == 1


@pytest.mark.parametrize("line", ['game "open', "game club", 'game "a" "b"'])
def test_game_lines_the_grammar_refuses_are_left_to_it(line: str) -> None:
    lark, _, fast = parser()
    assert fast.statement(line, line.split(None, 1)[0], 1) is None
    with pytest.raises(UnexpectedInput):
        lark.parse(line, start="one_line")
