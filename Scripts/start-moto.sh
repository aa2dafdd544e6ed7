#!/usr/bin/env bash
# Starts moto_server as a local S3 endpoint that CHECKS SIGNATURES, for ObjectStorage's tests.
#
# By default moto accepts any signature, which would let a broken SigV4 signer pass. moto counts
# the requests that reach an IAM or S3 action and enforces authentication once the count reaches
# INITIAL_NO_AUTH_ACTION_COUNT; `POST /moto-api/reset-auth` sets that limit and zeroes the count
# (moto/core/authorization.py, moto/moto_api/_internal/responses.py). The four setup calls below
# (CreateUser, PutUserPolicy, CreateAccessKey, CreateBucket) use up exactly that allowance, so
# every later request must be signed with the new user's key. The script then proves it: a
# request signed with a wrong secret must be refused with SignatureDoesNotMatch.
#
# Usage: eval "$(Scripts/start-moto.sh PIDFILE [PORT])"     (PORT defaults to $MOTO_PORT or 9000)
# Prints `export TEST_S3_URL=… AWS_ACCESS_KEY_ID=… AWS_SECRET_ACCESS_KEY=…` on stdout; everything
# else goes to stderr. moto's log is written next to PIDFILE (PIDFILE.log). Stop it with
# `kill "$(cat PIDFILE)"`.
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
  echo "usage: $0 PIDFILE [PORT]" >&2
  exit 2
fi
pid_file="$1"
port="${2:-${MOTO_PORT:-9000}}"
bucket="${MOTO_BUCKET:-photos}"
region=us-east-1
endpoint="http://127.0.0.1:$port"
setup_calls=4

command -v moto_server >/dev/null || { echo "moto_server is not installed (pip install 'moto[server]')" >&2; exit 1; }

INITIAL_NO_AUTH_ACTION_COUNT=$setup_calls moto_server -H 127.0.0.1 -p "$port" >"$pid_file.log" 2>&1 &
echo $! >"$pid_file"

# The moto-api routes are not IAM or S3 actions, so polling them does not use up the allowance.
for _ in $(seq 100); do
  curl -sf -o /dev/null "$endpoint/moto-api/data.json" && break
  if ! kill -0 "$(cat "$pid_file")" 2>/dev/null; then
    echo "moto_server exited; see $pid_file.log" >&2
    exit 1
  fi
  sleep 0.1
done
curl -sf -o /dev/null "$endpoint/moto-api/data.json" || { echo "moto_server did not answer on $endpoint" >&2; exit 1; }
# Restart the count from zero whatever happened before (another script's probe, a reused server).
curl -sf -o /dev/null -X POST -H "Content-Type: text/plain" --data "$setup_calls" "$endpoint/moto-api/reset-auth"

ENDPOINT="$endpoint" REGION="$region" BUCKET="$bucket" python3 - <<'PY'
import json, os, sys
import boto3
from botocore.exceptions import ClientError

endpoint, region, bucket = os.environ["ENDPOINT"], os.environ["REGION"], os.environ["BUCKET"]
setup = dict(endpoint_url=endpoint, region_name=region, aws_access_key_id="setup", aws_secret_access_key="setup")

iam = boto3.client("iam", **setup)
iam.create_user(UserName="object-storage-tests")
iam.put_user_policy(
    UserName="object-storage-tests",
    PolicyName="s3-all",
    PolicyDocument=json.dumps(
        {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}
    ),
)
key = iam.create_access_key(UserName="object-storage-tests")["AccessKey"]
boto3.client("s3", **setup).create_bucket(Bucket=bucket)

def s3(secret):
    return boto3.client(
        "s3", endpoint_url=endpoint, region_name=region,
        aws_access_key_id=key["AccessKeyId"], aws_secret_access_key=secret,
    )

s3(key["SecretAccessKey"]).head_bucket(Bucket=bucket)
try:
    s3(key["SecretAccessKey"] + "x").head_bucket(Bucket=bucket)
except ClientError as error:
    status = error.response["ResponseMetadata"]["HTTPStatusCode"]
    if status != 403:
        sys.exit(f"a wrongly signed request got HTTP {status}, expected 403")
else:
    sys.exit("moto accepted a request signed with a wrong secret: signature checking is off")
try:
    s3(key["SecretAccessKey"] + "x").get_object(Bucket=bucket, Key="absent")
except ClientError as error:
    code = error.response["Error"]["Code"]
    if code != "SignatureDoesNotMatch":
        sys.exit(f"a wrongly signed request was refused with {code}, expected SignatureDoesNotMatch")
else:
    sys.exit("moto accepted a request signed with a wrong secret: signature checking is off")

print(
    f"export TEST_S3_URL='s3://{bucket}?endpoint={endpoint}&region={region}'"
    f" AWS_ACCESS_KEY_ID='{key['AccessKeyId']}' AWS_SECRET_ACCESS_KEY='{key['SecretAccessKey']}'"
)
PY
echo "moto_server is running on $endpoint (pid $(cat "$pid_file")) with signature checking on" >&2
