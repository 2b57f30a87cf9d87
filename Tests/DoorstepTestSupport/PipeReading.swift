import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a pipe with `read(2)`, reading again when a signal interrupted a read. Foundation's `FileHandle`
/// reads end the whole test process with a fatal error on `EINTR`, and signals (`SIGCHLD` above all)
/// arrive often in suites that start servers, tools and Python peers.
public enum PipeReading {
    /// Calls `body` with each chunk read, until the writer closes the pipe.
    public static func chunks(of handle: FileHandle, _ body: (Data) -> Void) {
        withExtendedLifetime(handle) {
            let descriptor = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    body(Data(buffer[0..<count]))
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }

    /// Everything read until the writer closes the pipe.
    public static func all(of handle: FileHandle) -> Data {
        var data = Data()
        chunks(of: handle) { data.append($0) }
        return data
    }
}
