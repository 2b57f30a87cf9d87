import DoorstepPresentation
import Testing

/// The trainer's program keeps its headings and lists when drawn.
@Suite("Markdown blocks")
struct MarkdownBlockTests {
    @Test("Headings, bullets, numbered steps and paragraphs come apart in order")
    func program() {
        let source = """
            # Your Training Program

            ## Overview
            Three sessions a week,
            built around **strength**.

            - Weeks 1–2: learn each movement,
              stop two reps short.
            * From week 3: add a rep.
            2. Rest a day between sessions.
            #hashtag is not a heading
            """
        #expect(
            MarkdownBlock.parse(source) == [
                .heading(level: 1, text: "Your Training Program"),
                .heading(level: 2, text: "Overview"),
                .paragraph("Three sessions a week, built around **strength**."),
                .listItem(marker: "•", text: "Weeks 1–2: learn each movement, stop two reps short."),
                .listItem(marker: "•", text: "From week 3: add a rep."),
                .listItem(marker: "2.", text: "Rest a day between sessions."),
                .paragraph("#hashtag is not a heading"),
            ])
    }

    @Test("A document of one line is one paragraph; an empty one draws nothing")
    func trivial() {
        #expect(MarkdownBlock.parse("Just words.") == [.paragraph("Just words.")])
        #expect(MarkdownBlock.parse("\n\n").isEmpty)
    }
}
