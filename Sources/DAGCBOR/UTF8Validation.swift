/// Strict UTF-8 validation (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF.
enum UTF8Validation {
    static func isValid(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        var index = 0
        let count = buffer.count
        while index < count {
            // ASCII fast path: eight bytes at a time while no byte has its high bit set.
            while count - index >= 8 {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                guard word & 0x8080_8080_8080_8080 == 0 else { break }
                index += 8
            }
            guard index < count else { return true }
            let lead = buffer[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xbf
            switch lead {
            case 0xc2...0xdf: length = 2
            case 0xe0:
                length = 3
                lower = 0xa0
            case 0xe1...0xec, 0xee...0xef: length = 3
            case 0xed:
                length = 3
                upper = 0x9f
            case 0xf0:
                length = 4
                lower = 0x90
            case 0xf1...0xf3: length = 4
            case 0xf4:
                length = 4
                upper = 0x8f
            default: return false
            }
            guard count - index >= length else { return false }
            let second = buffer[index + 1]
            guard second >= lower && second <= upper else { return false }
            for offset in 2..<max(length, 2) where buffer[index + offset] & 0xc0 != 0x80 {
                return false
            }
            index += length
        }
        return true
    }
}
