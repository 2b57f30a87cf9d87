import NIOCore

/// A server's reply: its three-digit code and the text of each of its lines.
public struct SMTPReply: Sendable, Hashable {
    public var code: Int
    public var lines: [String]

    /// 5xx: trying again will not help.
    var isPermanentFailure: Bool { (500..<600).contains(code) }

    /// The reply as one line for errors and logs.
    var summary: String { "\(code) \(lines.joined(separator: " "))" }
}

/// Cuts the byte stream into replies: lines `250-…` continue a reply, a line `250 …` ends it.
struct SMTPReplyDecoder: ByteToMessageDecoder {
    typealias InboundOut = SMTPReply
    /// A server that sends more than this without a line break is not speaking SMTP.
    static let maximumLine = 4_096

    private var pending: [String] = []

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > Self.maximumLine { throw SMTPError.protocolViolation("a reply line is too long") }
            return .needMoreData
        }
        let length = newline - buffer.readerIndex + 1
        var line = buffer.readString(length: length) ?? ""
        while line.last?.isNewline == true { line.removeLast() }
        let characters = Array(line.utf8)
        guard characters.count >= 3, let code = Int(String(decoding: characters[0..<3], as: UTF8.self)),
            (200..<600).contains(code),
            characters.count == 3 || [UInt8(ascii: " "), UInt8(ascii: "-")].contains(characters[3])
        else { throw SMTPError.protocolViolation("the server sent a line that is not an SMTP reply") }
        pending.append(characters.count > 4 ? String(decoding: characters[4...], as: UTF8.self) : "")
        if characters.count > 3, characters[3] == UInt8(ascii: "-") { return .continue }
        context.fireChannelRead(wrapInboundOut(SMTPReply(code: code, lines: pending)))
        pending = []
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws
        -> DecodingState
    {
        while try decode(context: context, buffer: &buffer) == .continue, buffer.readableBytes > 0 {}
        return .needMoreData
    }
}
