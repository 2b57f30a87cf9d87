import Foundation

/// Where and how to reach an SMTP server: read from a URL such as
/// `smtp://user:password@mail.example.com:587?starttls=required` or `smtps://…:465`.
public struct SMTPConfiguration: Sendable {
    /// How the connection is protected.
    public enum Security: Sendable, Hashable {
        /// No TLS at all (a relay on loopback or a private network).
        case none
        /// Plain connect, then `STARTTLS`: when the server offers it, or always (refusing to go on).
        case startTLS(required: Bool)
        /// TLS from the first byte (port 465).
        case implicitTLS
    }

    public var host: String
    public var port: Int
    public var security: Security
    /// The user name and password for `AUTH`, when the server needs them.
    public var credentials: (user: String, password: String)?
    /// A PEM file of certificates to trust besides the system's, for a server with its own CA.
    public var trustedCertificatesFile: String?
    /// The name this client gives in `EHLO`.
    public var clientName: String
    /// How long to wait for the connection, and then for each reply.
    public var connectTimeout: Duration
    public var replyTimeout: Duration

    /// Creates a configuration.
    public init(
        host: String, port: Int, security: Security, credentials: (user: String, password: String)? = nil,
        trustedCertificatesFile: String? = nil, clientName: String = "localhost",
        connectTimeout: Duration = .seconds(10), replyTimeout: Duration = .seconds(30)
    ) {
        self.host = host
        self.port = port
        self.security = security
        self.credentials = credentials
        self.trustedCertificatesFile = trustedCertificatesFile
        self.clientName = clientName
        self.connectTimeout = connectTimeout
        self.replyTimeout = replyTimeout
    }

    /// A configuration from a URL. `smtp://` connects plainly and upgrades with STARTTLS — required
    /// when the URL has credentials, else when offered (`?starttls=required` insists,
    /// `?starttls=opportunistic` upgrades when offered, `?starttls=off` never tries) — on port 587
    /// unless one is given;
    /// `smtps://` speaks TLS from the start, on port 465. `?ca=/path.pem` trusts more certificates.
    /// User and password are percent-decoded.
    public init(url text: String) throws(SMTPConfigurationError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else { throw .invalid("the SMTP URL is not a URL like smtp://user:password@host:587") }
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name.lowercased(), $0.value ?? "") },
            uniquingKeysWith: { _, last in last })
        let hasCredentials = components.percentEncodedUser.map { !$0.isEmpty } ?? false
        let security: Security
        switch (scheme, query["starttls"]?.lowercased()) {
        case ("smtps", nil): security = .implicitTLS
        // With credentials TLS is required unless the URL says otherwise: a password is never offered
        // to whoever answers in the clear.
        case ("smtp", nil): security = .startTLS(required: hasCredentials)
        case ("smtp", "opportunistic"): security = .startTLS(required: false)
        case ("smtp", "required"): security = .startTLS(required: true)
        case ("smtp", "off"): security = .none
        case ("smtp", let other?): throw .invalid("starttls=\(other) is not one of required, opportunistic, off")
        case ("smtps", _): throw .invalid("smtps:// is TLS from the start; starttls does not apply")
        default: throw .invalid("the SMTP URL must start with smtp:// or smtps://, not \(scheme)://")
        }
        var credentials: (user: String, password: String)?
        if let user = components.percentEncodedUser.flatMap({ $0.removingPercentEncoding }), !user.isEmpty {
            let password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding } ?? ""
            credentials = (user, password)
        }
        if let port = components.port, !(1...65_535).contains(port) {
            throw .invalid("the SMTP port must be between 1 and 65535")
        }
        self.init(
            host: host, port: components.port ?? (security == .implicitTLS ? 465 : 587), security: security,
            credentials: credentials, trustedCertificatesFile: query["ca"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The URL with its password hidden, for logs.
    public var redacted: String {
        let scheme = security == .implicitTLS ? "smtps" : "smtp"
        let user = credentials.map { "\($0.user):***@" } ?? ""
        return "\(scheme)://\(user)\(host):\(port)"
    }
}

/// Why an SMTP URL cannot be used; the message never repeats the password.
public enum SMTPConfigurationError: Error, CustomStringConvertible, Equatable {
    case invalid(String)

    public var description: String {
        switch self {
        case .invalid(let reason): return reason
        }
    }
}
