#!/usr/bin/env bash
# Load test of the Kilroy cloud on loopback, bounded in time, with wrk.
#
#   Scripts/load-test.sh                 # build, seed, run every scenario that can run here
#   DURATION=15s Scripts/load-test.sh    # length of each wrk run (default 15s)
#   SKIP_BUILD=1 Scripts/load-test.sh    # reuse the release binaries already built
#   STORES=postgres Scripts/load-test.sh # only these stores (default "sqlite postgres")
#   CONNECTIONS=8 Scripts/load-test.sh   # wrk connections (default 2: the issue's figure)
#   LOAD_TEST_POSTGRES_URL=postgres://app:app@127.0.0.1:5432/app Scripts/load-test.sh
#                                        # also the PostgreSQL store (needs app-server --database)
#
# What it does:
# 1. builds `app-server` and the `kilroy-city` tool in release, in the Benchmarks package (one
#    release build shared by both; `swift build -c release --product app-server` there builds the
#    same app-server as in the main package);
# 2. seeds the 1,000,000-drop city (`kilroy-city seed`, kept between runs in $WORK/city) and copies
#    it into a fresh data folder for each server, so every run starts from the same data;
# 3. starts app-server on 127.0.0.1 (and, for the second shape, two app-servers on one data folder
#    behind nginx), uploads one photo, then runs wrk with 2 threads and 2 connections:
#    (a) near queries: radius 500 m, limit 100, at random centres of the city (≈ 314 drops in
#        each circle, so every answer holds 100 kilroys), one device; then the same at the 1,000
#        places of the side-by-side benchmark (`kilroy-city centres`), chosen at random;
#    (b) drop creation: each request a new UUID and a random position in the city, pointing at
#        the uploaded photo, from 4,000 devices in turn; app-server runs with `--rate-limits off`
#        when it has that option (an older one keeps its per-device limit of 30 drops in a burst,
#        then one every 2 s, which no device comes near when spread over 4,000), so a 429 here is
#        a defect, not the limiter doing its job;
# 4. prints one line per run: requests/s, p50, p99, non-2xx answers and 5xx answers.
#
# Needs wrk, curl and python3; nginx for the two-server shape; sqlite3 and psql for the PostgreSQL
# store (Debian packages). Everything listens on 127.0.0.1 only and every process started here is
# stopped on exit.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DURATION=${DURATION:-15s}
WORK=${LOAD_TEST_DIR:-${TMPDIR:-/tmp}/kilroy-load-test}
PORT_BASE=${LOAD_TEST_PORT:-18080}
THREADS=2
CONNECTIONS=${CONNECTIONS:-2}
DEVICES=4000
STORES=${STORES:-sqlite postgres}

mkdir -p "$WORK"
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    if [[ -f "$WORK/nginx/nginx.pid" ]]; then kill "$(cat "$WORK/nginx/nginx.pid")" 2>/dev/null || true; fi
    wait 2>/dev/null || true
}
trap cleanup EXIT

say() { printf '%s\n' "load-test: $*" >&2; }

# 1. Build ------------------------------------------------------------------------------------
cd "$ROOT/Benchmarks"
if [[ -z "${SKIP_BUILD:-}" ]]; then
    say "building app-server and kilroy-city in release (Benchmarks package)"
    swift build -c release --product app-server >"$WORK/build.log" 2>&1 || { tail -30 "$WORK/build.log"; exit 1; }
    swift build -c release --product KilroyCity >>"$WORK/build.log" 2>&1 || { tail -30 "$WORK/build.log"; exit 1; }
fi
BIN=$(swift build -c release --show-bin-path)
APP_SERVER="$BIN/app-server"
CITY="$BIN/KilroyCity"
cd "$ROOT"

# 2. Seed -------------------------------------------------------------------------------------
"$CITY" seed "$WORK/city"
"$CITY" centres "$WORK/city/centres.txt"
"$CITY" tokens "$DEVICES" >"$WORK/tokens.txt"
"$CITY" photo "$WORK/photo.jpg"

fresh_data() { # fresh_data DIR: a copy of the seeded city for one run
    rm -rf "$1"
    mkdir -p "$1"
    cp "$WORK/city/kilroy.sqlite" "$1/kilroy.sqlite"
}

wait_for() { # wait_for URL
    for _ in $(seq 1 200); do
        if curl -fsS -o /dev/null "$1" 2>/dev/null; then return 0; fi
        sleep 0.1
    done
    say "no answer from $1"
    return 1
}

