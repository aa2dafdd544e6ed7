import Foundation

/// The field a spoken keyword names. It differs from ``VoiceField`` only by bare "pressure", which
/// means the start pressure until one was given and the end pressure after; that is decided when the
/// statements are folded, so corrections and "scratch that" keep it right.
enum VoiceFieldSpec: Sendable, Equatable {
    case field(VoiceField)
    case pressure

    var dimension: VoiceUnit.Dimension? {
        switch self {
        case .field(let field): field.dimension
        case .pressure: .pressure
        }
    }

    /// Whether a "to" after its value names the end pressure ("pressure two hundred to fifty").
    var takesEndPressureAfterTo: Bool {
        switch self {
        case .pressure, .field(.startPressure): true
        case .field: false
        }
    }
}
