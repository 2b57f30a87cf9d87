import Foundation

/// Re-reads a value as another Codable type through JSON: the contract's free-form objects as flow
/// values, and shapes the contract and the services both define. The server and the SDK share it.
public enum WireJSON {
    /// `value` decoded as `Target` from its JSON.
    public static func convert<Target: Decodable>(_ value: some Encodable, to type: Target.Type) throws -> Target {
        try JSONDecoder().decode(Target.self, from: JSONEncoder().encode(value))
    }
}
