import Foundation

extension Value {
    /// Reads JSON text: any value, objects and lists nested up to 512 deep. Whole numbers that fit an
    /// `Int` become ``int(_:)``, other numbers ``double(_:)``.
    ///
    /// Much faster than decoding `Value` with `JSONDecoder`, which tries each type in turn.
    public init(json data: Data) throws(JSONReadError) {
        let result = data.withUnsafeBytes { raw -> Result<Value, JSONReadError> in
            var reader = JSONReader(raw.assumingMemoryBound(to: UInt8.self))
            return Result { () throws(JSONReadError) in try reader.readDocument() }
        }
        self = try result.get()
    }

    /// Reads JSON text from a string (see ``init(json:)-(Data)``).
    public init(json text: String) throws(JSONReadError) {
        try self.init(json: Data(text.utf8))
    }

    /// The value as compact JSON text, each object's keys sorted so that equal values give equal bytes.
    /// Throws only for a double that is infinite or not a number.
    public func jsonData() throws(JSONWriteError) -> Data {
        var writer = JSONWriter()
        try writer.write(self)
        return Data(writer.bytes)
    }
}
