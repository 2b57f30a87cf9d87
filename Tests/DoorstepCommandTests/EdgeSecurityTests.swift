import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The attacks of a stranger on the network, played against a real `doorstep serve`: reading the dev
/// mailbox of a deployed server, dodging per-client limits by respelling paths or forging forwarding
/// headers, flooding unlimited routes, and holding connections open with a slow request.
@Suite("doorstep serve at the edge", .serialized)
struct EdgeSecurityTests {
    let doorstep: CommandRunner
    static let keyEncryptionKey = Data(repeating: 7, count: 32).base64EncodedString()

    init() throws {
        doorstep = try CommandRunner()
    }

    static func port(of base: URL) -> Int { base.port ?? 0 }

    @Test("A deployed server (SMTP, https public URL) has no dev mailbox: /dev/mail.json is 404, nothing links to it")
    func noMailboxWhenDeployed() async throws {
        let server = try ServerProcess(
            runner: doorstep,
            arguments: ["--smtp-url", "smtp://127.0.0.1:1?starttls=off", "--public-url", "https://auth.example.com"],
            environment: ["DOORSTEP_KEY_ENCRYPTION_KEY": Self.keyEncryptionKey])
        let base = try await server.waitUntilListening()
        let http = HTTP(base: base)
        #expect(
            try await http.send("POST", "v1/auth/code", json: ["email": "victim@example.com", "purpose": "login"])
                .status == 202)
        #expect(try await http.send("GET", "dev/mail.json").status == 404)
        let (index, _) = try await URLSession.shared.data(from: base)
        #expect(!String(decoding: index, as: UTF8.self).contains("/dev/mail"))
        server.terminate()
    }

    @Test("The dev mailbox beside an https public URL or a public address refuses to start, in one line")
    func mailboxRefusedWhenExposed() async throws {
        let https = try await doorstep.run(
            "serve", "--dev-mailbox", "--public-url", "https://auth.example.com", "--port", "0",
            environment: ["DOORSTEP_KEY_ENCRYPTION_KEY": Self.keyEncryptionKey])
        #expect(https.status != 0)
        #expect(https.standardError.contains("dev mailbox") && https.standardError.contains("https public URL"))
        #expect(https.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }.count == 1)
        let exposed = try await doorstep.run("serve", "--host", "0.0.0.0", "--port", "0")
        #expect(exposed.status != 0)
        #expect(exposed.standardError.contains("0.0.0.0"))
    }

    @Test("An https public URL without a key-encryption key refuses to start, unless told on purpose")
    func unsealedKeysRefused() async throws {
        let refused = try await doorstep.run(
            "serve", "--mail", "none", "--public-url", "https://auth.example.com", "--port", "0")
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("DOORSTEP_KEY_ENCRYPTION_KEY"))
        let allowed = try ServerProcess(
            runner: doorstep,
            arguments: ["--mail", "none", "--public-url", "https://auth.example.com", "--allow-unsealed-keys"])
        let base = try await allowed.waitUntilListening()
        #expect(try await HTTP(base: base).send("GET", "healthz").status == 200)
        allowed.terminate()
        let badProxy = try await doorstep.run("serve", "--trusted-proxy", "10.0.0.0/33", "--port", "0")
        #expect(badProxy.status != 0)
        #expect(badProxy.standardError.contains("trusted proxy"))
    }

    @Test("Respelling a path shares its bucket: //v1/auth/code, /v1//auth/code and /v1/auth/code/ are 429 by the 11th")
    func respelledPathsShareTheLimit() async throws {
        for spelling in ["//v1/auth/code", "/v1//auth/code", "/v1/auth/code/"] {
            let server = try ServerProcess(runner: doorstep)
            let port = Self.port(of: try await server.waitUntilListening())
            var statuses: [Int] = []
            for index in 0..<14 {
                let connection = try RawHTTPConnection(port: port)
                let body = #"{"email":"v\#(index)@example.com","purpose":"signup"}"#
                statuses.append(connection.post(index.isMultiple(of: 2) ? spelling : "/v1/auth/code", json: body) ?? 0)
            }
            #expect(statuses.prefix(10).allSatisfy { $0 == 202 }, "\(spelling): \(statuses)")
            #expect(statuses.dropFirst(10).allSatisfy { $0 == 429 }, "\(spelling): \(statuses)")
            server.terminate()
        }
    }

    @Test(
        "X-Forwarded-For is ignored from strangers; from a trusted proxy each client, IPv6 by /64, has its own bucket")
    func forwardedForOnlyFromTrustedProxies() async throws {
        let guest = { (connection: RawHTTPConnection, headers: [String]) in
            connection.post("/v1/auth/guest", json: "", headers: headers) ?? 0
        }
        let untrusted = try ServerProcess(runner: doorstep)
        var port = Self.port(of: try await untrusted.waitUntilListening())
        var statuses: [Int] = []
        for index in 0..<11 {
            statuses.append(guest(try RawHTTPConnection(port: port), ["X-Forwarded-For: 198.51.100.\(index)"]))
        }
        #expect(statuses.last == 429, "a forged header from an untrusted peer changes nothing: \(statuses)")
        untrusted.terminate()

        let behindProxy = try ServerProcess(runner: doorstep, arguments: ["--trusted-proxy", "127.0.0.0/8"])
        port = Self.port(of: try await behindProxy.waitUntilListening())
        for client in 0..<3 {
            for _ in 0..<10 {
                #expect(guest(try RawHTTPConnection(port: port), ["X-Forwarded-For: 203.0.113.\(client)"]) == 201)
            }
        }
        #expect(guest(try RawHTTPConnection(port: port), ["X-Forwarded-For: 203.0.113.0"]) == 429)
        // The attack: a client whose bucket is spent sends a Forwarded header of its own, which the
        // proxy (setting X-Forwarded-For) passes on untouched. It is not believed: still 429.
        for fresh in 0..<5 {
            #expect(
                guest(
                    try RawHTTPConnection(port: port),
                    ["Forwarded: for=198.51.100.\(fresh);proto=https", "X-Forwarded-For: 203.0.113.0"]) == 429,
                "a client's own Forwarded header picks no bucket")
        }
        // A client cannot rotate through its /64: two addresses in one share a bucket.
        for index in 0..<10 {
            let address = "2001:db8:1:2::\(String(index + 1, radix: 16))"
            #expect(guest(try RawHTTPConnection(port: port), ["X-Forwarded-For: \(address)"]) == 201)
        }
        #expect(guest(try RawHTTPConnection(port: port), ["X-Forwarded-For: 2001:db8:1:2:ffff::1"]) == 429)
        #expect(guest(try RawHTTPConnection(port: port), ["X-Forwarded-For: 2001:db8:1:3::1"]) == 201)
        // A client's own header in front of the proxy's entry is not believed.
        #expect(
            guest(try RawHTTPConnection(port: port), ["X-Forwarded-For: 203.0.113.77, 203.0.113.0"]) == 429)
        behindProxy.terminate()

        // A proxy that sets the standard header: that one is read, and X-Forwarded-For is the client's.
        let standard = try ServerProcess(
            runner: doorstep, arguments: ["--trusted-proxy", "127.0.0.0/8", "--trusted-proxy-header", "forwarded"])
        port = Self.port(of: try await standard.waitUntilListening())
        for _ in 0..<10 {
            #expect(guest(try RawHTTPConnection(port: port), ["Forwarded: for=203.0.113.9;proto=https"]) == 201)
        }
        #expect(
            guest(
                try RawHTTPConnection(port: port),
                ["X-Forwarded-For: 198.51.100.1", "Forwarded: for=203.0.113.9;proto=https"]) == 429)
        #expect(guest(try RawHTTPConnection(port: port), ["Forwarded: for=203.0.113.10"]) == 201)
        standard.terminate()
    }

    @Test("/v1/events floods get 429, and a limit is checked before an oversized body is read")
    func eventsLimitedBeforeTheBody() async throws {
        let server = try ServerProcess(runner: doorstep)
        let port = Self.port(of: try await server.waitUntilListening())
        var statuses: [Int] = []
        for _ in 0..<61 {
            statuses.append(RawHTTPConnection.postOnce(port: port, "/v1/events", json: #"{"events":[]}"#))
        }
        #expect(!statuses.dropLast().contains(429), "\(statuses)")
        #expect(statuses.last == 429)
        // Over the limit, even a body larger than any route takes is refused by the limit, unread.
        let connection = try RawHTTPConnection(port: port)
        connection.send(
            "POST /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: 10000000\r\n\r\n{")
        #expect(connection.response()?.status == 429)
        server.terminate()
    }

    @Test("A client dribbling a request's head or body is cut off by the idle and read timeouts")
    func slowClientsAreCutOff() async throws {
        let server = try ServerProcess(
            runner: doorstep, environment: ["DOORSTEP_IDLE_TIMEOUT": "2", "DOORSTEP_READ_TIMEOUT": "2"])
        let port = Self.port(of: try await server.waitUntilListening())
        let head = try RawHTTPConnection(port: port)
        let body = try RawHTTPConnection(port: port)
        body.send(
            "POST /v1/auth/identify HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: 1000\r\n\r\n")
        var headOpen = true
        var bodyOpen = true
        // A byte every 250 ms would take the head about a minute to send, against timeouts of 2 s:
        // the server has to cut both off long before, however slowly a loaded machine runs this loop.
        let dribble = "GET /healthz HTTP/1.1\r\nX-Slow: " + String(repeating: "a", count: 200)
        for byte in dribble.map(String.init) {
            try await Task.sleep(for: .milliseconds(250))
            headOpen = headOpen && head.send(byte)
            bodyOpen = bodyOpen && body.send("a")
            if !headOpen && !bodyOpen { break }
        }
        #expect(!headOpen && !bodyOpen, "the server cut both off before the dribble ended")
        #expect(head.isClosedByServer, "a head sent a byte at a time is cut off by the idle timeout")
        #expect(body.isClosedByServer || body.response()?.status == 408, "a dribbled body is cut off")
        #expect(try await HTTP(base: URL(string: "http://127.0.0.1:\(port)")!).send("GET", "healthz").status == 200)
        server.terminate()
    }

    @Test("The database, its write-ahead log and profile photos are readable by the server's user only")
    func filesAreOwnerOnly() async throws {
        let server = try ServerProcess(runner: doorstep, arguments: ["--rate-limits", "off"])
        let http = HTTP(base: try await server.waitUntilListening())
        let guest = try await http.send("POST", "v1/auth/guest")
        let token = try #require((guest.json as? [String: Any])?["accessToken"] as? String)
        var request = URLRequest(url: http.base.appendingPathComponent("v1/me/avatar"))
        request.httpMethod = "PUT"
        request.setValue("image/png", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = Self.png
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let files = FileManager.default
        func mode(_ path: String) throws -> Int {
            (try files.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
        }
        #expect(try mode(server.database) == 0o600)
        #expect(try mode(server.database + "-wal") == 0o600)
        let photos = server.database + ".avatars"
        #expect(try mode(photos) == 0o700)
        let photo = try #require(try files.contentsOfDirectory(atPath: photos).first)
        #expect(try mode(photos + "/" + photo) == 0o600)
        server.terminate()
    }

    /// The smallest PNG: one transparent pixel.
    static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")!
}

extension RawHTTPConnection {
    /// One request on a connection of its own; its status, 0 for none.
    static func postOnce(port: Int, _ path: String, json: String) -> Int {
        (try? RawHTTPConnection(port: port))?.post(path, json: json) ?? 0
    }
}
