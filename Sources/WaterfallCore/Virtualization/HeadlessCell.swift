/// A fake cell widget for tests and benchmarks: it records what a front end would do to a
/// real widget.
@MainActor
public final class HeadlessCell: ReusableCell {
    /// The identifier it is pooled under.
    public let reuseIdentifier: String
    /// A serial number, unique per data source, to tell cells apart in failure messages.
    public let serial: Int
    /// The item it shows (set by ``HeadlessDataSource``).
    public var index: Int?
    /// Whether the host currently shows it.
    public internal(set) var isInserted = false
    /// Where the host placed it last, relative to the viewport.
    public internal(set) var attributes: LayoutAttributes?
    /// How many times the pool handed it out again.
    public private(set) var reuseCount = 0

    /// Creates a cell.
    public init(reuseIdentifier: String, serial: Int) {
        self.reuseIdentifier = reuseIdentifier
        self.serial = serial
    }

    /// Counts the reuse and forgets the item.
    public func prepareForReuse() {
        reuseCount += 1
        index = nil
    }
}
