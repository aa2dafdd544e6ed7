import Foundation

/// A record id as a person types it back: the whole id, or its first few characters.
///
/// Every app lists records with an 8-character short id (`TextFormat.shortID`) and accepts it
/// back on its command line; one rule for all of them, so `remember show 3f2a` and
/// `umilog show 3f2a` behave alike: at least ``minimumLength`` characters, hexadecimal digits
/// and dashes only (what a UUID is spelled with), any case, surrounding spaces ignored.
/// Text that breaks the rule is no id at all, so it matches nothing rather than everything.
public struct IDPrefix: Hashable, Sendable {
    /// Four characters tell apart any two of 65,536 random ids and are quick to type; a prefix
    /// that matches several records is reported as ambiguous, never resolved by a guess.
    public static let minimumLength = 4

    /// The longest text that can be a prefix: a UUID with its dashes.
    public static let maximumLength = 36

    /// The prefix in lowercase, as ids are stored.
    public let text: String

    /// `nil` when `reference` cannot begin an id (too short, too long, or not hex and dashes).
    public init?(_ reference: String) {
        let text = reference.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard (Self.minimumLength...Self.maximumLength).contains(text.count),
            text.allSatisfy({ $0.isHexDigit || $0 == "-" })
        else { return nil }
        self.text = text
    }

    /// Whether `id` (any case) begins with this prefix.
    public func matches(_ id: String) -> Bool {
        id.lowercased().hasPrefix(text)
    }

    /// The half-open range of lowercase ids this prefix covers, for an indexed SQL query:
    /// `WHERE id >= lower AND id < upper`.
    public var range: (lower: String, upper: String) {
        (text, text + "\u{10FFFF}")
    }

    /// What the records found with this prefix mean: at most two are needed to tell
    /// `.unique` from `.ambiguous`, but pass all of them when the count is to be shown.
    public func resolve<Record>(_ matches: [Record]) -> IDPrefixMatch<Record> {
        switch matches.count {
        case 0: .none
        case 1: .unique(matches[0])
        default: .ambiguous(count: matches.count)
        }
    }
}

/// The outcome of looking a record up by an ``IDPrefix``.
public enum IDPrefixMatch<Record> {
    /// No record's id begins with the prefix.
    case none
    /// Exactly one does.
    case unique(Record)
    /// Several do; the person must type more characters.
    case ambiguous(count: Int)
}

extension IDPrefixMatch: Sendable where Record: Sendable {}
extension IDPrefixMatch: Equatable where Record: Equatable {}
