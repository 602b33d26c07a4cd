"""The replay data layer against hand-built judged rounds: what each field says,
independent of the engine (which has its own tests)."""

from __future__ import annotations

import dataclasses
import json

import jsonschema
import pytest

from napkifu.cards import JOKER, UNKNOWN, Suit, parse_card
from napkifu.diagnostics import Diagnostic
from napkifu.model import Bid, BidsLine, Play, PlayerRef, Round, Span, TrickLine
from napkifu.replay.results import JudgedGame, JudgedPlay, JudgedRound, JudgedTrick, Judgement
from napkifu.views.replay_data import (
    card_json,
    hand_json,
    replay_file,
    replay_round,
    schema,
    table_at,
)

PLAYERS = ("Aki", "Ben", "千尋", "Dan")


def c(text: str) -> int:
    card = parse_card(text)
    assert card is not None, text
    return card


def cs(text: str) -> tuple[int, ...]:
    return tuple(c(t) for t in text.split())


def trick(
    number: int,
    leader: str,
    cards: str,
    winner: str,
    cls: str,
    side: str | None,
    nap: int | None,
    allies: int | None,
    holdings: dict[str, str] | None,
    honors: str = "",
    classes: tuple[str | None, ...] = (),
) -> JudgedTrick:
    order = PLAYERS[PLAYERS.index(leader) :] + PLAYERS[: PLAYERS.index(leader)]
    plays = tuple(
        JudgedPlay(
            p,
            card,
            None,
            classes[i] if i < len(classes) else "lead",
            Span(10 + number, 3 + 4 * i, 10 + number, 6 + 4 * i),
        )
        for i, (p, card) in enumerate(zip(order, cs(cards), strict=True))
    )
    held = {p: cs(h) for p, h in holdings.items()} if holdings is not None else None
    return JudgedTrick(
        number=number,
        leader=leader,
        lead_suit=Suit.SPADES,
        plays=plays,
        winner=winner,
        winning_class=cls,
        reason=f"{cls}!",
        reason_ja=f"{cls}（日本語）",
        honors=cs(honors) if honors else (),
        winner_side=side,  # type: ignore[arg-type]
        honors_napoleon_after=nap,
        honors_allies_after=allies,
        holdings_before=held,
        legal=held,
        span=Span(10 + number, 1, 10 + number, 20),
    )


def diag(code: str, line: int, trick: int | None) -> Diagnostic:
    return Diagnostic(
        code,
        f"{code} here",
        Span(line, 1, line, 2),
        "toy.nap",
        1,
        1,
        trick,
        message_ja=f"{code} ここ",
    )


def make_round(*, holdings: bool = True, diags: tuple[Diagnostic, ...] = ()) -> JudgedRound:
    h1 = {"Aki": "SA S3", "Ben": "SK S4", "千尋": "HQ S5", "Dan": "HJ S6"} if holdings else None
    h2 = {"Aki": "S3", "Ben": "S4", "千尋": "S5", "Dan": "HJ"} if holdings else None
    t1 = trick(
        1,
        "Aki",
        "SA SK HQ S6",
        "千尋",
        "yoromeki",
        "allies",
        1,
        3,
        h1,
        honors="SA SK HQ",
        classes=("mighty", "lead", "yoromeki", "lead"),
    )
    if holdings:
        t1 = dataclasses.replace(t1, legal={"Aki": cs("SA S3")})
    t2 = trick(2, "千尋", "S5 HJ S3 S4", "Dan", "trump", "napoleon", 2, 3, h2, honors="HJ")
    source = Round(
        number=1,
        bids=(
            BidsLine(
                (
                    Bid(PlayerRef("Aki"), 13, Suit.SPADES),
                    Bid(None, None),
                    Bid(PlayerRef("千尋"), 12, None),
                )
            ),
        ),
        tricks=(
            TrickLine(
                1,
                None,
                (Play(c("SA"), annotation="!"), Play(c("SK")), Play(c("HQ")), Play(c("S6"))),
            ),
            TrickLine(2, None, tuple(Play(x) for x in cs("S5 HJ S3 S4"))),
        ),
    )
    return JudgedRound(
        game=1,
        number=1,
        kind="full",
        players=PLAYERS,
        dealer="Dan",
        first_bidder="Aki",
        bid_players=("Aki", "Ben", "千尋"),
        napoleon="Aki",
        bid_count=13,
        trump=Suit.SPADES,
        no_trump=False,
        called=c("HJ"),
        adjutant="Dan",
        adjutant_known=True,
        alone=False,
        adjutant_revealed_at=2,
        honors_napoleon=2,
        honors_allies=3,
        win=False,
        twenty=False,
        scores={"Aki": -2, "Ben": 1, "千尋": 1, "Dan": -1},
        written_scores=None,
        written_totals=None,
        tricks=(t1, t2),
        discards=(c("S2"),),
        widow=(c("S2"), JOKER),
        hands={p: tuple(sorted(cs(x))) for p, x in h1.items()} if h1 else None,
        diagnostics=diags,
        source=source,
        span=Span(9, 1, 9, 8),
    )


def make_game(rounds: tuple[JudgedRound, ...], number: int = 1) -> JudgedGame:
    return JudgedGame(
        number=number,
        title="Toy",
        date=None,
        place=None,
        tags={"club": "x"},
        players=PLAYERS,
        preset="standard",
        rules=object(),
        rounds=rounds,
        diagnostics=(),
        source=None,
    )  # type: ignore[arg-type]


