import Foundation

/// A key as the store keeps it: a signing key's private half in PEM, or a server secret in base64;
/// sealed with the key-encryption key when one is configured.
public struct StoredKeyRecord: Sendable, Hashable {
    /// A signing key's `kid`, or a secret's name.
    public var id: String
    /// The key, as text: in the clear, or sealed (base64 of an AES-GCM box).
    public var material: String
    /// Whether ``material`` is sealed.
    public var isSealed: Bool
    public var createdAt: Date

    /// Creates a record.
    public init(id: String, material: String, isSealed: Bool, createdAt: Date) {
        self.id = id
        self.material = material
        self.isSealed = isSealed
        self.createdAt = createdAt
    }
}
