"""``napkifu analyze``: the double-dummy par of each round and the cost of every card.

Every fully played, clean round of the records is analysed by the Rust solver
(:mod:`napkifu.solve`). Double-dummy judges with every hand seen: a player who
could not know where the cards lay may be marked for a card that was reasonable.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Iterator

from napkifu import api
from napkifu.cards import card_text
from napkifu.commands.check import iter_paths
from napkifu.i18n import LANGS, Lang, Text, default_lang
from napkifu.replay.results import JudgedRound
from napkifu.rules.build import Rules
from napkifu.solve.engine import Unsolvable
from napkifu.solve.rounds import RoundAnalysis, analyse_round
from napkifu.terminal import escape

HEADER = Text(
    "{file}: game {game} round {round}: par {par} honors ({made} against the bid of {bid})",
    "{file}: ゲーム {game} ラウンド {round}: パー {par} 枚（ビッド {bid} に対して{made}）",
)
MADE = Text("made", "成功")
FAILED = Text("failed", "失敗")
PLAY = Text(
    "  trick {trick:>2} {player:<10} {card:<4} {mark:<2} value {value:>2}{extra}",
    "  トリック {trick:>2} {player:<10} {card:<4} {mark:<2} 値 {value:>2}{extra}",
)
COST = Text("  cost {cost} (best {alt})", "  損失 {cost}（最善 {alt}）")
PLAYER = Text(
    "  {player} ({role}): {best}/{cards} best cards, {lost} honors lost",
    "  {player}（{role}）: 最善手 {best}/{cards}、失った絵札 {lost} 枚",
)
SKIPPED = Text(
    "{file}: game {game} round {round}: not analysed: {reason}",
    "{file}: ゲーム {game} ラウンド {round}: 解析できません: {reason}",
)
LIMITS = Text(
    "double-dummy: each card is judged as if its player saw every hand",
    "ダブルダミー: 全員の手札が見えているものとして各カードを評価しています",
)
CANNOT_OPEN = Text("cannot open {path}: {reason}", "{path} を開けません: {reason}")
ROLES = {
    "napoleon": Text("Napoleon", "ナポレオン"),
    "adjutant": Text("adjutant", "副官"),
    "allied": Text("allied", "連合軍"),
}


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "analyze",
        help="double-dummy par of each round and the cost of every card",
        description="Analyse fully played rounds double-dummy (every hand seen): the par "
        "of the deal and each card's cost in honors to its side (? = 1, ?? = 2 or more, "
        "or a made contract turned into a failed one).",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help=".nap files or directories")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument(
        "--from-trick",
        type=int,
        default=1,
        metavar="N",
        help="analyse the cards of trick N on (the solver's time grows steeply with "
        "the tricks left; default 1)",
    )
    p.add_argument("--lang", choices=LANGS, default=None)


def _rounds(
    paths: list[str], lang: Lang, failed: list[str]
) -> Iterator[tuple[str, Rules, JudgedRound]]:
    """The fully played rounds of ``paths``, read game by game; a file that cannot
    be read is said on stderr and put in ``failed`` (exit status 2, as ``check``)."""
    for path, problem in iter_paths(paths):
        if problem is not None:
            print(escape(CANNOT_OPEN(lang, path=path, reason=problem)), file=sys.stderr)
            failed.append(path)
            continue
        try:
            for judged in api.iter_load(path):
                for game in judged.games:
                    for rnd in game.rounds:
                        if rnd.kind == "full":
                            yield path, game.rules, rnd  # type: ignore[misc]
        except OSError as e:
            print(escape(CANNOT_OPEN(lang, path=path, reason=e.strerror or e)), file=sys.stderr)
            failed.append(path)


def to_json(file: str, a: RoundAnalysis) -> dict[str, object]:
    """The JSON object of one analysed round (docs/analysis.md)."""
    return {
        "file": file,
        "game": a.game,
        "round": a.round,
        "par": a.par,
        "plays": [
            {
                "trick": p.trick,
                "player": p.player,
                "card": card_text(p.card),
                "best": p.best,
                "value": p.value,
                "cost": p.cost,
            }
            for p in a.plays
        ],
    }


def _role(rnd: JudgedRound, player: str) -> str:
    if player == rnd.napoleon:
        return "napoleon"
    return "adjutant" if player == rnd.adjutant else "allied"


def render_text(file: str, rnd: JudgedRound, a: RoundAnalysis, lang: Lang) -> list[str]:
    made = (MADE if a.made else FAILED)(lang)
    lines = [HEADER(lang, file=file, game=a.game, round=a.round, par=a.par, made=made, bid=a.bid)]
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for p in a.plays:
        extra = ""
        if p.cost:
            alt = card_text(p.alternative) if p.alternative is not None else "?"
            extra = COST(lang, cost=p.cost, alt=alt)
        lines.append(
            PLAY(
                lang,
                trick=p.trick,
                player=p.player,
                card=card_text(p.card),
                mark=p.mark,
                value=p.value,
                extra=extra,
            )
        )
        t = tally[p.player]
        t[0] += p.cost == 0
        t[1] += 1
        t[2] += p.cost
    for player, (best, cards, lost) in tally.items():
        role = ROLES[_role(rnd, player)](lang)
        lines.append(PLAYER(lang, player=player, role=role, best=best, cards=cards, lost=lost))
    return lines


def run(args: argparse.Namespace) -> int:
    lang: Lang = args.lang or default_lang()
    results: list[dict[str, object]] = []
    failed: list[str] = []
    rounds = list(_rounds(args.paths, lang, failed))
    progress = None
    if sys.stderr.isatty() and len(rounds) > 1:
        from rich.progress import Progress

        progress = Progress(transient=True)
        progress.start()
        task = progress.add_task("analyse", total=len(rounds))
    try:
        for file, rules, rnd in rounds:
            try:
                a = analyse_round(rules, rnd, max(1, args.from_trick))
            except Unsolvable as e:
                if args.format == "json":
                    results.append(
                        {"file": file, "game": rnd.game, "round": rnd.number, "error": str(e)}
                    )
                else:
                    why = SKIPPED(lang, file=file, game=rnd.game, round=rnd.number, reason=e)
                    print(escape(why))
                continue
            finally:
                if progress is not None:
                    progress.advance(task)
            if args.format == "json":
                results.append(to_json(file, a))
            else:
                print("\n".join(escape(line) for line in render_text(file, rnd, a, lang)))
    finally:
        if progress is not None:
            progress.stop()
    if args.format == "json":
        json.dump(results, sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        print(LIMITS(lang))
    return 2 if failed else 0
