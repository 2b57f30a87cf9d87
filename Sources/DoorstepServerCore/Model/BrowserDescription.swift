/// A browser and system named by a `User-Agent`, as a person recognises them in a list of places
/// they are signed in: `Chrome on macOS`, `Safari on iPhone`. Nil when the header names neither.
public enum BrowserDescription {
    /// Browsers by a token of their `User-Agent`, most specific first: Edge and Opera say Chrome too,
    /// Chrome says Safari.
    static let browsers: [(token: String, name: String)] = [
        ("Edg/", "Edge"), ("EdgiOS/", "Edge"), ("OPR/", "Opera"), ("SamsungBrowser/", "Samsung Internet"),
        ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"), ("CriOS/", "Chrome"), ("Chrome/", "Chrome"),
        ("Chromium/", "Chromium"), ("Safari/", "Safari"),
    ]
    /// Systems by a token of their `User-Agent`; iPhone and iPad before Mac OS X, which they also say.
    static let systems: [(token: String, name: String)] = [
        ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("CrOS", "ChromeOS"),
        ("Windows", "Windows"), ("Mac OS X", "macOS"), ("Macintosh", "macOS"), ("Linux", "Linux"),
    ]

    /// The description of `userAgent`, if it names a browser or a system.
    public static func describe(_ userAgent: String?) -> String? {
        guard let userAgent else { return nil }
        let browser = browsers.first { userAgent.contains($0.token) }?.name
        let system = systems.first { userAgent.contains($0.token) }?.name
        switch (browser, system) {
        case (let browser?, let system?): return "\(browser) on \(system)"
        case (let browser?, nil): return browser
        case (nil, let system?): return system
        case (nil, nil): return nil
        }
    }
}
