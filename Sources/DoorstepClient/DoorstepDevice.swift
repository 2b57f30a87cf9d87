import Foundation
import HTTPTypes
import OpenAPIRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The device an app runs on, as the account center's list of sessions shows it: a name the person
/// recognises (`Sam's iPhone`) and a model (`iPhone15,2`). The client sends it with every request in
/// `X-Doorstep-Device`; the server keeps it with each session it opens.
public struct DoorstepDevice: Sendable, Hashable {
    /// The device's name, such as `UIDevice.current.name`.
    public var name: String?
    /// The device's model identifier.
    public var model: String?

    /// A device with this name and model.
    public init(name: String?, model: String? = DoorstepDevice.modelIdentifier) {
        self.name = name
        self.model = model
    }

    /// This device's model identifier as the system reports it (`iPhone15,2`; the architecture on
    /// a simulator or a Linux machine).
    public static var modelIdentifier: String? {
        var system = utsname()
        guard uname(&system) == 0 else { return nil }
        let machine = withUnsafeBytes(of: &system.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return machine.isEmpty ? nil : machine
    }

    /// The `X-Doorstep-Device` value: the name and model form-encoded, so any script fits a header.
    var headerValue: String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return [("name", name), ("model", model)].compactMap { key, value in
            value.flatMap { $0.addingPercentEncoding(withAllowedCharacters: allowed) }.map { "\(key)=\($0)" }
        }.joined(separator: "&")
    }
}

/// Names the device on every request, so each sign-in's session shows it.
struct DeviceMiddleware: ClientMiddleware {
    static let header = HTTPField.Name("X-Doorstep-Device")!
    let value: String?

    init(_ device: DoorstepDevice?) {
        value = device.map(\.headerValue).flatMap { $0.isEmpty ? nil : $0 }
    }

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let value { request.headerFields[Self.header] = value }
        return try await next(request, body, baseURL)
    }
}
