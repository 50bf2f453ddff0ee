import Catalog

/// Breaks styled text into lines of at most a given width, at spaces where it can, inside a word
/// only when the word alone is wider than a line.
public enum TextWrap {
    /// The lines of `spans` at `width` columns; at least one line (maybe empty).
    public static func wrap(_ spans: [Span], width: Int) -> [[Span]] {
        guard width > 0 else { return [[]] }
        var lines: [[Piece]] = []
        var line: [Piece] = []
        var lineWidth = 0
        for word in words(of: spans) {
            if word.isSpace {
                if !line.isEmpty { line.append(word); lineWidth += word.width }
                continue
            }
            if lineWidth + word.width > width, !line.isEmpty {
                lines.append(trimmed(line))
                line = []
                lineWidth = 0
            }
            if word.width > width {
                for character in word.characters {
                    let w = DisplayWidth.of(character.0)
                    if lineWidth + w > width, !line.isEmpty {
                        lines.append(trimmed(line))
                        line = []
                        lineWidth = 0
                    }
                    line.append(Piece(characters: [character], width: w, isSpace: false))
                    lineWidth += w
                }
            } else {
                line.append(word)
                lineWidth += word.width
            }
        }
        lines.append(trimmed(line))
        return lines.map(spans(of:))
    }

    /// A word or a run of spaces, each character with its style.
    private struct Piece {
        var characters: [(Character, StyleToken?)]
        var width: Int
        var isSpace: Bool
    }

    private static func words(of spans: [Span]) -> [Piece] {
        var pieces: [Piece] = []
        for span in spans {
            for character in span.text {
                let isSpace = character == " "
                let w = DisplayWidth.of(character)
                if var last = pieces.last, last.isSpace == isSpace {
                    last.characters.append((character, span.style))
                    last.width += w
                    pieces[pieces.count - 1] = last
                } else {
                    pieces.append(Piece(characters: [(character, span.style)], width: w, isSpace: isSpace))
                }
            }
        }
        return pieces
    }

    private static func trimmed(_ line: [Piece]) -> [Piece] {
        var line = line
        while line.last?.isSpace == true { line.removeLast() }
        return line
    }

    private static func spans(of line: [Piece]) -> [Span] {
        var spans: [Span] = []
        var text = ""
        var style: StyleToken?
        for (character, characterStyle) in line.flatMap({ $0.characters }) {
            if characterStyle != style, !text.isEmpty {
                spans.append(Span(text, style: style))
                text = ""
            }
            style = characterStyle
            text.append(character)
        }
        if !text.isEmpty { spans.append(Span(text, style: style)) }
        return spans
    }
}
