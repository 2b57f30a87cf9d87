#if canImport(SwiftUI)
    import DoorstepFlow
    import DoorstepPresentation
    import SwiftUI

    /// Draws one block by its kind of content. Every case of ``BlockContent`` has its view here; the
    /// switch is compiled on Linux too (`scripts/typecheck-apple`), so a missing case fails there.
    struct BlockView: View {
        let block: BlockPresentation
        let theme: ThemePresentation
        let model: any FlowActions
        var focus: FocusState<String?>.Binding

        var body: some View {
            content
                .motion(block.animation)
                .accessibilityHidden(block.accessibility.isHidden)
        }

        @ViewBuilder private var content: some View {
            switch block.content {
            case .heading(let heading):
                Text(heading.text.text).look(heading.text.look)
                    .accessibilityAddTraits(.isHeader)
            case .text(let text):
                TextBlockView(content: text, theme: theme, model: model)
            case .symbol(let symbol):
                SymbolView(content: symbol, theme: theme)
            case .orb(let orb):
                OrbView(content: orb)
            case .narration(let narration):
                NarrationView(content: narration)
            case .divider(let divider):
                DividerView(content: divider)
            case .markdown(let markdown):
                MarkdownView(content: markdown)
            case .features(let list):
                ItemListView(content: list, isStats: false, theme: theme)
            case .stats(let list):
                ItemListView(content: list, isStats: true, theme: theme)
            case .loading:
                ProgressView().frame(maxWidth: .infinity)
                    .accessibilityLabel(block.accessibility.label ?? FlowStrings.defaultLoadingLabel)
            case .skeleton(let skeleton):
                SkeletonView(content: skeleton, theme: theme)
            case .avatar(let avatar):
                AvatarPickerView(content: avatar, theme: theme, model: model)
            case .textField(let field):
                TextFieldView(content: field, theme: theme, model: model, focus: focus)
            case .codeEntry(let code):
                CodeEntryView(content: code, theme: theme, model: model, focus: focus)
            case .password(let password):
                PasswordView(content: password, theme: theme, model: model, focus: focus)
            case .checkbox(let checkbox):
                CheckboxView(content: checkbox, theme: theme, model: model)
            case .stepper(let stepper):
                StepperView(content: stepper, theme: theme, model: model)
            case .choices(let choices):
                ChoicesView(content: choices, theme: theme, model: model)
            case .paywall(let paywall):
                PaywallView(content: paywall, theme: theme, model: model)
            case .voiceAnswer(let voice):
                VoiceAnswerView(content: voice, theme: theme, model: model)
            case .picker(let picker):
                DateTimePickerView(content: picker, theme: theme, model: model)
            case .listBuilder(let list):
                ListBuilderView(content: list, theme: theme, model: model, focus: focus)
            case .card(let card):
                CardView(content: card, theme: theme, model: model)
            case .socialButton(let action):
                SocialButtonView(action: action, theme: theme, model: model)
            case .resendTimer(let resend):
                ResendView(content: resend, theme: theme, model: model)
            case .actions(let row):
                ActionRowView(content: row, theme: theme, model: model)
            }
        }
    }
#endif
