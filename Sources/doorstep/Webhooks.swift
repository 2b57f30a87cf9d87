import ArgumentParser
import DoorstepServerCore
import Foundation
import Logging

/// `doorstep webhooks`: the endpoints an app's backend hears of account events at.
struct Webhooks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add, list and remove webhook endpoints, and rotate their signing secrets.",
        discussion: """
            Deliveries follow the Standard Webhooks specification (webhook-id, webhook-timestamp, \
            webhook-signature), so receivers verify them with its published libraries and the secret \
            printed by add and rotate-secret. Events: \
            \(WebhookEventType.all.map(\.rawValue).joined(separator: ", ")).
            """,
        subcommands: [Add.self, List.self, Remove.self, RotateSecret.self])

    /// Runs `work` with the endpoints' service on the store, which the server's keys seal secrets
    /// for, and closes the store after.
    static func withEndpoints<Result>(
        _ options: Keys.StoreOptions, allowPrivate: Bool = false,
        _ work: (ServerStore, WebhookEndpoints) async throws -> Result
    ) async throws -> Result {
        try await options.withStore { store in
            var logger = Logger(label: "doorstep.webhooks")
            logger.logLevel = .warning
            let keys = try await store.loadKeys(
                database: options.resolvedDatabase, environment: ProcessInfo.processInfo.environment, logger: logger)
            var policy = WebhookPolicy()
            policy.urls.allowsPrivate = allowPrivate
            let endpoints = WebhookEndpoints(
                storage: store.storage, sealer: WebhookSecretSealer(keys: keys), clock: SystemWallClock(),
                random: SecureRandomSource(), policy: policy)
            return try await work(store, endpoints)
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add an endpoint; prints its id and its signing secret (shown only now).")
        @OptionGroup var options: Keys.StoreOptions
        @Argument(help: "Where deliveries are posted: an https URL on a public address.") var url: String
        @Option(help: "The events it hears of, comma-separated, or * for every one.") var events: String
        @Flag(help: "Allow http and loopback or private addresses (tests and development only).")
        var allowPrivate = false
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let created = try await Webhooks.withEndpoints(options, allowPrivate: allowPrivate) { store, endpoints in
                do {
                    let created = try await endpoints.add(url: url, events: [events])
                    await OperatorAudit.record(
                        "webhook_endpoint_added", detail: "endpoint=\(created.endpoint.id.lowercasedText)",
                        on: store.storage)
                    return created
                } catch let problem as WebhookEndpoints.Problem {
                    throw Users.failure("The endpoint was not added: \(problem).", code: 2)
                }
            }
            Webhooks.print(created, json: json)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Every endpoint, whether it answers, and its deliveries waiting or failed.")
        @OptionGroup var options: Keys.StoreOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let (listed, recent) = try await Webhooks.withEndpoints(options) { _, endpoints in
                let listed = try await endpoints.list()
                var recent: [UUID: [WebhookDeliveryRecord]] = [:]
                for endpoint in listed {
                    recent[endpoint.id] = try await endpoints.deliveries(of: endpoint.id, limit: 500)
                }
                return (listed, recent)
            }
            var rows: [[String: Any]] = []
            for endpoint in listed {
                let deliveries = recent[endpoint.id] ?? []
                let status =
                    endpoint.disabledAt.map { "disabled \(Keys.format($0))" }
                    ?? endpoint.failingSince.map { "failing since \(Keys.format($0))" } ?? "active"
                let counts = Dictionary(grouping: deliveries, by: \.state.rawValue).mapValues(\.count)
                if json {
                    rows.append([
                        "id": endpoint.id.lowercasedText, "url": endpoint.url, "events": endpoint.eventTypes,
                        "status": status, "createdAt": ISO8601DateFormatter().string(from: endpoint.createdAt),
                        "pending": counts["pending"] ?? 0, "sent": counts["sent"] ?? 0, "failed": counts["failed"] ?? 0,
                    ])
                } else {
                    Swift.print("\(endpoint.id.lowercasedText)  \(endpoint.url)  \(status)")
                    Swift.print("  events: \(endpoint.eventTypes.joined(separator: ", "))")
                    Swift.print(
                        "  recent deliveries: \(counts["sent"] ?? 0) sent, \(counts["pending"] ?? 0) waiting, "
                            + "\(counts["failed"] ?? 0) failed")
                }
            }
            if json {
                let data = try JSONSerialization.data(
                    withJSONObject: rows, options: [.sortedKeys, .withoutEscapingSlashes])
                Swift.print(String(decoding: data, as: UTF8.self))
            } else if listed.isEmpty {
                Swift.print("no webhook endpoints")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove an endpoint; what waits for it is dropped.")
        @OptionGroup var options: Keys.StoreOptions
        @Argument(help: "The endpoint's id.") var id: String

        func run() async throws {
            let endpointID = try Users.uuid(id)
            try await Webhooks.withEndpoints(options) { store, endpoints in
                do {
                    try await endpoints.remove(id: endpointID)
                    await OperatorAudit.record(
                        "webhook_endpoint_removed", detail: "endpoint=\(endpointID.lowercasedText)", on: store.storage)
                } catch WebhookEndpoints.Problem.notFound {
                    throw Users.notFound("No webhook endpoint has the id \(id).")
                }
            }
            Swift.print("webhook endpoint \(endpointID.lowercasedText) removed")
        }
    }

    struct RotateSecret: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: """
                Give an endpoint a new signing secret (printed now); the old one keeps signing beside it \
                for a day. Turns a disabled endpoint back on.
                """)
        @OptionGroup var options: Keys.StoreOptions
        @Argument(help: "The endpoint's id.") var id: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let endpointID = try Users.uuid(id)
            let created = try await Webhooks.withEndpoints(options) { store, endpoints in
                do {
                    let created = try await endpoints.rotateSecret(id: endpointID)
                    await OperatorAudit.record(
                        "webhook_secret_rotated", detail: "endpoint=\(endpointID.lowercasedText)", on: store.storage)
                    return created
                } catch WebhookEndpoints.Problem.notFound {
                    throw Users.notFound("No webhook endpoint has the id \(id).")
                }
            }
            Webhooks.print(created, json: json)
        }
    }

    static func print(_ created: WebhookEndpoints.Created, json: Bool) {
        let id = created.endpoint.id.lowercasedText
        if json {
            let object: [String: Any] = [
                "id": id, "url": created.endpoint.url, "events": created.endpoint.eventTypes,
                "secret": created.secret.text,
            ]
            let data =
                (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
                ?? Data()
            Swift.print(String(decoding: data, as: UTF8.self))
        } else {
            Swift.print("\(id)  \(created.endpoint.url)")
            Swift.print("secret: \(created.secret.text)")
        }
    }
}