# Rate limits off when app-server can turn them off, so creates measure the store.
LIMITS=()
if "$APP_SERVER" serve --help 2>&1 | grep -q -- "--rate-limits"; then LIMITS=(--rate-limits off); fi
# Each instance's gRPC port (Flipcash) is a free one, or the instances would all ask for 8081.
if "$APP_SERVER" serve --help 2>&1 | grep -q -- "--grpc-port"; then LIMITS+=(--grpc-port 0); fi

start_server() { # start_server PORT DATA [extra app-server options…]; sets SERVER_PID
    local port=$1 data=$2
    shift 2
    "$APP_SERVER" --host 127.0.0.1 --port "$port" --data "$data" --log-level warning "${LIMITS[@]}" "$@" \
        >"$WORK/app-server-$port.log" 2>&1 &
    SERVER_PID=$!
    PIDS+=("$SERVER_PID")
    wait_for "http://127.0.0.1:$port/health"
}

stop_servers() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    PIDS=()
}

upload_photo() { # upload_photo BASE_URL: prints the photo's image id
    local token
    token=$(head -1 "$WORK/tokens.txt")
    curl -fsS -X POST -H "Authorization: Bearer $token" -H "Content-Type: image/jpeg" \
        --data-binary "@$WORK/photo.jpg" "$1/kilroy/v1/images" |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])'
}

# 3. wrk scripts ------------------------------------------------------------------------------
# Shared by both scenarios: per-thread status counts, gathered and printed as one JSON line.
cat >"$WORK/common.lua" <<'LUA'
local threads = {}
local counter = 0

function setup(thread)
    counter = counter + 1
    thread:set("number", counter)
    table.insert(threads, thread)
end

function city_point(margin)
    -- A uniform point of the city's 50 km square (centre 48.8566, 2.3522), `margin` metres in.
    local half = 25000 - margin
    local north = (math.random() * 2 - 1) * half
    local east = (math.random() * 2 - 1) * half
    local perDegree = 6371008.8 * math.pi / 180
    return 48.8566 + north / perDegree, 2.3522 + east / (perDegree * math.cos(48.8566 * math.pi / 180))
end

function read_lines(path)
    local lines = {}
    for line in io.lines(path) do table.insert(lines, line) end
    return lines
end

function init(args)
    math.randomseed(os.time() * 100 + number)
    ok, non2xx, server_errors = 0, 0, 0
    if prepare then prepare(args) end
end

function response(status, headers, body)
    if status >= 200 and status < 300 then
        ok = ok + 1
    else
        non2xx = non2xx + 1
        if status >= 500 then server_errors = server_errors + 1 end
    end
end

function done(summary, latency, requests)
    local good, bad, fivexx = 0, 0, 0
    for _, thread in ipairs(threads) do
        good = good + thread:get("ok")
        bad = bad + thread:get("non2xx")
        fivexx = fivexx + thread:get("server_errors")
    end
    local seconds = summary.duration / 1e6
    io.write(string.format(
        '{"requests":%d,"requests_per_s":%.0f,"p50_ms":%.2f,"p90_ms":%.2f,"p99_ms":%.2f,"max_ms":%.2f,' ..
        '"ok":%d,"non2xx":%d,"5xx":%d,"socket_errors":%d}\n',
        summary.requests, summary.requests / seconds, latency:percentile(50) / 1000, latency:percentile(90) / 1000,
        latency:percentile(99) / 1000, latency.max / 1000, good, bad, fivexx,
        summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
LUA

cat >"$WORK/near.lua" <<LUA
dofile("$WORK/common.lua")
local token

function prepare(args)
    token = read_lines("$WORK/tokens.txt")[2]
end

function request()
    local latitude, longitude = city_point(500)
    local path = string.format("/kilroy/v1/kilroys/near?lat=%.6f&lon=%.6f&radius=500&limit=100", latitude, longitude)
    return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. token })
end
LUA

# The same near query at the 1,000 places of the side-by-side benchmark (its centres.txt), as when
# users gather in known places: the store keeps the rows it returned lately, so after the first
# answers about each place it reads few rows from the file.
cat >"$WORK/near-places.lua" <<LUA
dofile("$WORK/common.lua")
local token, places

function prepare(args)
    token = read_lines("$WORK/tokens.txt")[2]
    places = read_lines("$WORK/city/centres.txt")
end

function request()
    local latitude, longitude = places[math.random(#places)]:match("(%S+)%s+(%S+)")
    local path = string.format("/kilroy/v1/kilroys/near?lat=%s&lon=%s&radius=500&limit=100", latitude, longitude)
    return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. token })
end
LUA

cat >"$WORK/create.lua" <<LUA
dofile("$WORK/common.lua")
local tokens, next_token

