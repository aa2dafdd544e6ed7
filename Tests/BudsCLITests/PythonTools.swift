import Foundation
import TestSupport

/// Python with the `cryptography` package stands in for "an outsider with ordinary tools".
enum PythonTools {
    static let hasCryptography: Bool =
        (try? run("import cryptography; print('ok')", arguments: []))?
        .trimmingCharacters(in: .whitespacesAndNewlines) == "ok"

    /// Checks a raw receipt with nothing but hashlib, base64 and Ed25519: recomputes the CID
    /// (CIDv1 dag-cbor sha2-256, base32 lower) and verifies the signature with the public key
    /// read out of the CBOR map by a tiny reader of the few major types a receipt uses.
    static let verifyReceiptScript = #"""
        import sys, hashlib, base64
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
        raw = open(sys.argv[1], 'rb').read()
        signature = base64.b64decode(sys.argv[2])
        cid = 'b' + base64.b32encode(bytes([1, 0x71, 0x12, 0x20]) + hashlib.sha256(raw).digest()).decode().lower().rstrip('=')
        assert cid == sys.argv[3], (cid, sys.argv[3])
        def head(b, i):
            info = b[i] & 31
            if info < 24: return b[i] >> 5, info, i + 1
            n = {24: 1, 25: 2, 26: 4, 27: 8}[info]
            return b[i] >> 5, int.from_bytes(b[i+1:i+1+n], 'big'), i + 1 + n
        def item(b, i):
            major, arg, i = head(b, i)
            if major in (0, 1): return arg, i
            if major in (2, 3): return b[i:i+arg], i + arg
            if major == 4:
                out = []
                for _ in range(arg):
                    v, i = item(b, i); out.append(v)
                return out, i
            if major == 5:
                out = {}
                for _ in range(arg):
                    k, i = item(b, i); v, i = item(b, i); out[bytes(k).decode()] = v
                return out, i
            if major == 6: return item(b, i)
            if arg == 27: return None, i + 8
            return arg, i
        body, end = item(raw, 0)
        assert end == len(raw)
        Ed25519PublicKey.from_public_bytes(bytes(body['signingKey'])).verify(signature, raw)
        print('ok')
        """#

    static func run(_ script: String, arguments: [String]) throws -> String {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
