#!/usr/bin/env bash
# Flipcash bills face to face, against the real app-server (release build): message delivery to
# an open stream (a grab sent, timed until the giver's stream delivers it) and the give → grab →
# settled round trip (timed from the scan until both sides have seen the payment settle), one
# bill after another. On SQLite with one instance; on PostgreSQL with one instance and with two,
# the giver on one and the grabber on the other (the message crosses by LISTEN/NOTIFY).
#
#   Benchmarks/flipcash-bills.sh                                              # SQLite only
#   BENCH_POSTGRES_URL=postgres://app:app@127.0.0.1:5432/app Benchmarks/flipcash-bills.sh
#   SKIP_BUILD=1 COUNT=200 ACCOUNTS=1000 Benchmarks/flipcash-bills.sh
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
COUNT=${COUNT:-200}
ACCOUNTS=${ACCOUNTS:-1000}

if [[ -z "${SKIP_BUILD:-}" ]]; then
    (cd "$ROOT" && swift build -c release --product app-server >/dev/null)
    (cd "$HERE" && swift build -c release --product FlipcashLoad >/dev/null)
fi
SERVER="$(cd "$ROOT" && swift build -c release --show-bin-path)/app-server"
LOAD="$(cd "$HERE" && swift build -c release --show-bin-path)/FlipcashLoad"

WORK=$(mktemp -d)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT

start_server() { # start_server NAME GRPC_PORT [--database URL]
    local name=$1 port=$2
    shift 2
    "$SERVER" --port 0 --grpc-port "$port" --data "$WORK/$name" "$@" --rate-limits off --log-level notice 2>"$WORK/$name.log" &
    PIDS+=($!)
    for _ in $(seq 1 100); do
        grep -q "app-server gRPC listening" "$WORK/$name.log" 2>/dev/null && return 0
        sleep 0.1
    done
    cat "$WORK/$name.log"; exit 1
}

stop_servers() {
    for pid in "${PIDS[@]}"; do kill "$pid"; wait "$pid" 2>/dev/null || true; done
    PIDS=()
}

report() { # report STORE JSON
    echo "{\"store\": \"$1\", \"run\": $2}"
}

"$LOAD" seed --data "$WORK/sqlite" --accounts "$ACCOUNTS"
start_server sqlite 18111
report sqlite "$("$LOAD" deliver --port 18111 --count "$COUNT")"
report sqlite "$("$LOAD" bills --port 18111 --count "$COUNT" --accounts "$ACCOUNTS")"
stop_servers

if [[ -z "${BENCH_POSTGRES_URL:-}" ]]; then
    echo "postgres: BENCH_POSTGRES_URL is not set, skipped"
    exit 0
fi
psql "$BENCH_POSTGRES_URL" -q -c "DROP SCHEMA IF EXISTS flipcash CASCADE" >/dev/null 2>&1
"$LOAD" seed --postgres "$BENCH_POSTGRES_URL" --accounts "$ACCOUNTS"
start_server pg-a 18112 --database "$BENCH_POSTGRES_URL"
start_server pg-b 18113 --database "$BENCH_POSTGRES_URL"
report postgres "$("$LOAD" deliver --port 18112 --count "$COUNT")"
report postgres "$("$LOAD" deliver --port 18112 --to-port 18113 --count "$COUNT")"
report postgres "$("$LOAD" bills --port 18112 --count "$COUNT" --accounts "$ACCOUNTS")"
report postgres "$("$LOAD" bills --port 18112 --to-port 18113 --count "$COUNT" --accounts "$ACCOUNTS")"
