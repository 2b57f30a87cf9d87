import DoorstepHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// The funnel's stylesheet and script, read once from the bundle.
enum FunnelAssets {
    private static let files: [String: (body: String, type: String)] = {
        var files: [String: (String, String)] = [:]
        for (name, type) in [
            ("funnel.css", "text/css; charset=utf-8"), ("funnel.js", "text/javascript; charset=utf-8"),
            ("puzzle-worker.js", "text/javascript; charset=utf-8"),
        ] {
            let parts = name.split(separator: ".")
            guard
                let url = Bundle.module.url(
                    forResource: String(parts[0]), withExtension: String(parts[1]), subdirectory: "Assets"),
                let body = try? String(contentsOf: url, encoding: .utf8)
            else { continue }
            files[name] = (body, type)
        }
        return files
    }()

    /// The asset with this name, if there is one.
    static func asset(_ name: String) -> Response? {
        files[name].map { response($0.body, type: $0.type) }
    }

    static func response(_ body: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-cache"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
