import Foundation

/// A loopback port held by a socket that is bound but not listening: connections to it are refused, as
/// to a server that is down, and no other test's listener can be given it until ``release()``. Tests
/// that keep a server down for a while, then start it on the same port, hold one meanwhile — a free
/// port merely found could be handed to another test's peer in between.
public final class ReservedPort: @unchecked Sendable {
    // Safe to share: the descriptor is set once in init and closed once, under the lock.
    public let port: Int
    private let lock = NSLock()
    private var socket: Int32?

    /// Holds a port the kernel picks, or `port` when given (a server that just stopped on it).
    public init(port: Int = 0) throws {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var reuse: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        guard bound == 0 else {
            close(socket)
            throw SMTPPeer.PeerError.didNotStart("port \(port) could not be held")
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.socket = socket
    }

    /// Lets the port go, for the server that comes up on it next.
    public func release() {
        lock.withLock {
            if let socket { close(socket) }
            socket = nil
        }
    }

    deinit { release() }
}
