/// Arithmetic in GF(2⁸) with the primitive polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D) and generator
/// α = 2: the field of QR codes and of the zxing Reed–Solomon code inside Kik codes.
///
/// Addition is XOR. Multiplication goes through logarithm tables; `exponents` is doubled (510
/// entries) so a product needs no reduction modulo 255. The tables live in one shared value that
/// hot loops bind once, rather than reaching a lazily initialised global for every product.
struct GaloisField256: Sendable {
    static let primitivePolynomial = 0x11D
    static let shared = GaloisField256()

    /// αⁱ for i in 0..<510.
    let exponents: [UInt8]
    /// log_α(x) for x in 1...255; entry 0 is unused.
    let logarithms: [Int]

    private init() {
        var exponents = [UInt8](repeating: 0, count: 510)
        var logarithms = [Int](repeating: 0, count: 256)
        var value = 1
        for power in 0..<255 {
            exponents[power] = UInt8(value)
            exponents[power + 255] = UInt8(value)
            logarithms[value] = power
            value <<= 1
            if value & 0x100 != 0 { value ^= Self.primitivePolynomial }
        }
        self.exponents = exponents
        self.logarithms = logarithms
    }

    func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        if a == 0 || b == 0 { return 0 }
        return exponents[logarithms[Int(a)] + logarithms[Int(b)]]
    }

    /// a / b; `b` must not be zero.
    func divide(_ a: UInt8, _ b: UInt8) -> UInt8 {
        precondition(b != 0, "division by zero in GF(256)")
        if a == 0 { return 0 }
        return exponents[logarithms[Int(a)] + 255 - logarithms[Int(b)]]
    }

    /// αⁿ for any integer n (negative too).
    func power(_ exponent: Int) -> UInt8 {
        let reduced = exponent % 255
        return exponents[reduced < 0 ? reduced + 255 : reduced]
    }

    /// p(x) for p lowest degree first.
    func evaluate(_ polynomial: [UInt8], at point: UInt8) -> UInt8 {
        var value: UInt8 = 0
        for coefficient in polynomial.reversed() { value = multiply(value, point) ^ coefficient }
        return value
    }

    /// p′(x), the formal derivative, for p lowest degree first: in characteristic 2 only the odd
    /// terms survive, p′(x) = Σ_{k odd} p_k x^{k−1}.
    func evaluateDerivative(_ polynomial: [UInt8], at point: UInt8) -> UInt8 {
        var value: UInt8 = 0
        var pointPower: UInt8 = 1
        let square = multiply(point, point)
        for index in stride(from: 1, to: polynomial.count, by: 2) {
            value ^= multiply(polynomial[index], pointPower)
            pointPower = multiply(pointPower, square)
        }
        return value
    }
}
