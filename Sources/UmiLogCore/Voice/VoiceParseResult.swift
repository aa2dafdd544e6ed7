import Foundation

/// What a transcript said: the fields it filled and, in the order they were spoken, everything
/// that could not be used, so the app can show both and let the diver fix the rest.
public struct VoiceParseResult: Equatable, Sendable, Codable {
    public var fields: VoiceDiveFields
    public var issues: [VoiceParseIssue]

    public init(fields: VoiceDiveFields = VoiceDiveFields(), issues: [VoiceParseIssue] = []) {
        self.fields = fields
        self.issues = issues
    }
}
