"""sample_records/ through the season tables, checked against what the records
themselves write (their `napoleon`, `result`, `score` and `total` lines, read with
the parser only), and exported as the README shows."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import polars as pl
import pytest

from napkifu.analysis import load_season, schema
from napkifu.cli import main
from napkifu.notation import parse

SAMPLES = Path(__file__).parent.parent / "sample_records"
FILES = sorted(SAMPLES.glob("*.nap"))
pytestmark = pytest.mark.skipif(not FILES, reason="sample_records/ not written yet")


@pytest.fixture(scope="module")
def season():  # type: ignore[no-untyped-def]
    return load_season([SAMPLES])


def test_every_sample_round_counts(season) -> None:  # type: ignore[no-untyped-def]
    assert season.files == len(FILES)
    assert season.excluded.height == 0
    written = sum(len(g.rounds) for f in FILES for g in parse(f.read_text("utf-8"))[0].games)
    assert season.rounds.height == written
    assert season.rounds["duplicate_of"].null_count() == written


def test_rounds_agree_with_the_written_lines(season) -> None:  # type: ignore[no-untyped-def]
    points: Counter[str] = Counter()
    unscored = 0  # played rounds without a score line: their points are the rules' own
    for f in FILES:
        record, _ = parse(f.read_text("utf-8"), file=str(f))
        for game in record.games:
            for rnd in game.rounds:
                row = season.rounds.filter(
                    (pl.col("file") == str(f))
                    & (pl.col("game") == game.number)
                    & (pl.col("round") == rnd.number)
                ).row(0, named=True)
                seats = {row[f"player_{i}"]: i for i in range(1, 7) if row[f"player_{i}"]}
                assert tuple(seats) == game.player_names
                if rnd.napoleon:
                    assert row["napoleon"] == rnd.napoleon.player.name
                    assert row["bid"] == rnd.napoleon.bid.count
                if rnd.result:
                    assert row["honors_napoleon"] == rnd.result.honors
                if rnd.score is None and not rnd.is_redeal:
                    unscored += 1
                if rnd.score:
                    for e in rnd.score.entries:
                        assert row[f"score_{seats[e.player.name]}"] == e.points, (f, rnd.number)
                        points[e.player.name] += e.points
    if unscored:
        return
    season_points = dict(season.season.select("player", "points").rows())
    for player, total in points.items():
        assert season_points[player] == total, player


def test_readme_command(tmp_path: Path) -> None:
    out = tmp_path / "season.csv"
    assert main(["export", str(SAMPLES) + "/", "--season", str(out), "-q"]) == 0
    df = pl.read_csv(out, schema=schema("season"))
    assert df.columns == list(schema("season"))
    assert df.height == load_season([SAMPLES]).season.height
