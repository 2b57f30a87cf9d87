import DoorstepClient
import Foundation

/// The one client an app keeps for its life, talking to its Doorstep server.
public func makeClient() -> DoorstepClient {
    DoorstepClient(serverURL: URL(string: "https://auth.example.com")!)
}
