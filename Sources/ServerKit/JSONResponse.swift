public import Foundation
public import Hummingbird

/// The one way a cloud writes a JSON answer: UTF-8, keys sorted and slashes unescaped, so the
/// same value always gives the same bytes (tests and caches compare them), with
/// `X-Content-Type-Options: nosniff` so a browser never takes the body for anything else.
public enum JSONResponse {
    /// `value` encoded as the body of a response with `status` and any extra `headers`.
    ///
    /// - Throws: the encoder's error when `value` cannot be encoded (a non-finite number).
    public static func make(
        status: HTTPResponse.Status, _ value: some Encodable, headers: HTTPFields = [:]
    ) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.xContentTypeOptions] = "nosniff"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }

    /// The encoder every cloud's JSON goes through (also for the generated servers' options).
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
