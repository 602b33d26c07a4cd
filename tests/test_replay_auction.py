"""The auction: pass out / pass rebid, range, order, who bids first."""

from __future__ import annotations

from napkifu.api import loads
from napkifu.cards import Suit
from napkifu.model import Bid, PlayerRef
from napkifu.replay import bid_key, run_auction
from napkifu.replay.report import Reporter
from napkifu.rules import build_rules

P = ("A", "B", "C", "D", "E")


def bids(*items: str) -> list[Bid]:
    out = []
    for it in items:
        who, _, what = it.rpartition(":")
        ref = PlayerRef(who) if who else None
        if what == "p":
            out.append(Bid(ref, None))
        else:
            count, suit = int(what[:-1] if not what.endswith("NT") else what[:-2]), what[-1]
            s = (
                None
                if what.endswith("NT")
                else {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}[suit]
            )
            out.append(Bid(ref, count, s))
    return out


def run(preset: str, *items: str, first: int = 0, **opts: str):  # type: ignore[no-untyped-def]
    rules = build_rules(preset, [(k.replace("_", "-"), [v]) for k, v in opts.items()])
    rep = Reporter("f", 1, 1)
    res = run_auction(rules, P, first, bids(*items), rep)
    return res, [d.code for d in rep.items]


def test_bid_strength() -> None:
    assert bid_key(13, Suit.SPADES) > bid_key(13, Suit.HEARTS) > bid_key(13, Suit.CLUBS)
    assert bid_key(14, Suit.CLUBS) > bid_key(13, None) > bid_key(13, Suit.SPADES)


def test_rebid_ends_after_players_minus_one_passes() -> None:
    res, codes = run("standard", "p", "13H", "p", "14S", "p", "p", "15H", "p", "p", "p", "p")
    assert (
        codes == []
        and res.finished
        and (res.napoleon, res.count, res.suit) == ("B", 15, Suit.HEARTS)
    )
    assert res.bid_players[:4] == ("A", "B", "C", "D")


def test_pass_out_skips_players_who_passed() -> None:
    res, codes = run("webgame", "p", "13H", "p", "14S", "p", "p")
    # A, C and E are out after their passes; the turn skips them: B passes and D is alone
    assert codes == [] and res.finished and res.napoleon == "D"
    assert res.bid_players == ("A", "B", "C", "D", "E", "B")
    assert run("webgame", "p", "13H", "p", "14S", "p", "p", "p")[1] == ["NAP303"]  # over
    res, codes = run("webgame", "p", "13H", "A:14S")
    assert codes == ["NAP303"]


def test_all_pass_is_a_redeal() -> None:
    res, codes = run("standard", "p", "p", "p", "p", "p")
    assert res.all_pass and res.finished and res.napoleon is None and codes == []


def test_range_order_and_no_trump() -> None:
    assert run("standard", "12S")[1] == ["NAP301"]
    assert run("standard", "21S")[1] == ["NAP301"]
    assert run("standard", "13NT")[1] == ["NAP301"]
    assert run("standard", "13NT", no_trump="on")[1] == []
    assert run("standard", "13S", "13H")[1] == ["NAP302"]
    assert run("standard", "13H", "13S", "14C", "14C")[1] == ["NAP302"]
    assert run("standard", "A:13S", "C:14S")[1] == ["NAP303"]
    assert run("standard", "14S", "p", "p", "p", "p", "A:15S")[1] == ["NAP303"]


def test_unfinished_auction_is_nap304_at_the_last_bids_line() -> None:
    j = loads("players A B C D E\n\nround 1\nbids A:13S B:pass\nbids C:pass\n")
    assert ("NAP304", 5) in [(d.code, d.span.line) for d in j.diagnostics]


def test_after_all_pass_nothing_may_follow() -> None:
    j = loads("players A B C D E\n\nround 1\nbids A:pass B:pass C:pass D:pass E:pass\nresult 3\n")
    assert ("NAP304", 5) in [(d.code, d.span.line) for d in j.diagnostics]
    assert j.rounds[0].kind == "redeal"


def test_who_bids_first() -> None:
    text = (
        "players A B C D E\n\nround 1\nbids pass pass pass pass pass\n"
        "round 2\nbids pass pass pass pass pass\n"
        "round 3\ndealer C\nbids pass pass pass pass pass\n"
        "round 4\nbids B:pass pass pass pass pass\n"
    )
    j = loads(text.replace("players A B C D E", "players A B C D E\nrule first-bidder rotate"))
    assert [r.first_bidder for r in j.rounds] == ["A", "B", "D", "B"]
    assert j.rounds[1].bid_players == ("B", "C", "D", "E", "A")
    assert [r.first_bidder for r in loads(text).rounds] == ["A", "B", "D", "B"]  # preset
    # seed 002: after a redeal the same player bids first again
    keep = text.replace(
        "players A B C D E", "players A B C D E\nrule first-bidder keep-after-redeal"
    )
    assert [r.first_bidder for r in loads(keep).rounds] == ["A", "A", "D", "B"]


def test_first_bidder_from_a_later_prefix() -> None:
    text = "players A B C D E\nround 1\nbids pass C:pass pass pass pass\n"
    assert loads(text).rounds[0].first_bidder == "B"


def test_napoleon_line_must_agree_with_the_auction() -> None:
    text = "players A B C D E\n\nround 1\nbids A:13S B:pass C:pass D:pass E:pass\nnapoleon B 13S\n"
    assert ("NAP305", 5) in [(d.code, d.span.line) for d in loads(text).diagnostics]
