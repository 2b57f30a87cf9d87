import DoorstepHTTP
import DoorstepServerCore
import DoorstepWeb
import Foundation

/// A configuration the server refuses to start with, and why, in one line an operator can act on.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension ServerConfiguration {
    /// Refuses a configuration that would leave a developer's conveniences on where others can reach
    /// the server, or passkeys that cannot work: every way of building a server (`buildServer`,
    /// `doorstep serve`) runs it.
    ///
    /// - The dev mailbox shows every code to whoever asks: only on a loopback address without an https
    ///   public URL.
    /// - An https server keeps its signing keys sealed, unless ``allowsUnsealedKeys`` says so on purpose.
    /// - Passkeys need a domain for relying party and origins on it (iOS apps go in ``appleAppIDs``).
    /// - Ports, pool sizes, the public URL, the admin token, the drain time, bcrypt's cost and the
    ///   queues' retry delay and lease are in range.
    /// - An App Attest policy that is not off needs apps to attest, and a root of the test's own stays
    ///   on this machine.
    /// - Mail goes somewhere — SMTP, the dev mailbox or the app's own mailer — unless ``sendsNoMail``.
    /// - Parameters:
    ///   - sealedKeys: whether a key-encryption key seals the signing keys.
    ///   - hasMailer: whether the app hands in a mailer of its own (``ServerDependencies/mailer``).
    public func validate(sealedKeys: Bool, hasMailer: Bool = false) throws {
        if sendsNoMail, smtp != nil || devMailbox {
            throw ConfigurationError(
                "--mail none means no mail at all; it cannot go with an SMTP URL or the dev mailbox.")
        }
        if !sendsNoMail, smtp == nil, !devMailbox, !hasMailer {
            throw ConfigurationError(
                "Mail would go nowhere: give --smtp-url (or DOORSTEP_SMTP_URL), keep the dev mailbox on, "
                    + "or pass --mail none to run without mail on purpose.")
        }
        if devMailbox {
            let exposure =
                publicURLIsHTTPS ? "an https public URL" : Self.isLoopback(host) ? nil : "the address \(host)"
            if let exposure {
                throw ConfigurationError(
                    "The dev mailbox shows every sign-in code to anyone and cannot run with \(exposure); "
                        + "give --smtp-url, or --mail none to run without mail.")
            }
        }
        if publicURLIsHTTPS, !sealedKeys, !allowsUnsealedKeys {
            throw ConfigurationError(
                "An https server keeps its signing keys sealed: set DOORSTEP_KEY_ENCRYPTION_KEY "
                    + "(openssl rand -base64 32), or pass --allow-unsealed-keys on purpose.")
        }
        guard (0...65_535).contains(port) else {
            throw ConfigurationError("The port must be between 1 and 65535, or 0 for any free port.")
        }
        guard (1...1_000).contains(databasePoolSize) else {
            throw ConfigurationError("The database pool size must be between 1 and 1000.")
        }
        if let adminToken, adminToken.utf8.count < AdminAccess.minimumTokenLength {
            throw ConfigurationError(
                "The admin token must have at least \(AdminAccess.minimumTokenLength) characters; make one with: openssl rand -base64 32"
            )
        }
        guard (0...600).contains(drainSeconds) else {
            throw ConfigurationError("The drain time must be between 0 and 600 seconds.")
        }
        guard (4...31).contains(passwordCost) else {
            throw ConfigurationError("The password cost must be between 4 and 31.")
        }
        for appID in appleAppIDs where !Self.isAppID(appID) {
            throw ConfigurationError(
                "An Apple app id is TEAMID.bundle.id, such as ABCDE12345.com.example.app, not \"\(appID)\".")
        }
        if let passkeys { try Self.validate(passkeys) }
        try validateQueues()
        try validateAppAttest()
        try validateURLs()
        if let appStore, !appStore.trustsOnlyApple, publicURLIsHTTPS || !Self.isLoopback(host) {
            throw ConfigurationError(
                "A root certificate other than Apple's is for tests on this machine; it cannot run with "
                    + (publicURLIsHTTPS ? "an https public URL." : "the address \(host)."))
        }
    }

    /// The public URL and the OTLP collector, when they are named, are http(s) URLs.
    func validateURLs() throws {
        if let publicURL {
            guard let url = URL(string: publicURL), url.scheme == "https" || url.scheme == "http", url.host != nil
            else {
                throw ConfigurationError("The public URL must be an http(s) URL, not \"\(publicURL)\".")
            }
        }
        if let otlpEndpoint, !Self.isCollectorURL(otlpEndpoint) {
            throw ConfigurationError(
                "The OTLP endpoint is a collector's http(s) base URL, such as http://collector:4318, not \"\(otlpEndpoint)\"."
            )
        }
    }

    /// Whether `text` is an http(s) URL with a host and neither query nor credentials, as an OTLP/HTTP
    /// collector's base URL is.
    static func isCollectorURL(_ text: String) -> Bool {
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty, url.query == nil,
            url.user == nil, url.password == nil
        else { return false }
        return true
    }

    /// Retry waits between a tenth of a second and ten minutes, and a webhook lease longer than a
    /// batch's attempts (which run side by side) can take, so no live sender's delivery is taken over.
    func validateQueues() throws {
        for retry in [outbox.retry, webhooks.retry] where !(0.1...600).contains(retry.firstDelay) {
            throw ConfigurationError("The retry delay must be between 0.1 and 600 seconds.")
        }
        let shortest = 2 * webhooks.attemptTimeout
        guard (shortest...3_600).contains(webhooks.retry.lease) else {
            throw ConfigurationError("The webhook lease must be between \(Int(shortest)) and 3600 seconds.")
        }
    }

    private static func validate(_ party: PasskeyRelyingParty) throws {
        guard isDomain(party.id) else {
            throw ConfigurationError("The passkey RP ID is a domain such as example.com, not \"\(party.id)\".")
        }
        for origin in party.origins.sorted() where origin.hasPrefix("ios:") {
            throw ConfigurationError(
                "iOS apps report the origin https://\(party.id), not \"\(origin)\": list the app with --apple-app-id instead."
            )
        }
        for origin in party.origins.sorted() where !isAllowed(origin, rpID: party.id) {
            throw ConfigurationError(
                "The passkey origin \"\(origin)\" is neither an http(s) origin on \(party.id) nor an Android app origin (android:apk-key-hash:…)."
            )
        }
    }

    /// Whether `host` is an address only this machine can reach.
    public static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name == "localhost" || name == "::1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// Whether `text` is a domain name such as `example.com`.
    public static func isDomain(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 253 && !text.hasPrefix(".") && !text.hasSuffix(".")
            && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." } && !text.contains("..")
    }

    /// Whether `text` is an Apple app id, `TEAMID.bundle.id`.
    public static func isAppID(_ text: String) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 1)
        return parts.count == 2 && parts[0].count == 10 && parts[0].allSatisfy { $0.isUppercase || $0.isNumber }
            && isDomain(String(parts[1]))
    }

    /// `scheme://host[:port]` of an http(s) URL.
    public static func origin(_ url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host
        else { return nil }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }

    /// An https origin on the RP ID or a subdomain of it (http only for localhost), or an Android app's
    /// origin. iOS apps need none: they report `https://<rp id>`, accepted for the ``appleAppIDs`` apps.
    public static func isAllowed(_ origin: String, rpID: String) -> Bool {
        if origin.hasPrefix("android:apk-key-hash:") {
            return origin.split(separator: ":").count == 3
        }
        guard let components = URLComponents(string: origin), let host = components.host?.lowercased(),
            Self.origin(origin) == origin,
            components.scheme == "https" || (components.scheme == "http" && host == "localhost")
        else { return false }
        return host == rpID || host.hasSuffix("." + rpID)
    }
}
