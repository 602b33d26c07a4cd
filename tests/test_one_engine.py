"""One reader, one engine (issue 26): what napkifu 0.1's second judge got wrong, and
``check``'s verdict-only judging held to the full judgement.

A revoke that only the ``hand`` lines prove, in a round that ends with a claim:

The revoker never plays the suit she held (the claim ends the play first), so no
later trick shows she had it: only her written hand does. ``check`` must report
each such card, and a second ``check`` of the unchanged file, answered from the
result cache, must report the same (napkifu 0.1's express lane read holdings only
from later play, passed this record with exit 0, and the cache then kept serving
that verdict).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from napkifu.cli import main
from napkifu.commands import checkfile

RECORD = """\
players Taku Mina Hina Shin
rules standard
round 1
dealer Shin
hand Taku S9 6 5 7 HJ 3 Q DK A J CQ 4
hand Mina ST Q 2 H4 5 D7 4 5 C6 K J Jo
hand Hina SJ A 3 H2 8 D9 3 CA 5 2 3 9
hand Shin SK HT 9 7 6 D6 2 Q 8 T CT 8
bids Taku:13H Mina:- Hina:- Shin:-
call SA
adjutant Hina
discard S9 6 5 7 H3
1 Taku: HJ D7 H2 H6
2 Taku: CQ CK C2 C8
3 Hina: C3 CT C4 Jo
4 Shin: H7 HQ D4 H8
5 Taku: HA S2 CA H9
claim napoleon
result 19
score Taku +3 Mina -2 Hina +1 Shin -2
"""
REVOKES = [  # Mina holds ♥4 ♥5 throughout and never plays a heart
    "round.nap:13:12: NAP504 error: round 1, trick 1: Mina played ♦7 on a ♥ lead while holding ♥4 ♥5",
    "round.nap:16:15: NAP504 error: round 1, trick 4: Mina played ♦4 on a ♥ lead while holding ♥4 ♥5",
    "round.nap:17:12: NAP504 error: round 1, trick 5: Mina played ♠2 on a ♥ lead while holding ♥4 ♥5",
]


def _check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    status = main(["check", "--lang", "en", "-q", *argv])
    return status, capsys.readouterr().out.splitlines()


def test_hand_proven_revoke_in_a_claimed_round_is_reported_also_from_the_cache(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "round.nap").write_text(RECORD, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    cache = ["--cache-dir", str(tmp_path / "cache")]
    assert _check(capsys, "--no-cache", "round.nap") == (1, REVOKES)
    assert _check(capsys, *cache, "round.nap") == (1, REVOKES)  # judged, then stored

    def judged_again(*args: object) -> None:
        raise AssertionError("the unchanged file was judged again instead of read from the cache")

    monkeypatch.setattr(checkfile, "_gather", judged_again)
    assert _check(capsys, *cache, "round.nap") == (1, REVOKES)
    # the option an older napkifu had to go around its express lane changes nothing
    assert _check(capsys, *cache, "--no-express", "round.nap") == (1, REVOKES)


def test_the_cache_key_covers_bytes_encoding_and_version(tmp_path: Path) -> None:
    """Whatever can change a verdict is in the key: the file's bytes, ``--encoding``,
    and napkifu's version and code (:func:`napkifu.cache.code_fingerprint`)."""
    from napkifu import cache as cache_module
    from napkifu.commands.checkfile import CheckSettings

    store = cache_module.ResultCache(tmp_path)
    data = RECORD.encode()
    plain = store.key(data, CheckSettings().cache_key_text("r.nap"))
    assert plain != store.key(data + b"\n", CheckSettings().cache_key_text("r.nap"))
    assert plain != store.key(data, CheckSettings(encoding="cp932").cache_key_text("r.nap"))
    cache_module.code_fingerprint.cache_clear()
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(cache_module, "_version", lambda: "999.0")
            assert plain != store.key(data, CheckSettings().cache_key_text("r.nap"))
    finally:
        cache_module.code_fingerprint.cache_clear()
    assert plain == store.key(data, CheckSettings().cache_key_text("r.nap"))


EXAMPLES = sorted((Path(__file__).parent / "examples").rglob("*.nap"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_check_judges_the_same_without_the_judged_tricks(path: Path) -> None:
    """``check`` asks the one engine for the verdict only (``detail=False``): the
    diagnostics and every round's verdict are those of the full judgement."""
    from napkifu.api import iter_loads

    data = path.read_bytes()
    full = list(iter_loads(data, file=path.name))
    bare = list(iter_loads(data, file=path.name, detail=False))
    assert [j.diagnostics for j in bare] == [j.diagnostics for j in full]
    for a, b in zip(full, bare, strict=True):
        for ra, rb in zip(a.rounds, b.rounds, strict=True):
            assert rb.tricks == ()
            assert (ra.kind, ra.win, ra.scores, ra.honors_napoleon, ra.adjutant) == (
                rb.kind,
                rb.win,
                rb.scores,
                rb.honors_napoleon,
                rb.adjutant,
            )
