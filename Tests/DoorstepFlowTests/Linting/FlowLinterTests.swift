import DoorstepFlow
import Foundation
import Testing

@Suite("Flow linting")
struct FlowLinterTests {
    func problems(_ change: (inout FlowDefinition) -> Void) throws -> [String] {
        var flow = try Catalog.flow("familysync")
        change(&flow)
        return FlowLinter.problems(in: flow).map(\.description)
    }

    @Test("Every catalog flow, and the archived trainer version, is valid")
    func catalogIsValid() throws {
        for flow in Catalog.bundled.flows + [try FlowCatalog.archivedVersion("trainer", version: 1)] {
            #expect(FlowLinter.problems(in: flow).isEmpty, "\(flow.id) v\(flow.version)")
        }
    }

    @Test("A transition to a screen that does not exist")
    func unknownDestination() throws {
        let found = try problems { $0.transitions[0].to = "nowhere" }
        #expect(found.contains("screen \"slide1\": the transition on \"next\" goes to unknown screen \"nowhere\""))
    }

    @Test("An unreachable screen, and a dead end")
    func reachability() throws {
        let found = try problems { flow in
            flow.screens.append(
                Screen(
                    id: "orphan", blocks: [Block(.heading, text: "Hi")],
                    actions: [Action(id: "go", title: "Go", role: .primary)]))
        }
        #expect(found.contains("screen \"orphan\": no way leads to this screen from the start or the entry rules"))
        #expect(found.contains("screen \"orphan\": action \"go\" has no transition"))
        #expect(found.contains("screen \"orphan\": no action leads anywhere, so a person would be stuck here"))
    }

