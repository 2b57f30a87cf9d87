import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore

/// A response as tests read it.
public struct TestResponse: Sendable {
    public var status: Int
    public var headers: HTTPFields
    public var body: Data

    /// The body as JSON.
    public var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }

    /// The body as a JSON array.
    public var jsonArray: [[String: Any]] {
        (try? JSONSerialization.jsonObject(with: body)) as? [[String: Any]] ?? []
    }

    /// The problem's `code`, for error responses.
    public var code: String? { json["code"] as? String }

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// Decodes the body.
    public func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: body)
    }
}

/// Sends requests to a test server.
public struct TestHTTPClient: Sendable {
    let client: any TestClientProtocol

    /// Sends a request with a raw body.
    public func send(
        _ method: HTTPRequest.Method, _ path: String, body: String? = nil, contentType: String? = "application/json",
        bearer: String? = nil, headers extra: [HTTPField.Name: String] = [:]
    ) async throws -> TestResponse {
        try await send(
            method, path, bytes: body.map { Data($0.utf8) }, contentType: contentType, bearer: bearer,
            headers: extra)
    }

    /// Sends a request with a binary body.
    public func send(
        _ method: HTTPRequest.Method, _ path: String, bytes: Data?, contentType: String?, bearer: String? = nil,
        headers extra: [HTTPField.Name: String] = [:]
    ) async throws -> TestResponse {
        var headers = HTTPFields()
        if bytes != nil, let contentType { headers[.contentType] = contentType }
        if let bearer { headers[.authorization] = "Bearer \(bearer)" }
        for (name, value) in extra { headers[name] = value }
        let response = try await client.execute(
            uri: path, method: method, headers: headers, body: bytes.map { ByteBuffer(bytes: $0) })
        return TestResponse(
            status: Int(response.status.code), headers: response.headers,
            body: Data(buffer: response.body))
    }

    /// Sends a JSON object.
    public func post(_ path: String, _ object: [String: Any] = [:], bearer: String? = nil) async throws -> TestResponse
    {
        let data = try JSONSerialization.data(withJSONObject: object)
        return try await send(.post, path, body: String(decoding: data, as: UTF8.self), bearer: bearer)
    }

    /// Sends a JSON object with PUT.
    public func put(_ path: String, _ object: [String: Any], bearer: String? = nil) async throws -> TestResponse {
        let data = try JSONSerialization.data(withJSONObject: object)
        return try await send(.put, path, body: String(decoding: data, as: UTF8.self), bearer: bearer)
    }

    /// A GET.
    public func get(_ path: String, bearer: String? = nil) async throws -> TestResponse {
        try await send(.get, path, bearer: bearer)
    }
}
