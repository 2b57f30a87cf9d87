/// Where a purchase was made: the App Store itself, its sandbox (TestFlight and development builds),
/// or Xcode's local StoreKit testing. A server takes one, so a sandbox purchase never unlocks
/// anything in production.
public enum AppStoreEnvironment: String, Sendable, Hashable, CaseIterable {
    case production = "Production"
    case sandbox = "Sandbox"
    case xcode = "Xcode"
    case localTesting = "LocalTesting"
}
