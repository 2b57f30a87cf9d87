/// The app a request speaks for when one server hosts several (the flows of a catalog): mail the
/// request causes is written in that app's name and colours, and may say where to carry on, instead
/// of in the server's own brand. A server whose operator set a mail brand keeps that one.
public struct AppBrand: Sendable, Hashable {
    /// The name the mail signs with, such as a flow's title.
    public var name: String
    /// The accent colour and the colour of words on it, as `#RRGGBB`; nil keeps the server's.
    public var accent: String?
    public var onAccent: String?
    /// Where the person can carry on in a browser (a flow's web page), when the server has a public address.
    public var webAddress: String?

    /// The brand of the request being served, if it speaks for one app.
    @TaskLocal public static var current: AppBrand?

    /// Creates a brand.
    public init(name: String, accent: String? = nil, onAccent: String? = nil, webAddress: String? = nil) {
        self.name = name
        self.accent = accent
        self.onAccent = onAccent
        self.webAddress = webAddress
    }
}
