import AsyncHTTPClient
import Foundation
import Synchronization

/// What one connection does over and over during a run.
struct Workload: Sendable {
    /// Connections and what each does, by index; an iteration may send several requests.
    var lanes:
        [(count: Int, measured: Bool, iteration: @Sendable (_ connection: Int, _ iteration: Int) async throws -> Void)]
}

enum Scenario: String, CaseIterable {
    /// The cheapest JSON route of the same binary (`GET /v1/auth/config`): the floor others are read against.
    case floor
    case me, refresh, login
    /// Sign-up with a password: one account, and one hash, per request.
    case passwordSignup = "password-signup"
    case signup, onboarding
    case meUnderLogin = "me-under-login"
    /// Flow events posted in batches of ``eventsPerBatch`` without a session, as apps send them.
    case events

    /// Events per request of the `events` scenario.
    static let eventsPerBatch = 50

    /// Whether its requests hash passwords, so the hash ceiling applies.
    var hashes: Bool { self == .login || self == .passwordSignup }

    static let password = "Sunny-Days-2026"

    func prepare(api: API, connections: Int) async throws -> Workload {
        switch self {
        case .floor:
            return Workload(lanes: [(connections, true, { _, _ in try await api.call(.GET, "/v1/auth/config") })])
        case .events:
            // Bodies are written as text rather than through JSONSerialization: the load generator
            // shares the machine's two cores with the server, and this keeps its share small.
            let screens = ["slide1", "slide2", "slide3", "createAccount"]
            let start = ISO8601DateFormatter().string(from: Date())
            return Workload(lanes: [
                (
                    connections, true,
                    { connection, iteration in
                        let install = "load-\(connection)-\(iteration / 8)"
                        let variant = (connection + iteration / 8).isMultiple(of: 2) ? "threeSlides" : "twoSlides"
                        var body = #"{"events":["#
                        for index in 0..<Self.eventsPerBatch {
                            if index > 0 { body += "," }
                            body += #"{"id":"\#(UUID().uuidString)","installId":"\#(install)","flowId":"tanda","#
                            body += #""flowVersion":3,"variant":"\#(variant)","type":"screenShown","#
                            body += #""screen":"\#(screens[index % screens.count])","#
                            body += #""sequence":\#(iteration * Self.eventsPerBatch + index),"at":"\#(start)"}"#
                        }
                        body += "]}"
                        try await api.call(.POST, "/v1/events", body: Data(body.utf8))
                    }
                )
            ])
        case .passwordSignup:
            let prefix = UUID().uuidString.prefix(8).lowercased()
            let numbers = UniqueNumbers()
            return Workload(lanes: [
                (
                    connections, true,
                    { _, _ in
                        let email = "\(numbers.nextSpread())-password-\(prefix)@example.com"
                        try await api.call(.POST, "/v1/auth/signup", json: ["email": email, "password": Self.password])
                    }
                )
            ])
        case .me:
            let tokens = try await Self.guests(api, count: 256).map(\.access)
            return Workload(lanes: [
                (
                    connections, true,
                    { connection, iteration in
                        try await api.call(.GET, "/v1/me", bearer: tokens[(connection * 31 + iteration) % tokens.count])
                    }
                )
            ])
        case .refresh:
            let chains = Chains(try await Self.guests(api, count: connections).map(\.refresh))
            return Workload(lanes: [
                (
                    connections, true,
                    { connection, _ in
                        let session = try await api.call(
                            .POST, "/v1/auth/token/refresh", json: ["refreshToken": chains.token(connection)])
                        chains.replace(connection, with: session["refreshToken"] as? String ?? "")
                    }
                )
            ])
        case .login:
            let emails = try await Self.accounts(api, count: connections)
            return Workload(lanes: [
                (
                    connections, true,
                    { connection, _ in
                        try await api.call(
                            .POST, "/v1/auth/login", json: ["email": emails[connection], "password": Self.password])
                    }
                )
            ])
        case .meUnderLogin:
            let emails = try await Self.accounts(api, count: connections)
            let tokens = try await Self.guests(api, count: 64).map(\.access)
            let readers = max(1, connections / 4)
            return Workload(lanes: [
                (
                    connections - readers, false,
                    { connection, _ in
                        try await api.call(
                            .POST, "/v1/auth/login", json: ["email": emails[connection], "password": Self.password])
                    }
                ),
                (
                    readers, true,
                    { connection, iteration in
                        try await api.call(.GET, "/v1/me", bearer: tokens[(connection + iteration) % tokens.count])
                    }
                ),
            ])
        case .signup:
            let prefix = UUID().uuidString.prefix(8).lowercased()
            let numbers = UniqueNumbers()
            return Workload(lanes: [
                (
                    connections, true,
                    { _, _ in
                        let email = "\(numbers.nextSpread())-signup-\(prefix)@example.com"
                        try await api.call(.POST, "/v1/auth/code", json: ["email": email, "purpose": "signup"])
                        let code = try await api.code(for: email)
                        try await api.call(
                            .POST, "/v1/auth/code/verify", json: ["email": email, "code": code, "purpose": "signup"])
                    }
                )
            ])
        case .onboarding:
            let prefix = UUID().uuidString.prefix(8).lowercased()
            let numbers = UniqueNumbers()
            // Answers name the flow version they were given for; the server takes the current one.
            let version = try await api.call(.GET, "/v1/flows/tanda")["version"] as? Int ?? 1
            return Workload(lanes: [
                (
                    connections, true,
                    { _, _ in
                        let email = "\(numbers.nextSpread())-tanda-\(prefix)@example.com"
                        try await api.call(.POST, "/v1/auth/identify", json: ["email": email])
                        try await api.call(.POST, "/v1/auth/code", json: ["email": email, "purpose": "signup"])
                        let code = try await api.code(for: email)
                        let session = try await api.call(
                            .POST, "/v1/auth/code/verify",
                            json: ["email": email, "code": code, "purpose": "signup"])
                        let token = session["accessToken"] as? String ?? ""
                        try await api.call(
                            .PUT, "/v1/auth/password", json: ["newPassword": Self.password], bearer: token)
                        try await api.call(
                            .POST, "/v1/me/flows/tanda/answers",
                            json: ["flowVersion": version, "answers": ["firstName": "Sam", "lastName": "Jones"]],
                            bearer: token)
                    }
                )
            ])
        }
    }

