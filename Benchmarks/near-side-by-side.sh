#!/usr/bin/env bash
# The near query side by side, in one run, on the same 1,000,000-drop city and the same 1,000
# centres (radius 500 m, the 100 nearest): the SQLite store, the PostgreSQL/PostGIS store (when
# BENCH_POSTGRES_URL is set) and Redis GEOSEARCH (Debian's redis-server).
#
#   Benchmarks/near-side-by-side.sh                  # ROUNDS=5 passes over the centres each
#   SKIP_BUILD=1 Benchmarks/near-side-by-side.sh     # reuse the release build of kilroy-city
#   REPEAT=3 Benchmarks/near-side-by-side.sh         # the engines in turn three times, a table each
#   BENCH_POSTGRES_URL=postgres://app:app@127.0.0.1:5432/app Benchmarks/near-side-by-side.sh
#
# Each engine runs alone (one after the other, never together), after one untimed warm-up pass.
# Our stores are timed in-process around the store call, which returns full records; Redis's
# figure is its own server-side time per call (`usec_per_call` of geosearch in INFO
# commandstats), which returns member names only, with the client's loopback round trip beside it.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROUNDS=${ROUNDS:-5}
CITY_DIR=${CITY_DIR:-${TMPDIR:-/tmp}/kilroy-city-1m}
REDIS_PORT=${REDIS_PORT:-6390}

cd "$HERE"
if [[ -z "${SKIP_BUILD:-}" ]]; then
    swift build -c release --product KilroyCity >"${TMPDIR:-/tmp}/near-side-by-side-build.log" 2>&1 ||
        { tail -30 "${TMPDIR:-/tmp}/near-side-by-side-build.log"; exit 1; }
fi
CITY="$(swift build -c release --show-bin-path)/KilroyCity"

"$CITY" seed "$CITY_DIR"
"$CITY" centres "$CITY_DIR/centres.txt"
RESULTS=$(mktemp)
STARTED_REDIS=""
cleanup() {
    if [[ -n "$STARTED_REDIS" ]]; then redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true; fi
    rm -f "$RESULTS"
}
trap cleanup EXIT

print_table() { # print_table REPEAT: one table from $RESULTS
python3 - "$RESULTS" "$1" <<'PY'
import json, sys, time
rows = [json.loads(line) for line in open(sys.argv[1]) if line.startswith("{")]
redis = next((row for row in rows if row["engine"] == "redis"), None)
labels = {"sqlite": "sqlite store", "sqlite-cold": "sqlite store, rows from the file", "postgres": "postgres store",
          "postgres-cold": "postgres store, rows from the database"}
print("near query, radius 500 m, 100 results, 1,000,000 drops (%d queries each; run %s, %s UTC)" % (
    rows[0]["queries"], sys.argv[2], time.strftime("%H:%M", time.gmtime())))
print("%-46s %10s %10s %10s %9s %12s" % ("engine", "p50 µs", "p90 µs", "p99 µs", "results", "× Redis"))
for row in rows:
    if row["engine"] == "redis":
        continue
    ratio = "%.2f" % (row["p50_us"] / redis["usec_per_call"]) if redis else "-"
    print("%-46s %10.1f %10.1f %10.1f %9.1f %12s" % (
        labels.get(row["engine"], row["engine"]) + " (p50)", row["p50_us"], row["p90_us"], row["p99_us"], row["mean_results"], ratio))
if redis:
    print("%-46s %10.1f %10s %10s %9.1f %12s" % (
        "redis GEOSEARCH (usec_per_call)", redis["usec_per_call"], "", "", redis["mean_results"], "1.00"))
    print("%-46s %10.1f %10.1f %10.1f %9s %12s" % (
        "redis, client round trip", redis["client_p50_us"], redis["client_p90_us"], redis["client_p99_us"], "", ""))
PY
}

if command -v redis-server >/dev/null && ! redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --daemonize yes --save '' --appendonly no \
        --logfile "${TMPDIR:-/tmp}/near-side-by-side-redis.log"
    STARTED_REDIS=1
    for _ in $(seq 1 50); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
fi

# This machine's speed drifts (other work, the VM's host): REPEAT=3 runs the engines in turn
# three times, so each table compares engines measured minutes apart, never an hour apart.
for repeat in $(seq 1 "${REPEAT:-1}"); do
    : >"$RESULTS"
    echo "near-side-by-side: SQLite store" >&2
    "$CITY" near "$CITY_DIR" "$ROUNDS" >>"$RESULTS"
    # The same store keeping no record: every answer's rows read from the file, as for a place
    # no one asked about lately (the store keeps the rows it returned lately; the rounds repeat
    # the same centres, so the line above is answered from memory after the first).
    echo "near-side-by-side: SQLite store, rows from the file" >&2
    KILROY_RECENT_RECORDS=0 "$CITY" near "$CITY_DIR" "$ROUNDS" >>"$RESULTS"

    if [[ -n "${BENCH_POSTGRES_URL:-}" ]]; then
        echo "near-side-by-side: PostgreSQL store" >&2
        "$CITY" near-postgres "$ROUNDS" >>"$RESULTS"
        echo "near-side-by-side: PostgreSQL store, rows from the database" >&2
        KILROY_RECENT_RECORDS=0 "$CITY" near-postgres "$ROUNDS" >>"$RESULTS"
    else
        echo "near-side-by-side: PostgreSQL store skipped: set BENCH_POSTGRES_URL=postgres://user:pass@127.0.0.1:5432/db (with PostGIS) to run it" >&2
    fi

    if redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1; then
        echo "near-side-by-side: Redis GEOSEARCH" >&2
        python3 "$HERE/redis_geosearch.py" --port "$REDIS_PORT" --data "$CITY_DIR" --centres "$CITY_DIR/centres.txt" \
            --rounds "$ROUNDS" >>"$RESULTS"
    else
        echo "near-side-by-side: Redis skipped: install redis-server (Debian package) to run it" >&2
    fi

    print_table "$repeat"
done
