/// A coding path built by linking each level to its parent, so that nested encoders do not copy arrays
/// of keys on the hot path; `keys` materialises it only when someone asks (errors, `codingPath`).
indirect enum CodingPath {
    case root
    case child(any CodingKey, CodingPath)

    var keys: [any CodingKey] {
        var result: [any CodingKey] = []
        var node = self
        while case .child(let key, let parent) = node {
            result.append(key)
            node = parent
        }
        return result.reversed()
    }

    func appending(_ key: any CodingKey) -> CodingPath { .child(key, self) }
}
