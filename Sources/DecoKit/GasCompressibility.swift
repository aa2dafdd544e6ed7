/// Real-gas behaviour of cylinder gas: above ~200 bar a cylinder holds noticeably less than
/// pressure × size (air's Z is about 1.04 at 232 bar, helium's 1.11).
///
/// Z = 1 + c₁P + c₂P² + c₃P³ per component, mixed linearly by fraction: the cubic virial fit to
/// the tables of Perry's Chemical Engineers' Handbook (7th ed.) at 300 K that Subsurface uses,
/// valid 0–500 bar.
public enum GasCompressibility {
    private static let oxygen = SIMD3<Double>(-7.18092073703e-04, 2.81852572808e-06, -1.50290620492e-09)
    private static let nitrogen = SIMD3<Double>(-2.19260353292e-04, 2.92844845532e-06, -2.07613482075e-09)
    private static let helium = SIMD3<Double>(4.87320026468e-04, -8.83632921053e-08, 5.33304543646e-11)

    /// The compressibility factor Z of `mix` at `pressure` bar (clamped to 0–500).
    public static func factor(_ mix: GasMix, pressure: Double) -> Double {
        let bar = min(max(pressure, 0), 500)
        let powers = SIMD3(bar, bar * bar, bar * bar * bar)
        let perComponent =
            (oxygen * powers).sum() * mix.oxygenFraction + (helium * powers).sum() * mix.heliumFraction
            + (nitrogen * powers).sum() * mix.nitrogenFraction
        return 1 + perComponent
    }

    /// Litres at 1 atm held by a cylinder of `size` litres at `pressure` bar.
    public static func surfaceVolume(_ mix: GasMix, size: Double, pressure: Double) -> Double {
        pressure * size / factor(mix, pressure: pressure)
    }

    /// The pressure, bar, at which a cylinder of `size` litres holds `volume` litres at 1 atm
    /// (first-order correction, as Subsurface's `isothermal_pressure`).
    public static func pressure(_ mix: GasMix, size: Double, holding volume: Double) -> Double {
        let ideal = volume / size / factor(mix, pressure: 1)
        return ideal * factor(mix, pressure: ideal)
    }
}