    static func guests(_ api: API, count: Int) async throws -> [(access: String, refresh: String)] {
        var sessions: [(access: String, refresh: String)] = []
        for _ in 0..<count { sessions.append(try await api.guest()) }
        return sessions
    }

    /// Password accounts, created concurrently (each costs a hash).
    static func accounts(_ api: API, count: Int) async throws -> [String] {
        let prefix = UUID().uuidString.prefix(8).lowercased()
        let emails = (0..<count).map { "login-\(prefix)-\($0)@example.com" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for email in emails {
                group.addTask {
                    try await api.callUntilAdmitted(
                        .POST, "/v1/auth/signup", json: ["email": email, "password": password])
                }
            }
            try await group.waitForAll()
        }
        return emails
    }
}

/// Each connection's current refresh token: every refresh rotates it.
final class Chains: Sendable {
    private let tokens: Mutex<[String]>
    init(_ tokens: [String]) { self.tokens = Mutex(tokens) }
    func token(_ connection: Int) -> String { tokens.withLock { $0[connection] } }
    func replace(_ connection: Int, with token: String) { tokens.withLock { $0[connection] = token } }
}

/// Numbers never handed out twice, so every sign-up uses a new address across warm-up and runs.
final class UniqueNumbers: Sendable {
    private let last = Mutex(0)
    func next() -> Int {
        last.withLock {
            $0 += 1
            return $0
        }
    }

    /// The next number as eight hex digits scattered over their range (a bijection of 32-bit numbers,
    /// so still never twice): people do not sign up in the order of their addresses, and addresses in
    /// order would put every concurrent sign-up on the same pages of the address index.
    func nextSpread() -> String {
        let scattered = UInt32(truncatingIfNeeded: next()) &* 0x9E37_79B1
        return String(scattered, radix: 16).leftPadded(to: 8)
    }
}

extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
