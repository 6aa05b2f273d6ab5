import FoundationEssentials

extension ImagePipeline: ImageTaskOwner {
    /// Runs a new job in a detached task (so decoding never runs on the caller's actor).
    func start(_ job: Job, key: ImageCacheKey) {
        let priority: TaskPriority = job.priority == .prefetch ? .low : .medium
        let work = Task.detached(priority: priority) { [self] in
            let outcome = await load(key, jobID: job.id)
            finish(key, jobID: job.id, with: outcome)
        }
        let orphaned = state.withLock { state -> Bool in
            guard state.jobs[key]?.id == job.id else { return true }
            state.jobs[key]?.work = work
            return false
        }
        // Every task of the job was cancelled before the work was recorded.
        if orphaned { work.cancel() }
    }

    private func load(_ key: ImageCacheKey, jobID: Int) async -> ImageTask<Image>.Outcome {
        let data: Data
        do throws(ImagePipelineError) {
            data = try await fetchData(for: key, jobID: jobID)
        } catch {
            return .failure(error)
        }
        guard !Task.isCancelled else { return .failure(.cancelled(key.url)) }
        do {
            return .success(try decoder.decode(data, maxPixelSize: key.targetSize))
        } catch {
            return .failure(.decodingFailed(key.url, reason: String(describing: error)))
        }
    }

    /// The raw data: from the disk cache while fresh; else downloaded in a scheduler slot —
    /// conditionally when a stale entry has validators, a 304 reusing the stored data — and
    /// stored as the response's caching headers allow (`HTTPCacheMetadata`). A stale entry is
    /// also used when revalidating it fails transiently (the server is unreachable).
    private func fetchData(for key: ImageCacheKey, jobID: Int) async throws(ImagePipelineError) -> Data {
        let url = key.url
        let diskCache = ["http", "https"].contains(url.scheme?.lowercased()) ? configuration.diskCache : nil
        let header = HeaderReport(url: url) { [state] url, header in Self.reportHeader(header, of: url, in: state) }
        let stored = diskCache?.entry(for: url)
        if let stored, let diskCache, stored.metadata.isFresh(at: diskCache.now()) {
            state.withLock { $0.statistics.diskCacheHits += 1 }
            header.received(stored.data, complete: true)
            return stored.data
        }
        let data: Data
        let response: DataResponse
        do throws(ImagePipelineError) {
            (data, response) = try await download(url, key: key, jobID: jobID, headers: stored?.metadata.conditionalHeaders ?? [:],
                                                  received: { header.received($0) })
        } catch {
            guard case .loadFailed(let failure) = error, failure.isTransient, let stored else { throw error }
            state.withLock { $0.statistics.diskCacheHits += 1 }
            header.received(stored.data, complete: true)
            return stored.data
        }
        let http = response.statusCode != nil ? response : nil
        if let stored, let diskCache, let http, http.statusCode == 304 {
            state.withLock { $0.statistics.notModifiedResponses += 1 }
            if let metadata = stored.metadata.revalidated(by: http, at: diskCache.now(), defaultLifetime: diskCache.defaultLifetime) {
                diskCache.store(stored.data, for: url, metadata: metadata)
            } else {
                diskCache.removeValue(for: url)
            }
            header.received(stored.data, complete: true)
            return stored.data
        }
        guard !data.isEmpty else { throw .emptyData(url) }
        header.received(data, complete: true)
        if let diskCache {
            if let http, let metadata = HTTPCacheMetadata(response: http, receivedAt: diskCache.now(),
                                                          defaultLifetime: diskCache.defaultLifetime) {
                diskCache.store(data, for: url, metadata: metadata)
            } else {
                diskCache.removeValue(for: url)
            }
        }
        return data
    }

