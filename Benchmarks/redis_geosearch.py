#!/usr/bin/env python3
"""Redis GEOSEARCH on the Kilroy city's points: the reference for the near-query benchmark.

Loads the 1,000,000 drops of a seeded data folder (`kilroy-city seed DIR`, read straight from
DIR/kilroy.sqlite, so Redis holds exactly the points our stores hold) into one geo set with
pipelined GEOADD, then asks GEOSEARCH FROMLONLAT ... BYRADIUS 500 m ASC COUNT 100 for each
centre of the centres file (`kilroy-city centres FILE`): one untimed warm-up pass, then
CONFIG RESETSTAT and ROUNDS timed passes. Prints one JSON line: Redis's own time per call
(`usec_per_call` of geosearch in INFO commandstats, the server-side figure) and, for
comparison, the client's round trip over loopback.

Speaks RESP over a socket (no client library needed). Usage:
    redis_geosearch.py --port 6390 --data DIR --centres FILE [--rounds 5]
"""

import argparse
import json
import os
import socket
import sqlite3
import sys
import time

KEY = "kilroy:city"
SOURCE_KEY = "kilroy:city:source"


class Redis:
    """A minimal RESP2 client: enough for GEOADD, GEOSEARCH, ZCARD, CONFIG and INFO."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.reader = self.sock.makefile("rb", buffering=1 << 20)

    @staticmethod
    def encode(*args):
        parts = [b"*%d\r\n" % len(args)]
        for arg in args:
            data = arg if isinstance(arg, bytes) else str(arg).encode()
            parts.append(b"$%d\r\n%s\r\n" % (len(data), data))
        return b"".join(parts)

    def reply(self):
        line = self.reader.readline()
        if not line:
            raise ConnectionError("redis closed the connection")
        kind, rest = line[:1], line[1:-2]
        if kind == b"+":
            return rest.decode()
        if kind == b"-":
            raise RuntimeError("redis: " + rest.decode())
        if kind == b":":
            return int(rest)
        if kind == b"$":
            length = int(rest)
            if length < 0:
                return None
            data = self.reader.read(length + 2)
            return data[:-2]
        if kind == b"*":
            count = int(rest)
            return None if count < 0 else [self.reply() for _ in range(count)]
        raise RuntimeError("unexpected RESP reply %r" % line)

    def call(self, *args):
        self.sock.sendall(self.encode(*args))
        return self.reply()

    def pipeline(self, commands):
        self.sock.sendall(b"".join(self.encode(*command) for command in commands))
        return [self.reply() for _ in commands]


def load(redis, database):
    """Fills the geo set from the store's table unless it was filled from this very file."""
    connection = sqlite3.connect("file:%s?mode=ro" % database, uri=True)
    expected = connection.execute("SELECT count(*) FROM kilroys").fetchone()[0]
    status = os.stat(database)
    source = "%s %d %d %d" % (os.path.realpath(database), status.st_size, status.st_mtime_ns, expected)
    if redis.call("ZCARD", KEY) == expected and redis.call("GET", SOURCE_KEY) == source.encode():
        return expected
    redis.call("DEL", KEY, SOURCE_KEY)
    started = time.monotonic()
    commands, batch = [], []
    for longitude, latitude, identifier in connection.execute("SELECT longitude, latitude, id FROM kilroys"):
        batch += [repr(longitude), repr(latitude), identifier]
        if len(batch) == 3 * 500:
            commands.append(["GEOADD", KEY] + batch)
            batch = []
        if len(commands) == 50:
            redis.pipeline(commands)
            commands = []
    if batch:
        commands.append(["GEOADD", KEY] + batch)
    if commands:
        redis.pipeline(commands)
    loaded = redis.call("ZCARD", KEY)
    print("redis: loaded %d points in %.1f s" % (loaded, time.monotonic() - started), file=sys.stderr)
    if loaded != expected:
        raise RuntimeError("redis holds %d points, the store %d" % (loaded, expected))
    redis.call("SET", SOURCE_KEY, source)
    return loaded


def commandstats(redis, command):
    """The `cmdstat_<command>` fields of INFO commandstats, as numbers."""
    for line in redis.call("INFO", "commandstats").decode().splitlines():
        if line.startswith("cmdstat_%s:" % command):
            fields = dict(item.split("=", 1) for item in line.split(":", 1)[1].split(","))
            return {name: float(value) for name, value in fields.items() if name in ("calls", "usec", "usec_per_call")}
    raise RuntimeError("INFO commandstats has no %s line" % command)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=6390)
    parser.add_argument("--data", required=True, help="a data folder seeded by `kilroy-city seed`")
    parser.add_argument("--centres", required=True, help="the file written by `kilroy-city centres`")
    parser.add_argument("--rounds", type=int, default=5)
    options = parser.parse_args()

    redis = Redis(options.port)
    points = load(redis, options.data.rstrip("/") + "/kilroy.sqlite")
    with open(options.centres) as file:
        centres = [tuple(float(value) for value in line.split()) for line in file if line.strip()]

    def search(latitude, longitude):
        return redis.call("GEOSEARCH", KEY, "FROMLONLAT", repr(longitude), repr(latitude),
                          "BYRADIUS", "500", "m", "ASC", "COUNT", "100")

    for latitude, longitude in centres:
        search(latitude, longitude)
    redis.call("CONFIG", "RESETSTAT")
    round_trips, results = [], 0
    for _ in range(options.rounds):
        for latitude, longitude in centres:
            started = time.perf_counter_ns()
            found = search(latitude, longitude)
            round_trips.append((time.perf_counter_ns() - started) / 1000)
            results += len(found)
    stats = commandstats(redis, "geosearch")
    if int(stats["calls"]) != len(round_trips):
        raise RuntimeError("redis counted %d GEOSEARCH calls, we sent %d" % (stats["calls"], len(round_trips)))
    print(json.dumps({
        "engine": "redis",
        "points": points,
        "queries": len(round_trips),
        "usec_per_call": stats["usec_per_call"],
        "client_p50_us": round(percentile(round_trips, 0.5), 1),
        "client_p90_us": round(percentile(round_trips, 0.9), 1),
        "client_p99_us": round(percentile(round_trips, 0.99), 1),
        "mean_results": round(results / len(round_trips), 1),
    }))


if __name__ == "__main__":
    main()
