"""The seeds' worked examples, transcribed: each becomes one full record in
tests/records/seeds/. The tricks, winners, classes and score rows below are
copied from the seed texts (quoted in ``quote``), never computed.

Regenerate the records (deterministic) with::

    .venv/bin/python tests/fuzzing/seed_cases.py
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fuzzing.casedef import Case, Fixed
from fuzzing.roundbuild import build
from fuzzing.roundwrite import write
from napkifu.cards import Suit

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
RECORDS = Path(__file__).resolve().parents[1] / "records" / "seeds"

BGA5 = ("Aさん", "Bさん", "Cさん", "Dさん", "Eさん")
JA5 = ("ハル", "ソラ", "ミナ", "リク", "ケイ")
JA4 = ("ハル", "ソラ", "ミナ", "リク")
JA6 = ("ハル", "ソラ", "ミナ", "リク", "ケイ", "ユウ")
JA3 = ("ハル", "ソラ", "ミナ")
EN5 = ("Taro", "Hanako", "Jiro", "Yuki", "Ken")
EN4 = ("Taro", "Hanako", "Jiro", "Yuki")
EN6 = ("Taro", "Hanako", "Jiro", "Yuki", "Ken", "Mari")

A, B, Cs, Dp, E = BGA5


def F(leader: str, cards: str, winner: str, faulty: tuple[str, ...] = ()) -> Fixed:
    return Fixed(leader, tuple(cards.split()), winner, frozenset(faulty))


def win(nap: int, adj: int, ally: int) -> tuple[tuple[str, int], ...]:
    return (("napoleon", nap), ("adjutant", adj), ("ally", ally))


def alone(nap: int, ally: int) -> tuple[tuple[str, int], ...]:
    return (("napoleon", nap), ("ally", ally))


CASES: list[Case] = []


def case(**kw: object) -> None:
    CASES.append(Case(**kw))  # type: ignore[arg-type]


# ------------------------------------------------ 004 Board Game Arena (bga, trump ♣)
BGA_SRC = "004 (Board Game Arena help), トリックの強さの具体例 (切り札は♣)"
for name, cards, winner, klass, at, quote in [
    (
        "bga-example-1",
        "♥K ♥7 ♥A ♠9 ♥3",
        Cs,
        "lead",
        1,
        "例1: 基本的なトリック  ♥K ♥7 ♥A ♠9 ♥3 → Cさんの勝ち（台札スートの中で♥Aが一番強いため）",
    ),
    (
        "bga-example-2",
        "♥K ♥A ♣5 ♥2 ♣9",
        E,
        "trump",
        1,
        "例2: 切り札による逆転  ♥K ♥A ♣5 ♥2 ♣9 → Eさんの勝ち（切り札♣9が♣5より大きい。台札♥のどのカードよりも強い）",
    ),
    (
        "bga-example-3",
        "♥K ♥7 ♥A ♥J ♥2",
        E,
        "same-two",
        2,
        "例3: セイムツーの発動  ♥K ♥7 ♥A ♥J ♥2 → Eさんの勝ち（全員が同じスート♥を出したため、♥2がセイムツーとして特殊な強さを発揮）\n"
        "セイムツー（台札のスートの2）— 最初のトリックを除き…",
    ),
    (
        "bga-example-4",
        "♥K ♥2 ♥A ♠9 ♥3",
        Cs,
        "lead",
        2,
        "例4: セイムツーが発動しない  ♥K ♥2 ♥A ♠9 ♥3 → Cさんの勝ち（「全員♥」ではないのでセイムツーが発動しない）",
    ),
    (
        "bga-example-5",
        "♥10 ♣A ♣J ♠A ♥3",
        Dp,
        "mighty",
        1,
        "例5: 特殊カードの威力  ♥10 ♣A ♣J(正ジャック) ♠A(マイティ) ♥3 → Dさんの勝ち（マイティは正ジャックよりも強い）",
    ),
    (
        "bga-example-6",
        "♥10 ♣A ♣J ♠A ♥Q",
        E,
        "yoromeki",
        1,
        "例6: よろめきの発動  ♥10 ♣A ♣J ♠A ♥Q(よろめき) → Eさんの勝ち（♥Qは♠Aと同じトリックのとき唯一マイティに勝てる）",
    ),
]:
    case(
        name=name,
        source=BGA_SRC,
        quote=quote,
        preset="bga",
        players=BGA5,
        napoleon=A,
        trump=C,
        fixed=(F(A, cards, winner),),
        at=at,
        win_class=klass,
    )

case(
    name="bga-example-1-revoke",
    source=BGA_SRC,
    preset="bga",
    players=BGA5,
    napoleon=A,
    trump=C,
    quote="フォロー義務: 台札と同じスートのカードを持っている場合、必ずそのスートを出さなければなりません。\n"
    "(例1 with Dさん holding a ♥ that she plays later: a revoke)",
    fixed=(F(A, "♥K ♥7 ♥A ♠9 ♥3", Cs, faulty=(Dp,)),),
    holds=((Dp, "♥5"),),
    fault=("NAP504", 1, Dp),
)
case(
    name="bga-joker-lead-suit",
    source="004, カードの強さ",
    preset="bga",
    players=BGA5,
    napoleon=A,
    trump=C,
    win_class="joker-lead",
    quote="ジョーカー — マイティの次に強いカードです※。リードでジョーカーを出す場合は、台札にしたいスートを指定します。",
    fixed=(F(A, "JK>♥ ♥5 ♣J ♥A ♥K", A),),
)
case(
    name="bga-joker-follow",
    source="004, オプション ジョーカーの強さ（フォロー時）",
    preset="bga",
    players=BGA5,
    napoleon=A,
    trump=C,
    win_class="joker-follow",
    quote="マイティの下（デフォルト）: フォローでジョーカーを出した場合、マイティの次に強いです。",
    fixed=(F(A, "♣A JK ♣J ♣K ♣4", B),),
)
case(
    name="bga-club3-request",
    source="004, カードの強さ",
    preset="bga",
    players=BGA5,
    napoleon=A,
    trump=S,
    win_class="joker-follow",
    quote="ジョーカー請求（♣3のリード）— ♣3でリードした場合※、ジョーカーを持っているプレイヤーはジョーカーを出さなければなりません。\n"
    "(the requested joker is a followed joker: マイティの下 by default)",
    fixed=(F(A, "♣3 ♣5 JK ♣K ♣A", Cs),),
    holds=((Cs, "♣8"),),
)
case(
    name="bga-club3-request-ignored",
    source="004, カードの強さ",
    preset="bga",
    players=BGA5,
    napoleon=A,
    trump=S,
    quote="ジョーカー請求（♣3のリード）— ♣3でリードした場合※、ジョーカーを持っているプレイヤーはジョーカーを出さなければなりません。\n"
    "(Cさん holds the joker, plays ♣8 instead and the joker later: NAP506)",
    fixed=(F(A, "♣3 ♣5 ♣8 ♣K ♣A", E, faulty=(Cs,)),),
    holds=((Cs, "JK"),),
    fault=("NAP506", 1, Cs),
)
case(
    name="bga-call-own-card",
    source="004, 3. 副官の指定",
    preset="bga",
    players=BGA5,
    napoleon=A,
    trump=C,
    call="own",
    quote="ナポレオンは、手札にない任意のカードを1枚指定して「副官カード」とします※。\n"
    "(Aさん names a card of her own hand: NAP401 at the call line)",
    fault=("NAP401", "call", ""),
)
case(
    name="bga-discard-honors",
    source="004, 4. 手札の交換",
    preset="bga",
    players=BGA5,
    napoleon=A,
    trump=D,
    discard_honors=2,
    quote="捨てたカードはゲームに使用されません。絵札を捨てると連合軍が獲得した扱いになります。",
)
OPT = "004, オプション"
BGA_LADDER = "yoromeki mighty joker-lead joker-follow trump-jack back-jack same-two trump lead"
case(
    name="bga-option-same-two-over-back-jack",
    source=OPT,
    preset="bga",
    players=BGA5,
    napoleon=A,
    trump=H,
    at=2,
    win_class="same-two",
    rules=(("ladder", BGA_LADDER.replace("back-jack same-two", "same-two back-jack")),),
    quote="裏ジャック vs セイムツー … セイムツーが勝つ: セイムツーの方が裏ジャックよりも強くなります。",
    fixed=(F(A, "♦K ♦7 ♦J ♦2 ♦10", Dp),),
)
case(
    name="bga-option-joker-lead-strongest",
    source=OPT,
    preset="bga",
    players=BGA5,
    napoleon=A,
    trump=C,
    win_class="joker-lead",
    rules=(("ladder", "joker-lead " + BGA_LADDER.replace(" joker-lead", "")),),
    quote="ジョーカーの強さ（リード時） … 最強: リードでジョーカーを出した場合、マイティよりも強くなります（よろめきが出てもジョーカーが勝ちます）。",
    fixed=(F(A, "JK>♥ ♥5 ♠A ♥Q ♥K", A),),
)
for name, joker_rule, cards, winner, klass in [
    ("bga-option-joker-follow-weakest-same-two", "counts", "♦K ♦7 JK ♦2 ♦10", Dp, "same-two"),
    ("bga-option-joker-follow-weakest-blocks", "blocks", "♦K ♦7 JK ♦2 ♦10", A, "lead"),
]:
    case(
        name=name,
        source=OPT,
        preset="bga",
        players=BGA5,
        napoleon=A,
        trump=H,
        at=2,
        win_class=klass,
        rules=(("ladder", BGA_LADDER.replace(" joker-follow", "")), ("same-two-joker", joker_rule)),
        quote="ジョーカーの強さ（フォロー時） … 最弱（セイムツー可）: フォローでジョーカーを出した場合は最弱になります。ただしジョーカーは台札と同じスートと見なされ、他の全員も同じスートならセイムツーが発動します。\n"
        "最弱（セイムツー不可）: … ジョーカーは台札と異なるスートと見なされ、セイムツーの発動を阻止します。",
        fixed=(F(A, cards, winner),),
    )
PLAYED = "♣3のジョーカー請求 … 場に出ている場合: ♣3がリードでなくても場に出されていれば、以降のプレイヤーがジョーカーを持っていれば出す義務があります。"
case(
    name="bga-option-club3-played",
    source=OPT,
    preset="bga",
    players=BGA5,
    napoleon=A,
    trump=S,
    win_class="joker-follow",
    rules=(("joker-request", "played"),),
    quote=PLAYED,
    fixed=(F(A, "♦5 ♣3 JK ♦K ♦A", Cs),),
    holds=((Cs, "♦8"),),
)
case(
    name="bga-option-club3-played-ignored",
    source=OPT,
    preset="bga",
    players=BGA5,
    napoleon=A,
    trump=S,
    rules=(("joker-request", "played"),),
    quote=PLAYED + "\n(Cさん holds the joker and follows with ♦8: NAP506)",
    fixed=(F(A, "♦5 ♣3 ♦8 ♦K ♦A", E, faulty=(Cs,)),),
    holds=((Cs, "JK"),),
    fault=("NAP506", 1, Cs),
)
case(
    name="bga-no-trump",
    source=OPT,
    preset="bga",
    players=BGA5,
    napoleon=A,
    trump=None,
    rules=(("no-trump", "on"),),
    win_class="lead",
    quote="ノートランプ宣言 … 許可: 切り札なし（ノートランプ）での宣言が可能になります。\n"
    "(no trumps: ♣J is no jack of the ladder and, under リバースジャック, any J turns the play)",
    fixed=(F(A, "♥K ♥A ♣J ♥2 ♥3", B),),
)
BGA_SCORE = "004, 得点方式 クラシック"
BGA_Q = "クラシック: ナポレオン±4、副官±2、連合軍±2（単独時は±1）のシンプルな得点です。"
for name, kw in [
    ("bga-score-win", dict(outcome="win", scores=win(4, 2, -2), strong="napoleon")),
    ("bga-score-loss", dict(outcome="loss", scores=win(-4, -2, 2))),
    (
        "bga-score-alone-win",
        dict(outcome="win", call="widow", scores=alone(4, -1), strong="napoleon"),
    ),
    ("bga-score-alone-loss", dict(outcome="loss", call="widow", scores=alone(-4, 1))),
]:
    case(
        name=name,
        source=BGA_SCORE,
        quote=BGA_Q,
        preset="bga",
        players=BGA5,
        napoleon=A,
        trump=S,
        **kw,
    )
case(
    name="bga-4p-deal",
    source="004, 配札",
    preset="bga",
    players=BGA5[:4],
    napoleon=A,
    trump=H,
    outcome="win",
    strong="napoleon",
    scores=win(4, 2, -2),
    quote="4人プレイ: 1人12枚ずつ配り、5枚が山札に残ります。\n" + BGA_Q,
)

# ------------------------------------------------ 002 rules guide (standard)
G = "002 (rules guide)"
case(
    name="std-heart-trump",
    source=G + ", ⑦",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=H,
    win_class="trump",
    fixed=(F("ハル", "♦K ♦A ♥3 ♦10 ♦5", "ミナ"),),
    quote="例えば、切り札がハートの回で、ダイヤのKが台札だったとします。ダイヤを持っていない人がハートの3を出せば、ダイヤのAが出ていても、ハートの3が一番強くなります。\n"
    "ハートの3を出した人は、ダイヤのK・A・10の絵札3枚を取ります。",
)
SAME2 = "例えば、2巡目以降にダイヤのK・7・A・2・10が出た巡は、ダイヤの2が一番強くなります。ダイヤの2を出した人が、K・A・10の絵札3枚を取ります。"
case(
    name="std-same-two",
    source=G + ", セイム2",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=H,
    at=2,
    win_class="same-two",
    quote=SAME2,
    fixed=(F("ハル", "♦K ♦7 ♦A ♦2 ♦10", "リク"),),
)
case(
    name="std-same-two-first-trick",
    source=G + ", セイム2",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=H,
    at=1,
    win_class="lead",
    quote=SAME2 + "\n• 成立するのは2巡目から（1巡目は成立しない）",
    fixed=(F("ハル", "♦K ♦7 ♦A ♦2 ♦10", "ミナ"),),
)
case(
    name="std-same-two-joker",
    source=G + ", セイム2",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=H,
    at=2,
    win_class="lead",
    quote="• 違うマークやジョーカーが1枚でも混じると、成立しない",
    fixed=(F("ハル", "♦K ♦7 ♦A JK ♦2", "ミナ"),),
)
case(
    name="std-same-two-back-jack",
    source=G + ", セイム2",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=H,
    at=2,
    win_class="back-jack",
    quote="• マイティ・正ジャック・裏ジャックが出ていたら、役札の勝ち",
    fixed=(F("ハル", "♦K ♦7 ♦J ♦2 ♦10", "ミナ"),),
)
case(
    name="std-same-two-trump",
    source=G + ", セイム2",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=D,
    at=2,
    win_class="same-two",
    quote="• 切り札のマークでも成立する",
    fixed=(F("ハル", "♦K ♦7 ♦A ♦2 ♦10", "リク"),),
)
YORO = "例えば、スペードが台札の巡でマイティが出たとします。スペードを持っていない人がハートのQを出せば、その人がこの巡のカードを取ります。\n出す順番はどちらが先でもOKです。"
case(
    name="std-yoromeki-after",
    source=G + ", よろめき",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=D,
    win_class="yoromeki",
    quote=YORO,
    fixed=(F("ハル", "♠5 ♠A ♥Q ♠K ♠10", "ミナ"),),
)
case(
    name="std-yoromeki-before",
    source=G + ", よろめき",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=D,
    win_class="yoromeki",
    quote=YORO,
    fixed=(F("ハル", "♠5 ♥Q ♠A ♠K ♠10", "ソラ"),),
)
JACKS = (
    "切り札ごとの正ジャックと裏ジャック… 正ジャックも裏ジャックも、切り札のAより強いカードです。"
)
for trump, top, back, tj, low in [
    (S, "♠K", "♣J", "♠J", "♠Q"),
    (H, "♥A", "♦J", "♥J", "♥K"),
    (D, "♦A", "♥J", "♦J", "♦K"),
    (C, "♣A", "♠J", "♣J", "♣K"),
]:
    t = trump.letter
    four = {"♠": "♠4", "♥": "♥4", "♦": "♦4", "♣": "♣4"}[trump.symbol]
    five = four.replace("4", "5")
    case(
        name=f"std-back-jack-{t}",
        source=G + ", 正ジャックと裏ジャック",
        preset="standard",
        players=JA5,
        napoleon="ハル",
        trump=trump,
        win_class="back-jack",
        quote=JACKS,
        fixed=(F("ハル", f"{top} {back} {low} {five} {four}", "ソラ"),),
    )
    case(
        name=f"std-trump-jack-{t}",
        source=G + ", 正ジャックと裏ジャック",
        preset="standard",
        players=JA5,
        napoleon="ハル",
        trump=trump,
        win_class="trump-jack",
        quote=JACKS,
        fixed=(F("ハル", f"{top} {back} {tj} {five} {four}", "ミナ"),),
    )
MIGHTY_Q = "マイティは役札ですが、スペードのカードとして出します。例えば、ハートが台札の時に手札にハートがある場合は、マイティは出せません。スペードが台札で、手札のスペードがマイティだけの場合は、マイティを出します。"
case(
    name="std-mighty-follows-spades",
    source=G + ", マイティ",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=D,
    win_class="mighty",
    quote=MIGHTY_Q,
    fixed=(F("ハル", "♠5 ♠A ♠K ♠10 ♠3", "ソラ"),),
)
case(
    name="std-mighty-revoke",
    source=G + ", マイティ",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=D,
    quote=MIGHTY_Q + "\n(ソラ plays the mighty on a ♥ lead holding ♥8: NAP504)",
    fixed=(F("ハル", "♥5 ♠A ♥K ♥10 ♥3", "ソラ", faulty=("ソラ",)),),
    holds=(("ソラ", "♥8"),),
    fault=("NAP504", 1, "ソラ"),
)
BACKJ_Q = "裏ジャックも、カードに書かれたマークのカードとして出します。例えば、切り札がハートの場合は、ダイヤのJはダイヤのカードです。ダイヤが台札で他にダイヤがない場合は、ダイヤのJを出します。"
case(
    name="std-back-jack-follows-suit",
    source=G + ", 正ジャックと裏ジャック",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=H,
    win_class="back-jack",
    quote=BACKJ_Q,
    fixed=(F("ハル", "♦5 ♦J ♦K ♦3 ♦9", "ソラ"),),
)
case(
    name="std-back-jack-revoke",
    source=G + ", 正ジャックと裏ジャック",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=H,
    quote=BACKJ_Q + "\n(ソラ keeps ♦J and plays ♣4: NAP504)",
    fixed=(F("ハル", "♦5 ♣4 ♦K ♦3 ♦9", "ミナ", faulty=("ソラ",)),),
    holds=(("ソラ", "♦J"),),
    fault=("NAP504", 1, "ソラ"),
)
JREQ = "例えば、切り札がダイヤの回に、巡の最初にジョーカーを出したとします。他の4人はダイヤを持っていればダイヤを出します。\nマイティが出なければ、ジョーカーを出した人の勝ちです。"
case(
    name="std-joker-lead",
    source=G + ", ジョーカーと切り札請求",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=D,
    win_class="joker-lead",
    quote=JREQ,
    fixed=(F("ハル", "JK ♦J ♦A ♣7 ♦5", "ハル"),),
)
case(
    name="std-joker-lead-mighty",
    source=G + ", ジョーカーと切り札請求",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=D,
    win_class="mighty",
    quote=JREQ
    + "\n切り札請求の時も、マイティはスペードのカードです。出せるのは、切り札がスペードの場合か、切り札を持っていない場合だけです。",
    fixed=(F("ハル", "JK ♦A ♠A ♦5 ♦K", "ミナ"),),
)
case(
    name="std-joker-lead-ignored",
    source=G + ", ジョーカーと切り札請求",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=D,
    quote=JREQ + "\n(ミナ holds ♦9 and plays ♣7: NAP505)",
    fixed=(F("ハル", "JK ♦A ♣7 ♦5 ♦K", "ハル", faulty=("ミナ",)),),
    holds=(("ミナ", "♦9"),),
    fault=("NAP505", 1, "ミナ"),
)
case(
    name="std-joker-lead-mighty-ignored",
    source=G + ", ジョーカーと切り札請求",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=D,
    quote="切り札請求の時も、マイティはスペードのカードです。出せるのは、切り札がスペードの場合か、切り札を持っていない場合だけです。\n"
    "(ミナ holds ♦9 and plays the mighty: NAP505)",
    fixed=(F("ハル", "JK ♦A ♠A ♦5 ♦K", "ミナ", faulty=("ミナ",)),),
    holds=(("ミナ", "♦9"),),
    fault=("NAP505", 1, "ミナ"),
)
case(
    name="std-joker-follow",
    source=G + ", ジョーカーと切り札請求",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=S,
    win_class="lead",
    quote="後から出したジョーカーは一番弱く、どのカードにも勝てません。",
    fixed=(F("ハル", "♣4 JK ♥5 ♥6 ♦7", "ハル"),),
)
CLUB3 = "クラブの3を巡の最初に出すと、ジョーカーを持っている人は必ずジョーカーを出します。\nクラブを持っていても、ジョーカーを出さなければなりません。\n請求されて出したジョーカーは後から出したことになるので、一番弱いカードです。他の人は普通にクラブを出します。"
case(
    name="std-club3-request",
    source=G + ", ジョーカー請求",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=H,
    win_class="lead",
    quote=CLUB3,
    fixed=(F("ハル", "♣3 ♣10 JK ♣K ♣5", "リク"),),
    holds=(("ミナ", "♣8"),),
)
case(
    name="std-club3-request-ignored",
    source=G + ", ジョーカー請求",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=H,
    quote=CLUB3 + "\n(ミナ holds the joker and plays ♣8: NAP506)",
    fixed=(F("ハル", "♣3 ♣10 ♣8 ♣K ♣5", "リク", faulty=("ミナ",)),),
    holds=(("ミナ", "JK"),),
    fault=("NAP506", 1, "ミナ"),
)
case(
    name="std-club3-holder",
    source=G + ", ジョーカー請求",
    preset="standard",
    players=JA5,
    napoleon="ハル",
    trump=H,
    win_class="lead",
    quote="ジョーカーが交換で捨てられた場合や、クラブの3を出した人が持っている場合は、ジョーカーを出せる人がいません。この場合は、普通のクラブの3と同じように進みます。",
    fixed=(F("ハル", "♣3 ♣10 ♣8 ♣K ♣5", "リク"),),
    holds=(("ハル", "JK"),),
)
SC5 = "ナポレオン軍が勝つと、ナポレオン＋2点・副官＋1点・連合軍の3人が−1点ずつです。\n副官がいない回は、ナポレオンの点が＋4点か−4点になります。連合軍の4人は、副官がいる回と同じで、1人ずつ−1点か＋1点です。\n宣言が20枚の回は全員の点数が2倍になります。"
for name, kw in [
    ("std-score-5p-win", dict(outcome="win", scores=win(2, 1, -1), strong="napoleon")),
    ("std-score-5p-loss", dict(outcome="loss", scores=win(-2, -1, 1))),
    (
        "std-score-5p-alone-win",
        dict(outcome="win", call="own", scores=alone(4, -1), strong="napoleon"),
    ),
    ("std-score-5p-alone-loss", dict(outcome="loss", call="own", scores=alone(-4, 1))),
    (
        "std-score-5p-20-win",
        dict(bid=20, napoleon_honors=20, scores=win(4, 2, -2), strong="napoleon"),
    ),
    ("std-score-5p-20-loss", dict(bid=20, outcome="loss", scores=win(-4, -2, 2))),
]:
    case(
        name=name,
        source=G + ", ⑨",
        quote=SC5,
        preset="standard",
        players=JA5,
        napoleon="ソラ",
        trump=H,
        **kw,
    )
SC4 = "4人で遊ぶ場合 … 例えば、ナポレオン軍が勝った場合は、ナポレオン＋3点・副官＋1点・連合軍−2点ずつにする遊び方があります。負けた場合は、プラスとマイナスが逆です。"
SC6 = "6人で遊ぶ場合 … 例えば、ナポレオン軍が勝った場合は、ナポレオン＋3点・副官＋1点・連合軍−1点ずつにすると、合計が0になります。負けた場合は、プラスとマイナスが逆です。"
ALONE_NOTE = (
    "Alone rows: not in the seed; RULES.md's standard preset (4 players 6/2, 6 players 5/1)."
)
for name, players, quote, kw in [
    ("std-score-4p-win", JA4, SC4, dict(outcome="win", scores=win(3, 1, -2), strong="napoleon")),
    ("std-score-4p-loss", JA4, SC4, dict(outcome="loss", scores=win(-3, -1, 2))),
    (
        "std-score-4p-alone-win",
        JA4,
        SC4,
        dict(outcome="win", call="own", scores=alone(6, -2), strong="napoleon", notes=ALONE_NOTE),
    ),
    (
        "std-score-4p-alone-loss",
        JA4,
        SC4,
        dict(outcome="loss", call="own", scores=alone(-6, 2), notes=ALONE_NOTE),
    ),
    ("std-score-6p-win", JA6, SC6, dict(outcome="win", scores=win(3, 1, -1), strong="napoleon")),
    ("std-score-6p-loss", JA6, SC6, dict(outcome="loss", scores=win(-3, -1, 1))),
    (
        "std-score-6p-alone-win",
        JA6,
        SC6,
        dict(outcome="win", call="own", scores=alone(5, -1), strong="napoleon", notes=ALONE_NOTE),
    ),
    (
        "std-score-6p-alone-loss",
        JA6,
        SC6,
        dict(outcome="loss", call="own", scores=alone(-5, 1), notes=ALONE_NOTE),
    ),
]:
    case(
        name=name,
        source=G + ", 人数ごとの遊び方",
        quote=quote,
        preset="standard",
        players=players,
        napoleon="ミナ",
        trump=S,
        **kw,
    )
SC3 = "3人で遊ぶ場合 … 簡単な遊び方の1つは、副官を決めずに、ナポレオン1人と残りの2人で戦う方法です。1人に16枚ずつ配り、場札は5枚です。"
for name, kw in [
    ("std-score-3p-win", dict(outcome="win", scores=alone(2, -1), strong="napoleon")),
    ("std-score-3p-loss", dict(outcome="loss", scores=alone(-2, 1))),
]:
    case(
        name=name,
        source=G + ", 3人で遊ぶ場合",
        quote=SC3,
        preset="standard",
        players=JA3,
        napoleon="ソラ",
        trump=D,
        call="none",
        notes="Scores: RULES.md's standard preset for 3 players (alone 2, allied 1).",
        **kw,
    )
S2N = "ただし、セイム2は、その巡に出た全員のカード（4人なら4枚・6人なら6枚）が同じマークの時に成立します。"
case(
    name="std-same-two-4p",
    source=G + ", 人数ごとの遊び方",
    quote=S2N,
    preset="standard",
    players=JA4,
    napoleon="ハル",
    trump=H,
    at=2,
    win_class="same-two",
    fixed=(F("ハル", "♦K ♦A ♦2 ♦10", "ミナ"),),
)
case(
    name="std-same-two-6p",
    source=G + ", 人数ごとの遊び方",
    quote=S2N,
    preset="standard",
    players=JA6,
    napoleon="ハル",
    trump=H,
    at=2,
    win_class="same-two",
    fixed=(F("ハル", "♦K ♦7 ♦A ♦2 ♦10 ♦9", "リク"),),
)

case(
    name="std-discard-honors",
    source=G + ", ⑤",
    preset="standard",
    players=JA5,
    napoleon="ミナ",
    trump=C,
    discard_honors=2,
    quote="絵札を捨てる時は表向きにして全員に見せます。…捨てた絵札はどちらの軍の枚数にも入りません。",
)
case(
    name="std-discard-honor-bid-20",
    source=G + ", ⑤",
    preset="standard",
    players=JA5,
    napoleon="ミナ",
    trump=C,
    discard_honors=1,
    bid=20,
    outcome="loss",
    scores=win(-4, -2, 2),
    quote="例えば、絵札を1枚捨てると、ナポレオン軍が取れる絵札は最高でも19枚です。20枚を宣言していた場合は、捨てた時点で宣言に届かなくなります。\n"
    "宣言が20枚の回は全員の点数が2倍になります。",
)

LOCAL = G + ", ナポレオンのローカルルール"
case(
    name="std-local-twenty-loses-bid-20",
    source=LOCAL,
    preset="standard",
    players=JA5,
    napoleon="ミナ",
    trump=S,
    rules=(("twenty", "loses"),),
    bid=20,
    napoleon_honors=20,
    strong="napoleon",
    scores=win(4, 2, -2),
    quote="20枚取ると負け … 点数は普通の負けと同じです。ただし、20枚を宣言していた場合は勝ちです。\n宣言が20枚の回は全員の点数が2倍になります。",
)
case(
    name="std-local-bid-multiplier",
    source=LOCAL,
    preset="standard",
    players=JA5,
    napoleon="ミナ",
    trump=S,
    rules=(("bid-multiplier", "on"),),
    bid=15,
    outcome="win",
    strong="napoleon",
    scores=win(6, 3, -3),
    quote="宣言の枚数で点数を増やす … 例えば、最低の枚数より1枚多い宣言なら2倍、2枚多いなら3倍です。\n(bid 15, minimum 13: ×3 of ナポレオン＋2点・副官＋1点・連合軍−1点)",
)
case(
    name="std-local-discard-first-trick",
    source=LOCAL,
    preset="standard",
    players=JA5,
    napoleon="ミナ",
    trump=S,
    rules=(("discard-honors", "first-trick"),),
    discard_honors=2,
    quote="捨てた絵札は1巡目で取った人のもの … ナポレオン軍が1巡目のカードを取ると、捨てた絵札もナポレオン軍の枚数に入ります。",
)

# ------------------------------------------------ 003 web game page (webgame)
W = "003 (web game page)"
WQ = "点数：ナポレオン軍が勝てば、ナポレオン +2点（独り立ちは +4点）・副官 +1点・連合軍は 各 −1点。負ければ逆に、ナポレオン −2点（独り立ち −4点）・副官 −1点・連合軍 各 +1点。20枚と宣言して勝てば2倍です。"
for name, kw in [
    ("web-score-win", dict(outcome="win", scores=win(2, 1, -1), strong="napoleon")),
    ("web-score-loss", dict(outcome="loss", scores=win(-2, -1, 1))),
    (
        "web-score-alone-win",
        dict(outcome="win", call="own", scores=alone(4, -1), strong="napoleon"),
    ),
    ("web-score-alone-loss", dict(outcome="loss", call="own", scores=alone(-4, 1))),
    ("web-score-20-win", dict(bid=20, napoleon_honors=20, scores=win(4, 2, -2), strong="napoleon")),
    ("web-score-20-loss", dict(bid=20, outcome="loss", scores=win(-2, -1, 1))),
]:
    case(
        name=name,
        source=W + ", ナポレオンのルール",
        quote=WQ,
        preset="webgame",
        players=JA5,
        napoleon="リク",
        trump=C,
        **kw,
    )
case(
    name="web-twenty-loses",
    source=W + ", ローカルルール",
    preset="webgame",
    players=JA5,
    napoleon="リク",
    trump=C,
    rules=(("twenty", "loses"),),
    bid=15,
    napoleon_honors=20,
    outcome="loss",
    strong="napoleon",
    scores=win(-2, -1, 1),
    quote="20枚取りは負け20枚と宣言せずに絵札を20枚すべて取ったら、ナポレオン軍の負け\n" + WQ,
)
WL = "6. 台札のジョーカー | ジョーカーで始めたトリックは「切り札を出して」の意味で、切り札を持つ人は切り札を出します。このジョーカーはふつうの切り札より強い\n3. 正ジャック | 切り札の J"
case(
    name="web-joker-lead",
    source=W + ", トリックの強さの順",
    preset="webgame",
    players=JA5,
    napoleon="ハル",
    trump=D,
    win_class="joker-lead",
    quote=WL,
    fixed=(F("ハル", "JK ♦A ♦K ♦5 ♣7", "ハル"),),
)
case(
    name="web-joker-lead-trump-jack",
    source=W + ", トリックの強さの順",
    preset="webgame",
    players=JA5,
    napoleon="ハル",
    trump=D,
    win_class="trump-jack",
    quote=WL,
    fixed=(F("ハル", "JK ♦A ♦J ♦5 ♣7", "ミナ"),),
)

# ------------------------------------------------ 000 encyclopedia (classic, no joker)
P = "000 (encyclopedia)"
T1 = "得点（一例） 例1: ナポレオン（副官ありの場合） +2 / -2 / -4, ナポレオン（副官なしの場合） +4 / -4 / -8, 副官 +1 / -1 / -2, 連合軍 -1 / +1 / +2\n(columns: ナポレオン軍の勝利 / 連合軍の勝利・ナポレオン軍も1枚以上獲得 / 連合軍が20枚獲得)"
for name, kw in [
    ("cls-score-win", dict(outcome="win", scores=win(2, 1, -1), strong="napoleon")),
    ("cls-score-loss", dict(outcome="loss", honors_at_least=1, scores=win(-2, -1, 1))),
    (
        "cls-score-shutout",
        dict(outcome="loss", napoleon_honors=0, scores=win(-4, -2, 2), strong="allies"),
    ),
    (
        "cls-score-alone-win",
        dict(outcome="win", call="own", scores=alone(4, -1), strong="napoleon"),
    ),
    (
        "cls-score-alone-loss",
        dict(outcome="loss", call="own", honors_at_least=1, scores=alone(-4, 1)),
    ),
    (
        "cls-score-alone-shutout",
        dict(outcome="loss", call="own", napoleon_honors=0, scores=alone(-8, 2), strong="allies"),
    ),
]:
    case(
        name=name,
        source=P + ", 得点（一例）例1",
        quote=T1,
        preset="classic",
        players=EN5,
        napoleon="Jiro",
        trump=H,
        **kw,
    )
T2 = "例2: 連合軍の場合: （宣言した枚数）－（宣言の最低枚数－1）\nナポレオンの場合: （連合軍の得点）×（連合軍の人数）÷3×2の値を四捨五入する\n副官の場合: （連合軍の得点）×（連合軍の人数）÷3の値を四捨五入する"
for name, players, bid, outcome, scores in [
    # 5 players, bid 13: unit 13 − 10 = 3; Napoleon 3×3÷3×2 = 6; adjutant 3×3÷3 = 3
    ("cls-formula-5p-win", EN5, 13, "win", win(6, 3, -3)),
    ("cls-formula-5p-loss", EN5, 13, "loss", win(-6, -3, 3)),
    # 4 players, bid 12: unit 2; Napoleon 2×2÷3×2 = 2.67 → 3; adjutant 2×2÷3 = 1.33 → 1
    ("cls-formula-4p-win", EN4, 12, "win", win(3, 1, -2)),
    ("cls-formula-4p-loss", EN4, 12, "loss", win(-3, -1, 2)),
    # 6 players, bid 14: unit 4; Napoleon 4×4÷3×2 = 10.67 → 11; adjutant 4×4÷3 = 5.33 → 5
    ("cls-formula-6p-win", EN6, 14, "win", win(11, 5, -4)),
    ("cls-formula-6p-loss", EN6, 14, "loss", win(-11, -5, 4)),
]:
    case(
        name=name,
        source=P + ", 得点（一例）例2",
        quote=T2,
        preset="classic",
        players=players,
        napoleon="Taro",
        trump=S,
        rules=(("scoring", "formula"),),
        bid=bid,
        outcome=outcome,
        scores=scores,
        strong="napoleon" if outcome == "win" else None,
        honors_at_least=1 if outcome == "loss" else 0,
        notes="4 players: 各人に12枚ずつ配り、残りの4枚を裏向きに伏せて中央に置いておく。"
        if len(players) == 4
        else "",
    )
case(
    name="cls-discard-honors",
    source=P + ", カード交換",
    preset="classic",
    players=EN5,
    napoleon="Taro",
    trump=D,
    discard_honors=1,
    quote="ただし、捨てたカードに絵札が含まれる場合はそれを公開し、ゲーム終了時に連合軍の得点として加算される。",
)
OPEN = "オープニング・リードは切り札スート、スペード及びジョーカー以外でなければならない。ただし親がスペードと切り札しかなければ出す事は可能。"
case(
    name="cls-opening-lead-restricted",
    source=P + ", オープニング・リードに関するローカルルール",
    preset="classic",
    players=EN5,
    napoleon="Taro",
    trump=C,
    win_class="trump",
    rules=(("opening-lead", "restricted"),),
    voids=(("Taro", "HD"),),
    quote=OPEN,
    notes="Taro holds only spades and clubs (trumps), so he may lead a trump.",
    fixed=(F("Taro", "♣5 ♣9 ♣K ♣3 ♣7", "Jiro"),),
)
case(
    name="cls-opening-lead-restricted-broken",
    source=P + ", オープニング・リードに関するローカルルール",
    preset="classic",
    players=EN5,
    napoleon="Taro",
    trump=C,
    rules=(("opening-lead", "restricted"),),
    holds=(("Taro", "♥5"),),
    quote=OPEN + "\n(Taro holds ♥5 and leads a trump: NAP507)",
    fixed=(F("Taro", "♣5 ♣9 ♣K ♣3 ♣7", "Jiro"),),
    fault=("NAP507", 1, "Taro"),
)
case(
    name="cls-honor-threes",
    source=P + ", その他",
    preset="classic",
    players=EN5,
    napoleon="Taro",
    trump=D,
    rules=(("honor-threes", "on"),),
    quote="役札ではない最弱のカード、3を絵札にする。絵札の枚数は24枚になる。",
)
LAD = "スペードのA（スペキュレーションあるいはオールマイティという。）> 切り札のJ（正ジャックという。）> 切り札と同じ色のもう1枚のJ（裏ジャックという。）> 切り札 > リードと同じスート"
case(
    name="cls-ladder-mighty",
    source=P + ", 手札のプレイ",
    preset="classic",
    players=EN5,
    napoleon="Taro",
    trump=H,
    win_class="mighty",
    quote=LAD,
    fixed=(F("Taro", "♥A ♦J ♥J ♠A ♥K", "Yuki"),),
)
case(
    name="cls-spade-trump-mighty",
    source=P + ", 手札のプレイ",
    preset="classic",
    players=EN5,
    napoleon="Taro",
    trump=S,
    win_class="mighty",
    quote="但し切り札がスペードの場合スペードのAはスペキュレーションとしての強さが優先されるので正ジャック・裏ジャックより強いことに変わりはない。",
    fixed=(F("Taro", "♠J ♣J ♠A ♠K ♠2", "Jiro"),),
)
case(
    name="cls-no-yoromeki",
    source=P + ", 役札に関するローカルルール",
    preset="classic",
    players=EN5,
    napoleon="Taro",
    trump=D,
    win_class="mighty",
    quote="よろめき … はローカルルール (the classic preset does not play it): ♠A and ♥Q in one trick, the mighty wins.",
    fixed=(F("Taro", "♠5 ♠A ♥Q ♠K ♠10", "Hanako"),),
)
case(
    name="cls-trump-two",
    source=P + ", 手札のプレイ",
    preset="classic",
    players=EN5,
    napoleon="Taro",
    trump=C,
    win_class="trump",
    quote="リードと同じスート（…通常はリードのAでも切り札の2より弱い。）",
    fixed=(F("Taro", "♦A ♦K ♣2 ♦5 ♦10", "Jiro"),),
)
case(
    name="cls-mighty-revoke",
    source=P + ", 手札のプレイ",
    preset="classic",
    players=EN5,
    napoleon="Taro",
    trump=D,
    quote="A♠はあくまでスペードの札として扱われるので、…ハートがリードの場合に手札にハートを持っているときはA♠を出すことはできない。\n(Hanako holds ♥8: NAP504)",
    fixed=(F("Taro", "♥5 ♠A ♥K ♥10 ♥3", "Hanako", faulty=("Hanako",)),),
    holds=(("Hanako", "♥8"),),
    fault=("NAP504", 1, "Hanako"),
)


BY_NAME = {c.name: c for c in CASES}


def generate(out: Path = RECORDS) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for c in CASES:
        path = out / f"{c.name}.nap"
        path.write_text(write(c, build(c)), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for p in generate():
        print(p.relative_to(Path.cwd()) if p.is_relative_to(Path.cwd()) else p)