def test_cards_carry_text_and_machine_form() -> None:
    assert card_json(c("HQ")) == {"id": c("HQ"), "text": "♥Q", "suit": "H", "rank": 12}
    assert card_json(JOKER) == {"id": 52, "text": "JK", "suit": None, "rank": None}
    assert card_json(UNKNOWN)["text"] == "?"
    assert hand_json([c("H8"), JOKER, c("SA"), c("HJ")]) == {
        "text": "♠A ♥J 8 JK",
        "cards": sorted([c("H8"), JOKER, c("SA"), c("HJ")]),
    }


def test_contract_auction_and_sides() -> None:
    data = replay_round(make_game(()), make_round())
    assert data["contract"]["text"] == "Aki 13♠"
    assert data["contract"]["called"]["text"] == "♥J"
    assert [b["text"] for b in data["auction"]] == ["13♠", "pass", "12NT"]
    assert data["auction"][1]["player"] == "Ben" and data["auction"][2]["no_trump"]
    assert data["sides"] == {"napoleon": ["Aki", "Dan"], "allies": ["Ben", "千尋"]}
    assert data["honor_total"] == 20  # rules without honors_total: the fixed 20
    assert data["result"]["needed_allies"] == 8
    assert data["hands"]["千尋"]["text"] == "♠5 ♥Q"
    assert [x["text"] for x in data["widow"]] == ["♠2", "JK"]


def test_adjutant_is_hidden_until_the_called_card_is_played() -> None:
    data = replay_round(make_game(()), make_round())
    t1, t2 = data["tricks"]
    assert not t1["adjutant_public"] and t2["adjutant_public"]
    assert [p["reveals_adjutant"] for p in t2["plays"]] == [False, True, False, False]
    assert not any(p["reveals_adjutant"] for p in t1["plays"])
    assert t1["plays"][2]["class"] == "yoromeki" and t1["plays"][2]["wins"]
    assert t1["plays"][0]["annotation"] == "!" and t1["plays"][1]["annotation"] is None
    assert t1["reason"] == "yoromeki!" and t1["reason_ja"] == "yoromeki（日本語）"


def test_problems_attach_to_their_trick() -> None:
    diags = (diag("NAP504", 12, 2), diag("NAP601", 30, None), diag("NAP302", 5, None))
    data = replay_round(make_game(()), make_round(diags=diags))
    assert [d["code"] for d in data["tricks"][1]["diagnostics"]] == ["NAP504"]
    assert data["tricks"][0]["diagnostics"] == []
    assert sorted(d["code"] for d in data["diagnostics"]) == ["NAP302", "NAP601"]
    assert data["tricks"][1]["diagnostics"][0]["message_ja"] == "NAP504 ここ"


def test_steps_follow_every_card() -> None:
    data = replay_round(make_game(()), make_round())
    steps = data["steps"]
    assert len(steps) == 8
    first = steps[0]
    assert (first["trick"], first["index"], first["player"]) == (1, 0, "Aki")
    assert first["hand"]["text"] == "♠3"  # ♠A left the hand
    assert first["legal"]["text"] == "♠A 3"
    assert first["winner"] is None and not first["complete"]
    # before trick 1 completes, the running honors are those before the trick:
    # trick 1 gave the allies 3 honors, so they started at 0
    assert (first["honors_napoleon"], first["honors_allies"]) == (1, 0)
    assert steps[3]["complete"] and steps[3]["winner"] == "千尋"
    assert (steps[3]["honors_napoleon"], steps[3]["honors_allies"]) == (1, 3)
    assert (steps[7]["honors_napoleon"], steps[7]["honors_allies"]) == (2, 3)
    table = table_at(data, 5)
    assert [x["card"]["text"] for x in table["cards"]] == ["♠5", "♥J"]
    assert table["hands"] == {
        "Aki": hand_json(cs("S3")),
        "Ben": hand_json(cs("S4")),
        "千尋": hand_json(()),
        "Dan": hand_json(()),
    }


def test_unknown_holdings_stay_unknown() -> None:
    data = replay_round(make_game(()), make_round(holdings=False))
    assert data["hands"] is None
    assert all(t["holdings_before"] is None and t["legal"] is None for t in data["tricks"])
    assert all(s["hand"] is None and s["legal"] is None for s in data["steps"])
    assert table_at(data, 2)["hands"] is None


def test_replay_file_selects_and_validates() -> None:
    r1 = make_round(diags=(diag("NAP504", 12, 2),))
    games = (make_game((r1,)), make_game((r1,), number=2))
    stray = diag("NAP101", 1, None)
    judgement = Judgement("toy.nap", None, games, (stray, *r1.diagnostics, *r1.diagnostics))
    data = json.loads(json.dumps(replay_file(judgement), ensure_ascii=False))
    jsonschema.Draft202012Validator(schema()).validate(data)
    assert [g["number"] for g in data["games"]] == [1, 2]
    assert [d["code"] for d in data["diagnostics"]] == ["NAP101"]  # the others are placed
    assert data["has_errors"]
    only = replay_file(judgement, game=2, round=1)
    assert [(g["number"], len(g["rounds"])) for g in only["games"]] == [(2, 1)]
    with pytest.raises(LookupError, match="no game 3"):
        replay_file(judgement, game=3)
    with pytest.raises(LookupError, match="no round 4"):
        replay_file(judgement, round=4)


def test_schema_rejects_a_wrong_shape() -> None:
    data = json.loads(
        json.dumps(replay_file(Judgement("t", None, (make_game((make_round(),)),), ())))
    )
    validator = jsonschema.Draft202012Validator(schema())
    validator.validate(data)
    data["games"][0]["rounds"][0]["tricks"][0]["plays"][0]["card"]["suit"] = "X"
    assert not validator.is_valid(data)
