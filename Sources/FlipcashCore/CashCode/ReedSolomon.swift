/// The Reed–Solomon code that protects a Kik code: RS(35, 22) over GF(2⁸)/0x11D, 13 parity bytes,
/// correcting up to 6 wrong bytes.
///
/// It reproduces a quirk of the zxing C++ port the original encoder uses, so our bytes equal theirs:
/// its cached generator of degree 0 is (x + 1) instead of 1, and it asks for 12 parity symbols, so
/// the generator is g(x) = (x + 1) · Π_{i=0}^{11} (x + αⁱ) — degree 13, with (x + 1) twice. Parity is
/// D(x)·x¹³ mod g(x), data byte 0 the highest coefficient. Decoding uses the 12 consecutive roots
/// α⁰…α¹¹ (as the original decoder does), which locate up to 6 errors; the 13th check (the second
/// (x + 1)) is kept as an extra test of every correction.
///
/// Words here are in polynomial order: the data bytes then the parity bytes, the first byte the
/// coefficient of x³⁴. (A Kik code stores the parity first; `CashCode` reorders.)
struct ReedSolomon: Sendable {
    let dataCount: Int
    let parityCount: Int
    /// Syndromes computed when decoding: twice the number of correctable errors.
    let syndromeCount: Int
    /// g(x), highest degree first, monic: `generator[0] == 1`, `generator.count == parityCount + 1`.
    let generator: [UInt8]
    let field = GaloisField256.shared
    /// log_α of g's coefficients below the leading 1 (−1 for a zero coefficient), for the encoder.
    private let generatorLogarithms: [Int]

    var length: Int { dataCount + parityCount }
    var correctableErrors: Int { syndromeCount / 2 }

    /// The Kik code's RS(35, 22).
    static let kikCode = ReedSolomon(dataCount: 22, parityCount: 13, syndromeCount: 12)

    /// A code whose generator is Π_{i=0}^{syndromeCount−1} (x + αⁱ) times (x + 1) for each further
    /// parity symbol — for the Kik code exactly the zxing-port generator.
    init(dataCount: Int, parityCount: Int, syndromeCount: Int) {
        precondition(syndromeCount < parityCount && dataCount + parityCount <= 255, "not a Kik-style RS code")
        self.dataCount = dataCount
        self.parityCount = parityCount
        self.syndromeCount = syndromeCount
        let field = GaloisField256.shared
        var polynomial: [UInt8] = [1]
        for index in 0..<parityCount {
            let root = index < syndromeCount ? field.power(index) : 1
            var product = polynomial + [0]
            for term in polynomial.indices { product[term + 1] ^= field.multiply(polynomial[term], root) }
            polynomial = product
        }
        generator = polynomial
        generatorLogarithms = polynomial.dropFirst().map { $0 == 0 ? -1 : field.logarithms[Int($0)] }
    }

    /// The `parityCount` parity bytes of `data` (`dataCount` bytes): D(x)·x^parityCount mod g(x),
    /// highest degree first, by the usual shift register.
    func parity(of data: some Collection<UInt8>) -> [UInt8] {
        precondition(data.count == dataCount, "RS data must be \(dataCount) bytes")
        var register = [UInt8](repeating: 0, count: parityCount)
        let exponents = field.exponents
        let logarithms = field.logarithms
        let generatorLogarithms = generatorLogarithms
        let last = parityCount - 1
        for byte in data {
            let feedback = byte ^ register[0]
            for index in 0..<last { register[index] = register[index + 1] }
            register[last] = 0
            guard feedback != 0 else { continue }
            let feedbackLog = logarithms[Int(feedback)]
            for index in 0...last where generatorLogarithms[index] >= 0 {
                register[index] ^= exponents[feedbackLog + generatorLogarithms[index]]
            }
        }
        return register
    }

    /// The codeword (data then parity) for `data`.
    func encode(_ data: some Collection<UInt8>) -> [UInt8] {
        Array(data) + parity(of: data)
    }
}
