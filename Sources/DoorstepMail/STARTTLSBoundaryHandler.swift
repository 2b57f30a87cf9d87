import NIOCore
import NIOTLS

/// Trusts no byte a server sends between agreeing to `STARTTLS` and the end of the TLS handshake.
///
/// A man in the middle can append commands' replies to the server's `220` (the response injection of
/// CVE-2011-0411 and its client-side kin); read after the handshake they would pass for answers sent
/// under TLS. This handler sits on the raw bytes: once `STARTTLS` is written it lets through exactly
/// the reply to it, and anything after that reply, in the same read or before the handshake
/// completes, fails the connection.
final class STARTTLSBoundaryHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum State {
        case plain
        /// `STARTTLS` was sent; the bytes of its reply so far.
        case awaitingReply(ByteBuffer)
        case awaitingHandshake
        case secure
    }

    private var state = State.plain
    /// The longest reply to `STARTTLS` waited for.
    static let maximumReply = 4_096

    static let injected = SMTPError(
        reason: .tls("the server sent data after agreeing to STARTTLS and before the TLS handshake"))

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .plain = state, unwrapOutboundIn(data).readableBytesView.elementsEqual("STARTTLS\r\n".utf8) {
            state = .awaitingReply(context.channel.allocator.buffer(capacity: 64))
        }
        context.write(data, promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state {
        case .plain, .secure:
            context.fireChannelRead(data)
        case .awaitingHandshake:
            fail(context)
        case .awaitingReply(var pending):
            var incoming = unwrapInboundIn(data)
            pending.writeBuffer(&incoming)
            guard let end = Self.endOfReply(in: pending) else {
                if pending.readableBytes > Self.maximumReply { return fail(context) }
                state = .awaitingReply(pending)
                return
            }
            let reply = pending.readSlice(length: end)!
            guard pending.readableBytes == 0 else { return fail(context) }
            state = .awaitingHandshake
            context.fireChannelRead(wrapInboundOut(reply))
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted = event as? TLSUserEvent { state = .secure }
        context.fireUserInboundEventTriggered(event)
    }

    private func fail(_ context: ChannelHandlerContext) {
        state = .awaitingHandshake
        context.fireErrorCaught(Self.injected)
        context.close(promise: nil)
    }

    /// The length of the first complete reply in `buffer` — lines up to the one whose code is
    /// followed by a space (or nothing), not `-` — or nil while it is incomplete.
    static func endOfReply(in buffer: ByteBuffer) -> Int? {
        let bytes = buffer.readableBytesView
        var lineStart = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "\n") {
                let line = bytes[lineStart..<index]
                let separator = line.dropFirst(3).first
                if separator != UInt8(ascii: "-") { return index + 1 - bytes.startIndex }
                lineStart = index + 1
            }
            index += 1
        }
        return nil
    }
}
