/// Subsurface names a dive site by a 32-bit uuid written as 8 hex digits (`<site uuid='ec2bbc32'>`,
/// `<dive divesiteid='ec2bbc32'>`). Our site keys are arbitrary strings, so keys are mapped onto
/// such ids: one that already is an id stays itself (a Subsurface file round-trips unchanged),
/// any other gets a stable id hashed from the key, so exporting the same log twice gives the
/// same file.
enum SubsurfaceSiteID {
    /// The canonical form of a Subsurface id — lower-case, zero-padded 8 hex digits — or `nil`
    /// when `text` is not 1–8 hex digits. Subsurface pads `divesiteid` with spaces and `uuid`
    /// with zeros, so both are normalised before they are compared.
    static func canonical(_ text: String) -> String? {
        let trimmed = SubsurfaceValue.trimmed(text)
        guard (1...8).contains(trimmed.count),
            trimmed.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0) }),
            let value = UInt32(trimmed, radix: 16)
        else { return nil }
        return hex(value)
    }

    /// Ids for `keys`, in order, unique and never zero (Subsurface's "no site").
    static func assign(_ keys: [String]) -> [String] {
        var taken = Set<UInt32>()
        var fixed: [Int: UInt32] = [:]
        for (index, key) in keys.enumerated() {
            if let canonical = canonical(key), key.count == 8, let value = UInt32(canonical, radix: 16), value != 0,
                !taken.contains(value)
            {
                taken.insert(value)
                fixed[index] = value
            }
        }
        return keys.enumerated().map { index, key in
            if let value = fixed[index] { return hex(value) }
            var value = fnv1a(key)
            while value == 0 || taken.contains(value) { value &+= 1 }
            taken.insert(value)
            return hex(value)
        }
    }

    /// An id for a site a version-2 file names only inside its dives, derived from what
    /// identifies it there (name and GPS) and unique among `taken`.
    static func derive(from identity: String, avoiding taken: Set<String>) -> String {
        var value = fnv1a(identity)
        while value == 0 || taken.contains(hex(value)) { value &+= 1 }
        return hex(value)
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// 32-bit FNV-1a over the UTF-8 bytes: tiny, stable across runs and platforms (unlike
    /// `Hasher`, which is seeded per process).
    private static func fnv1a(_ text: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return hash
    }
}
