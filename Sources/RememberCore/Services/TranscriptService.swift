public import Foundation

/// Turns a spoken ramble into text. On Apple platforms the app implements it with on-device
/// speech recognition; on every platform ``SuppliedTranscriptService`` takes text typed or
/// pasted instead (the CLI's `--ramble`), which is also the fake tests use.
public protocol TranscriptService: Sendable {
    func transcribe(audioURL: URL) async -> Result<String, RememberError>
}

/// A transcript that already exists as text: a file of it next to the recording (`NAME.txt`
/// beside `NAME.m4a`), or the text itself when the "recording" is a `.txt` file.
public struct SuppliedTranscriptService: TranscriptService {
    public init() {}

    public func transcribe(audioURL: URL) async -> Result<String, RememberError> {
        let textURL =
            audioURL.pathExtension.lowercased() == "txt"
            ? audioURL : audioURL.deletingPathExtension().appendingPathExtension("txt")
        guard let data = FileManager.default.contents(atPath: textURL.path) else {
            return .failure(.transcriptionFailed)
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? .failure(.transcriptionFailed) : .success(text)
    }
}