function prepare(args)
    image_id = args[1]
    tokens = read_lines("$WORK/tokens.txt")
    -- Each thread starts at its own place in the list of devices.
    next_token = (number - 1) * math.floor(#tokens / 2)
end

local function uuid()
    return string.format("%08X-%04X-4%03X-%04X-%06X%06X", math.random(0, 0xFFFFFFFF), math.random(0, 0xFFFF),
        math.random(0, 0xFFF), 0x8000 + math.random(0, 0x3FFF), math.random(0, 0xFFFFFF), math.random(0, 0xFFFFFF))
end

function request()
    next_token = next_token % #tokens + 1
    local latitude, longitude = city_point(0)
    local body = string.format(
        '{"id":"%s","latitude":%.6f,"longitude":%.6f,"imageId":"%s","placeName":"Load test square",' ..
        '"comment":"Left by the load test.","createdAt":"2026-01-01T12:00:00Z"}',
        uuid(), latitude, longitude, image_id)
    return wrk.format("POST", "/kilroy/v1/kilroys",
        { ["Authorization"] = "Bearer " .. tokens[next_token], ["Content-Type"] = "application/json" }, body)
end
LUA

RESULTS="$WORK/results.txt"
: >"$RESULTS"

run_wrk() { # run_wrk LABEL BASE_URL SCRIPT [script args…]
    local label=$1 base=$2 script=$3
    shift 3
    say "$label: wrk -t$THREADS -c$CONNECTIONS -d$DURATION"
    local line
    line=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --timeout 5s -s "$script" "$base" -- "$@" | tail -1)
    printf '%s\t%s\n' "$label" "$line" | tee -a "$RESULTS" >&2
}

scenario() { # scenario LABEL BASE_URL: near queries, then drop creation
    local label=$1 base=$2 image
    image=$(upload_photo "$base")
    run_wrk "$label near" "$base" "$WORK/near.lua"
    run_wrk "$label near, 1,000 places" "$base" "$WORK/near-places.lua"
    run_wrk "$label create" "$base" "$WORK/create.lua" "$image"
}

# 4. Scenarios --------------------------------------------------------------------------------
start_nginx() { # start_nginx: nginx on PORT_BASE in front of PORT_BASE+1 and PORT_BASE+2
    mkdir -p "$WORK/nginx"
    cat >"$WORK/nginx/nginx.conf" <<NGINX
worker_processes 1;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $WORK/nginx/body;
    proxy_temp_path $WORK/nginx/proxy;
    fastcgi_temp_path $WORK/nginx/fastcgi;
    uwsgi_temp_path $WORK/nginx/uwsgi;
    scgi_temp_path $WORK/nginx/scgi;
    client_max_body_size 11m;
    upstream app_servers {
        server 127.0.0.1:$((PORT_BASE + 1));
        server 127.0.0.1:$((PORT_BASE + 2));
        keepalive 16;
    }
    server {
        listen 127.0.0.1:$PORT_BASE;
        location / {
            proxy_pass http://app_servers;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host \$host;
        }
    }
}
NGINX
    nginx -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx"
    wait_for "http://127.0.0.1:$PORT_BASE/health"
}

stop_nginx() {
    kill "$(cat "$WORK/nginx/nginx.pid")" 2>/dev/null || true
    for _ in $(seq 1 50); do [[ -f "$WORK/nginx/nginx.pid" ]] || break; sleep 0.1; done
    rm -f "$WORK/nginx/nginx.pid"
}

one_server() { # one_server LABEL DATA [app-server options…]
    local label=$1 data=$2
    shift 2
    start_server "$PORT_BASE" "$data" "$@"
    scenario "$label, 1 app-server" "http://127.0.0.1:$PORT_BASE"
    stop_servers
}

two_servers() { # two_servers LABEL DATA [app-server options…]
    local label=$1 data=$2
    shift 2
    if ! command -v nginx >/dev/null; then
        say "nginx is not installed: skipping $label with two app-servers behind nginx"
        return
    fi
    start_server $((PORT_BASE + 1)) "$data" "$@"
    start_server $((PORT_BASE + 2)) "$data" "$@"
    start_nginx
    scenario "$label, 2 app-servers + nginx" "http://127.0.0.1:$PORT_BASE"
    stop_nginx
    stop_servers
}

