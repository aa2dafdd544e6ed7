"""Reference timing for the DAG-CBOR benchmark: Python's cbor2 encoding and decoding the same
session payload as BenchmarkFixtures.payload, with canonical=True.

Usage: pip install cbor2 && python3 cbor2_reference.py
Prints nanoseconds per encode+decode pair (best of 7 runs of 100,000 pairs).

Which native backend is measured depends on the cbor2 version:
- cbor2 < 6 ships a C extension, the top-level module `_cbor2`, with a pure-Python fallback;
- cbor2 >= 6 is implemented in Rust (PyO3), as the submodule `cbor2._cbor2`, with no fallback.
The script reports the module `cbor2.dumps` really comes from and refuses to time pure Python,
whose figure would be no reference at all. For the C extension: pip install 'cbor2<6'."""
import importlib.metadata
import sys
import timeit

import cbor2

version = importlib.metadata.version("cbor2")
dumps_module = getattr(cbor2.dumps, "__module__", None) or "?"
native = type(cbor2.dumps).__name__ == "builtin_function_or_method" and type(cbor2.loads).__name__ == (
    "builtin_function_or_method"
)
if not native:
    sys.exit(f"cbor2 {version}: dumps/loads are pure Python ({dumps_module}); install a wheel with the native extension")
if dumps_module == "_cbor2":
    backend = "C extension _cbor2"
elif int(version.split(".")[0]) >= 6:
    backend = f"Rust extension {dumps_module}"
else:
    backend = f"native extension {dumps_module}"

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
print(f"cbor2 {version} ({backend}): {best / n * 1e9:.0f} ns per encode+decode, {len(encoded)} bytes")
