import Foundation

/// Answers that start at a value: a stepper's number, a picker's "now", and the fields that ask once
/// whether the value they started at is really the answer.
extension FlowEngine {
    /// Gives controls that start at a value (a stepper's initial number) that value as their answer,
    /// so that what the screen shows is what is submitted.
    /// A picker that starts at "now" is filled only when the time is known (`now` is not nil).
    mutating func fillInitialAnswers(for screen: Screen, at now: Date? = nil) {
        for block in screen.blocks {
            fillInitialAnswer(block.field, at: now)
            fillInitialAnswer(block.confirmField, at: now)
        }
    }

    private mutating func fillInitialAnswer(_ fieldID: String?, at now: Date?) {
        guard let fieldID, answer(fieldID) == nil, let field = index.fields[fieldID],
            let initial = field.initialValue(at: now, in: timeZone)
        else {
            return
        }
        assign(fieldID, initial)
        if field.confirmsInitial == true { assign(Self.unchangedKey(fieldID), initial) }
    }

    /// Where the engine keeps the value a field that ``FieldDefinition/confirmsInitial`` started at,
    /// until the person is asked about it.
    static func unchangedKey(_ field: String) -> String { "\(field).initial" }

    /// The answers an action would send that were never moved off the value they started at, for fields
    /// that ask about that once: each is asked about now, and accepted as it is the next time.
    mutating func askAboutUnchangedAnswers(checkedBy action: Action) -> [FieldIssue] {
        var issues: [FieldIssue] = []
        for field in fieldsChecked(by: action) where field.confirmsInitial == true {
            let key = Self.unchangedKey(field.id)
            guard let started = snapshot.results[key] else { continue }
            assign(key, nil)
            if answer(field.id) == started {
                issues.append(
                    FieldIssue(
                        field: field.id, code: "unchanged", message: FieldValidator.message(for: "unchanged", in: field)
                    ))
            }
        }
        return issues
    }
}
