"""The replay views' own words, in English and Japanese (the game's shared
vocabulary — mighty, adjutant, honors … — lives in :mod:`napkifu.i18n`)."""

from __future__ import annotations

from napkifu.i18n import Text

T = {
    "game": Text("Game {n}", "ゲーム {n}"),
    "round": Text("round {n}", "ラウンド {n}"),
    "seats": Text("Seats (clockwise)", "席順（時計回り）"),
    "dealer": Text("dealer {p}", "ディーラー {p}"),
    "auction": Text("Auction", "ビッド"),
    "contract": Text("Contract", "コントラクト"),
    "called": Text("called {c}", "副官指定 {c}"),
    "adjutant": Text("Adjutant", "副官"),
    "revealed": Text("{p}, revealed in trick {t}", "{p}（トリック {t} で判明）"),
    "revealed_later": Text(
        "{p}, revealed in trick {t}; before that, (hidden) marks what the table did not know",
        "{p}（トリック {t} で判明。それまでの「非公開」は卓にはまだ分からなかったこと）",
    ),
    "adj_unknown": Text("unknown", "不明"),
    "alone": Text("none: {p} plays alone", "なし: {p} の独り立ち"),
    "widow": Text("Widow", "場札"),
    "discards": Text("Discards", "捨て札"),
    "hands": Text("Hands as dealt", "配られた手札"),
    "trick": Text("Trick {n}", "トリック {n}"),
    "leads": Text("{p} leads", "{p} のリード"),
    "lead_suit": Text("lead {s}", "台札 {s}"),
    "no_lead_suit": Text("no lead suit", "台札なし"),
    "joker_request": Text("joker request", "ジョーカー請求"),
    "wins": Text("{p} wins: {why}", "{p} の勝ち: {why}"),
    "side_hidden": Text("{side} (hidden)", "{side}（非公開）"),
    "never_revealed": Text(
        "{p}, never revealed in play: (hidden) marks what the table did not know",
        "{p}（プレイでは判明せず。「非公開」は卓には分からなかったこと）",
    ),
    "honors": Text("Honors {cards}", "絵札 {cards}"),
    "no_honors": Text("No honors", "絵札なし"),
    "running": Text(
        "Napoleon's side {n}/{need_n} · allies {a}/{need_a}",
        "ナポレオン軍 {n}/{need_n} ・ 連合軍 {a}/{need_a}",
    ),
    "reveal": Text("{p} plays {c}: the adjutant is revealed", "{p} が {c} を出す: 副官が判明"),
    "reveal_alone": Text(
        "{p} plays {c}: Napoleon is alone", "{p} が {c} を出す: ナポレオンの独り立ちが判明"
    ),
    "reversed": Text("Play turns counter-clockwise", "次のトリックから反時計回り"),
    "hand": Text("hand", "手札"),
    "known": Text("known", "判明分"),
    "unknown": Text("+{n} unknown", "+不明{n}枚"),
    "legal": Text("legal", "出せる札"),
    "any": Text("any", "すべて"),
    "result": Text("Result", "結果"),
    "result_line": Text(
        "Napoleon's side {n} honors for a bid of {bid}, allies {a}: {outcome}",
        "ナポレオン軍 {n} 枚（ビッド {bid}）、連合軍 {a} 枚: {outcome}",
    ),
    "napoleon_wins": Text("Napoleon wins", "ナポレオンの勝ち"),
    "napoleon_loses": Text("Napoleon loses", "ナポレオンの負け"),
    "twenty": Text("every honor", "絵札全取り"),
    "claim": Text("{side} claimed the remaining tricks", "{side} が残りのトリックをクレーム"),
    "scores": Text("Scores", "得点"),
    "written": Text("Written scores", "記録された得点"),
    "totals": Text("Totals", "累計"),
    "redeal": Text("Everyone passed: redeal", "全員パス: 配り直し"),
    "score_sheet": Text("Score sheet: no tricks recorded", "スコアのみ: トリックの記録なし"),
    "problems": Text("Problems", "問題"),
    "line": Text("line {n}", "{n}行目"),
    "no_trick": Text("no trick {n} in this round", "このラウンドにトリック {n} はありません"),
    "par": Text(
        "Double-dummy par from trick {t}: {par} honors ({made} against the bid of {bid}); "
        "each card's cost is judged as if its player saw every hand",
        "トリック {t} からのダブルダミーのパー: {par} 枚（ビッド {bid} に対して{made}）。"
        "各カードの損失は全員の手札が見えているものとして評価",
    ),
    "made": Text("made", "成功"),
    "failed": Text("failed", "失敗"),
    "not_analysed": Text("Not analysed: {why}", "解析できません: {why}"),
    "cost": Text("cost {cost}", "損失 {cost}"),
    "cost_best": Text("cost {cost} (best {alt})", "損失 {cost}（最善 {alt}）"),
}
