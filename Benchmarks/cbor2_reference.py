"""Reference timing for the DAG-CBOR benchmark: Python's cbor2 (C extension) encoding and
decoding the same session payload as BenchmarkFixtures.payload, with canonical=True.

Usage: pip install cbor2 && python3 cbor2_reference.py
Prints nanoseconds per encode+decode pair (best of 7 runs of 100,000 pairs)."""
import sys
import timeit

import cbor2

try:
    from _cbor2 import dumps as c_dumps  # noqa: F401  (the C extension is present)
    backend = "C extension"
except ImportError:
    backend = "pure Python"

payload = {
    "claimedTimeMs": 1763587800000,
    "productName": "Blue Dream",
    "productType": "flower",
    "rating": 4,
    "notes": "Smooth, citrus notes; great for an evening walk.",
    "brand": "Cookies",
    "thcPercent": 23.5,
    "cbdPercent": 0.8,
    "amountGrams": 0.35,
    "effects": ["relaxed", "creative", "happy"],
    "consumptionMethod": "vape",
}


def pair():
    cbor2.loads(cbor2.dumps(payload, canonical=True))


encoded = cbor2.dumps(payload, canonical=True)
n = 100_000
best = min(timeit.repeat(pair, number=n, repeat=7))
print(f"cbor2 {cbor2.__version__ if hasattr(cbor2, '__version__') else ''} ({backend}): "
      f"{best / n * 1e9:.0f} ns per encode+decode, {len(encoded)} bytes", file=sys.stdout)
