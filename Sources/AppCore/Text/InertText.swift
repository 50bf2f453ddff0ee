/// Makes untrusted text (anything from an instance) inert before it is drawn: no control
/// characters, escape sequences, C1 codes, bidi overrides or invisible format characters
/// (TERMINAL.md "Untrusted text", CVE-2021-42574).
public enum InertText {
    /// `text` without what could move the cursor, recolour or reorder the screen or hide text.
    ///
    /// Removes C0 controls, DEL, C1 controls, ESC sequences (CSI, OSC, DCS, SOS, PM, APC and
    /// two-character ones, 7-bit and 8-bit), the bidi controls U+061C, U+200E–F, U+202A–E,
    /// U+2066–9, format characters (ZWSP, soft hyphen, word joiner, BOM, tags …), Hangul fillers
    /// and noncharacters. ZWJ stays only between emoji, ZWNJ only between letters. A tab becomes a
    /// space; line breaks (CR, LF, CRLF, NEL, U+2028/9) become one space in `singleLine` text and
    /// one LF otherwise.
    public static func sanitize(_ text: String, singleLine: Bool = true) -> String {
        if isPlainASCII(text) { return text }
        let input = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < input.count {
            let scalar = input[i]
            switch scalar.value {
            case 0x1B:
                i = endOfEscapeSequence(input, escapeAt: i)
                continue
            case 0x9B:
                i = endOfControlSequence(input, parametersAt: i + 1)
                continue
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                i = endOfControlString(input, contentAt: i + 1)
                continue
            case 0x0D:
                if i + 1 < input.count, input[i + 1].value == 0x0A { i += 1 }
                appendLineBreak(to: &out, singleLine: singleLine)
            case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                appendLineBreak(to: &out, singleLine: singleLine)
            case 0x09:
                out.append(" ")
            case 0x200C:
                if let previous = out.last, i + 1 < input.count,
                   isLetterOrMark(previous), isLetterOrMark(input[i + 1]), !isRemoved(input[i + 1]) {
                    out.append(scalar)
                }
            case 0x200D:
                if let previous = out.last, i + 1 < input.count,
                   isEmojiPart(previous), input[i + 1].properties.isEmoji, !isRemoved(input[i + 1]) {
                    out.append(scalar)
                }
            default:
                if isRemoved(scalar) { break }
                out.append(scalar)
            }
            i += 1
        }
        return String(out)
    }

    /// Printable ASCII only: nothing to remove (the common case, checked without decoding).
    static func isPlainASCII(_ text: String) -> Bool {
        // On the contiguous bytes, not through the view's iterator: every span of every frame is asked.
        text.utf8.withContiguousStorageIfAvailable(isPlainASCII) ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
        return true
    }

    /// Controls, bidi controls, format characters, Hangul fillers and noncharacters.
    static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        switch v {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x115F, 0x1160, 0x3164, 0xFFA0: return true
        case 0xFDD0...0xFDEF: return true
        default: break
        }
        if v & 0xFFFE == 0xFFFE { return true }
        return scalar.properties.generalCategory == .format
    }

    private static func appendLineBreak(to out: inout String.UnicodeScalarView, singleLine: Bool) {
        if singleLine {
            if let last = out.last, last != " " { out.append(" ") }
        } else {
            out.append("\n")
        }
    }

    private static func isLetterOrMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }

    private static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0xFE0F || scalar.properties.isEmoji || scalar.properties.isEmojiModifier
    }

    /// Index after an ESC sequence starting at `escapeAt` (7-bit forms).
    private static func endOfEscapeSequence(_ s: [Unicode.Scalar], escapeAt i: Int) -> Int {
        guard i + 1 < s.count else { return i + 1 }
        switch s[i + 1] {
        case "[":
            return endOfControlSequence(s, parametersAt: i + 2)
        case "]", "P", "X", "^", "_":
            return endOfControlString(s, contentAt: i + 2)
        default:
            // nF / Fp / Fe / Fs: intermediates 0x20–0x2F, then one final 0x30–0x7E.
            var j = i + 1
            while j < s.count, (0x20...0x2F).contains(s[j].value) { j += 1 }
            if j < s.count, (0x30...0x7E).contains(s[j].value) { return j + 1 }
            return j
        }
    }

    /// Index after a CSI's parameters (0x30–0x3F), intermediates (0x20–0x2F) and final (0x40–0x7E).
    private static func endOfControlSequence(_ s: [Unicode.Scalar], parametersAt start: Int) -> Int {
        var j = start
        while j < s.count, (0x30...0x3F).contains(s[j].value) { j += 1 }
        while j < s.count, (0x20...0x2F).contains(s[j].value) { j += 1 }
        if j < s.count, (0x40...0x7E).contains(s[j].value) { return j + 1 }
        return j
    }

    /// Index after a control string (OSC, DCS …) ended by BEL, ST (ESC \) or 8-bit ST; an
    /// unterminated one runs to the end of the text, as a terminal would swallow it.
    private static func endOfControlString(_ s: [Unicode.Scalar], contentAt start: Int) -> Int {
        var j = start
        while j < s.count {
            switch s[j].value {
            case 0x07, 0x9C: return j + 1
            case 0x1B where j + 1 < s.count && s[j + 1] == "\\": return j + 2
            default: j += 1
            }
        }
        return j
    }
}
