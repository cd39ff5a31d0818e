/// A JSON value, and the one encoder every `--format json` output goes through (RFC 8259,
/// without Foundation).
///
/// ```swift
/// let value: JSONValue = .array([.object([("name", .string("Åsa")), ("line", .number(1))])])
/// value.encoded()   // "[\n  {\"name\":\"Åsa\",\"line\":1}\n]"
/// ```
enum JSONValue: Equatable {
    case string(String)
    case number(Int)
    case bool(Bool)
    case null
    /// Keys in the order given.
    case object([(String, JSONValue)])
    case array([JSONValue])

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case let (.string(x), .string(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.bool(x), .bool(y)): x == y
        case (.null, .null): true
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// A string, or null.
    static func string(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

    /// The value as text: an array of objects puts each element on a line of its own,
    /// indented by depth; an object is written on one line unless it holds such an array.
    func encoded(depth: Int = 0) -> String {
        var out = ""
        encode(into: &out, depth: depth)
        return out
    }

    /// Writes the value and a final line end.
    func write(to output: OutputBuffer) {
        output.line(encoded())
    }

    /// Writes an array element by element, each on a line of its own, so that a long list
    /// never exists as one value: the same layout as ``encoded()`` gives an array of objects.
    static func writeArray<Elements: Sequence<JSONValue>>(_ elements: Elements, to output: OutputBuffer) {
        var first = true
        for element in elements {
            var text = first ? "[\n  " : ",\n  "
            first = false
            element.encode(into: &text, depth: 1)
            output.write(text)
        }
        output.line(first ? "[]" : "\n]")
    }

    private var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }

    private func encode(into out: inout String, depth: Int) {
        switch self {
        case .string(let text): out += Self.quoted(text)
        case .number(let value): out += String(value)
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                out += Self.quoted(key) + ":"
                value.encode(into: &out, depth: depth)
            }
            out += "}"
        case .array(let elements):
            guard !elements.isEmpty else { out += "[]"; return }
            let broken = elements.contains(where: \.isContainer)
            let indent = String(repeating: " ", count: 2 * (depth + 1))
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                if broken { out += "\n" + indent }
                element.encode(into: &out, depth: depth + 1)
            }
            if broken { out += "\n" + String(repeating: " ", count: 2 * depth) }
            out += "]"
        }
    }

    /// A JSON string literal: quotes, backslashes and controls escaped, and U+2028/U+2029 too
    /// so the output is also valid JavaScript.
    static func quoted(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
