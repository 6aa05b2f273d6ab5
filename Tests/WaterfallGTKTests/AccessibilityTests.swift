import Foundation
import Testing

/// The demo as a screen reader sees it: `Tests/accessibility/atspi_reader.py` runs it with
/// GTK's AT-SPI backend on a private session bus (`dbus-run-session`, which activates
/// at-spi2-core's bus launcher and registry), reads it with libatspi (Debian's
/// `python3-pyatspi`), presses keys through the registry and reports the accessible tree and
/// the events that arrived. Skipped, saying why, only where there is no display, no D-Bus or no
/// AT-SPI client (`scripts/setup.sh` installs them).
@Suite("The demo through AT-SPI (a real accessibility client)", .serialized)
struct AccessibilityTests {
    /// One node of the accessible tree as the reader reports it.
    struct Node: Decodable {
        let role: String
        let name: String
        let description: String
        let states: [String]
        let children: [Node]

        /// This node and every node below it.
        var all: [Node] { [self] + children.flatMap(\.all) }

        /// What a status node says: its name on GTK 4.8; GTK 4.14 and later name no status
        /// (ARIA's name computation prohibits it), so there its label child says the text.
        var statusText: String { name.isEmpty ? children.first { $0.role == "label" }?.name ?? "" : name }
    }

    /// One event, as the reader received it.
    struct Event: Decodable {
        let type: String
        let detail: Int
        let role: String?
        let name: String?
        let description: String?
        /// The new value of a name or description change.
        let value: String?

        /// Whether the event says its node gained the focus.
        var gainsFocus: Bool { type == "object:state-changed:focused" && detail == 1 }
    }

    /// What happened during one step.
    struct Step: Decodable {
        let step: String
        let completed: Bool
        let events: [Event]

        /// The node that had the focus last in this step (the role, name and description it had
        /// when the reader looked), or `nil` when the focus did not move.
        var focus: Event? { events.last(where: \.gainsFocus) }
    }

    /// The reader's report.
    struct Report: Decodable {
        struct Application: Decodable {
            let name: String
            let description: String
        }
        let application: Application
        let before: Node
        let steps: [Step]
        let after: Node

        /// The status messages, in order, over all steps: the names a status node took, and
        /// the announcements (GTK 4.14 and later announce instead of renaming the node).
        var statusMessages: [String] {
            steps.flatMap(\.events).filter {
                ($0.role == "status bar" && $0.type.hasSuffix("accessible-name")) || $0.type == "object:announcement"
            }.compactMap(\.value)
        }
    }

    /// A product cell's name: "title, price".
    static var cellName: Regex<Substring> { /^[A-Z][a-z]+ [A-Z][A-Za-z ]+, \$[0-9]+\.[0-9]{2}$/ }

    @Test("the shop wall: a named app and wall, cells named \"title, price\" with their position, focus on a cell with every arrow, Page, Home and End, Tab out and back, loading, the end of the feed and refresh announced")
    func shopWall() throws {
        let report = try read(["--items", "150"], steps: """
            Down Right Right Left Down Up Page_Down Page_Up Home End await:status_bar await:status_bar \
            Tab ISO_Left_Tab +F5 await:status_bar await:status_bar
            """)
        // GTK 4.8 names the AT-SPI application by the program's name (the demo's application id)
        // and describes it by the application name.
        #expect(report.application.name == "io.github.waterfall.ShopWall")
        #expect(report.application.description == "Waterfall Shop Wall")

        let wall = try #require(report.before.all.first { $0.role == "list" }, "no list in the tree")
        #expect(wall.name == "Shop wall, 150 items")
        #expect(wall.states.contains("focused"))
        let cells = wall.children.filter { $0.role == "list item" }
        #expect(cells.count >= 10, "a screen of cells: \(cells.count)")
        #expect(Set(wall.children.map(\.role)).isSubset(of: ["list item", "status bar"]),
                "only cells and status nodes in the wall: \(Set(wall.children.map(\.role)))")
        for cell in cells {
            #expect(cell.name.contains(Self.cellName), "cell name: \(cell.name)")
            #expect(cell.description.contains(/^item [0-9]+ of 150$/), "cell description: \(cell.description)")
            #expect(cell.states.contains("focusable"))
            #expect(cell.children.isEmpty, "nothing read twice inside \(cell.name): \(cell.children.map(\.role))")
        }
        for node in report.before.all + report.after.all {
            #expect(!node.name.hasPrefix("Gtk") && !node.name.hasPrefix("Wf"), "a type name as a name: \(node.role) \(node.name)")
            #expect(node.role != "image" || !node.name.isEmpty, "a nameless picture")
        }

