import Glibc

/// The process's environment variables, read from the C library's `environ` (what
/// `ProcessInfo.processInfo.environment` gives, without Foundation).
@usableFromInline
package enum ProcessEnvironment {
    /// Every variable by name; a name given twice keeps its first value, as `getenv` reads it.
    @usableFromInline
    package static var current: [String: String] {
        var variables: [String: String] = [:]
        var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        while let pointer = entry?.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "="), variables[String(text[..<equals])] == nil {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry = entry?.successor()
        }
        return variables
    }
}