    /// Downloads `url` in a slot of its host, within `Configuration.requestDeadline`, trying
    /// again after transient failures other than a missed deadline as
    /// `Configuration.transientRetry` says (the slot is given back while waiting).
    private func download(_ url: URL, key: ImageCacheKey, jobID: Int, headers: [String: String],
                          received: @escaping @Sendable (Data) -> Void) async throws(ImagePipelineError) -> (Data, DataResponse) {
        let policy = configuration.transientRetry
        var random = SystemRandomNumberGenerator()
        let host = DownloadScheduler.host(of: url)
        for attempt in 0..<policy.maximumAttempts {
            if attempt > 0 {
                state.withLock { $0.statistics.transientRetries += 1 }
                do {
                    try await Task.sleep(for: policy.delay(beforeRetry: attempt - 1, using: &random))
                } catch {
                    throw .cancelled(url)
                }
            }
            let priority = state.withLock { $0.jobs[key]?.priority ?? .normal }
            do {
                try await scheduler.acquire(id: jobID, host: host, priority: priority)
            } catch {
                throw .cancelled(url)
            }
            state.withLock { $0.statistics.downloadsStarted += 1 }
            do throws(DataLoadFailure) {
                defer { scheduler.release(id: jobID, host: host) }
                return try await configuration.dataLoader.validatedData(for: url, timeout: configuration.requestTimeout,
                                                                        deadline: configuration.requestDeadline,
                                                                        clock: configuration.deadlineClock,
                                                                        headers: headers, received: { [scheduler] soFar in
                                                                            scheduler.progress(id: jobID, bytes: soFar.count)
                                                                            received(soFar)
                                                                        },
                                                                        maximumByteCount: configuration.maximumImageByteCount)
            } catch {
                guard error.kind != .cancelled else { throw .cancelled(url) }
                guard error.isRetriedWithinLoad, attempt + 1 < policy.maximumAttempts else { throw .loadFailed(error) }
            }
        }
        throw .cancelled(url)
    }

    /// Caches a successful image and completes the job's tasks, unless the job was cancelled.
    private func finish(_ key: ImageCacheKey, jobID: Int, with outcome: ImageTask<Image>.Outcome) {
        let tasks = state.withLock { state -> [ImageTask<Image>] in
            guard let job = state.jobs[key], job.id == jobID else { return [] }
            state.jobs[key] = nil
            state.prefetches[key] = nil
            state.statistics.loadsInProgress -= 1
            switch outcome {
            case .success(let image):
                state.statistics.imagesLoaded += 1
                state.memoryCache.insert(image, cost: image.byteCount, forKey: key)
                state.failures.removeValue(for: key.url)
            case .failure(.cancelled):
                state.statistics.loadsCancelled += 1
            case .failure(let error):
                state.failures.record(error, for: key.url, at: configuration.now())
                state.failedURLs.insert(key.url)
                state.statistics.imagesFailed = state.failedURLs.count
            }
            return Array(job.tasks.values)
        }
        for task in tasks {
            task.complete(with: outcome)
        }
    }

    func imageTaskDidCancel(id: Int, key: ImageCacheKey) {
        let work = state.withLock { state -> Task<Void, Never>? in
            guard var job = state.jobs[key], job.tasks.removeValue(forKey: id) != nil else { return nil }
            job.priorities[id] = nil
            if state.prefetches[key]?.id == id { state.prefetches[key] = nil }
            guard job.tasks.isEmpty else {
                state.jobs[key] = job
                scheduler.setPriority(job.priority, id: job.id)
                return nil
            }
            state.jobs[key] = nil
            state.statistics.loadsInProgress -= 1
            state.statistics.loadsCancelled += 1
            return job.work
        }
        work?.cancel()
    }

    func imageTaskDidChangePriority(id: Int, key: ImageCacheKey, to priority: ImageRequest.Priority) {
        state.withLock { state in
            guard var job = state.jobs[key], job.priorities[id] != nil else { return }
            job.priorities[id] = priority
            state.jobs[key] = job
            scheduler.setPriority(job.priority, id: job.id)
        }
    }
}
