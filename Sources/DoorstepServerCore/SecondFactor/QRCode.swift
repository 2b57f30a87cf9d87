import DoorstepFlow
import DoorstepStrings
import Foundation

/// A QR code (ISO/IEC 18004) of bytes at error-correction level M, drawn as SVG on the server: an
/// authenticator app scans the `otpauth://` URL from it, and the page needs no script or image service.
/// Byte mode, the smallest version that fits, and the mask with the lowest penalty.
public struct QRCode: Sendable {
    /// The version, 1–40: the code is `17 + 4 × version` modules a side.
    public let version: Int
    /// The mask pattern drawn, 0–7.
    public let mask: Int
    /// Dark modules, row by row.
    public let modules: [[Bool]]

    public var size: Int { version * 4 + 17 }

    public enum EncodingError: Error {
        case tooLong
    }

    /// The code of `data`; with `mask` the given pattern is drawn instead of the best one.
    public init(_ data: Data, mask forcedMask: Int? = nil) throws {
        guard let version = (1...40).first(where: { Self.dataCodewords($0) * 8 >= Self.bitsNeeded(data.count, $0) })
        else { throw EncodingError.tooLong }
        var canvas = Canvas(version: version)
        canvas.drawFunctionPatterns()
        canvas.drawCodewords(Self.interleaved(Self.dataCodewords(of: data, version: version), version: version))
        var best = (mask: 0, penalty: Int.max, canvas: canvas)
        for mask in forcedMask.map({ [$0] }) ?? Array(0..<8) {
            var candidate = canvas
            candidate.apply(mask: mask)
            candidate.drawFormatBits(mask: mask)
            let penalty = candidate.penalty
            if penalty < best.penalty { best = (mask, penalty, candidate) }
        }
        self.version = version
        self.mask = best.mask
        self.modules = best.canvas.modules
    }

    /// The code as SVG, with the four-module quiet zone the standard asks for.
    public func svg(moduleSize: Int = 6, title: String) -> String {
        let side = size + 8
        var path = ""
        for (y, row) in modules.enumerated() {
            for (x, dark) in row.enumerated() where dark { path += "M\(x + 4) \(y + 4)h1v1h-1z" }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" width="\(side * moduleSize)" \
            height="\(side * moduleSize)" shape-rendering="crispEdges" role="img"><title>\(HTMLText.escape(title))</title>\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
            """
    }

    // MARK: - Capacity (level M)

    /// Error-correction codewords per block at level M, by version.
    static let eccPerBlock = [
        10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28,
        28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    ]
    /// Error-correction blocks at level M, by version.
    static let blocks = [
        1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31,
        33, 35, 37, 38, 40, 43, 45, 47, 49,
    ]

    /// Modules that hold data or error correction, not function patterns.
    static func rawDataModules(_ version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            result -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    static func dataCodewords(_ version: Int) -> Int {
        rawDataModules(version) / 8 - eccPerBlock[version - 1] * blocks[version - 1]
    }

    /// Mode, count and bytes, in bits.
    static func bitsNeeded(_ count: Int, _ version: Int) -> Int {
        4 + (version < 10 ? 8 : 16) + 8 * count
    }

    // MARK: - Codewords

    /// The data codewords: byte mode, the count, the bytes, a terminator and the pad bytes.
    static func dataCodewords(of data: Data, version: Int) -> [UInt8] {
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
        }
        append(0b0100, 4)
        append(data.count, version < 10 ? 8 : 16)
        for byte in data { append(Int(byte), 8) }
        let capacity = dataCodewords(version) * 8
        append(0, min(4, capacity - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var codewords = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { ($0 << 1) | ($1 ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while codewords.count < capacity / 8 {
            codewords.append(pad)
            pad ^= 0xEC ^ 0x11
        }
        return codewords
    }

    /// The codewords split into blocks, each with its Reed–Solomon error correction, interleaved.
    static func interleaved(_ data: [UInt8], version: Int) -> [UInt8] {
        let blockCount = blocks[version - 1]
        let eccLength = eccPerBlock[version - 1]
        let raw = rawDataModules(version) / 8
        let shortBlocks = blockCount - raw % blockCount
        let shortLength = raw / blockCount
        let divisor = ReedSolomon.divisor(degree: eccLength)
        var splitBlocks: [[UInt8]] = []
        var offset = 0
        for index in 0..<blockCount {
            let length = shortLength - eccLength + (index < shortBlocks ? 0 : 1)
            var block = Array(data[offset..<offset + length])
            offset += length
            let ecc = ReedSolomon.remainder(block, divisor: divisor)
            if index < shortBlocks { block.append(0) }
            splitBlocks.append(block + ecc)
        }
        var result: [UInt8] = []
        for position in 0..<splitBlocks[0].count {
            for (index, block) in splitBlocks.enumerated()
            where position != shortLength - eccLength || index >= shortBlocks {
                result.append(block[position])
            }
        }
        return result
    }
}
