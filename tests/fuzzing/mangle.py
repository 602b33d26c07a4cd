"""Mutations of valid records at the byte, token and line level, and the sanity
oracle every input must satisfy. Driven by a ``random.Random`` so that the
Hypothesis strategies (tests/fuzzing/strategies.py) and the long fuzz run
(scripts/fuzz.py) share them: a failure of either is replayed from its seed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

from napkifu.notation.errors import _KEYWORDS as _LINE_WORDS

TESTS = Path(__file__).resolve().parents[1]

# Words the notation knows (and near misses), to splice into records: the words that
# start a line, as the messages know them, and a few values.
KEYWORDS = [*_LINE_WORDS, "pass", "P", "NT", "none", "allies"]
VOCAB = [
    *KEYWORDS,
    # cards and near-cards
    "♠A",
    "SA",
    "H10",
    "♥T",
    "C3",
    "♣3",
    "JK",
    "Jo",
    "🃏",
    "JK>♥",
    "JK>S",
    "JK>",
    "♠1",
    "S11",
    "X9",
    "♠",
    "10",
    "♤Q",
    "♡2",
    "♢K",
    "♧J",
    "?",
    "♠A!",
    "♣4?",
    "JK>♥!?",
    "♠AJK",
    "♠A JK K",
    # bids, scores, numbers
    "13♥",
    "14S",
    "12NT",
    "0NT",
    "99♠",
    "-",
    "+2",
    "-1",
    "0",
    "+",
    "- 1",
    "00",
    "-0",
    "99999999999999999999999",
    "1e9",
    "３",
    "١٣♥",
    # names
    "Haru",
    "ハル",
    '"Taro Y."',
    '"Jo"',
    '"pass"',
    '"\\"q\\""',
    '"',
    '""',
    "Mina_2",
    "Tomo.K",
    "e\u0301",
    "\u00e9",
    "SAM",
    "Haru:",
    ":",
    "Sora:13♥",
    "none:pass",
    # presets, options
    "standard",
    "webgame",
    "bga",
    "classic",
    "ladder",
    "mighty",
    "trump-jack",
    "same-two",
    "jokers",
    "2",
    "min-bid",
    "max-bid",
    "scoring",
    "formula",
    "twenty",
    "loses",
    "on",
    "off",
    # punctuation and control
    "#",
    "# comment",
    ">",
    "!",
    "\t",
    "\u3000",
    "\u200b",
    "\ufeff",
    "\x00",
    "\x0c",
    "\\",
]
SPECIAL_BYTES = [
    b"\x00",
    b"\xff",
    b"\xfe",
    b"\xef\xbb\xbf",
    b"\r",
    b"\r\n",
    b"\n\r",
    b"\xc3\x28",
    b"\xe2\x99",
    b"\xf0\x9f\x83",
    b"\xed\xa0\x80",
    b"\x82\xa0",
    b"\x83n\x83\x8b",  # CP932 ハル
    b"\x1b[31m",
    b"\x85",
    b"\xe2\x80\xa8",
]


def corpus() -> list[str]:
    """Valid records to start from: the legal seed transcriptions
    (tests/records/seeds, one round each, every preset, 3–6 players) and a few
    simulated multi-round games (indented, with totals, some with the deal)."""
    from fuzzing.records import simulated
    from fuzzing.seed_cases import CASES, RECORDS

    texts = [
        (RECORDS / f"{c.name}.nap").read_text(encoding="utf-8") for c in CASES if c.fault is None
    ]
    claims = [claimed(t, k) for k, t in enumerate(texts[::9], start=3)]
    for k, preset in enumerate(("standard", "webgame", "bga", "classic")):
        texts.append(simulated(preset, 4 + k % 3, 100 + k, k % 2 == 0, rounds=3))
        texts.append(simulated(preset, 3 + k, 200 + k, rounds=3, score_sheet=True))
    return texts + claims


def claimed(text: str, keep: int) -> str:
    """A seed record whose play stops after ``keep`` tricks with Napoleon claiming the
    rest (the result and score lines go: the claim decides them)."""
    out = []
    for line in text.split("\n"):
        head = line.split(" ", 1)[0]
        if head.isdigit() and int(head) > keep:
            continue
        if head in ("result", "score"):
            continue
        out.append(line)
        if head == str(keep):
            out.append("claim napoleon")
    return "\n".join(out)


# ------------------------------------------------------------------ text level


def _lines(text: str) -> list[str]:
    return text.split("\n")


def line_mutation(text: str, rng: random.Random, donors: list[str]) -> str:
    lines = _lines(text)
    if not lines:
        return text
    i = rng.randrange(len(lines))
    op = rng.randrange(7)
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif op == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 3:
        donor = _lines(rng.choice(donors)) if donors else lines
        lines.insert(i, rng.choice(donor))
    elif op == 4:
        lines = lines[: i + 1]  # truncated file
    elif op == 5:
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]  # truncated line
    else:
        block = lines[i : i + rng.randint(2, 12)]
        rng.shuffle(block)
        lines[i : i + len(block)] = block
    return "\n".join(lines)


_TOKEN = re.compile(r"\S+")


def token_mutation(text: str, rng: random.Random, donors: list[str]) -> str:
    tokens = list(_TOKEN.finditer(text))
    if not tokens:
        return rng.choice(VOCAB) + text
    m = rng.choice(tokens)
    a, b = m.span()
    tok = m.group()
    op = rng.randrange(8)
    if op == 0:
        new = ""
    elif op == 1:
        new = tok + " " + tok
    elif op == 2:
        new = rng.choice(VOCAB)
    elif op == 3:
        new = tok + rng.choice(VOCAB)  # glued: no boundary
    elif op == 4:
        digits = re.sub(r"\d+", lambda _: str(rng.choice([0, 1, 2, 9, 13, 21, 99, 10**12])), tok)
        new = digits if digits != tok else tok + str(rng.randrange(100))
    elif op == 5:
        other = rng.choice(tokens)
        c, d = other.span()
        if c > a:
            return text[:a] + other.group() + text[b:c] + tok + text[d:]
        new = tok
    elif op == 6:
        new = tok[: rng.randrange(len(tok) + 1)]
    else:
        donor_tokens = _TOKEN.findall(rng.choice(donors)) if donors else VOCAB
        new = rng.choice(donor_tokens or VOCAB)
    return text[:a] + new + text[b:]


def char_mutation(text: str, rng: random.Random, donors: list[str]) -> str:
    if not text:
        return rng.choice(VOCAB)
    i = rng.randrange(len(text) + 1)
    op = rng.randrange(4)
    if op == 0:
        return text[:i] + text[i + 1 :]
    if op == 1:
        return (
            text[:i]
            + chr(
                rng.choice(
                    [
                        rng.randrange(32, 127),
                        rng.randrange(0x80, 0x3000),
                        rng.randrange(0, 32),
                        0x2660 + rng.randrange(8),
                    ]
                )
            )
            + text[i:]
        )
    if op == 2:
        return text[:i] + rng.choice(VOCAB) + text[i:]
    j = rng.randrange(len(text) + 1)
    lo, hi = min(i, j), max(i, j)
    return text[:lo] + text[lo:hi] * 2 + text[hi:]


# The options of RULES.md with their values (and a few wrong ones), to replay valid
# records under every rule combination.
OPTIONS: dict[str, list[str]] = {
    "jokers": ["0", "1", "2", "3"],
    "honor-threes": ["on", "off"],
    "min-bid": ["1", "8", "11", "13", "20", "25"],
    "max-bid": ["13", "20", "24", "5"],
    "no-trump": ["on", "off"],
    "pass": ["out", "rebid"],
    "call-timing": ["before-exchange", "after-exchange"],
    "call-own-card": ["alone", "forbidden"],
    "discard-honors": ["void", "allies", "napoleon", "first-trick"],
    "ladder": [
        "mighty trump-jack back-jack trump lead",
        "yoromeki mighty joker-lead joker-follow trump-jack back-jack same-two trump lead",
        "lead trump",
        "joker-follow lead",
        "trump",
        "mighty mighty lead",
        "nonsense",
    ],
    "yoromeki": ["on", "off"],
    "same-two": ["on", "off"],
    "same-two-first-trick": ["on", "off"],
    "same-two-last-trick": ["on", "off"],
    "same-two-trump": ["on", "off"],
    "same-two-joker": ["blocks", "counts"],
    "joker-lead": ["trump", "suit"],
    "joker-play": ["any-time", "as-trump"],
    "joker-request": ["off", "lead", "played"],
    "mighty-play": ["suited", "any-time"],
    "opening-lead": ["any", "restricted"],
    "reverse-jack": ["on", "off"],
    "twenty": ["win", "loses"],
    "scoring": ["table", "formula", "none"],
    "score-napoleon": ["0", "3", "-1"],
    "score-alone": ["5"],
    "double-at-max": ["off", "on", "win"],
    "double-shutout": ["off", "on"],
    "bid-multiplier": ["off", "on"],
}


def rule_mutation(text: str, rng: random.Random, donors: list[str]) -> str:
    """Replay the record under other rules: add a few ``rule`` lines (or a preset)."""
    lines = _lines(text)
    at = next(
        (i + 1 for i, ln in enumerate(lines) if ln.strip().startswith(("rules ", "players "))), 0
    )
    new = []
    for _ in range(rng.randint(1, 4)):
        key = rng.choice(list(OPTIONS))
        new.append(f"rule {key} {rng.choice(OPTIONS[key])}")
    if rng.random() < 0.2:
        new.insert(0, f"rules {rng.choice(['standard', 'webgame', 'bga', 'classic', 'house'])}")
    lines[at:at] = new
    return "\n".join(lines)


TEXT_MUTATIONS: list[Callable[[str, random.Random, list[str]], str]] = [
    line_mutation,
    token_mutation,
    token_mutation,
    char_mutation,
    rule_mutation,
]


def mutate_text(text: str, rng: random.Random, donors: list[str] | None = None) -> str:
    for _ in range(rng.choice([1, 1, 1, 2, 3, 5])):
        text = rng.choice(TEXT_MUTATIONS)(text, rng, donors or [])
    return text


# ------------------------------------------------------------------ byte level


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    buf = bytearray(data)
    for _ in range(rng.choice([1, 1, 2, 4])):
        i = rng.randrange(len(buf) + 1)
        op = rng.randrange(6)
        if op == 0 and buf:
            j = min(len(buf) - 1, i)
            buf[j] ^= 1 << rng.randrange(8)
        elif op == 1:
            buf[i:i] = rng.choice(SPECIAL_BYTES)
        elif op == 2:
            del buf[i : i + rng.randint(1, 8)]
        elif op == 3:
            buf[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 6)))
        elif op == 4:
            buf = bytearray(buf.replace(b"\n", rng.choice([b"\r\n", b"\r", b"\n\n", b"\x85"])))
        else:
            buf[i : i + 1] = b""
            buf[:0] = rng.choice([b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b""])
    return bytes(buf)


def encodings(text: str, rng: random.Random) -> bytes:
    """The same record in an encoding a user might hand us."""
    choice = rng.randrange(6)
    if choice == 0:
        return text.encode("cp932", errors="replace")
    if choice == 1:
        return b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8")
    if choice == 2:
        return text.replace("\n", "\r").encode("utf-8")  # lone CR line ends
    if choice == 3:
        return text.encode("utf-16")
    if choice == 4:
        return text.encode("utf-8").replace(b"\n", b"\x00\n", 1)
    return text.encode("latin-1", errors="replace")


# ------------------------------------------------------------------ grammar-ish


def random_lines(rng: random.Random) -> str:
    """A record made of statement-shaped lines: a keyword (or a trick number)
    followed by words from the vocabulary — our own walk over the grammar's
    line shapes, to reach the structure and replay layers with odd content."""
    out = []
    for _ in range(rng.randint(1, 30)):
        head = rng.choice([*KEYWORDS, str(rng.randint(0, 20))])
        words = [rng.choice(VOCAB) for _ in range(rng.randint(0, 8))]
        out.append(" ".join([head, *words]))
    return "\n".join(out)


# ------------------------------------------------------------------ the oracle


def check_sane(data: str | bytes) -> str | None:
    """Judge ``data`` as ``napkifu check`` would; None when all is well, else what
    went wrong (an exception, an internal-error diagnostic, an unknown code, a
    diagnostic pointing outside the file)."""
    import traceback

    import napkifu
    from napkifu.diagnostics import CODES

    try:
        j = napkifu.loads(data, file="<fuzz>")
        text = data if isinstance(data, str) else None
        n_lines = (
            max(text.count("\n"), text.count("\r"), len(text.splitlines())) + 2
            if text is not None
            else None
        )
        for d in j.diagnostics:
            if d.code not in CODES:
                return f"unknown code {d.code}"
            if d.code == "NAP900":
                return f"internal error: {d.message}"
            if d.span.line < 0 or (n_lines is not None and d.span.line > n_lines):
                return f"{d.code} at line {d.span.line} outside the file ({n_lines} lines)"
            d.to_json()
        for r in j.rounds:
            _ = (r.scores, r.tricks, r.diagnostics)
    except Exception:
        return traceback.format_exc()
    return None
