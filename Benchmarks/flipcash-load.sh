#!/usr/bin/env bash
# Flipcash intents settled per second through gRPC on loopback, against the real app-server
# (release build) on each store: payments of $0.01 between 10,000 seeded accounts chosen at random
# (uniform), and back and forth between two accounts (hot). Each case runs first closed-loop (as
# fast as answers come: the maximum), then open-loop at half that rate, where the p99 target is
# read. The references beside them: `mints`, the same server answering GetMints (a unary gRPC
# call with no signature and no database: what the transport alone allows on these cores), the
# ledger's apply rate in memory and Ed25519's raw cost
# (`swift package benchmark --target FlipcashBenchmarks --filter "ledger.*|ed25519.*"`).
#
#   Benchmarks/flipcash-load.sh                              # SQLite
#   BENCH_POSTGRES_URL=postgres://app:app@127.0.0.1:5432/app STORES="sqlite postgres" Benchmarks/flipcash-load.sh
#   SKIP_BUILD=1 DURATION=10 ACCOUNTS=10000 WORKERS=64 Benchmarks/flipcash-load.sh
#   SKIP_BUILD=1 SERVER=Benchmarks/.build/release/app-server MODES=uniform Benchmarks/flipcash-load.sh
#
# Load generator and server share the machine's cores, as on a laptop; the figures are the
# server's with that handicap.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
ACCOUNTS=${ACCOUNTS:-10000}
DURATION=${DURATION:-10}
WORKERS=${WORKERS:-64}
CONNECTIONS=${CONNECTIONS:-4}
STORES=${STORES:-sqlite}
PORT=${PORT:-18091}

if [[ -z "${SKIP_BUILD:-}" ]]; then
    (cd "$ROOT" && swift build -c release --product app-server >/dev/null)
    (cd "$HERE" && swift build -c release --product FlipcashLoad >/dev/null)
fi
# SERVER=path/to/app-server runs another build (e.g. the Benchmarks package's release build).
SERVER=${SERVER:-"$(cd "$ROOT" && swift build -c release --show-bin-path)/app-server"}
LOAD="$(cd "$HERE" && swift build -c release --show-bin-path)/FlipcashLoad"

WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
    if [[ -n "$SERVER_PID" ]]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

start_server() { # start_server STORE
    local database=()
    if [[ "$1" == postgres ]]; then database=(--database "$BENCH_POSTGRES_URL"); fi
    "$SERVER" --port 0 --grpc-port "$PORT" --data "$WORK/data" "${database[@]}" --rate-limits off --log-level notice \
        2>"$WORK/server.log" &
    SERVER_PID=$!
    for _ in $(seq 1 100); do
        grep -q "app-server gRPC listening" "$WORK/server.log" 2>/dev/null && return 0
        sleep 0.1
    done
    cat "$WORK/server.log"; exit 1
}

stop_server() {
    kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
}

for store in $STORES; do
    rm -rf "$WORK/data"
    if [[ "$store" == postgres ]]; then
        [[ -n "${BENCH_POSTGRES_URL:-}" ]] || { echo "postgres: BENCH_POSTGRES_URL is not set, skipped"; continue; }
        psql "$BENCH_POSTGRES_URL" -q -c "DROP SCHEMA IF EXISTS flipcash CASCADE" >/dev/null
        "$LOAD" seed --postgres "$BENCH_POSTGRES_URL" --accounts "$ACCOUNTS"
    else
        "$LOAD" seed --data "$WORK/data" --accounts "$ACCOUNTS"
    fi
    start_server "$store"
    modes=(uniform hot)
    if [[ "$store" == sqlite ]]; then modes=(mints uniform hot); fi
    if [[ -n "${MODES:-}" ]]; then read -r -a modes <<<"$MODES"; fi
    for mode in "${modes[@]}"; do
        common=(--port "$PORT" --accounts "$ACCOUNTS" --mode "$mode" --workers "$WORKERS" --connections "$CONNECTIONS" --duration "$DURATION")
        max=$("$LOAD" run "${common[@]}")
        echo "{\"store\": \"$store\", \"load\": \"max\", \"run\": $max}"
        rate=$(python3 -c 'import json,sys; print(max(1, round(json.loads(sys.argv[1])["settledPerSecond"] / 2)))' "$max")
        half=$("$LOAD" run "${common[@]}" --rate "$rate")
        echo "{\"store\": \"$store\", \"load\": \"half\", \"run\": $half}"
    done
    stop_server
done
