import DoorstepServerCore
import DoorstepTestSupport
import Foundation
import HTTPTypes
import Testing

/// Each session shows the device it signed in from: the name and model an app sends, or the browser
/// its User-Agent names.
@Suite("Sessions and their devices")
struct SessionDeviceTests {
    static let device = HTTPField.Name("X-Doorstep-Device")!
    static let chromeOnMac =
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

    @Test("An app's device name and model are kept with its session, on every store", arguments: StorageKind.allCases)
    func appDevice(kind: StorageKind) async throws {
        try await kind.withStorage { storage in
            let server = try await TestServer.make(storage: storage) { $0.rateLimits = false }
            try await server.test { client in
                let phone = try await client.send(
                    .post, "/v1/auth/guest", bytes: nil, contentType: nil,
                    headers: [Self.device: "name=Sam%E2%80%99s%20iPhone&model=iPhone15%2C2"])
                #expect(phone.status == 201, "\(phone.text)")
                let listed = try await client.get("/v1/auth/sessions", bearer: phone.json.accessToken)
                #expect(listed.status == 200, "\(listed.text)")
                let session = try #require(listed.jsonArray.first)
                #expect(session["deviceName"] as? String == "Sam\u{2019}s iPhone")
                #expect(session["deviceModel"] as? String == "iPhone15,2")
                #expect(session["device"] as? String == "Sam\u{2019}s iPhone (iPhone15,2)")
                #expect(session["current"] as? Bool == true)
            }
        }
    }

    @Test("A browser's session is named by its User-Agent; junk in the header is ignored, never a 5xx")
    func browsersAndJunk() async throws {
        let server = try await TestServer.make { $0.rateLimits = false }
        try await server.test { client in
            let browser = try await client.send(
                .post, "/v1/auth/guest", bytes: nil, contentType: nil, headers: [.userAgent: Self.chromeOnMac])
            let listed = try await client.get("/v1/auth/sessions", bearer: browser.json.accessToken)
            let session = try #require(listed.jsonArray.first)
            #expect(session["device"] as? String == "Chrome on macOS")
            #expect(session["deviceName"] == nil)

            let long = String(repeating: "x", count: 200)
            for junk in [
                "%", "name=%00%01", "&&&", "name=\(long)", "model=%E2%80%AE", String(repeating: "a=b&", count: 400),
            ] {
                let answer = try await client.send(
                    .post, "/v1/auth/guest", bytes: nil, contentType: nil, headers: [Self.device: junk])
                #expect(answer.status == 201, "\(junk): \(answer.text)")
                let sessions = try await client.get("/v1/auth/sessions", bearer: answer.json.accessToken)
                let name = try #require(sessions.jsonArray.first)["deviceName"] as? String
                #expect(name == nil || name == String(long.prefix(64)))
            }
        }
    }

    @Test(
        "Describing browsers",
        arguments: [
            (SessionDeviceTests.chromeOnMac, "Chrome on macOS"),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
                "Safari on iPhone"
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
                "Edge on Windows"
            ),
            ("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Linux"),
            ("curl/8.5.0", nil),
        ] as [(String, String?)])
    func describing(userAgent: String, expected: String?) {
        #expect(BrowserDescription.describe(userAgent) == expected)
    }

    @Test("The header round-trips through ClientDevice")
    func header() throws {
        let device = try #require(ClientDevice(name: "  Ana’s iPad ", model: "iPad14,1"))
        #expect(device.name == "Ana’s iPad")
        #expect(ClientDevice(header: device.headerValue) == device)
        #expect(ClientDevice(name: " ", model: nil) == nil)
    }
}
