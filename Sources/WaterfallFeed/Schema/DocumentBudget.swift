/// The nesting and container limits of ``FeedPageLimits``, enforced while a reader builds a
/// document, so a hostile page is refused as soon as it breaks one rather than after it was built.
struct DocumentBudget {
    let limits: FeedPageLimits
    /// The containers built so far, shared ones counted each time they are used.
    private(set) var containers = 0

    /// Accounts for a container (with `contained` more inside it, for a shared one already built)
    /// whose deepest level is `depth` (1 for a container at the top).
    ///
    /// - Throws: ``FeedDocumentError/limitExceeded(_:)`` naming `location()` when the depth is over the limit.
    mutating func open(depth: Int, contained: Int = 0, at location: () -> String) throws(FeedDocumentError) {
        guard depth <= limits.maximumNestingDepth else {
            throw .limitExceeded(.nestingDepth(limit: limits.maximumNestingDepth, location: location()))
        }
        let (total, overflow) = containers.addingReportingOverflow(1 + contained)
        guard !overflow, total <= limits.maximumContainerCount else {
            throw .limitExceeded(.containerCount(limit: limits.maximumContainerCount))
        }
        containers = total
    }
}
