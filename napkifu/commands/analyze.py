"""``napkifu analyze``: the double-dummy par of each round and the cost of every card.

Every fully played, clean round of the records is analysed by the Rust solver
(:mod:`napkifu.solve`). Double-dummy judges with every hand seen: a player who
could not know where the cards lay may be marked for a card that was reasonable.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from napkifu import api
from napkifu.cache import ResultCache, default_dir
from napkifu.cards import card_text
from napkifu.commands.check import CANNOT_OPEN, USAGE, add_jobs_args, iter_paths
from napkifu.i18n import LANGS, Lang, Text, default_lang, solver_reason
from napkifu.parallel import run_jobs
from napkifu.paths import text_encoding
from napkifu.replay.results import JudgedRound
from napkifu.rules.build import Rules
from napkifu.solve.engine import Unsolvable, fingerprint
from napkifu.solve.rounds import PlayValue, RoundAnalysis, analyse_round
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
CLAIMED = Text(
    "  the round ends after trick {trick} (a claim): the cards not played are not "
    "analysed; best play of them would give Napoleon's side {final} honors",
    "  トリック {trick} で終了（クレーム）: 出されなかったカードは解析していません。"
    "その最善のプレイでナポレオン軍は {final} 枚",
)
LIMITS = Text(
    "double-dummy: each card is judged as if its player saw every hand",
    "ダブルダミー: 全員の手札が見えているものとして各カードを評価しています",
)
DIED = Text(
    "a worker process died (out of memory?); try fewer --jobs",
    "ワーカープロセスが異常終了しました（メモリ不足？）。--jobs を減らしてください",
)
ROLES = {
    "napoleon": Text("Napoleon", "ナポレオン"),
    "adjutant": Text("adjutant", "副官"),
    "allied": Text("allied", "連合軍"),
}


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "analyze",
        help="double-dummy par of each round and the cost of every card",
        description="Analyse rounds double-dummy (every hand seen): the par of the deal "
        "and each card's cost in honors to its side (? = 1, ?? = 2 or more, or a made "
        "contract turned into a failed one). Rounds played out, and rounds ended by a "
        "claim whose hand lines tell the cards not played (analysed up to the claim).",
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
    p.add_argument(
        "--encoding",
        default=None,
        type=text_encoding,
        help="read files in this encoding (default: UTF-8, else Shift_JIS/CP932)",
    )
    add_jobs_args(p)
    for action in p._actions:  # the work is per round here, not per megabyte
        if action.dest == "jobs":
            action.help = (
                "rounds analysed at once, in worker processes (default: the number of "
                "cores when there is more than one round); the output is the same for every N"
            )


CACHE_SCHEMA = "analyze-1"
"""Changes when the shape of a cached round does."""


@dataclasses.dataclass(frozen=True, slots=True)
class RoundTask:
    """One round to analyse, with what its cached result is keyed on besides
    napkifu's code (the cache adds its fingerprint): the file's bytes, their
    encoding, the round's place, the first trick and the solver's build."""

    file: str
    data_key: str  # the file's bytes and encoding, hashed ("" when not cached)
    index: tuple[int, int]  # the game's and the round's place in the file
    rules: Rules
    round: JudgedRound
    from_trick: int
    cache_dir: str | None

    def cache_key(self, cache: ResultCache) -> str:
        place = f"{self.index[0]}\0{self.index[1]}\0{self.from_trick}\0{fingerprint()}"
        return cache.key(self.data_key.encode(), f"{CACHE_SCHEMA}\0{place}")


def _roles(rnd: JudgedRound) -> dict[str, str]:
    return {p: _role(rnd, p) for p in rnd.players}


def analyse_task(task: RoundTask) -> dict[str, object]:
    """One round's result as a JSON-able dict (``analysis`` or ``error``): from the
    cache when this very round was analysed before by this very code and solver."""
    cache = ResultCache(task.cache_dir) if task.cache_dir and task.data_key else None
    key = task.cache_key(cache) if cache is not None else ""
    if cache is not None:
        hit = cache.get(key)
        if isinstance(hit, dict) and _valid(hit):
            return {**hit, "file": task.file}
    rnd = task.round
    out: dict[str, object] = {"file": task.file, "game": rnd.game, "round": rnd.number}
    try:
        a = analyse_round(task.rules, rnd, task.from_trick)
    except Unsolvable as e:
        out["error"] = str(e)
    else:
        out["analysis"] = dataclasses.asdict(a)
        out["roles"] = _roles(rnd)
    if cache is not None:
        cache.put(key, out)
    return out


def _valid(hit: dict[str, object]) -> bool:
    try:
        if "error" not in hit:
            from_dict(hit)
        return True
    except (KeyError, TypeError, ValueError):
        return False  # an entry of another shape: a miss


def from_dict(result: dict[str, object]) -> RoundAnalysis:
    """The :class:`RoundAnalysis` of a task's result."""
    a = dict(result["analysis"])  # type: ignore[call-overload]
    a["plays"] = tuple(PlayValue(**p) for p in a["plays"])
    return RoundAnalysis(**a)


