import DoorstepHTTP
import DoorstepPresentation

/// Progress indicators: segmented and sectioned bars in the navigation bar, dots under a carousel.
/// Fills are drawn with classes in tenths, because the page's policy allows no inline styles.
enum ProgressHTML {
    static func bar(_ progress: ProgressPresentation) -> String {
        var html = "<div class=\"progress progress-\(progress.style.rawValue)\" role=\"progressbar\" "
        html += "aria-valuemin=\"0\" aria-valuemax=\"100\" aria-valuenow=\"\(progress.percent)\" "
        html += "aria-label=\"\(HTML.escape(progress.accessibilityLabel))\">"
        for segment in progress.segments {
            let tenths = Int((segment.fill * 10).rounded())
            html += "<span class=\"segment fill-\(tenths)\(segment.isCurrent ? " current" : "")\"><span></span></span>"
        }
        html += "</div>"
        // The trainer's top bar names the section above its bar; TANDA's steps have no words.
        if let section = progress.sectionLabel {
            html = "<p class=\"progress-label\" aria-hidden=\"true\">\(HTML.escape(section))</p>" + html
        }
        return html
    }

    static func dots(_ progress: ProgressPresentation) -> String {
        var html = "<ol class=\"dots\" aria-label=\"\(HTML.escape(progress.accessibilityLabel))\">"
        for segment in progress.segments {
            html +=
                segment.isCurrent ? "<li class=\"dot current\" aria-current=\"step\"></li>" : "<li class=\"dot\"></li>"
        }
        return html + "</ol>"
    }
}
