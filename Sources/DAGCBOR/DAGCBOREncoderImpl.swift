import Foundation

/// The `Encoder` behind `DAGCBOREncoder`.
///
/// Each instance encodes one value into its own scratch buffer. Leaves are written straight into that
/// buffer; a nested value encoded through `encode(_:forKey:)` is finished as soon as its `encode(to:)`
/// returns and copied in, so only containers handed out by `nestedContainer`/`superEncoder` (which the
/// caller may still fill later) are kept as child encoders and written at `finalize` time. Map entries
/// record where their key and value lie in the scratch buffer and are sorted once, when the map is written.
final class DAGCBOREncoderImpl: Encoder {
    enum Kind {
        case empty, single, map, array
    }

    struct MapEntry {
        var keyStart: Int
        var valueStart: Int
        var valueEnd: Int
        /// Index into `children` for a deferred value, or -1 when the value is in the scratch buffer.
        var child: Int
    }

    let path: CodingPath
    /// How many containers enclose the value this encoder writes.
    let level: Int
    let options: [CodingUserInfoKey: any Sendable]

    var kind = Kind.empty
    var scratch = CBORWriter(capacity: 0)
    var entries: [MapEntry] = []
    var arrayCount = 0
    /// Deferred children; for arrays, `position` is the scratch offset where the child's bytes belong.
    var children: [(position: Int, encoder: DAGCBOREncoderImpl)] = []
    var pendingError: (any Error)?

    init(path: CodingPath, level: Int, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.path = path
        self.level = level
        self.options = userInfo
    }

    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { options }