def _tasks(args: argparse.Namespace, lang: Lang, failed: list[str]) -> Iterator[RoundTask]:
    """The rounds to analyse, read game by game; a file that cannot be read is said
    on stderr and put in ``failed`` (exit status 2, as ``check``)."""
    cache = None if args.no_cache else ResultCache(args.cache_dir or default_dir())
    for path, problem in iter_paths(args.paths):
        if problem is not None:
            print(escape(CANNOT_OPEN(lang, path=path, reason=problem)), file=sys.stderr)
            failed.append(path)
            continue
        try:
            data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
        except OSError as e:
            print(escape(CANNOT_OPEN(lang, path=path, reason=e.strerror or e)), file=sys.stderr)
            failed.append(path)
            continue
        data_key = ""
        if cache is not None and path != "-":
            data_key = cache.key(data, f"{CACHE_SCHEMA}\0{path}\0{args.encoding}")
        cache_dir = None if cache is None else str(cache.directory)
        g = 0
        for judged in api.iter_loads(data, file=path, encoding=args.encoding):
            for game in judged.games:
                for r, rnd in enumerate(game.rounds):
                    if rnd.kind in ("full", "claim"):
                        yield RoundTask(
                            path,
                            data_key,
                            (g, r),
                            game.rules,  # type: ignore[arg-type]
                            rnd,  # type: ignore[arg-type]
                            max(1, args.from_trick),
                            cache_dir,
                        )
                g += 1


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
    if not a.complete:
        last = a.plays[-1].trick if a.plays else a.from_trick - 1
        lines.append(CLAIMED(lang, trick=last, final=a.final))
    for player, (best, cards, lost) in tally.items():
        role = ROLES[_role(rnd, player)](lang)
        lines.append(PLAYER(lang, player=player, role=role, best=best, cards=cards, lost=lost))
    return lines


def run(args: argparse.Namespace) -> int:
    lang: Lang = args.lang or default_lang()
    if args.jobs is not None and args.jobs < 1:
        print(f"napkifu analyze: {USAGE['jobs'](lang)}", file=sys.stderr)
        return 2
    results: list[dict[str, object]] = []
    failed: list[str] = []
    tasks = list(_tasks(args, lang, failed))
    status = 2 if failed else 0
    progress = None
    if sys.stderr.isatty() and len(tasks) > 1:
        from rich.progress import Progress

        progress = Progress(transient=True)
        progress.start()
        bar = progress.add_task("analyse", total=len(tasks))
    jobs = args.jobs if args.jobs is not None else (None if len(tasks) > 1 else 1)
    try:
        for task, result in zip(tasks, run_jobs(analyse_task, tasks, jobs), strict=True):
            if progress is not None:
                progress.advance(bar)
            file, game, number = task.file, task.round.game, task.round.number
            if "error" in result:
                if args.format == "json":
                    results.append(
                        {"file": file, "game": game, "round": number, "error": result["error"]}
                    )
                else:
                    why = SKIPPED(
                        lang,
                        file=file,
                        game=game,
                        round=number,
                        reason=solver_reason(str(result["error"]), lang),
                    )
                    print(escape(why))
                continue
            a = from_dict(result)
            if args.format == "json":
                results.append(to_json(file, a))
            else:
                lines = render_text(file, task.round, a, lang)
                print("\n".join(escape(line) for line in lines), flush=True)
    except BrokenProcessPool:
        print(f"napkifu analyze: {DIED(lang)}", file=sys.stderr)
        status = 2
    finally:
        if progress is not None:
            progress.stop()
    if args.format == "json":
        json.dump(results, sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        print(LIMITS(lang))
    return status
