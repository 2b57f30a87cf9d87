extension QRCode {
    /// The modules being drawn, and which of them belong to function patterns (never masked).
    struct Canvas {
        let version: Int
        let size: Int
        var modules: [[Bool]]
        var isFunction: [[Bool]]

        init(version: Int) {
            self.version = version
            size = version * 4 + 17
            modules = Array(repeating: Array(repeating: false, count: size), count: size)
            isFunction = modules
        }

        mutating func set(_ x: Int, _ y: Int, _ dark: Bool) {
            modules[y][x] = dark
            isFunction[y][x] = true
        }

        mutating func drawFunctionPatterns() {
            for index in 0..<size {
                set(6, index, index % 2 == 0)
                set(index, 6, index % 2 == 0)
            }
            drawFinder(3, 3)
            drawFinder(size - 4, 3)
            drawFinder(3, size - 4)
            let positions = alignmentPositions
            let last = positions.count - 1
            for (i, x) in positions.enumerated() {
                for (j, y) in positions.enumerated() {
                    if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                    drawAlignment(x, y)
                }
            }
            drawFormatBits(mask: 0)
            drawVersionBits()
        }

        /// Where alignment patterns are centred, on both axes.
        var alignmentPositions: [Int] {
            guard version > 1 else { return [] }
            let count = version / 7 + 2
            let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
            var result = [6]
            for index in 0..<(count - 1) { result.append(size - 7 - (count - 2 - index) * step) }
            return result
        }

        mutating func drawFinder(_ x: Int, _ y: Int) {
            for dy in -4...4 {
                for dx in -4...4 {
                    let distance = max(abs(dx), abs(dy))
                    let (xx, yy) = (x + dx, y + dy)
                    if (0..<size).contains(xx), (0..<size).contains(yy) { set(xx, yy, distance != 2 && distance != 4) }
                }
            }
        }

        mutating func drawAlignment(_ x: Int, _ y: Int) {
            for dy in -2...2 {
                for dx in -2...2 { set(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
            }
        }

        /// Level M (`00`) and the mask, BCH-protected, in both copies, with the dark module.
        mutating func drawFormatBits(mask: Int) {
            let data = mask
            var remainder = data
            for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
            let bits = ((data << 10) | remainder) ^ 0x5412
            func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
            for index in 0...5 { set(8, index, bit(index)) }
            set(8, 7, bit(6))
            set(8, 8, bit(7))
            set(7, 8, bit(8))
            for index in 9..<15 { set(14 - index, 8, bit(index)) }
            for index in 0..<8 { set(size - 1 - index, 8, bit(index)) }
            for index in 8..<15 { set(8, size - 15 + index, bit(index)) }
            set(8, size - 8, true)
        }

        mutating func drawVersionBits() {
            guard version >= 7 else { return }
            var remainder = version
            for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
            let bits = (version << 12) | remainder
            for index in 0..<18 {
                let dark = (bits >> index) & 1 == 1
                let (a, b) = (size - 11 + index % 3, index / 3)
                set(a, b, dark)
                set(b, a, dark)
            }
        }

        /// The codewords in the zig-zag of two-module columns, right to left, skipping function patterns.
        mutating func drawCodewords(_ data: [UInt8]) {
            var index = 0
            var right = size - 1
            while right >= 1 {
                if right == 6 { right = 5 }
                for vertical in 0..<size {
                    for offset in 0..<2 {
                        let x = right - offset
                        let upward = (right + 1) & 2 == 0
                        let y = upward ? size - 1 - vertical : vertical
                        if !isFunction[y][x], index < data.count * 8 {
                            modules[y][x] = (data[index >> 3] >> (7 - (index & 7))) & 1 == 1
                            index += 1
                        }
                    }
                }
                right -= 2
            }
        }

        mutating func apply(mask: Int) {
            for y in 0..<size {
                for x in 0..<size where !isFunction[y][x] {
                    let invert: Bool
                    switch mask {
                    case 0: invert = (x + y) % 2 == 0
                    case 1: invert = y % 2 == 0
                    case 2: invert = x % 3 == 0
                    case 3: invert = (x + y) % 3 == 0
                    case 4: invert = (x / 3 + y / 2) % 2 == 0
                    case 5: invert = x * y % 2 + x * y % 3 == 0
                    case 6: invert = (x * y % 2 + x * y % 3) % 2 == 0
                    default: invert = ((x + y) % 2 + x * y % 3) % 2 == 0
                    }
                    if invert { modules[y][x].toggle() }
                }
            }
        }

        /// The standard's four penalty rules: long runs, 2×2 blocks, finder-like patterns, imbalance.
        var penalty: Int {
            var total = 0
            let columns = (0..<size).map { x in modules.map { $0[x] } }
            for line in modules + columns {
                var run = 1
                for index in 1...line.count {
                    if index < line.count, line[index] == line[index - 1] {
                        run += 1
                    } else {
                        if run >= 5 { total += 3 + run - 5 }
                        run = 1
                    }
                }
                let pattern: [Bool] = [true, false, true, true, true, false, true]
                let light = [Bool](repeating: false, count: 4)
                for start in 0...(line.count - 7) where Array(line[start..<start + 7]) == pattern {
                    let before = start >= 4 ? Array(line[start - 4..<start]) : nil
                    let after = start + 11 <= line.count ? Array(line[start + 7..<start + 11]) : nil
                    if before == light || after == light { total += 40 }
                }
            }
            for y in 0..<size - 1 {
                for x in 0..<size - 1 {
                    let colour = modules[y][x]
                    if modules[y][x + 1] == colour, modules[y + 1][x] == colour, modules[y + 1][x + 1] == colour {
                        total += 3
                    }
                }
            }
            let dark = modules.reduce(0) { $0 + $1.filter { $0 }.count }
            let percent = dark * 100 / (size * size)
            total += abs(percent - 50) / 5 * 10
            return total
        }
    }
}

/// Reed–Solomon error correction over GF(256) with the QR code's polynomial `x⁸ + x⁴ + x³ + x² + 1`.
enum ReedSolomon {
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var result: UInt16 = 0
        for bit in stride(from: 7, through: 0, by: -1) {
            result = (result << 1) ^ ((result >> 7) * 0x11D)
            result ^= UInt16((b >> UInt8(bit)) & 1) * UInt16(a)
        }
        return UInt8(result & 0xFF)
    }

    /// The generator polynomial of `degree`, highest coefficient first and the leading 1 left out.
    static func divisor(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                result[index] = multiply(result[index], root)
                if index + 1 < degree { result[index] ^= result[index + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    /// The error-correction codewords of `data`.
    static func remainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for index in result.indices { result[index] ^= multiply(divisor[index], factor) }
        }
        return result
    }
}
