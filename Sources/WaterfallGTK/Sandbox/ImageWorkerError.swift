import Glibc

/// Why the sandboxed image worker gave no image. The pipeline reports it as
/// `ImagePipelineError.decodingFailed`, so the cell shows "Image unavailable" and the wall goes on.
public enum ImageWorkerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No worker could be started (`path`, the system's reason).
    case unavailable(path: String, reason: String)
    /// The worker died while decoding: a crash, a kill, a forbidden system call or its CPU limit
    /// (`signal` is the signal that ended it, 0 when it exited with `exitStatus`).
    case crashed(signal: Int32, exitStatus: Int32)
    /// The worker did not answer within the pool's deadline and was killed.
    case timedOut(Duration)
    /// The worker's decoder rejected the data (with its message, e.g. "out of memory" when the
    /// image needs more than the worker's memory limit).
    case failed(String)
    /// No gdk-pixbuf loader in the worker recognised the data (with gdk-pixbuf's message).
    case unrecognized(String)
    /// The worker's answer broke the protocol (wrong size, missing or unsealable pixels).
    case protocolViolation(String)

    /// A readable description.
    public var description: String {
        switch self {
        case .unavailable(let path, let reason):
            return "cannot start the sandboxed image decoder \(path): \(reason)"
        case .crashed(let signal, let exitStatus):
            guard signal != 0 else { return "the image worker exited with status \(exitStatus) while decoding" }
            return "the image worker was ended by \(Self.signalName(signal)) while decoding"
        case .timedOut(let deadline):
            return "the image worker took longer than \(deadline) and was killed"
        case .failed(let message):
            return "the image worker could not decode the image: \(message)"
        case .unrecognized(let message):
            return "the image worker found no loader for the data: \(message)"
        case .protocolViolation(let message):
            return "the image worker's answer was invalid: \(message)"
        }
    }

    /// A signal's name with what it means for a worker.
    private static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGKILL: return "SIGKILL"
        case SIGSEGV: return "SIGSEGV (a crash)"
        case SIGBUS: return "SIGBUS (a crash)"
        case SIGABRT: return "SIGABRT (an abort)"
        case SIGSYS: return "SIGSYS (a system call the sandbox forbids)"
        case SIGXCPU: return "SIGXCPU (its CPU time limit)"
        default: return "signal \(signal)"
        }
    }
}
