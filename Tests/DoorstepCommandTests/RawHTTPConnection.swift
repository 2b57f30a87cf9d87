import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP connection to a server on loopback that sends bytes exactly as given: paths no URL type
/// would keep (`//v1/auth/code`), forged forwarding headers, and requests dribbled a byte at a time.
final class RawHTTPConnection {
    private let socket: Int32

    enum Failure: Error { case cannotConnect }

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard socket >= 0, connected == 0 else { throw Failure.cannotConnect }
        var wait = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socket) }

    /// Sends bytes; false once the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            == bytes.count
    }

    /// Reads one response (up to a second of silence); nil when the server closed without one.
    func response() -> (status: Int, head: String)? {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            data += buffer[0..<count]
            if let text = String(bytes: data, encoding: .utf8), let end = text.range(of: "\r\n\r\n"),
                let length = Self.contentLength(text[..<end.lowerBound]),
                data.count >= text[..<end.upperBound].utf8.count + length
            {
                break
            }
        }
        let text = String(decoding: data, as: UTF8.self)
        guard let statusText = text.split(separator: " ").dropFirst().first, let status = Int(statusText) else {
            return nil
        }
        return (status, text.components(separatedBy: "\r\n\r\n")[0])
    }

    /// Whether the server has closed the connection: a read finds its end.
    var isClosedByServer: Bool {
        var byte: UInt8 = 0
        return recv(socket, &byte, 1, 0) == 0
    }

    /// One request with a JSON body, and its status.
    func post(_ path: String, json: String, headers: [String] = []) -> Int? {
        let head =
            ([
                "POST \(path) HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json",
                "Content-Length: \(json.utf8.count)",
            ] + headers).joined(separator: "\r\n")
        send(head + "\r\n\r\n" + json)
        return response()?.status
    }

    private static func contentLength(_ head: Substring) -> Int? {
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
            return Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
