import FoundationEssentials
import WaterfallGTK

extension Options {
    /// The options of this process's command line; on `--help` prints the usage and exits 0, on
    /// a mistake prints it to standard error as `program: …` and exits 2.
    package static func parseCommandLine(program: String) -> Options {
        do {
            return try Options(arguments: Array(CommandLine.arguments.dropFirst()))
        } catch .helpRequested {
            print(usage)
            exit(0)
        } catch .invalidValue(let flag, let reason) {
            // A bad value is one line: the usage would only bury it.
            StandardError.write("\(program): \(flag): \(reason)\n")
            exit(2)
        } catch {
            StandardError.write("\(program): \(error)\n\n\(usage)\n")
            exit(2)
        }
    }
}
