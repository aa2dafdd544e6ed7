public import Foundation

/// Someone the user met: the name to remember and everything that helps recall it.
///
/// A plain value: services load, change and save it. Files (the sketch, an optional photo) live
/// in the store folder and are named here by their path relative to it, so the folder can move.
public struct Person: Identifiable, Codable, Hashable, Sendable {
    public var id: UUID
    /// The name as the user typed it (trimmed; the quiz compares against it).
    public var name: String
    /// Where or how they met ("Climbing gym", "Ana's wedding"); groups people on the home screen.
    public var context: String?
    /// What the user said (or typed) about them right after meeting.
    public var transcript: String
    /// Descriptors extracted from `transcript`; they drive the sketch and the quiz's hints.
    public var keywords: PersonKeywords
    /// The abstract avatar, an SVG file, relative to the store folder.
    public var sketchFile: String?
    /// A photo the user attached, relative to the store folder.
    public var photoFile: String?
    public var createdAt: Date
    public var review: ReviewState

    public init(
        id: UUID = UUID(),
        name: String,
        context: String? = nil,
        transcript: String = "",
        keywords: PersonKeywords = PersonKeywords(),
        sketchFile: String? = nil,
        photoFile: String? = nil,
        createdAt: Date,
        review: ReviewState? = nil
    ) {
        self.id = id
        self.name = name
        self.context = context
        self.transcript = transcript
        self.keywords = keywords
        self.sketchFile = sketchFile
        self.photoFile = photoFile
        self.createdAt = createdAt
        self.review = review ?? .new(createdAt: createdAt)
    }

    /// Whether the person is due for review at `date`.
    public func isDue(at date: Date) -> Bool {
        review.dueDate <= date
    }
}
