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
        /// The first eight bytes of the encoded key (see `KeyPrefix`).
        var prefix: UInt64
    }

    let path: CodingPath
    /// How many containers enclose the value this encoder writes.
    let level: Int
    let options: [CodingUserInfoKey: any Sendable]

    // Dynamic exclusivity checks on these hot properties cost about a third of the encoding time, so they
    // are disabled. That is sound because no access to one encoder's state ever overlaps another access to
    // the same encoder's state: containers make one short access per call, a child encoder only touches
    // its own state (and its children's) while finishing into a buffer of its parent, and `writeCBOR`
    // implementations only write to the writer they are given.
    @exclusivity(unchecked) var kind = Kind.empty
    @exclusivity(unchecked) var scratch = CBORWriter()
    @exclusivity(unchecked) var entries: [MapEntry] = []
    @exclusivity(unchecked) var arrayCount = 0
    /// Deferred children; for arrays, `position` is the scratch offset where the child's bytes belong.
    @exclusivity(unchecked) var children: [(position: Int, encoder: DAGCBOREncoderImpl)] = []
    @exclusivity(unchecked) var pendingError: (any Error)?

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
                scratch.bytes.reserveCapacity(level == 0 ? 256 : 64)
                if requested == .map { entries.reserveCapacity(16) }
                if level >= DAGCBORValue.maxNestingDepth {
                    pendingError = encodingError(DAGCBORError.nestingTooDeep, value: "container", path: path)
                }
            }
            return true
        }
        if kind == requested && requested != .single { return true }
        if kind == .single && requested == .single && scratch.bytes.isEmpty { return true }
        if pendingError == nil {
            pendingError = EncodingError.invalidValue(
                "container",
                .init(
                    codingPath: codingPath,
                    debugDescription: "A value asked for a \(requested) container after using a \(kind) one."))
        }
        return false
    }

    // MARK: Writing values

    /// Writes `value` into the scratch buffer: directly for primitives, `Data`, `CID` and `DAGCBORValue`,
    /// otherwise through a child encoder that is finished immediately.
    func encodeValue<T: Encodable>(_ value: T, childLevel: Int, path childPath: @autoclosure () -> CodingPath) throws {
        // Common types by metatype comparison first: much cheaper than a protocol conformance cast.
        if T.self == String.self, let string = value as? String {
            scratch.writeText(string)
            return
        }
        if T.self == [String].self, childLevel < DAGCBORValue.maxNestingDepth, let strings = value as? [String] {
            scratch.writeHead(.array, UInt64(strings.count))
            for string in strings { scratch.writeText(string) }
            return
        }
        if T.self == Int.self, let integer = value as? Int {
            scratch.writeInteger(integer)
            return
        }
        if let direct = value as? any DirectCBOREncodable {
            do {
                try direct.writeCBOR(into: &scratch, depth: childLevel)
            } catch {
                throw encodingError(error, value: value, path: childPath())
            }
            return
        }
        guard childLevel <= DAGCBORValue.maxNestingDepth else {
            throw encodingError(DAGCBORError.nestingTooDeep, value: value, path: childPath())
        }
        let child = DAGCBOREncoderImpl(path: childPath(), level: childLevel, userInfo: options)
        try value.encode(to: child)
        try child.finalize(into: &scratch)
    }

    /// Used by the `Codable` conformances of `CID` and `DAGCBORValue` when they are handed this encoder directly.
    func encodeDirect(_ value: some DirectCBOREncodable) throws {
        guard begin(.single), scratch.bytes.isEmpty else {
            throw EncodingError.invalidValue(
                value,
                .init(
                    codingPath: codingPath,
                    debugDescription: "A value was encoded twice into one encoder."))
        }
        do {
            try value.writeCBOR(into: &scratch, depth: level)
        } catch {
            throw encodingError(error, value: value, path: path)
        }
    }

    /// Writes a float; `valuePath` (built only on error) names it when it is NaN or infinite.
    @inline(__always)
    func writeDouble(_ value: Double, path valuePath: @autoclosure () -> CodingPath) throws {
        do {
            try scratch.writeDouble(value)
        } catch {
            throw encodingError(error, value: value, path: valuePath())
        }
    }

    func encodingError(_ error: any Error, value: Any, path errorPath: CodingPath) -> EncodingError {
        let keys = errorPath.keys
        return EncodingError.invalidValue(
            value,
            .init(
                codingPath: keys, debugDescription: error.localizedDescription,
                underlyingError: error))
    }

    // MARK: Map entries

    @inline(__always)
    func beginEntry(_ key: some CodingKey) {
        let keyStart = scratch.bytes.count
        scratch.writeText(key.stringValue)
        let valueStart = scratch.bytes.count
        let prefix = scratch.bytes.withUnsafeBufferPointer { buffer in
            KeyPrefix.of(UnsafeBufferPointer(rebasing: buffer[keyStart..<valueStart]))
        }
        entries.append(MapEntry(keyStart: keyStart, valueStart: valueStart, valueEnd: -1, child: -1, prefix: prefix))
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
        sortEntries()
        for index in entries.indices.dropFirst() where compareKeys(entries[index - 1], entries[index]) == 0 {
            let entry = entries[index]
            let keyBytes = scratch.bytes[entry.keyStart..<entry.valueStart]
            let key = (try? DAGCBORValue.decode(keyBytes))?.textValue ?? ""
            throw encodingError(DAGCBORError.duplicateMapKey(key, offset: nil), value: key, path: path)
        }
        for entry in entries {
            if entry.child >= 0 {
                out.bytes.append(contentsOf: scratch.bytes[entry.keyStart..<entry.valueStart])
                try children[entry.child].encoder.finalize(into: &out)
            } else {
                // Key and value are adjacent in the scratch buffer.
                out.bytes.append(contentsOf: scratch.bytes[entry.keyStart..<entry.valueEnd])
            }
        }
    }

    /// Sorts the entries in place by key (insertion sort: maps are small, and often nearly sorted).
    private func sortEntries() {
        var sorted = entries
        entries = []
        sorted.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices.dropFirst() {
                let entry = buffer[index]
                var hole = index
                while hole > 0 && compareKeys(buffer[hole - 1], entry) > 0 {
                    buffer[hole] = buffer[hole - 1]
                    hole -= 1
                }
                buffer[hole] = entry
            }
        }
        entries = sorted
    }

    /// Compares two encoded keys bytewise (their heads hold the length, so this is DAG-CBOR's length-first order).
    @inline(__always)
    private func compareKeys(_ lhs: MapEntry, _ rhs: MapEntry) -> Int {
        if lhs.prefix != rhs.prefix { return lhs.prefix < rhs.prefix ? -1 : 1 }
        let leftCount = lhs.valueStart - lhs.keyStart
        let rightCount = rhs.valueStart - rhs.keyStart
        // Equal prefixes mean equal heads, hence equal lengths; only longer keys need their remaining bytes.
        if leftCount <= 8 && rightCount <= 8 { return leftCount == rightCount ? 0 : (leftCount < rightCount ? -1 : 1) }
        return scratch.bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            let result = memcmp(base + lhs.keyStart, base + rhs.keyStart, min(leftCount, rightCount))
            if result != 0 { return result < 0 ? -1 : 1 }
            return leftCount == rightCount ? 0 : (leftCount < rightCount ? -1 : 1)
        }
    }
}
