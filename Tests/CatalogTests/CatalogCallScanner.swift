/// A call to `L` found in Swift source: its key and the placeholder names it fills, or why it
/// cannot be checked.
struct CatalogCall: Equatable {
    var line: Int
    var key: String?
    var placeholders: [String]
    var problem: String?
}

/// Finds `L("key", ["name": value])` calls in Swift source text without compiling it: comments
/// are skipped, string literals are read whole (interpolations included).
enum CatalogCallScanner {
    static func calls(in source: String) -> [CatalogCall] {
        let code = Array(blankingComments(source).unicodeScalars)
        var calls: [CatalogCall] = []
        var i = 0
        while i + 1 < code.count {
            if code[i] == "\"" {
                i = endOfStringLiteral(code, openQuote: i)
                continue
            }
            defer { i += 1 }
            guard code[i] == "L", code[i + 1] == "(" else { continue }
            if i > 0, isIdentifier(code[i - 1]) || code[i - 1] == "." { continue }
            if precededByFunc(code, at: i) { continue }
            let line = code[..<i].filter { $0 == "\n" }.count + 1
            calls.append(parseCall(code, openParen: i + 1, line: line))
        }
        return calls
    }

    private static func parseCall(_ code: [Unicode.Scalar], openParen: Int, line: Int) -> CatalogCall {
        var j = skipSpace(code, openParen + 1)
        guard j < code.count, code[j] == "\"", !(j + 2 < code.count && code[j + 1] == "\"" && code[j + 2] == "\"")
        else { return CatalogCall(line: line, key: nil, placeholders: [], problem: "key is not a string literal") }
        guard let (key, afterKey) = stringLiteral(code, openQuote: j) else {
            return CatalogCall(line: line, key: nil, placeholders: [], problem: "unterminated key")
        }
        if key.contains("\\(") {
            return CatalogCall(line: line, key: nil, placeholders: [], problem: "key uses interpolation")
        }
        j = skipSpace(code, afterKey)
        guard j < code.count else { return CatalogCall(line: line, key: key, placeholders: [], problem: "unterminated call") }
        if code[j] == ")" { return CatalogCall(line: line, key: key, placeholders: [], problem: nil) }
        guard code[j] == "," else {
            return CatalogCall(line: line, key: key, placeholders: [], problem: "key is an expression, not a literal")
        }
        j = skipSpace(code, j + 1)
        guard j < code.count, code[j] == "[" else {
            return CatalogCall(line: line, key: key, placeholders: [], problem: "placeholder values are not a dictionary literal")
        }
        return CatalogCall(line: line, key: key, placeholders: dictionaryKeys(code, openBracket: j), problem: nil)
    }

    /// The top-level string keys of a dictionary literal (`["a": x, "b": f("c")]` gives a, b).
    private static func dictionaryKeys(_ code: [Unicode.Scalar], openBracket: Int) -> [String] {
        var keys: [String] = []
        var depth = 0
        var j = openBracket
        while j < code.count {
            let c = code[j]
            if c == "\"" {
                guard let (text, after) = stringLiteral(code, openQuote: j) else { break }
                let next = skipSpace(code, after)
                if depth == 1, next < code.count, code[next] == ":" { keys.append(text) }
                j = after
                continue
            }
            if c == "[" || c == "(" || c == "{" { depth += 1 }
            if c == "]" || c == ")" || c == "}" {
                depth -= 1
                if depth == 0 { break }
            }
            j += 1
        }
        return keys
    }

    /// The index after the string literal (single- or multi-line) opening at `openQuote`.
    private static func endOfStringLiteral(_ code: [Unicode.Scalar], openQuote i: Int) -> Int {
        if i + 2 < code.count, code[i + 1] == "\"", code[i + 2] == "\"" {
            var j = i + 3
            while j + 2 < code.count, !(code[j] == "\"" && code[j + 1] == "\"" && code[j + 2] == "\"") {
                j += code[j] == "\\" ? 2 : 1
            }
            return min(code.count, j + 3)
        }
        return stringLiteral(code, openQuote: i)?.1 ?? i + 1
    }

    /// The text of the string literal opening at `openQuote` (escapes kept as written) and the
    /// index after its closing quote; interpolations may hold strings and parentheses.
    private static func stringLiteral(_ code: [Unicode.Scalar], openQuote: Int) -> (String, Int)? {
        var text = String.UnicodeScalarView()
        var j = openQuote + 1
        while j < code.count {
            let c = code[j]
            if c == "\\", j + 1 < code.count {
                text.append(c)
                text.append(code[j + 1])
                if code[j + 1] == "(" {
                    let end = endOfInterpolation(code, openParen: j + 1)
                    text.append(contentsOf: code[(j + 2)..<end])
                    j = end
                    continue
                }
                j += 2
                continue
            }
            if c == "\"" { return (String(text), j + 1) }
            if c == "\n" { return nil }
            text.append(c)
            j += 1
        }
        return nil
    }

    private static func endOfInterpolation(_ code: [Unicode.Scalar], openParen: Int) -> Int {
        var depth = 0
        var j = openParen
        while j < code.count {
            if code[j] == "\"", let (_, after) = stringLiteral(code, openQuote: j) {
                j = after
                continue
            }
            if code[j] == "(" { depth += 1 }
            if code[j] == ")" {
                depth -= 1
                if depth == 0 { return j + 1 }
            }
            j += 1
        }
        return j
    }

    /// `source` with every comment replaced by spaces (line breaks kept, so line numbers hold);
    /// string literals, which may contain `//`, are left as they are.
    static func blankingComments(_ source: String) -> String {
        let s = Array(source.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        func blank(_ c: Unicode.Scalar) { out.append(c == "\n" ? "\n" : " ") }
        while i < s.count {
            let c = s[i]
            let next: Unicode.Scalar? = i + 1 < s.count ? s[i + 1] : nil
            if c == "/", next == "/" {
                while i < s.count, s[i] != "\n" { blank(s[i]); i += 1 }
            } else if c == "/", next == "*" {
                var depth = 0
                repeat {
                    if s[i] == "/", i + 1 < s.count, s[i + 1] == "*" { depth += 1; blank(s[i]); blank(s[i + 1]); i += 2 }
                    else if s[i] == "*", i + 1 < s.count, s[i + 1] == "/" { depth -= 1; blank(s[i]); blank(s[i + 1]); i += 2 }
                    else { blank(s[i]); i += 1 }
                } while depth > 0 && i < s.count
            } else if c == "\"" {
                let after = endOfStringLiteral(s, openQuote: i)
                out.append(contentsOf: s[i..<after])
                i = after
            } else {
                out.append(c)
                i += 1
            }
        }
        return String(out)
    }

    private static func isIdentifier(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c)
    }

    private static func precededByFunc(_ code: [Unicode.Scalar], at i: Int) -> Bool {
        var j = i - 1
        while j >= 0, code[j] == " " { j -= 1 }
        guard j >= 3 else { return false }
        return String(String.UnicodeScalarView(code[(j - 3)...j])) == "func"
    }

    private static func skipSpace(_ code: [Unicode.Scalar], _ start: Int) -> Int {
        var j = start
        while j < code.count, code[j].properties.isWhitespace { j += 1 }
        return j
    }
}
