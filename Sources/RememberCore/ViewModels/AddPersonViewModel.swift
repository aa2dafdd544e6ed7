public import Foundation
public import Observation

/// The add-person flow right after meeting someone: their name, a ramble about them (spoken or
/// typed), the sketch drawn from it, where you met, and an optional photo; then save.
///
/// Each step validates before moving on and shows the seed's messages; nothing is written until
/// ``save()``, which writes all of the person or nothing.
@MainActor
@Observable
public final class AddPersonViewModel {
    public private(set) var step: AddPersonStep = .name
    public var name = ""
    public var transcript = ""
    public var context = ""
    public private(set) var photo: Photo?
    public private(set) var keywords = PersonKeywords()
    /// The sketch to preview on the sketch step (an SVG document).
    public private(set) var sketchSVG: String?
    /// Contexts already in use, offered as suggestions on the context step.
    public private(set) var contextSuggestions: [String] = []
    public private(set) var isTranscribing = false
    public private(set) var savedPerson: Person?
    public var error: RememberError?
    public var showError = false

    private let personService: any PersonServiceProtocol
    private let transcriptService: any TranscriptService
    private let keywordParser: KeywordParser
    private let sketchRenderer: SketchRenderer
    private let now: @Sendable () -> Date

    public init(
        personService: any PersonServiceProtocol,
        transcriptService: any TranscriptService = SuppliedTranscriptService(),
        keywordParser: KeywordParser = KeywordParser(),
        sketchRenderer: SketchRenderer = SketchRenderer(),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.personService = personService
        self.transcriptService = transcriptService
        self.keywordParser = keywordParser
        self.sketchRenderer = sketchRenderer
        self.now = now
    }

    /// Name step → ramble step, when the name is acceptable.
    public func continueFromName() {
        guard validate(PersonDraft(name: name)) != nil else { return }
        step = .ramble
    }

    /// Fills the transcript from a recording.
    public func transcribeAudio(at url: URL) async {
        isTranscribing = true
        defer { isTranscribing = false }
        switch await transcriptService.transcribe(audioURL: url) {
        case .success(let text):
            transcript = text
        case .failure(let error):
            present(error)
        }
    }

    /// Ramble step → sketch step: extracts the keywords and draws the preview. The ramble may
    /// be empty; the sketch is then drawn from the name alone.
    public func continueFromRamble() {
        guard validate(PersonDraft(name: name, transcript: transcript)) != nil else { return }
        keywords = keywordParser.extract(from: transcript)
        sketchSVG = sketchRenderer.svg(for: keywords, seed: name)
        step = .sketch
    }

    /// Sketch step → context step, with the contexts in use as suggestions.
    public func continueFromSketch() async {
        do {
            contextSuggestions = try await personService.contexts().map(\.name)
        } catch {
            contextSuggestions = []
        }
        step = .context
    }

    /// Context step → photo step.
    public func continueFromContext() {
        guard validate(PersonDraft(name: name, context: context, transcript: transcript)) != nil else { return }
        step = .photo
    }

    /// Attaches the photo at `url`, or shows why it cannot be used.
    public func attachPhoto(at url: URL) {
        do {
            photo = try Photo(contentsOf: url)
        } catch {
            present(error)
        }
    }

    public func removePhoto() {
        photo = nil
    }

    /// Goes back one step, keeping what was entered.
    public func goBack() {
        switch step {
        case .name: break
        case .ramble: step = .name
        case .sketch: step = .ramble
        case .context: step = .sketch
        case .photo: step = .context
        }
    }

    /// Saves the person with everything entered so far (any step may save; the later steps
    /// are optional).
    ///
    /// - Returns: the saved person, or `nil` with ``error`` set.
    @discardableResult
    public func save() async -> Person? {
        let draft = PersonDraft(name: name, context: context, transcript: transcript, photo: photo)
        do {
            let person = try await personService.add(draft, at: now())
            savedPerson = person
            return person
        } catch {
            present(error)
            return nil
        }
    }

    /// `draft` validated, clearing any error shown; `nil` with the error shown when it is refused.
    private func validate(_ draft: PersonDraft) -> PersonDraft? {
        do {
            let draft = try draft.validated()
            error = nil
            showError = false
            return draft
        } catch {
            present(error)
            return nil
        }
    }

    private func present(_ error: RememberError) {
        self.error = error
        showError = true
    }
}
