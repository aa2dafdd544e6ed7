import Foundation

/// Real images written once by Pillow 13.0.0 (Python) and embedded here as base64, so the
/// validator is checked against an encoder other than our own test builders. Each is a 13 × 7
/// RGB gradient unless noted.
enum RealImageFixtures {
    /// JPEG, quality 75, baseline with JFIF APP0.
    static let baselineJPEG = decode(
        """
        /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcp
        LDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIy
        MjIyMjIyMjIyMjIyMjL/wAARCAAHAA0DASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAA
        AgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6
        Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXG
        x8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREA
        AgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5
        OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPE
        xcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDF0n4fQbUJjVi3QZFdVb+AYBAp2RDPcDr/
        ADoor53G5hWp4duNtEun+D/5J/h535OHc3xbXxH/2Q==
        """)

    /// JPEG, quality 60, progressive with optimised Huffman tables.
    static let progressiveJPEG = decode(
        """
        /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdB
        RkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09P
        T09PT09PT09PT09PT0//wgARCAAHAA0DASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAVAQEBAAAAAAAAAAAA
        AAAAAAADBP/aAAwDAQACEAMQAAABntJD/8QAGBAAAgMAAAAAAAAAAAAAAAAAAQQAAhH/2gAIAQEAAQUCosIFhn//xAAYEQAC
        AwAAAAAAAAAAAAAAAAAAAgMEUf/aAAgBAwEBPwGpO+n/xAAZEQACAwEAAAAAAAAAAAAAAAACAwABYfD/2gAIAQIBAT8BY0qH
        sn//xAAUEAEAAAAAAAAAAAAAAAAAAAAQ/9oACAEBAAY/Aj//xAAXEAADAQAAAAAAAAAAAAAAAAAAASFB/9oACAEBAAE/IZoj
        AR//2gAMAwEAAgADAAAAEAf/xAAVEQEBAAAAAAAAAAAAAAAAAAAAEf/aAAgBAwEBPxCM/8QAGREAAQUAAAAAAAAAAAAAAAAA
        AAERUaHw/9oACAECAQE/EHGkZZ//xAAYEAEAAwEAAAAAAAAAAAAAAAABABExQf/aAAgBAQABPxCslFwhy69n/9k=
        """)

    /// PNG, 8-bit RGB.
    static let rgbPNG = decode(
        """
        iVBORw0KGgoAAAANSUhEUgAAAA0AAAAHCAIAAABcElBNAAAAPElEQVR4nGNkYGAQJgKxMKgyMDBwE0RwdWL4EbI6RdyoBU2d
        DhKKQOZiqjNnYHBiYDBHRVjMc0JFeRAGAOK4DE0SrlUBAAAAAElFTkSuQmCC
        """)

    /// PNG, 8-colour palette (colour type 3, with PLTE).
    static let palettePNG = decode(
        """
        iVBORw0KGgoAAAANSUhEUgAAAA0AAAAHBAMAAAAhXtopAAAAGFBMVEWrzHyrlGerb3IwuV8wb1OrOIKrAAAwJRz2CqG+AAAA
        O0lEQVR4nAXBwRGAIAxFwQfmLtzt0zZ/CRTgkJx1CO6WGxxeA87BZyx1aLaUenpW7XmRYc7hvqMCIvgBTpYXKlp/RW8AAAAA
        SUVORK5CYII=
        """)

    /// PNG, 5 × 9 grey + alpha (colour type 4).
    static let greyAlphaPNG = decode(
        """
        iVBORw0KGgoAAAANSUhEUgAAAAUAAAAJCAQAAABQpC4VAAAAE0lEQVR4nGNMOcEABUwMDDRhAgB17gE+1VrGlgAAAABJRU5E
        rkJggg==
        """)

    /// Line breaks in the literals are skipped.
    private static func decode(_ base64: String) -> [UInt8] {
        guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else {
            preconditionFailure("a fixture's base64 is damaged")
        }
        return Array(data)
    }
}
