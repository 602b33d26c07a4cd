#!/usr/bin/env bash
# Generate the benchmark corpus for benchmarks/bench_check.py (issues 8 and 9).
#
#   benchmarks/make_corpus.sh [DIR] [JOBS]      (default DIR: /tmp/napkifu-corpus, JOBS: nproc)
#
# Writes, under DIR (never inside the repository):
#   100k/        100,000 rounds of full `standard` records (5 players, every trick written):
#                5,000 games of 20 rounds, 10 games per file = 500 files of ~125 KB
#   big/big.nap  the same 100,000 rounds as ONE file (~63 MB): the bounded-memory case
#   1m/copy-N/   N = 0..9: ten copies of 100k/ = 1,000,000 rounds in 5,000 files.
#                Simulating a million rounds takes ~1 h on 2 cores, so the 100k corpus is
#                replicated instead; each copy's game titles get " copy N" appended, so the
#                copies differ in content (no cache hit across copies, no duplicate rounds
#                in `export`) while the work per round stays that of a real full record.
#   200k/copy-N/ N = 0, 1: the first two copies (hard links), 200,000 rounds.
#
# `napkifu simulate` writes ~250 rounds/s per core: the 100k corpus takes 3-4 min on 2 cores.
# The script is idempotent: a part that already exists is kept (delete DIR to start over).
set -euo pipefail

DIR=${1:-/tmp/napkifu-corpus}
JOBS=${2:-$(nproc)}
HERE=$(cd "$(dirname "$0")" && pwd)
NAPKIFU=${NAPKIFU:-$HERE/../.venv/bin/napkifu}
GAMES=5000
ROUNDS=20
PER_FILE=10

mkdir -p "$DIR"
if [ ! -f "$DIR/100k/.done" ]; then
    rm -rf "$DIR/100k"
    echo "simulating $((GAMES * ROUNDS)) rounds into $DIR/100k ($JOBS jobs)..." >&2
    "$NAPKIFU" simulate --preset standard --players 5 --games "$GAMES" --rounds "$ROUNDS" \
        --seed 8 --per-file "$PER_FILE" --jobs "$JOBS" -o "$DIR/100k"
    touch "$DIR/100k/.done"
fi

if [ ! -f "$DIR/big/big.nap" ]; then
    mkdir -p "$DIR/big"
    # Every simulated file starts with its own `game` line and titles are numbered over the
    # whole run, so concatenating the files gives one valid record of 5,000 games.
    find "$DIR/100k" -name '*.nap' | sort | xargs cat > "$DIR/big/big.nap.tmp"
    mv "$DIR/big/big.nap.tmp" "$DIR/big/big.nap"
fi

if [ ! -f "$DIR/1m/.done" ]; then
    rm -rf "$DIR/1m"
    for n in 0 1 2 3 4 5 6 7 8 9; do
        mkdir -p "$DIR/1m/copy-$n"
        for f in "$DIR"/100k/*.nap; do
            sed -e "s/^game \"\\(.*\\)\"\$/game \"\\1 copy $n\"/" "$f" > "$DIR/1m/copy-$n/$(basename "$f")"
        done
    done
    touch "$DIR/1m/.done"
fi

if [ ! -f "$DIR/200k/.done" ]; then
    # the first two copies (hard links): the million's fifth, for a machine too busy
    # to check the whole million in reasonable time
    rm -rf "$DIR/200k"
    mkdir -p "$DIR/200k"
    cp -rl "$DIR/1m/copy-0" "$DIR/1m/copy-1" "$DIR/200k/"
    touch "$DIR/200k/.done"
fi

du -sh "$DIR/100k" "$DIR/big" "$DIR/1m" "$DIR/200k" >&2
