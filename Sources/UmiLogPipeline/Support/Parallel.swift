import Dispatch

/// Data-parallel helpers for the pipeline's heavy, independent work (parsing chunks of lines,
/// formatting sites, compressing tiles): on the two cores of the reference machine this nearly
/// halves those stages, and results always come back in index order, so the output does not
/// depend on scheduling.
enum Parallel {
    /// `body(0) … body(count - 1)`, run on up to all cores, results in index order.
    ///
    /// `body` is called from several threads at once. Contract: it only reads state that no one
    /// writes while `map` runs (the pipeline's closures read its immutable inputs — `let`
    /// arrays and the input file's bytes — and build their results in locals).
    static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        guard count > 1 else { return (0..<max(0, count)).map(body) }
        return withoutActuallyEscaping(body) { body in
            [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                guard let base = buffer.baseAddress else { return }
                let shared = SharedWork(body: body, results: base)
                DispatchQueue.concurrentPerform(iterations: count) { index in
                    (shared.results + index).initialize(to: shared.body(index))
                }
                initialized = count
            }
        }
    }

    /// Splits `0..<count` into about `pieces` contiguous ranges of similar size.
    static func ranges(_ count: Int, pieces: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let pieces = max(1, min(pieces, count))
        return (0..<pieces).map { piece in (count * piece / pieces)..<(count * (piece + 1) / pieces) }
    }
}

/// What the worker threads of ``Parallel/map(_:_:)`` share.
///
/// `@unchecked Sendable` is sound here because:
/// - `results`: concurrentPerform hands each index to exactly one iteration, and an iteration
///   initialises only `results + index`, so no two threads touch the same element; the buffer
///   is read only after concurrentPerform returns, which happens-after every iteration.
/// - `body`: only called, never mutated; what it reads is immutable for the duration of the
///   call by `map`'s documented contract.
/// - The value does not outlive `map` (it is created and dropped inside it).
private struct SharedWork<T>: @unchecked Sendable {
    let body: (Int) -> T
    let results: UnsafeMutablePointer<T>
}