    @Test("A field nothing uses, and a block bound to a field that does not exist or has the wrong kind")
    func fields() throws {
        let found = try problems { flow in
            flow.fields.append(FieldDefinition(id: "spare", kind: .text, required: false))
            flow.screens[4].blocks[1].field = "missing"
            flow.screens[5].blocks.append(Block(.stepper, field: "householdName"))
        }
        #expect(found.contains("field \"spare\": no screen, condition or effect uses this field"))
        #expect(
            found.contains(
                "screen \"householdSetup\", field \"missing\": a textField block is bound to a missing field"))
        #expect(
            found.contains(
                "screen \"joinHousehold\", field \"householdName\": a stepper block cannot hold a text field"))
    }

    @Test("Conditions and placeholders that read keys nothing provides")
    func unknownKeys() throws {
        let found = try problems { flow in
            let mainApp = flow.screens.firstIndex { $0.id == "mainApp" }!
            flow.screens[mainApp].blocks[1].text = "Hello {nobody}"
        }
        #expect(
            found.contains(
                "screen \"mainApp\": a heading block reads \"nobody\", which no field, effect or launch provides"))
    }

    @Test("Focus on a block that takes no typing, and on two blocks of one screen")
    func autofocus() throws {
        let found = try problems { flow in
            let setup = flow.screens.firstIndex { $0.id == "householdSetup" }!
            flow.screens[setup].blocks[0].autofocus = true
        }
        #expect(found.contains("screen \"householdSetup\": a heading block cannot take focus; only a textField can"))
        #expect(found.contains("screen \"householdSetup\": more than one block takes focus when the screen shows"))
    }

    @Test("Placeholder cards belong to a progress block, 1 to 6 of them")
    func placeholders() throws {
        let found = try problems { flow in
            let setup = flow.screens.firstIndex { $0.id == "householdSetup" }!
            flow.screens[setup].blocks[0].placeholders = 3
            var progress = Block(.progress)
            progress.placeholders = 40
            flow.screens[setup].blocks.append(progress)
        }
        #expect(
            found.contains(
                "screen \"householdSetup\": a heading block cannot have placeholders; only a progress block can"))
        #expect(found.contains("screen \"householdSetup\": a progress block draws 1 to 6 placeholder cards, not 40"))
    }

    @Test("A theme missing a colour role, with a bad hex and an unknown weight")
    func theme() throws {
        let found = try problems { flow in
            flow.theme.colors["accent"] = nil
            flow.theme.palette["white"] = "#FFF"
            flow.theme.typography["body"]?.weight = "heavy"
            flow.theme.textRoles["input"] = "giant"
        }
        #expect(found.contains("theme.colors: the colour role \"accent\" is missing"))
        #expect(found.contains("theme.palette: \"white\" is \"#FFF\", not a #RRGGBB colour"))
        #expect(found.contains("theme.typography: \"body\" has unknown weight \"heavy\""))
        #expect(found.contains("theme.textRoles: \"input\" refers to \"giant\", which is not in the type scale"))
    }

    @Test("A theme that follows the device needs every role's dark value; dark values elsewhere are refused")
    func darkColors() throws {
        let missing = try problems { flow in
            flow.theme.darkColors?["textPrimary"] = nil
            flow.theme.darkColors?["sparkle"] = "#FFFFFF"
            flow.theme.darkColors?["border"] = "slate.999"
        }
        #expect(missing.contains("theme.darkColors: the colour role \"textPrimary\" has no dark value"))
        #expect(missing.contains("theme.darkColors: \"sparkle\" is not a colour role of the theme"))
        #expect(
            missing.contains(
                "theme.darkColors: \"border\" refers to \"slate.999\", which is neither a palette colour nor hex"))
        var tanda = try Catalog.flow("tanda")
        tanda.theme.darkColors = ["background": "#000000"]
        #expect(
            FlowLinter.problems(in: tanda).map(\.description).contains {
                $0.contains("dark colours are used only by a theme whose appearance is \"system\"")
            })
    }

    @Test("An example that its own field refuses, and a stepper whose bounds are upside down")
    func examples() throws {
        var trainer = try Catalog.flow("trainer")
        let age = try #require(trainer.fields.firstIndex { $0.id == "age" })
        trainer.fields[age].min = 200
        trainer.fields[0].example = "R2D2"
        let found = FlowLinter.problems(in: trainer).map(\.description)
        #expect(found.contains("field \"age\": \"min\" is greater than \"max\""))
        #expect(found.contains("field \"name\": its example is refused: Please enter a name using letters only."))
    }

    @Test("An effect is passed only the arguments the catalogue says it reads, and assumes only results it delivers")
    func catalogedEffects() throws {
        var trainer = try Catalog.flow("trainer")
        trainer.transitions[0].effects = [
            EffectCall("sendCode", args: ["email": "$email", "purpose": "signup", "locale": "en"]),
            EffectCall(
                "identify", args: ["email": "$email"], defaults: ["account.exists": false, "account.name": "Al"]),
            EffectCall(
                "requestPermission", args: ["permission": "notifications"], defaults: ["permission.camera": true]),
        ]
        let found = FlowLinter.problems(in: trainer).map(\.description)
        #expect(found.contains("screen \"introHero\": \"sendCode\" on \"continue\" takes no argument \"locale\""))
        #expect(found.contains("screen \"introHero\": \"identify\" on \"continue\" never delivers \"account.name\""))
        #expect(
            found.contains(
                "screen \"introHero\": \"requestPermission\" on \"continue\" never delivers \"permission.camera\""))
        #expect(!found.contains { $0.contains("account.exists") }, "a result the effect delivers is fine")
    }

    @Test("Unknown effects and a migration to a screen that no longer exists")
    func effectsAndMigrations() throws {
        var trainer = try Catalog.flow("trainer")
        trainer.transitions[0].effects = [EffectCall("teleport")]
        trainer.migrations[0].screens?["introBegin"] = "gone"
        let found = FlowLinter.problems(in: trainer).map(\.description)
        #expect(found.contains("screen \"introHero\": unknown effect \"teleport\" on \"continue\""))
        #expect(
            found.contains("migration from version 1: screen \"introBegin\" maps to \"gone\", which does not exist"))
    }
}
