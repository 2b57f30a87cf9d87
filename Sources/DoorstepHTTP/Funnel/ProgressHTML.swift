import DoorstepFlow

/// Progress indicators: segmented and sectioned bars in the navigation bar, dots under a carousel.
/// Fills are drawn with classes in tenths, because the page's policy allows no inline styles.
enum ProgressHTML {
    static func bar(_ progress: FlowProgress, style: ProgressTrack.Style) -> String {
        let current = (progress.segments.firstIndex { $0.isCurrent } ?? 0) + 1
        let percent = Int((progress.fraction * 100).rounded())
        var label = "Step \(current) of \(progress.segments.count)"
        if let section = progress.label { label += ": \(section)" }
        var html = "<div class=\"progress progress-\(style.rawValue)\" role=\"progressbar\" aria-valuemin=\"0\" "
        html += "aria-valuemax=\"100\" aria-valuenow=\"\(percent)\" aria-label=\"\(HTML.escape(label))\">"
        for segment in progress.segments {
            let tenths = Int((min(max(segment.fill, 0), 1) * 10).rounded())
            html += "<span class=\"segment fill-\(tenths)\(segment.isCurrent ? " current" : "")\"><span></span></span>"
        }
        html += "</div>"
        // The trainer's top bar names the section above its bar; TANDA's steps have no words.
        if let section = progress.label, style == .sectioned {
            html = "<p class=\"progress-label\" aria-hidden=\"true\">\(HTML.escape(section))</p>" + html
        }
        return html
    }

    static func dots(_ progress: FlowProgress) -> String {
        let current = (progress.segments.firstIndex { $0.isCurrent } ?? 0) + 1
        var html = "<ol class=\"dots\" aria-label=\"Page \(current) of \(progress.segments.count)\">"
        for segment in progress.segments {
            html +=
                segment.isCurrent ? "<li class=\"dot current\" aria-current=\"step\"></li>" : "<li class=\"dot\"></li>"
        }
        return html + "</ol>"
    }
}
