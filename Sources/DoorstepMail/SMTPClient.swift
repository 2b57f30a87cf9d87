import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL

/// Hands messages to an SMTP server (RFC 5321): one connection per message, `EHLO`, `STARTTLS` or
/// implicit TLS as configured, `AUTH PLAIN` or `LOGIN`, then the envelope and the dot-stuffed data.
/// Every reply must come within the configured time. Failures are ``SMTPError``s that say whether
/// trying again can help; no log line or error holds the password or the message.
public struct SMTPClient: Sendable {
    public let configuration: SMTPConfiguration
    let group: any EventLoopGroup
    let logger: Logger

    /// Creates a client.
    public init(
        configuration: SMTPConfiguration, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "doorstep.smtp")
    ) {
        self.configuration = configuration
        self.group = group
        self.logger = logger
    }

    /// Sends one message; throws an ``SMTPError``.
    /// - Parameter boundary: the multipart boundary for a message with an HTML part.
    public func send(_ message: MailMessage, boundary: String) async throws {
        do {
            let channel = try await connect()
            try await channel.executeThenClose { inbound, outbound in
                var conversation = SMTPConversation(
                    replies: inbound.makeAsyncIterator(), outbound: outbound, channel: channel.channel)
                try await deliver(message, boundary: boundary, over: &conversation)
            }
        } catch let error as SMTPError {
            throw error
        } catch let error as NIOSSLError {
            throw SMTPError(reason: .tls(String(describing: error)))
        } catch let error as BoringSSLError {
            throw SMTPError(reason: .tls(String(describing: error)))
        } catch {
            throw SMTPError(reason: .connection(String(describing: error)))
        }
    }

    private func deliver(
        _ message: MailMessage, boundary: String, over conversation: inout SMTPConversation
    ) async throws {
        try await conversation.expect(220, during: "the connection")
        var extensions = try await hello(&conversation)
        switch configuration.security {
        case .startTLS(let required):
            if extensions.contains("STARTTLS") {
                try await conversation.send("STARTTLS", expecting: 220, during: "STARTTLS")
                try await conversation.startTLS(try tlsContext(), serverHostname: serverHostname)
                extensions = try await hello(&conversation)
            } else if required || configuration.credentials != nil {
                throw SMTPError(
                    reason: .tls("the server does not offer STARTTLS, which this configuration requires"))
            }
        case .none, .implicitTLS:
            break
        }
        if let credentials = configuration.credentials {
            try await authenticate(credentials, extensions: extensions, over: &conversation)
        }
        try await conversation.send("MAIL FROM:<\(message.from.address)>", expecting: 250, during: "the sender")
        try await conversation.send("RCPT TO:<\(message.to.address)>", expecting: 250, 251, during: "the recipient")
        try await conversation.send("DATA", expecting: 354, during: "DATA")
        try await conversation.send(
            Self.dotStuffed(message.rendered(boundary: boundary)) + ".", expecting: 250, during: "the message")
        logger.debug("mail handed over", metadata: ["message.id": "\(message.messageID)"])
        _ = try? await conversation.send("QUIT", expecting: 221, during: "QUIT")
    }

    /// `EHLO`, returning the extensions the server announces, such as `STARTTLS` and `AUTH PLAIN LOGIN`.
    private func hello(_ conversation: inout SMTPConversation) async throws -> Set<String> {
        let reply = try await conversation.send("EHLO \(configuration.clientName)", expecting: 250, during: "EHLO")
        return Set(
            reply.lines.dropFirst().map { $0.uppercased() }.flatMap { line -> [String] in
                let words = line.split(separator: " ").map(String.init)
                return [words.first ?? ""] + (words.first == "AUTH" ? words.dropFirst().map { "AUTH " + $0 } : [])
            })
    }

    private func authenticate(
        _ credentials: (user: String, password: String), extensions: Set<String>,
        over conversation: inout SMTPConversation
    ) async throws {
        if extensions.contains("AUTH PLAIN") {
            let token = Data("\u{0}\(credentials.user)\u{0}\(credentials.password)".utf8).base64EncodedString()
            try await conversation.send("AUTH PLAIN \(token)", expecting: 235, during: "AUTH PLAIN", redacted: true)
        } else if extensions.contains("AUTH LOGIN") {
            try await conversation.send("AUTH LOGIN", expecting: 334, during: "AUTH LOGIN")
            try await conversation.send(
                Data(credentials.user.utf8).base64EncodedString(), expecting: 334, during: "AUTH LOGIN",
                redacted: true)
            try await conversation.send(
                Data(credentials.password.utf8).base64EncodedString(), expecting: 235, during: "AUTH LOGIN",
                redacted: true)
        } else {
            throw SMTPError(
                reason: .rejected(SMTPReply(code: 504, lines: ["no AUTH PLAIN or LOGIN offered"]), during: "AUTH"))
        }
    }

    private func connect() async throws -> NIOAsyncChannel<SMTPReply, ByteBuffer> {
        let implicitTLS = configuration.security == .implicitTLS ? try tlsContext() : nil
        let serverHostname = serverHostname
        let replyTimeout = TimeAmount.nanoseconds(Int64(configuration.replyTimeout.components.seconds) * 1_000_000_000)
        return try await ClientBootstrap(group: group)
            .connectTimeout(.nanoseconds(Int64(configuration.connectTimeout.components.seconds) * 1_000_000_000))
            .connect(host: configuration.host, port: configuration.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let implicitTLS {
                        try pipeline.addHandler(
                            NIOSSLClientHandler(context: implicitTLS, serverHostname: serverHostname))
                    }
                    try pipeline.addHandler(IdleStateHandler(readTimeout: replyTimeout))
                    if implicitTLS == nil { try pipeline.addHandler(STARTTLSBoundaryHandler()) }
                    try pipeline.addHandler(ByteToMessageHandler(SMTPReplyDecoder()))
                    try pipeline.addHandler(ReplyTimeoutHandler())
                    return try NIOAsyncChannel<SMTPReply, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
    }

    /// The system's trust roots, plus the configured file's certificates.
    private func tlsContext() throws -> NIOSSLContext {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let file = configuration.trustedCertificatesFile { tls.additionalTrustRoots = [.file(file)] }
        return try NIOSSLContext(configuration: tls)
    }

    /// The name the certificate must carry; an IP address is checked against the certificate's
    /// addresses instead (it may not go in SNI).
    private var serverHostname: String? {
        let isAddress = configuration.host.allSatisfy { $0.isHexDigit || $0 == "." || $0 == ":" }
        return isAddress ? nil : configuration.host
    }

    /// Doubles a `.` that starts a line, so no line of the message reads as the end of the data.
    static func dotStuffed(_ text: String) -> String {
        (text.hasPrefix(".") ? "." : "") + text.replacingOccurrences(of: "\r\n.", with: "\r\n..")
    }
}