seed_postgres() { # seed_postgres URL DATA: the city's rows copied from the seeded SQLite file
    # into the schema app-server serves (kilroy), after app-server's own migrations made it; kept
    # while it holds the city, so a rerun only removes the drops earlier load tests created.
    local url=$1 data=$2 db="$WORK/city/kilroy.sqlite" have
    "$APP_SERVER" migrate --database "$url" --data "$data" >"$WORK/migrate.log" 2>&1 || { cat "$WORK/migrate.log"; return 1; }
    have=$(psql "$url" -Atc "SELECT count(*) FROM kilroy.kilroys WHERE id LIKE '%-0000-4000-8000-%'")
    if [[ "$have" == "1000000" ]]; then
        psql -q "$url" -c "DELETE FROM kilroy.kilroys WHERE id NOT LIKE '%-0000-4000-8000-%'; DELETE FROM kilroy.rate_buckets"
        return
    fi
    say "copying the city into PostgreSQL (schema kilroy)"
    psql -q "$url" -v ON_ERROR_STOP=1 -c "TRUNCATE kilroy.kilroys, kilroy.images, kilroy.device_drops, kilroy.rate_buckets CASCADE"
    # Doubles as %.17g, so every position and date reads back exactly as SQLite holds it.
    sqlite3 -csv "$db" "SELECT id, format, byte_count, '\\x' || lower(hex(uploader)), printf('%.17g', uploaded_at) FROM images" |
        psql -q "$url" -v ON_ERROR_STOP=1 \
            -c "\\copy kilroy.images(id, format, byte_count, uploader, uploaded_at) FROM STDIN WITH (FORMAT csv)"
    sqlite3 -csv "$db" "SELECT id, '\\x' || lower(hex(owner)), printf('%.17g', latitude), printf('%.17g', longitude), image_id,
        place_name, place_address, comment, printf('%.17g', created_at), printf('%.17g', received_at), report_count,
        CASE hidden WHEN 0 THEN 'f' ELSE 't' END FROM kilroys" |
        psql -q "$url" -v ON_ERROR_STOP=1 -c "\\copy kilroy.kilroys(id, owner, latitude, longitude, image_id, place_name, place_address, comment, created_at, received_at, report_count, hidden) FROM STDIN WITH (FORMAT csv)"
    sqlite3 -csv "$db" "SELECT '\\x' || lower(hex(owner)), drop_count FROM device_drops" |
        psql -q "$url" -v ON_ERROR_STOP=1 -c "\\copy kilroy.device_drops(owner, drop_count) FROM STDIN WITH (FORMAT csv)"
    # The copy also filled the change log (its trigger logs every insert): without statistics on
    # it, the planner scans the whole log for each near request until autovacuum analyses it
    # (29 near requests/s instead of 661 in the first minute after a copy).
    psql -q "$url" -c "ANALYZE kilroy.kilroys, kilroy.kilroy_changes"
}

# SQLite store (the default): each shape on a fresh copy of the city.
if [[ " $STORES " == *" sqlite "* ]]; then
    fresh_data "$WORK/run-one"
    one_server "sqlite" "$WORK/run-one"
    fresh_data "$WORK/run-two"
    two_servers "sqlite" "$WORK/run-two"
fi

# PostgreSQL store, when asked for and when app-server can use one. The city is seeded into the
# schema app-server serves (kilroy) of that database: point it at a database for tests.
if [[ " $STORES " != *" postgres "* ]]; then
    :
elif [[ -z "${LOAD_TEST_POSTGRES_URL:-}" ]]; then
    say "PostgreSQL store skipped: set LOAD_TEST_POSTGRES_URL=postgres://user:pass@127.0.0.1:5432/db (with PostGIS) to run it"
elif ! "$APP_SERVER" serve --help 2>&1 | grep -q -- "--database"; then
    say "PostgreSQL store skipped: this app-server has no --database option"
else
    rm -rf "$WORK/run-pg" && mkdir -p "$WORK/run-pg"
    seed_postgres "$LOAD_TEST_POSTGRES_URL" "$WORK/run-pg"
    one_server "postgres" "$WORK/run-pg" --database "$LOAD_TEST_POSTGRES_URL"
    seed_postgres "$LOAD_TEST_POSTGRES_URL" "$WORK/run-pg"
    two_servers "postgres" "$WORK/run-pg" --database "$LOAD_TEST_POSTGRES_URL"
fi

# 5. Summary ----------------------------------------------------------------------------------
python3 - "$RESULTS" <<'PY'
import json, sys
rows = [line.rstrip("\n").split("\t", 1) for line in open(sys.argv[1]) if "\t" in line]
print("%-52s %10s %9s %9s %9s %7s %5s" % ("run", "requests/s", "p50 ms", "p99 ms", "max ms", "non-2xx", "5xx"))
for label, data in rows:
    r = json.loads(data)
    print("%-52s %10s %9.2f %9.2f %9.2f %7d %5d" % (label, r["requests_per_s"], r["p50_ms"], r["p99_ms"], r["max_ms"], r["non2xx"], r["5xx"]))
PY
