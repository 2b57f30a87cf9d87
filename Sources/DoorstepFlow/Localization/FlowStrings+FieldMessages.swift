extension FlowStrings {
    /// The default messages the flow's shown fields can display (those a field does not word
    /// itself), as templates with where each is used.
    static func defaultMessages(of flow: FlowDefinition) -> [(text: String, location: String)] {
        var found: [(String, String)] = []
        for field in shownFields(of: flow) {
            for code in FieldMessages.codes(for: field) where field.messages?[code] == nil {
                let template = FieldMessages.template(for: code, field)
                found.append((template.text, "fields.\(field.id).messages.\(code) (default)"))
                if field.label == nil, template.values["label"] == FieldMessages.unlabelled {
                    found.append((FieldMessages.unlabelled, "fields.\(field.id).label (default)"))
                }
            }
        }
        return found
    }

    /// `translated` with each shown field's default messages worded in the translation, filled
    /// with the field's translated label, as the field's own messages.
    static func translatingDefaultMessages(
        of source: FlowDefinition, into translated: FlowDefinition, _ translations: [String: String]
    ) -> FlowDefinition {
        var flow = translated
        let shown = Set(shownFields(of: source).map(\.id))
        for index in flow.fields.indices where shown.contains(flow.fields[index].id) {
            guard let original = source.field(flow.fields[index].id) else { continue }
            var field = flow.fields[index]
            if field.label == nil { field.label = translations[FieldMessages.unlabelled] }
            for code in FieldMessages.codes(for: original) where original.messages?[code] == nil {
                guard let wording = translations[FieldMessages.template(for: code, original).text] else { continue }
                let values = FieldMessages.template(for: code, field).values
                flow.fields[index].messages = (flow.fields[index].messages ?? [:]).merging(
                    [code: TextTemplate.render(wording) { values[$0].map(Value.string) }]) { own, _ in own }
            }
        }
        return flow
    }

    /// The fields some screen shows.
    static func shownFields(of flow: FlowDefinition) -> [FieldDefinition] {
        let shown = Set(
            flow.screens.flatMap { screen in screen.blocks.flatMap { [$0.field, $0.confirmField] } }
                .compactMap { $0 })
        return flow.fields.filter { shown.contains($0.id) }
    }
}