    // MARK: Encoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard begin(.map) else {
            let orphan = DAGCBOREncoderImpl(path: path, level: level, userInfo: options)
            _ = orphan.begin(.map)
            return KeyedEncodingContainer(DAGCBORKeyedEncodingContainer<Key>(encoder: orphan))
        }
        return KeyedEncodingContainer(DAGCBORKeyedEncodingContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        guard begin(.array) else {
            let orphan = DAGCBOREncoderImpl(path: path, level: level, userInfo: options)
            _ = orphan.begin(.array)
            return DAGCBORUnkeyedEncodingContainer(encoder: orphan)
        }
        return DAGCBORUnkeyedEncodingContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        _ = begin(.single)
        return DAGCBORSingleValueEncodingContainer(encoder: self)
    }

    /// Switches to `kind`, or records an error when a different kind of container was already requested
    /// (the orphan container returned then keeps the caller's code running until `finalize` throws).
    func begin(_ requested: Kind) -> Bool {
        if kind == .empty {
            kind = requested
            if requested == .map || requested == .array {
                scratch.bytes.reserveCapacity(128)
                if level >= DAGCBORValue.maxNestingDepth {
                    pendingError = encodingError(DAGCBORError.nestingTooDeep, value: "container", key: nil)
                }
            }
            return true
        }
        if kind == requested && requested != .single { return true }
        if kind == .single && requested == .single && scratch.bytes.isEmpty { return true }
        if pendingError == nil {
            pendingError = EncodingError.invalidValue(
                "container", .init(codingPath: codingPath,
                                   debugDescription: "A value asked for a \(requested) container after using a \(kind) one."))
        }
        return false
    }

    // MARK: Writing values

    /// Writes `value` into the scratch buffer: directly for primitives, `Data`, `CID` and `DAGCBORValue`,
    /// otherwise through a child encoder that is finished immediately.
    func encodeValue<T: Encodable>(_ value: T, key: (any CodingKey)?, childLevel: Int) throws {
        if let direct = value as? any DirectCBOREncodable {
            do {
                try direct.writeCBOR(into: &scratch, depth: childLevel)
            } catch {
                throw encodingError(error, value: value, key: key)
            }
            return
        }
        guard childLevel <= DAGCBORValue.maxNestingDepth else {
            throw encodingError(DAGCBORError.nestingTooDeep, value: value, key: key)
        }
        let child = DAGCBOREncoderImpl(path: key.map { path.appending($0) } ?? path, level: childLevel, userInfo: options)
        try value.encode(to: child)
        try child.finalize(into: &scratch)
    }

    /// Used by the `Codable` conformances of `CID` and `DAGCBORValue` when they are handed this encoder directly.
    func encodeDirect(_ value: some DirectCBOREncodable) throws {
        guard begin(.single), scratch.bytes.isEmpty else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath,
                                                          debugDescription: "A value was encoded twice into one encoder."))
        }
        do {
            try value.writeCBOR(into: &scratch, depth: level)
        } catch {
            throw encodingError(error, value: value, key: nil)
        }
    }

    func writeDouble(_ value: Double, key: (any CodingKey)?) throws {
        do {
            try scratch.writeDouble(value)
        } catch {
            throw encodingError(error, value: value, key: key)
        }
    }

    func encodingError(_ error: any Error, value: Any, key: (any CodingKey)?) -> EncodingError {
        var keys = codingPath
        if let key { keys.append(key) }
        return EncodingError.invalidValue(value, .init(codingPath: keys, debugDescription: error.localizedDescription,
                                                       underlyingError: error))
    }

    // MARK: Map entries

    @inline(__always)
    func beginEntry(_ key: some CodingKey) {
        let keyStart = scratch.bytes.count
        scratch.writeText(key.stringValue)
        entries.append(MapEntry(keyStart: keyStart, valueStart: scratch.bytes.count, valueEnd: -1, child: -1))
    }

    @inline(__always)
    func endEntry() {
        entries[entries.count - 1].valueEnd = scratch.bytes.count
    }

    /// Drops a half-written entry when encoding its value failed, so the map stays consistent.
    func abandonEntry() {
        guard let last = entries.popLast() else { return }
        scratch.bytes.removeSubrange(last.keyStart...)
    }

    func deferChild(forKey key: any CodingKey) -> DAGCBOREncoderImpl {
        let child = DAGCBOREncoderImpl(path: path.appending(key), level: level + 1, userInfo: options)
        beginEntry(key)
        endEntry()
        entries[entries.count - 1].child = children.count
        children.append((scratch.bytes.count, child))
        return child
    }

    func deferElement() -> DAGCBOREncoderImpl {
        let key = DAGCBORCodingKey(index: arrayCount)
        let child = DAGCBOREncoderImpl(path: path.appending(key), level: level + 1, userInfo: options)
        children.append((scratch.bytes.count, child))
        arrayCount += 1
        return child
    }

    // MARK: Finishing

    /// Appends the finished encoding of this encoder's value to `out`.
    func finalize(into out: inout CBORWriter) throws {
        if let pendingError { throw pendingError }
        switch kind {
        case .empty:
            // A value that encoded nothing (e.g. an empty struct) becomes an empty map, as in JSONEncoder.
            out.writeHead(.map, 0)
        case .single:
            if scratch.bytes.isEmpty {
                out.writeHead(.map, 0)
            } else {
                out.bytes.append(contentsOf: scratch.bytes)
            }
        case .array:
            out.writeHead(.array, UInt64(arrayCount))
            var cursor = 0
            for child in children {
                out.bytes.append(contentsOf: scratch.bytes[cursor..<child.position])
                try child.encoder.finalize(into: &out)
                cursor = child.position
            }
            out.bytes.append(contentsOf: scratch.bytes[cursor...])
        case .map:
            try finalizeMap(into: &out)
        }
    }

    private func finalizeMap(into out: inout CBORWriter) throws {
        out.writeHead(.map, UInt64(entries.count))
        var inOrder = children.isEmpty
        if inOrder {
            for index in entries.indices.dropFirst() where compareKeys(entries[index - 1], entries[index]) >= 0 {
                inOrder = false
                break
            }
        }
        if inOrder {
            out.bytes.append(contentsOf: scratch.bytes)
            return
        }
        let sorted = entries.sorted { compareKeys($0, $1) < 0 }
        for index in sorted.indices.dropFirst() where compareKeys(sorted[index - 1], sorted[index]) == 0 {
            let entry = sorted[index]
            let keyBytes = scratch.bytes[entry.keyStart..<entry.valueStart]
            let key = (try? DAGCBORValue.decode(keyBytes))?.textValue ?? ""
            throw encodingError(DAGCBORError.duplicateMapKey(key, offset: nil), value: key, key: nil)
        }
        for entry in sorted {
            out.bytes.append(contentsOf: scratch.bytes[entry.keyStart..<entry.valueStart])
            if entry.child >= 0 {
                try children[entry.child].encoder.finalize(into: &out)
            } else {
                out.bytes.append(contentsOf: scratch.bytes[entry.valueStart..<entry.valueEnd])
            }
        }
    }

    /// Compares two encoded keys bytewise (their heads hold the length, so this is DAG-CBOR's length-first order).
    private func compareKeys(_ lhs: MapEntry, _ rhs: MapEntry) -> Int {
        let leftCount = lhs.valueStart - lhs.keyStart
        let rightCount = rhs.valueStart - rhs.keyStart
        return scratch.bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            let result = memcmp(base + lhs.keyStart, base + rhs.keyStart, min(leftCount, rightCount))
            if result != 0 { return result < 0 ? -1 : 1 }
            return leftCount == rightCount ? 0 : (leftCount < rightCount ? -1 : 1)
        }
    }
}
