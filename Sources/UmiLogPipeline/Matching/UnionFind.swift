/// Disjoint sets over `0..<count` (union by size, path halving): merges chains of duplicates
/// (A≈B, B≈C) into one cluster in near-linear time.
struct UnionFind {
    private var parent: [Int32]
    private var size: [Int32]

    init(count: Int) {
        parent = (0..<count).map { Int32($0) }
        size = Array(repeating: 1, count: count)
    }

    mutating func find(_ element: Int) -> Int {
        var node = element
        while Int(parent[node]) != node {
            parent[node] = parent[Int(parent[node])]
            node = Int(parent[node])
        }
        return node
    }

    mutating func union(_ a: Int, _ b: Int) {
        var rootA = find(a)
        var rootB = find(b)
        guard rootA != rootB else { return }
        if size[rootA] < size[rootB] { swap(&rootA, &rootB) }
        parent[rootB] = Int32(rootA)
        size[rootA] += size[rootB]
    }
}
