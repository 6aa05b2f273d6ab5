import ChildProcesses
import CWaterfallGtk4
import Foundation
import Testing
@testable import WaterfallGTK

/// The image fixtures of `Tests/fixtures/make_images.py`, written once per test process into a
/// temporary directory by a Python 3 with Pillow.
enum ImageFixtures {
    /// One fixture as the manifest describes it.
    struct Fixture: Decodable, CustomStringConvertible {
        var file: String
        var format: String
        var stored: [Int]
        var display: [Int]
        /// The straight RGBA expected at the centres of the quadrants (top left, top right,
        /// bottom left, bottom right) once shown upright.
        var colours: [[Int]]
        var tolerance: Int
        var animated: Bool
        var url: URL = URL(fileURLWithPath: "/")

        enum CodingKeys: String, CodingKey {
            case file, format, stored, display, colours, tolerance, animated
        }

        var description: String { file }
    }

    enum Failure: Error, CustomStringConvertible {
        case noPillow
        case script(String)

        var description: String {
            switch self {
            case .noPillow: return "no python3 with Pillow (Debian python3-pil; scripts/setup.sh installs it)"
            case .script(let output): return "make_images.py failed: \(output)"
            }
        }
    }

    /// The everyday formats and cases.
    static let standard: Result<[Fixture], any Error> = Result { try make(giant: false) }
    /// The 12000×12000 PNG and the 16000×12000 progressive JPEG.
    static let giant: Result<[Fixture], any Error> = Result { try make(giant: true) }

    /// A Python 3 that can import Pillow: the system's first (a pyenv or virtualenv `python3`
    /// on PATH may lack it).
    static func pythonWithPillow() throws -> URL {
        for candidate in ["/usr/bin/python3", "/usr/local/bin/python3"] + pathCandidates() {
            let url = URL(fileURLWithPath: candidate)
            guard FileManager.default.isExecutableFile(atPath: url.path) else { continue }
            if (try? run(url, ["-c", "import PIL"])) != nil { return url }
        }
        throw Failure.noPillow
    }

    private static func pathCandidates() -> [String] {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
    }

    @discardableResult
    private static func run(_ executable: URL, _ arguments: [String]) throws -> String {
        let script = try FinishedProcess(running: executable.path, arguments)
        guard script.status == 0 else { throw Failure.script(script.output) }
        return script.output
    }

    private static func make(giant: Bool) throws -> [Fixture] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fixtures/make_images.py")
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wf-fixtures-\(ProcessInfo.processInfo.processIdentifier)-\(giant ? "giant" : "standard")")
        try run(try pythonWithPillow(), [script.path, directory.path] + (giant ? ["--giant"] : []))
        let manifest = try Data(contentsOf: directory.appendingPathComponent("manifest.json"))
        return try JSONDecoder().decode([Fixture].self, from: manifest).map { fixture in
            var fixture = fixture
            fixture.url = directory.appendingPathComponent(fixture.file)
            return fixture
        }
    }

    /// The texture's pixels as premultiplied RGBA (downloaded as GDK's native BGRA).
    static func rgba(of texture: Texture) -> [UInt8] {
        let stride = texture.width * 4
        var pixels = [UInt8](repeating: 0, count: stride * texture.height)
        pixels.withUnsafeMutableBufferPointer { buffer in
            gdk_texture_download(texture.reference.pointer, buffer.baseAddress, gsize(stride))
        }
        for offset in Swift.stride(from: 0, to: pixels.count, by: 4) {
            pixels.swapAt(offset, offset + 2)
        }
        return pixels
    }

    /// Checks the colours at the quadrant centres of a decoded image against the fixture's,
    /// premultiplied, within its tolerance.
    static func expectQuadrants(_ texture: Texture, of fixture: Fixture, sourceLocation: SourceLocation = #_sourceLocation) {
        let pixels = rgba(of: texture)
        let (width, height) = (texture.width, texture.height)
        let centres = [(width / 4, height / 4), (3 * width / 4, height / 4), (width / 4, 3 * height / 4),
                       (3 * width / 4, 3 * height / 4)]
        for (index, (x, y)) in centres.enumerated() {
            let offset = (y * width + x) * 4
            let actual = pixels[offset..<offset + 4].map(Int.init)
            let straight = fixture.colours[index]
            let expected = (0..<3).map { (straight[$0] * straight[3] + 127) / 255 } + [straight[3]]
            let worst = zip(actual, expected).map { abs($0 - $1) }.max() ?? 0
            #expect(worst <= fixture.tolerance,
                    "\(fixture.file) quadrant \(index) at (\(x), \(y)): \(actual), expected \(expected)",
                    sourceLocation: sourceLocation)
        }
    }
}
