import WaterfallFeed

/// A list over a ``FeedModel`` that keeps only the items near its reader whole and compacts the
/// others (``FeedWall``'s source; `WaterfallFeedModel`'s face): what the model asks it when it
/// fetches compacted items again (``FeedModel/fetchAgain(at:)``).
@MainActor
protocol CompactingFeedList: AnyObject {
    /// The index near which wanted items are fetched again first (the first visible one; the
    /// lowest position in use).
    var refetchAnchor: Int { get }
    /// Whether the item at `index` is compacted (held only by its size and key).
    func isCompacted(at index: Int) -> Bool
    /// Whether the item at `index` is compacted and still wanted back (the reader has not
    /// left it).
    func wantsBack(at index: Int) -> Bool
    /// The `deduplicationKey.hashValue` of the item at `index`, to find it in its page fetched
    /// again; `nil` when there is no such index.
    func keyHash(at index: Int) -> Int?
    /// `item`, fetched again, is the compacted item at `index`: hold it whole and show it.
    func restore(_ item: FeedItem, at index: Int)
    /// A page was fetched again and its items restored (or it failed): compact what is far.
    func didFetchAgain()
}

/// Compacted items fetched again: a list that compacts far items (``CompactingFeedList``) asks
/// for the ones its reader comes back to, and the model fetches their pages again
/// (``FeedLoader/refetchPage(containing:)``, by ordinal: the loader keeps only keys), one page
/// at a time, the wanted item nearest the list's anchor first, and finds the items by their
/// `deduplicationKey` (the feed may have changed since). Items a refresh inserted at the top
/// cannot be fetched again (page 1 has moved on): a list holds them whole.
extension FeedModel {
    /// The ordinals wanted back, one page fetched at a time.
    struct Refetching {
        /// Ordinals of compacted items the list asked for.
        var wanted: Set<Int> = []
        /// Whether a page is being fetched again.
        var isRunning = false
    }

    /// The list needs the compacted item at `index`: fetches its page again, after the running
    /// one (the wanted item nearest ``CompactingFeedList/refetchAnchor`` first).
    func fetchAgain(at index: Int) {
        refetching.wanted.insert(index + firstOrdinal)
        fetchNextPageAgain()
    }

    private func fetchNextPageAgain() {
        guard !refetching.isRunning, let list = compactingList else { return }
        // Items the reader has since left are not wanted any more.
        refetching.wanted = refetching.wanted.filter { list.wantsBack(at: $0 - firstOrdinal) }
        let anchor = list.refetchAnchor + firstOrdinal
        guard let ordinal = refetching.wanted.min(by: { abs($0 - anchor) < abs($1 - anchor) }) else { return }
        refetching.isRunning = true
        Task { [weak self, loader] in
            let result: Result<(ordinals: Range<Int>, page: FeedPage)?, FeedError>
            do throws(FeedError) {
                result = .success(try await loader.refetchPage(containing: ordinal))
            } catch {
                result = .failure(error)
            }
            self?.fetchedAgain(result, for: ordinal)
        }
    }

    /// A page fetched again: its items that are still in the list and compacted are restored
    /// (found by key), then the list compacts again those it does not want. A failure leaves them compacted (the next time one is needed it is asked
    /// for again).
    private func fetchedAgain(_ result: Result<(ordinals: Range<Int>, page: FeedPage)?, FeedError>, for ordinal: Int) {
        refetching.isRunning = false
        refetching.wanted.remove(ordinal)
        guard let list = compactingList else { return }
        switch result {
        case .success(let fetched?):
            refetching.wanted.subtract(fetched.ordinals)
            let byKey = Dictionary(fetched.page.items.map { ($0.deduplicationKey.hashValue, $0) }) { first, _ in first }
            for ordinal in fetched.ordinals {
                let index = ordinal - firstOrdinal
                guard index >= 0, index < count, list.isCompacted(at: index),
                      let key = list.keyHash(at: index), let item = byKey[key] else { continue }
                list.restore(item, at: index)
            }
        case .success(nil):
            break
        case .failure(let error):
            Log.message("waterfall: a page of compacted items could not be fetched again: \(error.description)")
        }
        list.didFetchAgain()
        fetchNextPageAgain()
    }
}
