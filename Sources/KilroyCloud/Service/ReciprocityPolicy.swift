public import Foundation

/// "To see, you must be seen": whether a device sees other devices' kilroys only after it has
/// dropped some of its own. Chosen once, when the server starts.
///
/// A device always sees its own kilroys. Under every policy, kilroys hidden by reports are
/// seen only by the device that dropped them.
public enum ReciprocityPolicy: Hashable, Sendable {
    /// Everyone sees every kilroy (the default).
    case off
    /// A device sees another device's kilroy only when it lies within `radiusMeters` of a
    /// kilroy it dropped itself: you find others' memories where you left one.
    case local(radiusMeters: Double)
    /// A device sees others' kilroys once it has dropped `requiredDrops` kilroys of its own
    /// (ever; deleting one does not take the unlock back).
    case global(requiredDrops: Int)

    /// The largest radius `local` accepts, metres (the largest near-query radius).
    public static let maximumLocalRadius = 50_000.0

    /// Parses the command-line form: `off`, `local:<metres>` (0 < metres ≤ 50,000) or
    /// `global:<drops>` (1 ≤ drops ≤ 2,147,483,647).
    ///
    /// - Throws: ``ReciprocityPolicyError`` saying what is wrong with `argument`.
    public init(argument: String) throws(ReciprocityPolicyError) {
        let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0].lowercased()
        let value = parts.count > 1 ? String(parts[1]) : nil
        switch (name, value) {
        case ("off", nil):
            self = .off
        case ("local", let value?):
            guard let metres = Double(value), metres.isFinite, metres > 0, metres <= Self.maximumLocalRadius else {
                throw .invalidLocalRadius(value)
            }
            self = .local(radiusMeters: metres)
        case ("global", let value?):
            guard let drops = Int32(value), drops >= 1 else { throw .invalidGlobalDropCount(value) }
            self = .global(requiredDrops: Int(drops))
        default:
            throw .unknownPolicy(argument)
        }
    }

    /// The command-line form, which ``init(argument:)`` reads back.
    public var argument: String {
        switch self {
        case .off: "off"
        case .local(let radius): "local:\(radius == radius.rounded() && abs(radius) <= 1e9 ? String(Int(radius)) : String(radius))"
        case .global(let drops): "global:\(drops)"
        }
    }
}

/// Why a `--reciprocity` value was not understood.
public enum ReciprocityPolicyError: Error, Equatable, Sendable {
    case unknownPolicy(String)
    case invalidLocalRadius(String)
    case invalidGlobalDropCount(String)
}

extension ReciprocityPolicyError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unknownPolicy(let text):
            "\"\(text)\" is not a reciprocity policy; use off, local:<metres> (e.g. local:200) or global:<drops> (e.g. global:3)."
        case .invalidLocalRadius(let text):
            "\"\(text)\" is not a local reciprocity radius; give metres greater than 0 and at most 50000, e.g. local:200."
        case .invalidGlobalDropCount(let text):
            "\"\(text)\" is not a global reciprocity drop count; give a whole number of at least 1, e.g. global:3."
        }
    }
}