/// One connection's exchange: a command out, a reply back.
struct SMTPConversation {
    var replies: NIOAsyncChannelInboundStream<SMTPReply>.AsyncIterator
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    let channel: any Channel

    mutating func reply(during step: String) async throws -> SMTPReply {
        guard let reply = try await replies.next() else {
            throw SMTPError(reason: .connection("the server closed the connection during \(step)"))
        }
        return reply
    }

    mutating func expect(_ codes: Int..., during step: String) async throws {
        let reply = try await reply(during: step)
        guard codes.contains(reply.code) else { throw SMTPError(reason: .rejected(reply, during: step)) }
    }

    /// Sends a line (CRLF added) and checks the reply's code. A redacted line is one whose content must
    /// never show, such as credentials.
    @discardableResult
    mutating func send(_ line: String, expecting codes: Int..., during step: String, redacted: Bool = false)
        async throws -> SMTPReply
    {
        do {
            try await outbound.write(ByteBuffer(string: line + "\r\n"))
        } catch let error as ChannelError where error == .ioOnClosedChannel {
            throw SMTPError(reason: .connection("the server closed the connection before \(step)"))
        }
        let reply = try await reply(during: step)
        guard codes.contains(reply.code) else { throw SMTPError(reason: .rejected(reply, during: step)) }
        return reply
    }

    /// Puts TLS in front of everything else on the connection, after the server agreed to STARTTLS.
    func startTLS(_ context: NIOSSLContext, serverHostname: String?) async throws {
        let channel = channel
        try await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.addHandler(
                NIOSSLClientHandler(context: context, serverHostname: serverHostname), position: .first)
        }.get()
    }
}

/// Turns a read that waited too long into an error the conversation sees, and closes the connection.
final class ReplyTimeoutHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = SMTPReply
    typealias InboundOut = SMTPReply

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            context.fireErrorCaught(SMTPError.timedOut)
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
