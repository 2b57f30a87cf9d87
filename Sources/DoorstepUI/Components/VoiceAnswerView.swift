#if canImport(SwiftUI)
    import DoorstepFlow
    import DoorstepPresentation
    import SwiftUI

    /// A question answered by typing or by speaking (Speech, on the device), with the trainer's
    /// sub-prompts and quick-answer pills.
    struct VoiceAnswerView: View {
        let content: VoiceAnswerContent
        let theme: ThemePresentation
        let model: any FlowActions
        @State private var text = ""
        @Environment(\.presentationWords) private var words
        /// Made once the question shows, and again only for another question: a default value here
        /// would build a recognizer and an audio engine every time the view is re-created.
        @State private var dictation: Dictation?

        var body: some View {
            FieldFrame(field: content.field, theme: theme) {
                ForEach(content.prompts, id: \.self) { prompt in
                    Text("• \(prompt)").font(.subheadline).foregroundStyle(Color(theme.color("textSecondary")))
                }
                HStack(alignment: .bottom) {
                    TextField(content.field.placeholder ?? "", text: $text, axis: .vertical)
                        .lineLimit(3...8)
                        .fieldInput(content.field, theme: theme)
                    if let dictation, dictation.isAvailable {
                        Button {
                            dictation.toggle { transcript in text = transcript }
                        } label: {
                            Image(systemName: dictation.isListening ? "stop.circle.fill" : "mic.circle.fill")
                                .font(.largeTitle)
                                .foregroundStyle(Color(theme.color(dictation.isListening ? "danger" : "accent")))
                        }
                        .accessibilityLabel(dictation.isListening ? "Stop answering by voice" : "Answer by voice")
                    }
                }
                if !content.quickAnswers.isEmpty {
                    ScrollView(.horizontal, showsIndicators: false) {
                        HStack {
                            ForEach(content.quickAnswers, id: \.self) { pill in
                                Button(pill) { text = pill }
                                    .padding(.horizontal, theme.spacing("md")).padding(.vertical, theme.spacing("sm"))
                                    .background(Color(theme.color("surface")), in: .capsule)
                            }
                        }
                    }
                    .accessibilityLabel(words("Quick answers"))
                }
            }
            .onAppear { text = content.field.value }
            .task(id: content.field.id) {
                dictation?.stop()
                dictation = Dictation()
            }
            .onChange(of: text) { _, text in Task { await model.answer(content.field.id, .string(text)) } }
            .onDisappear { dictation?.stop() }
        }
    }
#endif
