/// Bühlmann's ZH-L16C tissue compartments, the constants every GF planner (Subsurface, the
/// Shearwater and OSTC computers) uses: 16 compartments with nitrogen and helium half-times and
/// the M-value coefficients a (bar) and b (dimensionless), M = P_ambient / b + a.
///
/// Values are Bühlmann's published ZH-L16C set (the "C" nitrogen a-values are the ones for
/// table and planner use: TC1 1.1696, TC5 0.6200); they are held as `SIMD16` so that all sixteen
/// compartments are loaded and checked in one vector operation.
public enum BuhlmannZHL16C {
    /// Nitrogen half-times, minutes.
    public static let nitrogenHalfTimes = SIMD16<Double>(
        5.0, 8.0, 12.5, 18.5, 27.0, 38.3, 54.3, 77.0, 109.0, 146.0, 187.0, 239.0, 305.0, 390.0, 498.0, 635.0)
    public static let nitrogenA = SIMD16<Double>(
        1.1696, 1.0, 0.8618, 0.7562, 0.62, 0.5043, 0.441, 0.4, 0.375, 0.35, 0.3295, 0.3065, 0.2835, 0.261, 0.248,
        0.2327)
    public static let nitrogenB = SIMD16<Double>(
        0.5578, 0.6514, 0.7222, 0.7825, 0.8126, 0.8434, 0.8693, 0.8910, 0.9092, 0.9222, 0.9319, 0.9403, 0.9477,
        0.9544, 0.9602, 0.9653)
    /// Helium half-times, minutes.
    public static let heliumHalfTimes = SIMD16<Double>(
        1.88, 3.02, 4.72, 6.99, 10.21, 14.48, 20.53, 29.11, 41.20, 55.19, 70.69, 90.34, 115.29, 147.42, 188.24,
        240.03)
    public static let heliumA = SIMD16<Double>(
        1.6189, 1.383, 1.1919, 1.0458, 0.922, 0.8205, 0.7305, 0.6502, 0.595, 0.5545, 0.5333, 0.5189, 0.5181, 0.5176,
        0.5172, 0.5119)
    public static let heliumB = SIMD16<Double>(
        0.4770, 0.5747, 0.6527, 0.7223, 0.7582, 0.7957, 0.8279, 0.8553, 0.8757, 0.8903, 0.8997, 0.9073, 0.9122,
        0.9171, 0.9217, 0.9267)

    /// Water vapour in the lungs, bar: Bühlmann's value (respiratory quotient 1), subtracted from
    /// the ambient pressure before the inert fractions are applied.
    public static let waterVapourPressure = 0.0627

    /// Rate constants k = ln 2 / half-time, per second.
    static let nitrogenRates = SIMD16(repeating: naturalLogOfTwo) / (nitrogenHalfTimes * 60)
    static let heliumRates = SIMD16(repeating: naturalLogOfTwo) / (heliumHalfTimes * 60)
    private static let naturalLogOfTwo = 0.693_147_180_559_945_3
}
