"""`napkifu explain`: every code explained, and its examples are what `check` says."""

from __future__ import annotations

import pytest

from napkifu.api import loads
from napkifu.cli import main
from napkifu.diagnostics import CODES
from napkifu.explain import explain_text, explanations

EXAMPLES = [e for e in explanations().values() if e.wrong]
NO_RECORD = {"NAP900", "NAP107"}


def codes_of(text: str, encoding: str = "") -> set[str]:
    data: str | bytes = text.encode(encoding) if encoding else text
    return {d.code for d in loads(data).diagnostics}


def test_every_code_is_explained_in_both_languages() -> None:
    assert set(explanations()) == set(CODES)
    for code, e in explanations().items():
        assert e.why("en") and e.why("ja") and e.why("en") != e.why("ja"), code
        # only NAP900 (napkifu's own failure) and NAP107 (a folder with no record in
        # it) have no record to show
        assert bool(e.wrong) == (code not in NO_RECORD), code


@pytest.mark.parametrize("e", EXAMPLES, ids=lambda e: e.code)
def test_wrong_example_gets_the_code_and_right_one_does_not(e) -> None:  # type: ignore[no-untyped-def]
    assert e.code in codes_of(e.wrong, e.encoding)
    right = codes_of(e.right)
    assert e.code not in right
    assert not right, f"the right example of {e.code} has other problems: {right}"


def test_cli_explains_a_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "504", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("NAP504 (error): revoke")
    assert "Wrong:" in out and "Right:" in out and "1 Riku: ♠3 ♥2" in out
    assert main(["explain", "nap504", "--lang", "ja"]) == 0
    ja = capsys.readouterr().out
    assert "誤りの例" in ja and "正しい例" in ja and "Wrong" not in ja


def test_cli_lists_codes_and_refuses_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert all(code in out for code in CODES)
    assert main(["explain", "NAP999", "--lang", "en"]) == 2
    assert "no code NAP999" in capsys.readouterr().err


def test_explanations_fit_80_columns() -> None:
    for code in CODES:
        for line in explain_text(code, "en").splitlines():
            assert len(line) <= 100, (code, line)


def test_check_points_at_explain_once(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.nap"
    bad.write_text(explanations()["NAP203"].wrong, encoding="utf-8")  # two codes
    assert main(["check", str(bad), "--lang", "en", "--no-cache"]) == 1
    err = capsys.readouterr().err
    assert err.count("napkifu explain NAP") == 1
