"""Game-by-game reading (issues 8 and 9): ``iter_loads`` / ``iter_load`` must say
exactly what ``loads`` says about the whole file — the same games, the same
diagnostics at the same lines, columns and byte offsets — while holding one game
at a time. The streamed file path is forced (no whole-file shortcut, tiny read
chunks) so that every chunk and line-end boundary is crossed."""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from pathlib import Path

import pytest
from corpus import RECORDS, ROOT
from fuzzing.strategies import mutated_bytes
from hypothesis import HealthCheck, given, settings

from napkifu import api
from napkifu.diagnostics import Diagnostic
from napkifu.notation import stream
from napkifu.replay.results import Judgement


@pytest.fixture
def streamed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every file goes through the two-pass chunked reader, 7 bytes at a time."""
    monkeypatch.setattr(api, "WHOLE_FILE_LIMIT", -1)
    monkeypatch.setattr(stream, "CHUNK", 7)


def _key(d: Diagnostic) -> tuple[object, ...]:
    return (*Diagnostic.sort_key(d), d.code, d.message, d.game, d.round, d.trick)


def assert_same(whole: Judgement, parts: list[Judgement]) -> None:
    assert parts, "at least one judgement"
    union = sorted((d for p in parts for d in p.diagnostics), key=_key)
    assert union == sorted(whole.diagnostics, key=_key)
    assert sum(p.size_bytes for p in parts) == whole.size_bytes
    if whole.record is None:
        assert [p.record for p in parts] == [None]
        return
    records = [p.record for p in parts]
    assert all(r is not None and len(r.games) <= 1 for r in records)
    games = tuple(g for r in records if r is not None for g in r.games)
    assert games == whole.record.games
    # spans are left out of ==; they must be the whole file's too
    assert [g.span for g in games] == [g.span for g in whole.record.games]
    assert [_spans(g) for g in games] == [_spans(g) for g in whole.record.games]
    assert records[0] is not None
    assert records[0].leading_comments == whole.record.leading_comments
    assert all(r is not None and not r.leading_comments for r in records[1:])
    assert tuple(g for p in parts for g in p.games) == whole.games
    for p in parts:
        assert len(p.games) == (len(p.record.games) if p.record is not None else 0)


def _spans(game: object) -> list[tuple[int, int, int, int]]:
    """Every span inside a game, in order (the model's own equality ignores them)."""
    out: list[tuple[int, int, int, int]] = []

    def walk(obj: object) -> None:
        if isinstance(obj, tuple):
            for x in obj:
                walk(x)
            return
        slots = getattr(type(obj), "__slots__", None)
        if not slots or not hasattr(obj, "__dataclass_fields__"):
            return
        for name in obj.__dataclass_fields__:  # type: ignore[attr-defined]
            value = getattr(obj, name)
            if type(value).__name__ == "Span":
                out.append((value.line, value.column, value.end_line, value.end_column))
            else:
                walk(value)

    walk(game)
    return out


def test_records_found() -> None:
    assert len(RECORDS) > 100


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_iter_loads_agrees_with_loads(path: Path) -> None:
    data = path.read_bytes()
    whole = api.loads(data, str(path))
    assert_same(whole, list(api.iter_loads(data, str(path))))
    text = data.decode("utf-8", "replace")
    assert_same(api.loads(text, str(path)), list(api.iter_loads(text, str(path))))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_streamed_file_agrees_with_load(path: Path, streamed: None) -> None:
    assert_same(api.load(path), list(api.iter_load(path)))


def _variants() -> Iterator[tuple[str, bytes, str | None]]:
    text = (ROOT / "sample_records" / "friday-club-standard-5p.nap").read_text(encoding="utf-8")
    text = 'game "一"\n' + text + '\ngame "二"\nplayers 春 夏 秋\nround 1\nwhat ♠\n'
    yield "plain", text.encode(), None
    yield "bom-crlf", codecs.BOM_UTF8 + text.replace("\n", "\r\n").encode(), None
    yield "two-boms-cr", (codecs.BOM_UTF8 * 2) + text.replace("\n", "\r").encode(), None
    yield (
        "cp932",
        text.replace("♠", "S")
        .replace("♥", "H")
        .replace("♦", "D")
        .replace("♣", "C")
        .encode("cp932", "replace"),
        None,
    )
    yield "bad-utf8-late", text.encode() + b"\nround 9 \xff\n", None
    yield "bom-bad-utf8", codecs.BOM_UTF8 + "é\nround \xff".encode("latin-1"), None
    yield "truncated", text.encode() + "秋".encode()[:2], None
    yield "nul", text.encode()[:500] + b"\x00" + text.encode()[500:], None
    yield "utf16", text.encode("utf-16"), None
    yield "explicit-utf16", text.encode("utf-16"), "utf-16"
    yield "explicit-bad", text.encode() + b"\x81\xff", "ascii"
    yield "unknown-encoding", text.encode(), "no-such-codec"
    yield "empty", b"", None
    yield "comments-only", b"# just\n# comments", None
    yield "no-final-newline-cr", text.encode().rstrip() + b"\r", None


@pytest.mark.parametrize("name,data,encoding", list(_variants()), ids=lambda v: str(v)[:20])
def test_encodings_and_line_ends(
    name: str, data: bytes, encoding: str | None, tmp_path: Path, streamed: None
) -> None:
    path = tmp_path / f"{name}.nap"
    path.write_bytes(data)
    whole = api.loads(data, str(path), encoding=encoding)
    assert_same(whole, list(api.iter_loads(data, str(path), encoding=encoding)))
    assert_same(whole, list(api.iter_load(path, encoding=encoding)))


def test_one_game_per_judgement() -> None:
    text = "".join(f'game "g{i}"\nplayers A B C\nround 1\nbids A:13♠\n' for i in range(1, 6))
    parts = list(api.iter_loads(text))
    assert [p.record.games[0].number for p in parts if p.record] == [1, 2, 3, 4, 5]
    assert [p.games[0].title for p in parts] == [f"g{i}" for i in range(1, 6)]


def test_open_error_raised_at_the_call(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        api.iter_load(tmp_path / "missing.nap")


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(mutated_bytes())
def test_streamed_bytes_agree_with_loads(data: bytes) -> None:
    import tempfile

    old_limit, old_chunk = api.WHOLE_FILE_LIMIT, stream.CHUNK
    api.WHOLE_FILE_LIMIT, stream.CHUNK = -1, 5
    try:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "x.nap"
            path.write_bytes(data)
            assert_same(api.loads(data, str(path)), list(api.iter_load(path)))
    finally:
        api.WHOLE_FILE_LIMIT, stream.CHUNK = old_limit, old_chunk


@pytest.mark.parametrize("name,data,encoding", list(_variants()), ids=lambda v: str(v)[:20])
def test_excerpts_of_a_streamed_file(
    name: str, data: bytes, encoding: str | None, tmp_path: Path, streamed: None
) -> None:
    """`check` shows the source line under each diagnostic; for a big file it finds
    those lines by reading the file again line by line, and they must be the lines
    the whole-text reading has."""
    from napkifu.commands.checkfile import check_bytes, check_file

    path = tmp_path / f"{name}.nap"
    path.write_bytes(data)
    from_bytes = check_bytes(data, str(path), encoding)
    from_file = check_file(str(path), encoding)
    assert from_file.diagnostics == from_bytes.diagnostics
    assert from_file.lines == from_bytes.lines
    if name == "plain":
        assert from_file.lines and all(isinstance(v, str) for v in from_file.lines.values())
        text = data.decode()
        for number, line in from_file.lines.items():
            assert line == text.split("\n")[number - 1][:500]


LINE_ENDS = [
    "",
    "a",
    "a\n",
    "a\r\nb",
    "a\rb\r",
    "\r\r\n",
    "\n\r",
    "\ufeffa\r\n\r\nb",
    "\ufeff\ufeffa",
]


@pytest.mark.parametrize("text", LINE_ENDS)
@pytest.mark.parametrize("limit", [stream.SPLIT_LIMIT, 0])
def test_text_lines_split_as_normalise_does(
    text: str, limit: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A small text split whole (its CRs replaced first), a big one walked line by line:
    the lines are ``normalise(text).split("\\n")`` either way."""
    from napkifu.notation.reader import normalise

    monkeypatch.setattr(stream, "SPLIT_LIMIT", limit)
    assert list(stream.text_lines(text)) == normalise(text).split("\n")
