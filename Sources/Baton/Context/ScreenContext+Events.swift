extension ScreenContext {
    // MARK: - Posting

    /// Posts `payload` to the observers of `event` within `reach` of this context.
    ///
    /// Observers are called synchronously: first those on this context, then on its ancestors
    /// (nearest first), then on its descendants (depth first, in attach order); within one
    /// context, in registration order. Observers whose owner is gone are skipped and dropped.
    ///
    /// ```swift
    /// context.post(TotalWeightChanged.self, 42.5)
    /// context.post(TotalWeightChanged.self, 42.5, reach: .descendants)
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event to post.
    ///   - payload: The value observers receive.
    ///   - reach: Which contexts the post reaches; the whole tree along this chain by default.
    public final func post<Event: ContextEvent>(
        _ event: Event.Type, _ payload: Event.Payload, reach: EventReach = .tree
    ) {
        let id = ObjectIdentifier(event)
        // The origin is read only by observers of whole posts (observePosts); keeping it aside for
        // the post's duration costs nothing per observer. It is held unretained: this post's
        // caller keeps `self` alive until it returns, and the outer origin is set back first.
        let outerOrigin = PostOrigin.current
        PostOrigin.current = Unmanaged.passUnretained(self)
        defer { PostOrigin.current = outerOrigin }
        PostClock.now &+= 1
        let stamp = PostClock.now
        deliver(payload, id: id, postedAt: stamp)
        if reach == .tree || reach == .ancestors {
            // From one ancestor with observers of the event to the next, through the caches of
            // nearest holders: a post from the top of a deep stack does not visit every screen.
            var next = parent?.nearestHolder(of: id, .eventObserver)
            while let context = next {
                context.deliver(payload, id: id, postedAt: stamp)
                next = context.parent?.nearestHolder(of: id, .eventObserver)
            }
        }
        if reach == .tree || reach == .descendants {
            for child in weakChildren {
                child.context?.walkSubtree { context in
                    context.deliver(payload, id: id, postedAt: stamp)
                    return true
                }
            }
        }
    }

    /// Posts an event that carries no payload.
    ///
    /// ```swift
    /// enum Saved: ContextEvent {}
    /// context.post(Saved.self)
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event to post.
    ///   - reach: Which contexts the post reaches; the whole tree along this chain by default.
    public final func post<Event: ContextEvent>(_ event: Event.Type, reach: EventReach = .tree)
    where Event.Payload == Void {
        post(event, (), reach: reach)
    }

    // MARK: - Observing

    /// Calls `body` for every post of `event` that reaches this context.
    ///
    /// The observer is tied to `owner`, held weakly: it ends by itself when the owner is
    /// deallocated. With a `condition` (for example `.whileOnScreen(screen)`, ProContext's
    /// `ifInWindow:`), posts are delivered only while it holds; with an `expiry` (ProContext's
    /// `expiresIf:`), the observer ends as soon as it holds.
    ///
    /// ```swift
    /// context.observe(TotalWeightChanged.self, owner: self) { owner, total in
    ///     owner.eachField.text = String(total / owner.count)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event to observe.
    ///   - owner: The object the observer lives with.
    ///   - condition: When given, `body` is called only while it holds.
    ///   - expiry: When given, the observer ends as soon as it holds.
    ///   - body: Receives the owner and the payload.
    /// - Returns: A handle that can end the observation early.
    @discardableResult
    public final func observe<Event: ContextEvent, Owner: AnyObject>(
        _ event: Event.Type,
        owner: Owner,
        if condition: Condition? = nil,
        expiresIf expiry: Condition? = nil,
        _ body: @escaping @MainActor (Owner, Event.Payload) -> Void
    ) -> Registration {
        let record = OwnedObserverRecord(
            owner: owner, condition: condition, expiry: expiry, context: self, body: body
        )
        eventObservers[ObjectIdentifier(event), default: []].append(record)
        KeyStamps.advance(ObjectIdentifier(event))  // posts below see the new observer
        return Registration(record: record)
    }

    /// Calls `body` with every post of `event` that reaches this context, with the context that
    /// posted it (ProContext's `Notification.origin`).
    ///
    /// ```swift
    /// context.observePosts(of: TotalWeightChanged.self, owner: self) { owner, post in
    ///     guard post.origin !== owner.context else { return }   // not our own post
    ///     owner.refresh(total: post.payload)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event to observe.
    ///   - owner: The object the observer lives with.
    ///   - condition: When given, `body` is called only while it holds.
    ///   - expiry: When given, the observer ends as soon as it holds.
    ///   - body: Receives the owner and the post: its payload, event name and origin.
    /// - Returns: A handle that can end the observation early.
    @discardableResult
    public final func observePosts<Event: ContextEvent, Owner: AnyObject>(
        of event: Event.Type,
        owner: Owner,
        if condition: Condition? = nil,
        expiresIf expiry: Condition? = nil,
        _ body: @escaping @MainActor (Owner, ContextPost<Event.Payload>) -> Void
    ) -> Registration {
        observe(event, owner: owner, if: condition, expiresIf: expiry) { owner, payload in
            body(owner, ContextPost(event: event, origin: PostOrigin.context, payload: payload))
        }
    }

    /// Calls `body` with every post of any of `events` that reaches this context: one
    /// registration for several events, as ProContext's `addObserver(for: Set<Notification.Name>, …)`.
    ///
    /// The payload is typed `Any`; ask the post which event it is with ``ContextPost/is(_:)``.
    ///
    /// ```swift
    /// context.observePosts(ofAny: [Saved.self, TotalWeightChanged.self], owner: self) { owner, post in
    ///     if post.is(Saved.self) { owner.showSaved() } else { owner.refresh() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - events: The events to observe; each is observed once, even if listed twice.
    ///   - owner: The object the observer lives with.
    ///   - condition: When given, `body` is called only while it holds.
    ///   - expiry: When given, the observer ends as soon as it holds.
    ///   - body: Receives the owner and the post.
    /// - Returns: A handle that ends the observation of all the events.
    @discardableResult
    public final func observePosts<Owner: AnyObject>(
        ofAny events: [any ContextEvent.Type],
        owner: Owner,
        if condition: Condition? = nil,
        expiresIf expiry: Condition? = nil,
        _ body: @escaping @MainActor (Owner, ContextPost<Any>) -> Void
    ) -> Registration {
        let group = GroupRecord(owner: owner, condition: condition, expiry: expiry, context: self)
        var seen: Set<ObjectIdentifier> = []
        func add<Event: ContextEvent>(_ event: Event.Type) {
            guard seen.insert(ObjectIdentifier(event)).inserted else { return }
            let eventType = EventMetatype(type: event)
            let member = observe(event, owner: owner, if: condition, expiresIf: expiry) { owner, payload in
                body(owner, ContextPost(event: eventType.type, origin: PostOrigin.context, payload: payload as Any))
            }
            group.members.append(member.record)
        }
        for event in events { add(event) }
        return Registration(record: group)
    }

    /// The payloads of every post of `event` that reaches this context, as an async sequence.
    ///
    /// Events are not states: by default every payload is kept, in order, until the consumer
    /// takes it, so the buffer grows without bound while the consumer is slower than the posts.
    /// Pass a bounded policy, such as `.bufferingNewest(100)`, to keep only the latest payloads.
    ///
    /// The sequence ends when the consuming task is cancelled or the context is deallocated.
    ///
    /// ```swift
    /// for await total in context.events(TotalWeightChanged.self) {
    ///     print(total)
    /// }
    /// let recent = context.events(TotalWeightChanged.self, buffering: .bufferingNewest(10))
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event to observe.
    ///   - buffering: What is kept for a slow consumer; every payload by default.
    /// - Returns: An async sequence of payloads.
    public final func events<Event: ContextEvent>(
        _ event: Event.Type,
        buffering: AsyncStream<Event.Payload>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Event.Payload>
    where Event.Payload: Sendable {
        let (stream, continuation) = AsyncStream<Event.Payload>.makeStream(bufferingPolicy: buffering)
        let record = StreamObserverRecord<Event.Payload>(context: self, finish: { continuation.finish() }) {
            continuation.yield($0)
        }
        eventObservers[ObjectIdentifier(event), default: []].append(record)
        KeyStamps.advance(ObjectIdentifier(event))  // posts below see the new observer
        continuation.onTermination = { _ in
            Task { @MainActor in record.cancel() }
        }
        return stream
    }

    // MARK: - Internals

    @inline(__always)
    /// Whether an observer of `event` that has not ended is registered on this context itself.
    final func hasLiveObserver<Event: ContextEvent>(of event: Event.Type) -> Bool {
        eventObservers[ObjectIdentifier(event)]?.contains(where: \.hasNotEnded) == true
    }

    final func deliver<Payload>(_ payload: Payload, id: ObjectIdentifier, postedAt stamp: UInt64) {
        // A snapshot of the observers as the post found them. It holds its storage, and the
        // storage each record, until the loop ends, whatever the observers, their conditions or
        // their owners' `deinit`s do to the table or to this context meanwhile (the table's
        // arrays are replaced, never mutated in place while a snapshot shares them). So the loop
        // borrows each record instead of retaining and releasing it around its call.
        guard let list = eventObservers[id] else { return }
        var sawDead = false
        withElements(of: list) { records, end in
            var record = records
            while record != end {
                borrowing(record.pointee) {
                    unsafeDowncast($0, to: ObserverRecord<Payload>.self).notify(
                        payload, postedAt: stamp, sawEnded: &sawDead)
                }
                record += 1
            }
        }
        if sawDead {
            // Expiries are user code, which may register observers of this event here: they are
            // all checked first (an expired record is cancelled for good), and the table is read
            // again afterwards, with no user code in between, so that nothing registered
            // meanwhile is lost.
            if let list = eventObservers[id] { for record in list { _ = record.isLive } }
            let kept = eventObservers[id]?.filter(\.hasNotEnded) ?? []
            // The dropped records are released after the table is updated.
            let dropped = eventObservers.updateValue(kept, forKey: id)
            if kept.isEmpty { eventObservers[id] = nil }
            keepAlive(dropped)
        }
    }
}

// The two helpers below pass the posting loop's closures on to the standard library as function
// values. Closures written in a main-actor method and passed straight to the standard library
// (built without strict concurrency) check at run time that they run on the main actor, at every
// call: about 100 instructions per observer.

/// Calls `body` with the first and past-the-end positions of the records of `array`, unretained.
/// The array holds them, and keeps its storage, until `body` returns.
@inline(__always)
private func withElements<Result>(
    of array: [RegistrationRecord],
    _ body: (UnsafePointer<Unmanaged<RegistrationRecord>>, UnsafePointer<Unmanaged<RegistrationRecord>>) -> Result
) -> Result {
    array.withUnsafeBufferPointer { buffer in
        // A strong reference and an `Unmanaged` have the same layout; `Unmanaged` is trivial, so
        // reading the elements as such retains nothing.
        let records = UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 8)!)
        return records.withMemoryRebound(to: Unmanaged<RegistrationRecord>.self, capacity: buffer.count) {
            body($0, $0 + buffer.count)
        }
    }
}

/// Calls `body` with the object `reference` points to, without retaining it: the caller keeps it alive.
@inline(__always)
private func borrowing<Object: AnyObject, Result>(
    _ reference: Unmanaged<Object>, _ body: (Object) -> Result
) -> Result {
    reference._withUnsafeGuaranteedRef(body)
}

/// An event's metatype, captured by a main-actor observer. A metatype is immutable, but the
/// compiler's region analysis (in optimized builds) cannot tell that `any ContextEvent.Type` is
/// safe to send, and `SendableMetatype` is newer than the iOS 17 SDK's standard library.
private struct EventMetatype: @unchecked Sendable {
    let type: any ContextEvent.Type
}
