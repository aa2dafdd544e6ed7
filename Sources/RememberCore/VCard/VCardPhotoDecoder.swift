import Foundation

/// Reads an embedded `PHOTO` in any of the forms found in real exports: vCard 2.1/3.0 base64 with a `TYPE`
/// (`PHOTO;ENCODING=b;TYPE=JPEG:…`) and vCard 4.0 data URIs (`PHOTO:data:image/jpeg;base64,…`).
enum VCardPhotoDecoder {
    /// The photo, or `nil` when the property only links to an image (which Remember never fetches) or is empty.
    static func photo(from property: VCardContentLine, maximumBytes: Int) throws(VCardError) -> VCardPhoto? {
        let value = property.value.drop(while: VCardASCII.isWhitespace)
        let dataScheme = Array("data:".utf8)
        let data: Data
        let mediaType: String?
        if value.count >= dataScheme.count,
            zip(value.prefix(dataScheme.count), dataScheme).allSatisfy({ lowercased($0) == $1 })
        {
            let uri = value.dropFirst(dataScheme.count)
            guard let comma = uri.firstIndex(of: VCardASCII.comma) else { throw .invalidPhotoData }
            let header = String(decoding: uri[..<comma], as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
            let payload = uri[(comma + 1)...]
            let isBase64 = header.dropFirst().contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == "base64" }
            data =
                isBase64
                ? try decodedBase64(payload, maximumBytes: maximumBytes)
                : try percentDecoded(payload, maximumBytes: maximumBytes)
            mediaType = header.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        } else if property.hasParameter("ENCODING", value: "b") || property.hasParameter("ENCODING", value: "BASE64") {
            data = try decodedBase64(value, maximumBytes: maximumBytes)
            mediaType = property.parameterValues("TYPE").first.map(mediaTypeForTypeParameter)
        } else {
            return nil
        }
        guard !data.isEmpty else { return nil }
        let declaredMediaType = [mediaType, property.parameterValues("MEDIATYPE").first?.lowercased()]
            .compactMap { $0 }
            .first { !$0.isEmpty }
        return VCardPhoto(data: data, mediaType: declaredMediaType ?? sniffedMediaType(of: data))
    }

    private static func decodedBase64(_ bytes: ArraySlice<UInt8>, maximumBytes: Int) throws(VCardError) -> Data {
        // Folding and vCard 2.1 indentation leave whitespace inside the base64 text.
        var characters = bytes.filter { !VCardASCII.isWhitespace($0) }
        let estimatedSize = characters.count / 4 * 3
        guard estimatedSize <= maximumBytes + 3 else {
            throw .photoTooLarge(byteCount: estimatedSize, limit: maximumBytes)
        }
        // Some writers drop the trailing padding.
        switch characters.count % 4 {
        case 2: characters.append(contentsOf: Array("==".utf8))
        case 3: characters.append(VCardASCII.equals)
        default: break
        }
        guard let data = Data(base64Encoded: Data(characters)) else { throw .invalidPhotoData }
        guard data.count <= maximumBytes else { throw .photoTooLarge(byteCount: data.count, limit: maximumBytes) }
        return data
    }

    private static func percentDecoded(_ bytes: ArraySlice<UInt8>, maximumBytes: Int) throws(VCardError) -> Data {
        var output = Data()
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == VCardASCII.percent {
                guard index + 2 < bytes.endIndex, let high = VCardASCII.hexValue(bytes[index + 1]),
                    let low = VCardASCII.hexValue(bytes[index + 2])
                else { throw .invalidPhotoData }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
            guard output.count <= maximumBytes else {
                throw .photoTooLarge(byteCount: bytes.count, limit: maximumBytes)
            }
        }
        return output
    }

    /// vCard 3.0 names the image format (`JPEG`); some writers put a whole media type there instead.
    private static func mediaTypeForTypeParameter(_ type: String) -> String {
        let lowercased = type.lowercased()
        switch lowercased {
        case "jpg", "jpeg": return "image/jpeg"
        default: return lowercased.contains("/") ? lowercased : "image/" + lowercased
        }
    }

    private static func sniffedMediaType(of data: Data) -> String {
        let header = [UInt8](data.prefix(12))
        if header.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if header.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if header.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if header.count == 12, header.starts(with: Array("RIFF".utf8)), header[8...].elementsEqual("WEBP".utf8) {
            return "image/webp"
        }
        if header.count == 12, header[4..<8].elementsEqual("ftyp".utf8) {
            switch String(decoding: header[8...], as: UTF8.self) {
            case "heic", "heix", "heim", "heis", "hevc", "hevx": return "image/heic"
            case "mif1", "msf1": return "image/heif"
            case "avif": return "image/avif"
            default: break
            }
        }
        return "application/octet-stream"
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }
}
