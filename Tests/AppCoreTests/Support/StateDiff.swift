/// A readable line diff of two values, from their `dump`: `−` lines are expected, `+` actual.
enum StateDiff {
    static func diff<T>(expected: T, actual: T, context: Int = 2) -> String {
        var left = ""
        var right = ""
        dump(expected, to: &left)
        dump(actual, to: &right)
        return lineDiff(left.split(separator: "\n").map(String.init),
                        right.split(separator: "\n").map(String.init), context: context)
    }

    /// Changed lines of `a` → `b` with `context` unchanged lines around each change.
    static func lineDiff(_ a: [String], _ b: [String], context: Int) -> String {
        // Longest common subsequence table, from the end.
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var lines: [(mark: Character, text: String)] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                lines.append((" ", a[i])); i += 1; j += 1
            } else if j < b.count, i == a.count || table[i][j + 1] >= table[i + 1][j] {
                lines.append(("+", b[j])); j += 1
            } else {
                lines.append(("−", a[i])); i += 1
            }
        }
        let changed = lines.indices.filter { lines[$0].mark != " " }
        let shown = Set(changed.flatMap { max(0, $0 - context)...min(lines.count - 1, $0 + context) })
        var out: [String] = []
        var last = -1
        for index in shown.sorted() {
            if last >= 0, index > last + 1 { out.append("  …") }
            out.append("\(lines[index].mark) \(lines[index].text)")
            last = index
        }
        return out.joined(separator: "\n")
    }
}
