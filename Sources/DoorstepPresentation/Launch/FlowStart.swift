import DoorstepFlow

/// Which definition a flow starts from as the app opens it, and whether the person is offered Retry.
///
/// The server's definition wins whenever it answers. Without it the flow still starts, offline, from the
/// copy the app kept from its last visit or the one it ships with — whichever is newer, since saved
/// progress migrates only forward — and Retry stays offered, so the person can pick up the server's
/// version when the connection returns. With neither, the start fails with Retry.
public struct FlowStart: Sendable, Hashable {
    /// Where a definition came from.
    public enum Source: String, Sendable, Hashable {
        /// The server answered now.
        case server
        /// The copy kept from the server's last answer.
        case cached
        /// The copy shipped inside the app.
        case bundled
    }

    /// The definition to run, or nil when there is none to show.
    public var definition: FlowDefinition?
    /// Where ``definition`` came from.
    public var source: Source?
    /// What to tell the person: why the start failed, or that the flow runs without the server.
    public var message: String?
    /// Whether a Retry button asks the server again.
    public var offersRetry: Bool

    /// Decides the start.
    /// - Parameters:
    ///   - fetched: the server's definition, or nil when it could not be reached.
    ///   - cached: the copy kept from the server's last answer.
    ///   - bundled: the copy the app ships with.
    ///   - preferredLanguages: the person's languages, most wanted first, for the notices when no
    ///     definition says its own language.
    public init(
        fetched: FlowDefinition?, cached: FlowDefinition?, bundled: FlowDefinition?, preferredLanguages: [String] = []
    ) {
        if let fetched {
            self.init(definition: fetched, source: .server, message: nil, offersRetry: false)
            return
        }
        let offline = [(cached, Source.cached), (bundled, Source.bundled)]
            .compactMap { definition, source in definition.map { ($0, source) } }
            // The newest version, and of two equal ones the server's own copy.
            .max { $0.0.version < $1.0.version }
        guard let (definition, source) = offline else {
            let words = PresentationWords(preferring: preferredLanguages)
            self.init(
                definition: nil, source: nil,
                message: words("The flow could not be loaded. Check your connection and try again."),
                offersRetry: true)
            return
        }
        let words = definition.language.map(PresentationWords.init) ?? PresentationWords(preferring: preferredLanguages)
        self.init(
            definition: definition, source: source,
            message: words("You're offline. Your answers are kept; some steps need a connection."), offersRetry: true)
    }

    init(definition: FlowDefinition?, source: Source?, message: String?, offersRetry: Bool) {
        self.definition = definition
        self.source = source
        self.message = message
        self.offersRetry = offersRetry
    }

    /// Whether the definition should be kept for the next start without the server.
    public var shouldCache: Bool { source == .server }
}
