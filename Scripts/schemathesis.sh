#!/usr/bin/env bash
# Checks that a running app-server keeps its clouds' contracts (Kilroy's, the Buds relay's, then UmiLog's sync): schemathesis generates requests from
# the OpenAPI document the server serves (valid ones and ones the document forbids) and runs every
# check on the answers — no 5xx, every status, header, content type and body as documented, every
# request the document forbids refused, every one it allows accepted, 405 for undeclared methods,
# 401 without a credential.
#
# Usage: Scripts/schemathesis.sh PATH/TO/app-server [SECONDS]
#   Starts the server on a free loopback port with its data in a fresh temporary folder, runs
#   schemathesis for at most SECONDS (default 120) per cloud, stops the server and exits non-zero on
#   any failure. Installs schemathesis from PyPI first when it is missing. SCHEMATHESIS_CLOUDS (default
#   "kilroy buds umilog") names the clouds to check, e.g. one while working on it.
set -euo pipefail

SCHEMATHESIS_VERSION=4.32.5
server_binary="${1:?usage: $0 PATH/TO/app-server [SECONDS]}"
budget="${2:-120}"
[[ -x "$server_binary" ]] || { echo "error: $server_binary is not an executable app-server" >&2; exit 2; }

# The `st` that python3's pip installs (a version manager's shim may not know a new one yet).
st="$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')/st"
if [[ ! -x "$st" ]] || [[ "$("$st" --version 2>/dev/null)" != *"$SCHEMATHESIS_VERSION"* ]]; then
  python3 -m pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# A free port: bind to 0, read the port the kernel gave, let it go.
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
"$server_binary" serve --host 127.0.0.1 --port "$port" --grpc-port 0 --data "$work/data" --log-level warning >"$work/server.log" 2>&1 &
server_pid=$!
base="http://127.0.0.1:$port"
for _ in $(seq 100); do
  curl -fsS -o /dev/null "$base/health" 2>/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || { echo "error: app-server exited at start:" >&2; cat "$work/server.log" >&2; exit 1; }
  sleep 0.1
done
curl -fsS -o /dev/null "$base/health" || { echo "error: app-server did not answer /health" >&2; cat "$work/server.log" >&2; exit 1; }

# No account to register: a device is its bearer credential, 32 random bytes the client makes
# itself, written as 43 characters of base64url without padding (CloudWire.DeviceToken).
token="$(python3 -c 'import base64, os; print(base64.urlsafe_b64encode(os.urandom(32)).rstrip(b"=").decode())')"

# Requests the document allows may still be refused for what a schema cannot say: bytes that are
# no whole JPEG/PNG/HEIC (415) or over 10 MB (413), an image id no upload made (400
# unknown_image), a capture date in the future (400), a kilroy id another drop took (409), a rate
# limit (429). Valid data must get one of these or a 2xx/401/403/404. The relay refuses a
# credential no phone or link registered (403), signatures that do not verify (400), unknown
# sessions, circles, links and blobs (404) and stale versions (409) the same way. UmiLog's sync
# server refuses an account signature that does not verify (400 on creation, 403 on registration)
# and unknown accounts (404); its other operations are signed per request by a registered device,
# which schemathesis cannot do, so they answer 401 (the Bearer header means nothing to it).
# A request the document forbids may also be refused as too large (413) before it is read: the
# relay's bodies are capped in bytes, and a string one character over its maxLength can be far
# more bytes than the cap.
cat >"$work/schemathesis.toml" <<'TOML'
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "400", "401", "403", "404", "409", "413", "415", "429"]

[checks.negative_data_rejection]
expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429"]
TOML

status=0
for cloud in ${SCHEMATHESIS_CLOUDS:-kilroy buds umilog}; do
  "$st" --config-file "$work/schemathesis.toml" run "$base/$cloud/v1/openapi.yaml" \
    --url "$base/$cloud/v1" \
    --checks all \
    --header "Authorization: Bearer $token" \
    --max-time "$budget" \
    --request-timeout 10 \
    --seed 15 \
    --workers 1 \
    --suppress-health-check too_slow,filter_too_much \
    --report junit --report-dir "${SCHEMATHESIS_REPORT_DIR:-$work/report}/$cloud" || status=$?
done

if [[ "$status" -ne 0 ]]; then
  echo "schemathesis failed (exit $status); the server's log ends with:" >&2
  tail -20 "$work/server.log" >&2
fi
exit "$status"
