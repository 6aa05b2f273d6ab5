import Foundation

/// Prints one line of JSON with keys in the given order (numbers rounded for reading).
enum JSONLine {
    /// A value of a report field.
    enum Value {
        case int(Int)
        case double(Double)
        case string(String)
        case bool(Bool)
        case object([(String, Value)])
        /// JSON text inserted as it is (another report's line).
        case raw(String)

        var rendered: String {
            switch self {
            case .int(let n): String(n)
            case .double(let x): String(format: "%.3f", x)
            case .string(let s): "\"\(s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\""
            case .bool(let b): b ? "true" : "false"
            case .raw(let json): json
            case .object(let fields): "{" + fields.map { "\"\($0.0)\": \($0.1.rendered)" }.joined(separator: ", ") + "}"
            }
        }
    }

    /// Writes `fields` as one JSON object line to standard output, unbuffered.
    static func print(_ fields: [(String, Value)]) {
        print(.object(fields))
    }

    /// Writes `value` as one line to standard output, unbuffered.
    static func print(_ value: Value) {
        FileHandle.standardOutput.write(Data((value.rendered + "\n").utf8))
    }
}
