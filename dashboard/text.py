"""The dashboard's own strings in English and Japanese.

Game words come from :mod:`napkifu.i18n` (so the dashboard calls things what the
CLI calls them); this module holds only the labels and the short explanations of
how each number is computed.
"""

from __future__ import annotations

from napkifu.i18n import Lang, Text, word

T: dict[str, Text] = {
    # navigation and sidebar
    "title": Text("napkifu — season dashboard", "napkifu — シーズン集計"),
    "overview": Text("Overview", "概要"),
    "players": Text("Players", "プレイヤー"),
    "pairings": Text("Pairings", "組み合わせ"),
    "replay": Text("Replay", "リプレイ"),
    "problems": Text("Problems", "問題"),
    "export": Text("Export", "書き出し"),
    "language": Text("Language", "言語"),
    "source": Text("Records", "記録"),
    "folder": Text("Folder of .nap files", ".nap ファイルのフォルダ"),
    "folder_help": Text(
        "A folder on the machine running the dashboard; every *.nap file beneath it is read.",
        "ダッシュボードを動かしているマシン上のフォルダ。その下の *.nap をすべて読みます。",
    ),
    "upload": Text("…or upload .nap files", "…または .nap ファイルをアップロード"),
    "upload_help": Text(
        "Uploaded files are read in memory only (at most {mb} MB each, {total} MB in all) and never saved.",
        "アップロードしたファイルはメモリ上でのみ読みます（1ファイル {mb} MB まで、合計 {total} MB まで）。保存はしません。",
    ),
    # Streamlit's own uploader words, replaced by CSS (widgets.uploader_words)
    "upload_button": Text("Upload", "ファイルを選ぶ"),
    "upload_limit": Text("{mb}MB per file • NAP", "1ファイル {mb}MB まで • .nap"),
    "upload_drop": Text("Drag and drop files here", "ここにファイルをドロップ"),
    "upload_too_big": Text(
        "File must be {mb}MB or smaller.", "{mb}MB を超えるファイルはアップロードできません。"
    ),
    "upload_not_nap": Text(
        "Only .nap files of at most {mb}MB are accepted.",
        ".nap ファイル（1ファイル {mb}MB まで）のみアップロードできます。",
    ),
    "too_big": Text(
        "{name} skipped: larger than {mb} MB.", "{name} は {mb} MB を超えるため読みません。"
    ),
    "too_much": Text(
        "Uploads over {total} MB in all: the rest were skipped.",
        "アップロードの合計が {total} MB を超えたため、残りは読みません。",
    ),
    "not_folder": Text(
        "The server's records folder is missing (set NAPKIFU_RECORDS or pass a folder after --).",
        "サーバーの記録フォルダがありません（NAPKIFU_RECORDS か -- の後にフォルダを指定してください）。",
    ),
    "loaded": Text(
        "{files} files · {rounds} rounds counted · {excluded} excluded",
        "{files} ファイル · 集計 {rounds} ラウンド · 除外 {excluded}",
    ),
    "judging": Text(
        "Judging {files} files… (files judged before are read from the result cache)",
        "{files} ファイルを判定中…（判定済みのファイルは結果キャッシュから読みます）",
    ),
    "filters": Text("Season filters", "シーズンの絞り込み"),
    "date_range": Text("Dates", "期間"),
    "date_help": Text(
        "Keep games dated in this range (inclusive); undated games are dropped once a range is narrowed.",
        "この期間の日付のゲームだけを残します（両端を含む）。絞り込むと日付のないゲームは除きます。",
    ),
    "filter_players": Text("Players", "プレイヤー"),
    "filter_players_help": Text(
        "Keep rounds in which any of these players sat; the leaderboard then lists only them.",
        "これらのプレイヤーが参加したラウンドだけを残し、ランキングにはそのプレイヤーだけを表示します。",
    ),
    "filter_presets": Text("Rules preset", "ルール"),
    "no_data": Text(
        "No rounds to show — load records or widen the filters.",
        "表示するラウンドがありません。記録を読み込むか、絞り込みを緩めてください。",
    ),
    # overview
    "leaderboard": Text("Leaderboard", "ランキング"),
    "leader": Text("Leader", "首位"),
    "leaderboard_caption": Text(
        "One row per player, ranked by total points. Points are the rules' scores of every counted round (rounds with an error, redeals and duplicates are not counted). Win rate = rounds won in that role ÷ rounds played in it.",
        "プレイヤーごとに合計得点の順。得点は集計対象の各ラウンドのルール上の得点（エラーのあるラウンド・配り直し・重複は数えません）。勝率 = その役割での勝ち ÷ その役割の回数。",
    ),
    "cumulative": Text("Cumulative score", "累計得点"),
    "cumulative_caption": Text(
        "Running sum of each player's points in season order (date, file, game, round), drawn at the end of each day (undated rounds are not drawn when others are dated).",
        "各プレイヤーの得点の累計（日付・ファイル・ゲーム・ラウンドの順）。各日の終わりの値を描きます（日付のあるラウンドがあれば、日付のないラウンドは描きません）。",
    ),
    "season_round": Text("round of the season", "シーズンの通しラウンド"),
    "rank": Text("rank", "順位"),
    "rounds_counted": Text("rounds counted", "集計ラウンド"),
    "napoleon_win_rate": Text("Napoleon's side win rate", "ナポレオン軍の勝率"),
    "napoleon_win_rate_help": Text(
        "Counted rounds Napoleon's side won ÷ counted rounds with a result.",
        "ナポレオン軍が勝ったラウンド ÷ 勝敗のあるラウンド。",
    ),
    "players_help": Text(
        "players with at least one counted round", "集計対象のラウンドに参加したプレイヤー数"
    ),
    "rounds_help": Text(
        "Rounds without errors, not redeals, not duplicates.",
        "エラーのない、配り直しでも重複でもないラウンドの数。",
    ),
    # players
    "player": Text("Player", "プレイヤー"),
    "points_per_round": Text("Points per round", "ラウンドごとの得点"),
    "points_per_round_caption": Text(
        "The player's score in each counted round they sat in, in season order.",
        "参加した各ラウンドの得点（シーズン順）。",
    ),
    "by_role": Text("Results by role", "役割ごとの成績"),
    "by_role_caption": Text(
        "Rounds won and lost as Napoleon, adjutant and allied; the label is the win rate (won ÷ played in that role).",
        "ナポレオン・副官・連合軍としての勝ち負けの回数。ラベルは勝率（勝ち ÷ その役割の回数）。",
    ),
    "by_bid": Text("Contracts by bid level", "ビッド枚数ごとの契約"),
    "by_bid_caption": Text(
        "Rounds as Napoleon at each bid count, made and failed; the label is the success rate (made ÷ bid).",
        "ナポレオンとしてのビッド枚数ごとの成功・失敗。ラベルは成功率（成功 ÷ 回数）。",
    ),
    "trumps": Text("Trump suits chosen", "選んだ切り札"),
    "trumps_caption": Text(
        "As Napoleon: how often each trump (or no-trump) was named.",
        "ナポレオンとして指定した切り札（またはノートランプ）の回数。",
    ),
    "honors_dist": Text("Honors captured", "取った絵札"),
    "honors_dist_caption": Text(
        "Rounds by the number of honors in the tricks this player won (only rounds with recorded tricks).",
        "自分が取ったトリックの絵札の枚数ごとのラウンド数（トリックの記録があるラウンドのみ）。",
    ),
    "partners": Text("Partners", "相棒"),
    "partners_caption": Text(
        "Rounds with each partner (this player's adjutant when Napoleon, their Napoleon when adjutant), split by won and lost.",
        "相棒（ナポレオンなら副官、副官ならナポレオン）ごとのラウンド数と勝ち負け。",
    ),
    "won": Text("won", "勝ち"),
    "lost": Text("lost", "負け"),
    "made": Text("made", "成功"),
    "failed": Text("failed", "失敗"),
    "rounds": Text("rounds", "ラウンド数"),
    "allied": Text("allied", "連合軍"),
    "points_total": Text("points", "合計得点"),
    "points_avg": Text("per round", "平均得点"),
    # pairings
    "pairings_caption": Text(
        "Each cell is a Napoleon (row) with an adjutant (column): the colour is the number of rounds they played together, the label the win rate of Napoleon's side in them. 'alone' counts rounds Napoleon played without an adjutant.",
        "行がナポレオン、列が副官。色は一緒にプレイしたラウンド数、ラベルはそのときのナポレオン軍の勝率。「独り立ち」は副官なしのラウンドです。",
    ),
    "pair_rounds_help": Text(
        "counted rounds this Napoleon played with this adjutant",
        "このナポレオンとこの副官で数えたラウンド数",
    ),
    "pair_wins_help": Text("rounds Napoleon's side won", "ナポレオン軍が勝ったラウンド数"),
    "pair_rate_help": Text("wins ÷ rounds", "勝ち ÷ ラウンド数"),
    "errors_help": Text("diagnostics of severity error", "重大度 error の診断"),
    "warnings_help": Text("diagnostics of severity warning", "重大度 warning の診断"),
    "where_help": Text(
        "file:line:column of the offending token", "問題のある箇所（ファイル:行:列）"
    ),
    "metric": Text("Colour by", "色の基準"),
    "win_rate": Text("win rate", "勝率"),
    # replay
    "file": Text("File", "ファイル"),
    "pick_game": Text("Game", "ゲーム"),
    "pick_round": Text("Round", "ラウンド"),
    "trick_no": Text("Trick", "トリック"),
    "prev": Text("◀ previous", "◀ 前へ"),
    "next": Text("next ▶", "次へ ▶"),
    "before_play": Text("before the first trick", "最初のトリックの前"),
    "winner": Text("winner", "勝者"),
    "reason": Text("why", "理由"),
    "hand": Text("hand", "手札"),
    "hands_unknown": Text("hands not recorded", "手札の記録なし"),
    "no_tricks": Text(
        "This round has no recorded tricks.", "このラウンドにはトリックの記録がありません。"
    ),
    "no_replay": Text("No round to replay.", "リプレイできるラウンドがありません。"),
    "contract": Text("contract", "契約"),
    "unknown": Text("unknown", "不明"),
    "honors_side": Text(
        "honors: Napoleon's side {nap} · allies {all}", "絵札: ナポレオン軍 {nap} · 連合軍 {all}"
    ),
    "round_diags": Text("Problems in this round", "このラウンドの問題"),
    # problems
    "problems_caption": Text(
        "Every diagnostic of the loaded files, as `napkifu check` reports them. Rounds with an error are left out of every figure.",
        "読み込んだファイルのすべての診断（napkifu check と同じ）。エラーのあるラウンドはどの集計にも含めません。",
    ),
    "no_problems": Text("No problems found.", "問題は見つかりませんでした。"),
    "severity": Text("Severity", "重大度"),
    "code": Text("Code", "コード"),
    "errors_count": Text("errors", "エラー"),
    "warnings_count": Text("warnings", "警告"),
    "excluded": Text("Rounds left out", "除外したラウンド"),
    # export
    "export_caption": Text(
        "The season tables of the current filters as CSV (UTF-8; text cells that a spreadsheet would run as a formula are prefixed with ').",
        "現在の絞り込みでのシーズン表を CSV で（UTF-8。数式として実行されうるセルには ' を付けます）。",
    ),
    "excel_bom": Text("Add a byte order mark for Excel", "Excel 用に BOM を付ける"),
    "download": Text("Download {name}", "{name} をダウンロード"),
    "download_help": Text("{rows} rows, CSV (UTF-8)", "{rows} 行、CSV（UTF-8）"),
    "download_help_later": Text(
        "CSV (UTF-8), one row per trick: the records are judged again with every card when you download it (a few seconds for a big season, the first time)",
        "CSV（UTF-8）、トリックごとに 1 行。ダウンロード時に全カードの詳細付きで記録を判定し直します（大きなシーズンでは初回に数秒かかります）",
    ),
    "table_season": Text("season (one row per player)", "シーズン成績（プレイヤーごと）"),
    "table_rounds": Text("rounds", "ラウンド"),
    "table_player_rounds": Text("player rounds", "プレイヤー別ラウンド"),
    "table_tricks": Text("tricks", "トリック"),
    "table_contracts": Text("contracts", "契約"),
    "choose": Text("Choose…", "選択…"),
    "date": Text("date", "日付"),
    "ratings": Text("Ratings", "レーティング"),
    "games": Text("Games", "ゲーム"),
    "rating_caption": Text(
        "A skill rating from who won each counted round (openskill's Weng–Lin Plackett–Luce model): Napoleon's side (Napoleon weight 1, adjutant 0.5) against the allies (1 each). Everyone starts at μ 25, σ 8.3; the rating is μ − 3σ, so it grows with a player's record. Points are not used.",
        "集計対象の各ラウンドの勝敗から計算する実力レーティング（openskill の Weng–Lin Plackett–Luce モデル）。ナポレオン軍（ナポレオンの重み 1、副官 0.5）対 連合軍（各 1）。全員 μ 25、σ 8.3 から始め、表示は μ − 3σ なので記録が増えるほど上がります。得点は使いません。",
    ),
    "rating_curve": Text("Rating by date", "日付ごとのレーティング"),
    "rating_curve_caption": Text(
        "Each player's rating at the end of each day they played.",
        "各プレイヤーがプレイした日の終わりのレーティング。",
    ),
    "by_rating": Text("By rating", "レーティング順"),
    "by_average": Text("By points per round", "平均得点順"),
    "by_total": Text("By total points", "合計得点順"),
    "min_rounds": Text("Minimum rounds", "最低ラウンド数"),
    "min_rounds_help": Text(
        "Players with fewer counted rounds are left out of this ranking (a few lucky rounds make a high average).",
        "集計ラウンドがこれより少ないプレイヤーはこの順位から除きます（数回の幸運で平均は高くなるため）。",
    ),
    "highlight": Text("Highlight", "強調"),
    "highlight_help": Text(
        "Draw this player in colour and the others faded.",
        "このプレイヤーを色付きで、他を薄く表示します。",
    ),
    "everyone": Text("everyone", "全員"),
    "recent_rounds": Text("Recent rounds", "最近のラウンド"),
    "recent_games": Text("Recent games", "最近のゲーム"),
    "head_to_head": Text("Head-to-head", "対戦成績"),
    "head_to_head_caption": Text(
        "For each other player: rounds on the same side (together) and on opposite sides (against), and how many of them this player won.",
        "他の各プレイヤーについて、同じ陣営（味方）と反対の陣営（敵）になったラウンド数と、そのうちこのプレイヤーが勝った数。",
    ),
    "open_replay": Text("Replay ▸", "リプレイ ▸"),
    "open_game": Text("Sheet ▸", "得点表 ▸"),
    "open_player": Text("Player ▸", "プレイヤー ▸"),
    "game_sheet": Text("Game summary", "ゲームの得点表"),
    "game_sheet_caption": Text(
        "The score sheet of one game: each round's Napoleon, contract, called card, adjutant, honors and result, every player's score and running total. Rounds left out of the season are listed below with why.",
        "1 ゲームの得点表。各ラウンドのナポレオン・契約・指定札・副官・絵札・勝敗、各プレイヤーの得点と累計。集計から除いたラウンドは理由とともに下に示します。",
    ),
    "left_out": Text(
        "{n} rounds of this selection are left out of every figure:",
        "この選択のうち {n} ラウンドはどの集計にも含めていません:",
    ),
    "left_out_none": Text(
        "No round of this selection is left out.", "この選択で除外したラウンドはありません。"
    ),
    "no_player": Text("No such player in this season.", "このシーズンにそのプレイヤーはいません。"),
    "all_files": Text("File", "ファイル"),
    # double-dummy analysis (Replay and Players)
    "analysis": Text("Analysis (double-dummy)", "解析（ダブルダミー）"),
    "analysis_caption": Text(
        "Each card's cost in honors to its side against the best card, judged as if every hand were seen (the allies do not know the adjutant until the called card shows): a record's real choices were made with less.",
        "各札が最善の札と比べて自陣営に失わせた絵札の数。全員の手札が見えている前提で判定します（連合軍は指定札が出るまで副官を知りません）。実際の判断はもっと少ない情報で行われています。",
    ),
    "no_solver": Text(
        "The analysis engine (the napkifu_solver module) is not installed: run scripts/setup.sh. Everything else works without it.",
        "解析エンジン（napkifu_solver モジュール）が入っていません。scripts/setup.sh を実行してください。ほかの機能はそのまま使えます。",
    ),
    "analyse_round": Text("Analyse this round", "このラウンドを解析"),
    "analyse_help": Text(
        "Solves the round from the trick chosen: the last five tricks take a fraction of a second, the whole round can take minutes.",
        "選んだトリックから解きます。最後の5トリックなら一瞬ですが、最初からだと数分かかることがあります。",
    ),
    "from_trick": Text("From trick", "開始トリック"),
    "analysing": Text("Analysing…", "解析中…"),
    "not_analysed": Text(
        "This round cannot be analysed: {reason}", "このラウンドは解析できません: {reason}"
    ),
    "par_line": Text(
        "Par from trick {trick}: {par} honors for Napoleon's side (bid {bid}: {made}); after the last card {final}.",
        "トリック {trick} からのパー: ナポレオン側の絵札 {par} 枚（ビッド {bid}: {made}）。最後の札の後は {final} 枚。",
    ),
    "cost_best": Text("best card", "最善手"),
    "cost_1": Text("? cost 1 honor", "? 絵札 1 枚の損"),
    "cost_2": Text(
        "?? cost 2 or more, or the contract turned", "?? 2 枚以上の損、または勝敗が逆転"
    ),
    "cost_note": Text("{card}: cost {cost} (best {alt})", "{card}: 損失 {cost}（最善 {alt}）"),
    "best_note": Text("{card}: best", "{card}: 最善"),
    "accuracy": Text("Accuracy and luck (double-dummy)", "正確さと運（ダブルダミー）"),
    "accuracy_caption": Text(
        "Over the rounds analysed: by role, the share of best cards and the honors lost a round by this player's cards; against par: the honors the side made minus the par of the deal at the first trick analysed (what the other side gave away, less what one's own did).",
        "解析したラウンドについて、役割ごとの最善手の割合と、このプレイヤーの札で失った絵札（1ラウンドあたり）。パーとの差は、解析開始時のパーに対して自陣営が実際に取った絵札の差（相手の損から味方の損を引いたもの）。",
    ),
    "last_tricks": Text("Tricks analysed (the last)", "解析するトリック数（最後から）"),
    "rounds_to_analyse": Text("Rounds (most recent first)", "ラウンド数（新しい順）"),
    "analyse_rounds": Text("Analyse {n} rounds", "{n} ラウンドを解析"),
    "analysed_of": Text(
        "Analysed {done} of {n} rounds.", "{n} ラウンド中 {done} ラウンドを解析しました。"
    ),
    "analysis_time_up": Text(
        "Stopped after {seconds} s: analysed {done} of {n} rounds (fewer tricks go faster).",
        "{seconds} 秒で打ち切りました: {n} ラウンド中 {done} ラウンドを解析（トリック数を減らすと速くなります）。",
    ),
    "no_full_rounds": Text(
        "No fully played round of this player to analyse.",
        "このプレイヤーには解析できる（最後まで記録された）ラウンドがありません。",
    ),
}


def t(key: str, lang: Lang = "en", **values: object) -> str:
    """The dashboard string ``key`` (falls back to the game's vocabulary, then the key)."""
    text = T.get(key)
    if text is not None:
        return text(lang, **values)
    return word(key, lang)
