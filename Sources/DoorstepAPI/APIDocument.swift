import Foundation

/// The HTTP contract itself: the OpenAPI document the server's and client's code is generated from,
/// served at `GET /openapi.yaml`.
public enum APIDocument {
    /// The document's bytes.
    public static func yaml() throws -> Data {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try Data(contentsOf: url)
    }
}