        // Every key step moves the focus onto a named cell; positions follow the keys.
        var sequence: [Int] = []
        for step in report.steps.prefix(10) {
            let focus = try #require(step.focus, "\(step.step) moved no accessible focus")
            #expect(focus.role == "list item", "\(step.step) focused a \(focus.role ?? "?")")
            #expect(focus.name?.contains(Self.cellName) == true, "\(step.step) focused \(focus.name ?? "?")")
            let number = try #require(focus.description?.firstMatch(of: /^item ([0-9]+) of 150$/),
                                      "\(step.step): description \(focus.description ?? "?")")
            sequence.append(Int(number.1) ?? -1)
        }
        // Down Right Right Left Down Up Page_Down Page_Up Home End
        #expect(sequence[0] == 1, "Down starts at the first item: \(sequence)")
        #expect(sequence[1] == 2 && sequence[2] == 3 && sequence[3] == 2, "Right, Right, Left step by one: \(sequence)")
        #expect(sequence[4] > sequence[3] && sequence[5] < sequence[4], "Down goes below, Up back above: \(sequence)")
        #expect(sequence[6] > sequence[5] + 5 && sequence[7] < sequence[6], "Page Down a page on, Page Up back: \(sequence)")
        #expect(sequence[8] == 1 && sequence[9] == 100, "Home: the first item, End: the last loaded (100): \(sequence)")

        // Tab leaves the wall (one Tab stop), Shift+Tab comes back to it.
        let tab = try #require(report.steps.first { $0.step == "Tab" }?.focus, "Tab moved no focus")
        #expect(tab.role != "list item" && tab.role != "list", "Tab left the wall: \(tab.role ?? "?") \(tab.name ?? "")")
        let back = try #require(report.steps.first { $0.step == "ISO_Left_Tab" }?.focus, "Shift+Tab moved no focus")
        #expect(back.role == "list" && back.name == "Shop wall, 150 items")

        // End loaded the last page, F5 refreshed (the shop brings 12 fresh items).
        let messages = report.statusMessages
        #expect(Self.isInOrder(["Loading more…", "End of the feed, 150 items", "Refreshing…", "12 new items"], in: messages),
                "announcements: \(messages)")
        let awaited = report.steps.filter { $0.step.hasPrefix("await:") }
        #expect(awaited.allSatisfy { $0.completed }, "an announcement never came")
    }

    @Test("seed 003's layouts: photo cells named like the shop's, a layout switch and a deletion announced")
    func photoLayouts() throws {
        let report = try read(["--layout", "carousel"], steps: "Right Right press:Circle await:status_bar +Return await:status_bar")
        let wall = try #require(report.before.all.first { $0.role == "list" })
        #expect(wall.name == "Photos, 20 items")
        let cells = wall.children.filter { $0.role == "list item" }
        #expect(!cells.isEmpty)
        for cell in cells {
            #expect(cell.name.contains(Self.cellName), "photo name: \(cell.name)")
            #expect(cell.description.contains(/^item [0-9]+ of 20$/), "photo description: \(cell.description)")
            #expect(cell.children.isEmpty, "nothing read twice inside \(cell.name): \(cell.children.map(\.role))")
        }
        for step in report.steps.prefix(2) {
            let focus = try #require(step.focus, "\(step.step) moved no accessible focus")
            #expect(focus.role == "list item" && focus.name?.contains(Self.cellName) == true)
        }
        #expect(Self.isInOrder(["Circle layout, Photos, 20 items", "1 item removed, 19 items"], in: report.statusMessages),
                "announcements: \(report.statusMessages)")
        #expect(report.after.all.first { $0.role == "list" }?.name == "Photos, 19 items")
    }

    @Test("feed pages: the next page announced; a failed one is said in plain words by the footer, a status with Retry, and announced")
    func failedPage() throws {
        let server = try TestServer.get()
        // Page 3 is never valid JSON: retries fail too.
        let feed = server.urlString("/feed/\(uniqueKey())/{page}.json?pages=4&per=60&syntax=3")
        let report = try read(["--feed", feed], steps: """
            End await:status_bar await:status_bar End await:status_bar await:status_bar await:status_bar
            """)
        let reason = "The page from 127.0.0.1 is not a feed Waterfall can read."
        let footer = try #require(report.after.all.first { $0.role == "status bar" && $0.statusText.hasPrefix(reason) },
                                  "the footer is a status that says its text")
        let buttons = footer.children.filter { $0.role != "label" }.map(\.name)
        #expect(buttons == ["Retry"], "the footer offers Retry: \(buttons)")
        #expect(!report.after.all.contains { $0.role == "alert" }, "one state: no banner beside the footer")
        #expect(Self.isInOrder(["Loading more…", "60 more items", "Loading more…", reason], in: report.statusMessages),
                "announcements: \(report.statusMessages)")
        #expect(report.after.all.first { $0.role == "list" }?.name == "Shop wall, 120 items", "the loaded items stay")
    }

    /// Whether `expected` occur in `messages` in this order (other messages may come between).
    static func isInOrder(_ expected: [String], in messages: [String]) -> Bool {
        var rest = messages[...]
        for message in expected {
            guard let found = rest.firstIndex(of: message) else { return false }
            rest = rest[(found + 1)...]
        }
        return true
    }

    // MARK: Running the reader

    /// Runs the demo with `arguments` under the reader on a private bus, doing `steps`.
    private func read(_ arguments: [String], steps: String) throws -> Report {
        let environment = ProcessInfo.processInfo.environment
        guard !(environment["DISPLAY"] ?? "").isEmpty else {
            try skipTest("no X display: the accessibility test runs under xvfb-run (scripts/test.sh)")
        }
        let busRunner = "/usr/bin/dbus-run-session", python = "/usr/bin/python3"
        for tool in [busRunner, python, "/usr/libexec/at-spi-bus-launcher"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            try skipTest("no AT-SPI bus: \(tool) is missing (scripts/setup.sh installs dbus and at-spi2-core)")
        }
        let demo = try Self.demoExecutable()
        let reader = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("accessibility/atspi_reader.py")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("a11y-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appendingPathComponent("report.json"), log = scratch.appendingPathComponent("log.txt")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)

        // The bus, the AT-SPI launcher and registry it activates and their own bus all carry the
        // marker; they are ended by PID when the reader returns, whatever the outcome.
        let marker = ProcessMarker()
        defer { marker.endAll() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: busRunner)
        process.arguments = ["--", python, reader.path, "--output", output.path, "--steps", steps, "--", demo.path]
            + arguments
        var childEnvironment = environment
        // The reader chooses GTK's AT-SPI backend; the GTK tests' in-process "test" one must not leak.
        for name in ["GTK_A11Y", "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS"] { childEnvironment[name] = nil }
        childEnvironment["XDG_CACHE_HOME"] = scratch.path
        process.environment = marker.marking(childEnvironment)
        let logHandle = try FileHandle(forWritingTo: log)
        process.standardOutput = logHandle
        process.standardError = logHandle
        try process.run()
        process.waitUntilExit()
        try logHandle.close()
        let messages = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        if process.terminationStatus == 77 {
            try skipTest("no AT-SPI bus or client: \(messages.suffix(300))")
        }
        try #require(process.terminationStatus == 0, "the reader failed (\(process.terminationStatus)): \(messages.suffix(2000))")
        return try JSONDecoder().decode(Report.self, from: Data(contentsOf: output))
    }

    /// The demo built beside the test bundle (`swift build --build-tests` builds it too).
    private static func demoExecutable() throws -> URL {
        let bundle = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let demo = bundle.deletingLastPathComponent().appendingPathComponent("waterfall-demo")
        try #require(FileManager.default.isExecutableFile(atPath: demo.path), "no waterfall-demo beside \(bundle.path)")
        return demo
    }
}
