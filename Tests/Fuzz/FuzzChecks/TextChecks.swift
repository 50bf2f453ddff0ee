import AppCore
import Foundation
import Glibc
import TerminalUI

/// Instance text made inert (`InertText`, `InertString`, pastes) and measured (`DisplayWidth`).
public enum TextChecks {
    /// The first scalar of `text` that must not reach the terminal: C0 controls (LF aside in
    /// multi-line text), DEL, C1 controls, the bidi controls of TERMINAL.md ("Untrusted text").
    public static func firstUnsafeScalar(_ text: String, singleLine: Bool) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            switch scalar.value {
            case 0x0A: singleLine
            case 0x00...0x1F, 0x7F...0x9F: true
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }

    /// The C library's width of a scalar in C.UTF-8 (what ncursesw places characters by); -1 for
    /// one it does not know (unassigned in glibc's tables, or a control).
    public static func cWidth(_ scalar: Unicode.Scalar) -> Int {
        Int(cLibraryWcwidth(Int32(bitPattern: scalar.value)))
    }

    typealias Wcwidth = @convention(c) (Int32) -> Int32

    /// glibc's `wcwidth` after `setlocale(LC_ALL, "C.UTF-8")`, once (in this harness only: AppCore
    /// measures in Swift and links no C). Glibc's Swift module does not declare `wcwidth`, so it is
    /// found by name in the C library already loaded, with its C signature: no C target needed.
    static let cLibraryWcwidth: Wcwidth = {
        _ = setlocale(LC_ALL, "C.UTF-8")
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth") else {
            fatalError("wcwidth is not in the C library")
        }
        return unsafeBitCast(symbol, to: Wcwidth.self)
    }()

    public static func inert(_ data: Data) -> [String] {
        let text = FuzzBytes.text(Array(data))
        var problems: [String] = []
        for singleLine in [true, false] {
            let out = InertText.sanitize(text, singleLine: singleLine)
            if let bad = firstUnsafeScalar(out, singleLine: singleLine) {
                problems.append("sanitized (singleLine \(singleLine)) text keeps U+\(String(bad.value, radix: 16, uppercase: true))")
            }
            if InertText.sanitize(out, singleLine: singleLine) != out {
                problems.append("sanitizing twice (singleLine \(singleLine)) removes more: \(out.unicodeScalars.map(\.value))")
            }
            problems += width(out)
        }
        if InertString(text).value != InertText.sanitize(text) { problems.append("InertString differs from InertText.sanitize") }
        if BracketedPaste.clean(text) != InertText.sanitize(text, singleLine: false) {
            problems.append("a paste is cleaned otherwise than multi-line text")
        }
        return problems
    }

    /// Multi-line text as one line (each LF a space), by scalar: Foundation's
    /// `replacingOccurrences` leaves an LF that a variation selector follows.
    static func oneLine(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.map { $0 == "\n" ? " " : $0 })
        return String(scalars)
    }

    /// The width of inert text, by glyph, against `wcwidth`; and what cutting and fitting give.
    static func width(_ text: String) -> [String] {
        var problems: [String] = []
        let glyphs = DisplayWidth.glyphs(of: oneLine(text))
        let total = glyphs.reduce(0) { $0 + $1.width }
        let measured = DisplayWidth.of(oneLine(text))
        if measured != total {
            // Name the grapheme whose two measures differ.
            let line = oneLine(text)
            let odd = line.first { DisplayWidth.of($0) != DisplayWidth.glyphs(of: String($0)).reduce(0) { $0 + $1.width } }
            problems.append("DisplayWidth.of says \(measured) columns, its glyphs \(total)"
                            + (odd.map { " (the grapheme \($0.unicodeScalars.map { String($0.value, radix: 16) }))" } ?? ""))
        }
        for glyph in glyphs {
            let scalars = Array(glyph.text.unicodeScalars)
            guard let base = scalars.first else { problems.append("an empty glyph"); continue }
            if !(1...2).contains(glyph.width) { problems.append("a glyph \(scalars.map(\.value)) of width \(glyph.width)") }
            let widths = scalars.map(cWidth)
            // Unassigned in glibc's (older) tables, or a format character InertText removes: not compared.
            guard !widths.contains(-1) else { continue }
            if max(1, widths[0]) != glyph.width {
                problems.append("U+\(String(base.value, radix: 16, uppercase: true)) takes \(glyph.width) columns, wcwidth \(widths[0])")
            }
            // After the base, only marks (0 columns), but inside an emoji sequence (ZWJ or VS16).
            let emoji = glyph.text.unicodeScalars.contains { $0.value == 0x200D || $0.value == 0xFE0F }
                || base.properties.isEmojiPresentation
            if !emoji, let spacing = scalars.dropFirst().first(where: { cWidth($0) > 0 }) {
                problems.append("the glyph \(scalars.map(\.value)) holds U+\(String(spacing.value, radix: 16, uppercase: true)), which wcwidth gives a column")
            }
        }
        let single = oneLine(text)
        for columns in [0, 1, 2, 3, 7, max(0, total - 1), total] {
            let cut = DisplayWidth.truncate(single, to: columns)
            if DisplayWidth.of(cut) > columns { problems.append("truncated to \(columns) it takes \(DisplayWidth.of(cut))") }
            let fitted = DisplayWidth.fit(single, to: columns)
            if DisplayWidth.of(fitted) != columns { problems.append("fitted to \(columns) it takes \(DisplayWidth.of(fitted))") }
        }
        return problems
    }
}
