// Checks iOS availability on Linux, where the compiler ignores it: every use of a declaration that the
// declaration modules mark `@available(iOS N, *)` with N above the deployment target must sit inside an
// `if #available(iOS M, *)` or `guard #available(iOS M, *)`, or in a declaration marked
// `@available(iOS M, *)`, with M ≥ N — as Xcode requires.
//
// A syntax pass, not a type checker: a member is recognised by its name and, where the SDK declares
// the name both with and without a newer availability, by the labels of the call; a newer initializer
// by its type's name. What it cannot tell apart it lets through rather than flag every use of a common
// name: a property or case whose name the SDK also declares without a newer availability, a call with
// several trailing closures, and code inside string interpolations (which it skips with the string).
//
// Usage: AvailabilityCheck DEPLOYMENT_TARGET SDK_DIR -- FILE…
// Prints `file:line:column: error: 'name' is only available in iOS N or newer` for each use, and exits 1
// when there is one.

import Foundation

/// A dotted version such as 17.4, compared part by part.
struct Version: Comparable, CustomStringConvertible {
    var parts: [Int]

    init?(_ text: Substring) {
        let parts = text.split(separator: ".").map { Int($0) }
        guard !parts.isEmpty, !parts.contains(nil) else { return nil }
        self.parts = parts.compactMap { $0 }
    }

    static func < (lhs: Version, rhs: Version) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let left = index < lhs.parts.count ? lhs.parts[index] : 0
            let right = index < rhs.parts.count ? rhs.parts[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    var description: String { parts.map(String.init).joined(separator: ".") }
}

/// One token of Swift source: an identifier or keyword, `#available`, a version, or punctuation.
struct Token {
    var text: Substring
    var line: Int
    var column: Int
}

/// Splits Swift source into tokens, dropping comments and the insides of string literals.
func tokens(of source: String) -> [Token] {
    var result: [Token] = []
    let scalars = Array(source.unicodeScalars)
    var index = 0
    var line = 1
    var lineStart = 0
    func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || CharacterSet.alphanumerics.contains(scalar)
    }
    func text(_ start: Int, _ end: Int) -> Substring {
        Substring(String(String.UnicodeScalarView(scalars[start..<end])))
    }
    while index < scalars.count {
        let scalar = scalars[index]
        if scalar == "\n" {
            line += 1
            lineStart = index + 1
            index += 1
        } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
            while index < scalars.count, scalars[index] != "\n" { index += 1 }
        } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
            index += 2
            while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") {
                if scalars[index] == "\n" {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
            index += 2
        } else if scalar == "\"" {
            // A string literal (single or triple quoted); interpolations are skipped with it.
            let triple = index + 2 < scalars.count && scalars[index + 1] == "\"" && scalars[index + 2] == "\""
            index += triple ? 3 : 1
            while index < scalars.count {
                if scalars[index] == "\\" {
                    index += 2
                    continue
                }
                if scalars[index] == "\n" {
                    line += 1
                    lineStart = index + 1
                }
                if triple, index + 2 < scalars.count, scalars[index] == "\"", scalars[index + 1] == "\"",
                    scalars[index + 2] == "\""
                {
                    index += 3
                    break
                }
                if !triple, scalars[index] == "\"" {
                    index += 1
                    break
                }
                index += 1
            }
        } else if isIdentifier(scalar) || scalar == "#" || scalar == "@" {
            let start = index
            index += 1
            while index < scalars.count,
                isIdentifier(scalars[index])
                    || scalars[index] == "." && start < index
                        && CharacterSet.decimalDigits.contains(scalars[start])
            {
                index += 1
            }
            result.append(Token(text: text(start, index), line: line, column: start - lineStart + 1))
        } else if scalar == " " || scalar == "\t" || scalar == "\r" {
            index += 1
        } else {
            result.append(Token(text: text(index, index + 1), line: line, column: index - lineStart + 1))
            index += 1
        }
    }
    return result
}

/// A declaration newer than the deployment target: its base name, its argument labels when it is a
/// function (nil for properties, cases and types), which of them have defaults, and its version.
struct GatedDeclaration {
    var name: Substring
    var labels: [(label: Substring, hasDefault: Bool)]?
    var version: Version
}

/// The iOS version an `@available(iOS N, …)` or `@available(iOS, introduced: N, …)` attribute starting
/// at `index` names, if it names one.
func iOSVersion(in tokens: [Token], at index: Int) -> Version? {
    guard index + 3 < tokens.count, tokens[index].text == "@available" || tokens[index].text == "#available",
        tokens[index + 1].text == "(", tokens[index + 2].text == "iOS"
    else { return nil }
    if let version = Version(tokens[index + 3].text) { return version }
    var cursor = index + 3
    while cursor + 2 < tokens.count, tokens[cursor].text != ")" {
        if tokens[cursor].text == "introduced", tokens[cursor + 1].text == ":" {
            return Version(tokens[cursor + 2].text)
        }
        cursor += 1
    }
    return nil
}

/// The index of the token closing the bracket opened at `index`.
func closing(_ tokens: [Token], from index: Int) -> Int {
    let open = tokens[index].text
    let close: Substring = open == "(" ? ")" : open == "[" ? "]" : open == "<" ? ">" : "}"
    var depth = 0
    var cursor = index
    while cursor < tokens.count {
        if tokens[cursor].text == open { depth += 1 }
        if tokens[cursor].text == close {
            depth -= 1
            if depth == 0 { return cursor }
        }
        cursor += 1
    }
    return tokens.count - 1
}

/// The labels of a parameter list opening at `index`, with whether each has a default value.
func parameterLabels(_ tokens: [Token], from index: Int) -> [(label: Substring, hasDefault: Bool)] {
    let end = closing(tokens, from: index)
    var labels: [(label: Substring, hasDefault: Bool)] = []
    var cursor = index + 1
    var depth = 0
    var startOfParameter = true
    while cursor < end {
        let text = tokens[cursor].text
        let arrow = text == ">" && cursor > 0 && tokens[cursor - 1].text == "-"
        if ["(", "[", "<"].contains(text) { depth += 1 }
        if [")", "]", ">"].contains(text), !arrow { depth -= 1 }
        if depth == 0, startOfParameter, !text.hasPrefix("@") {
            labels.append((text, false))
            startOfParameter = false
        }
        if depth == 0, text == "=" { labels[labels.count - 1].hasDefault = true }
        if depth == 0, text == "," { startOfParameter = true }
        cursor += 1
    }
    return labels
}

/// Every declaration in the declaration modules introduced in iOS after `target`, with the version of
/// its innermost `@available` (a member of a newer type is as new as its type).
func gatedDeclarations(in files: [URL], after target: Version) throws -> [GatedDeclaration] {
    var gated: [GatedDeclaration] = []
    let introducers: Set<Substring> = [
        "func", "var", "let", "case", "init", "class", "struct", "enum", "protocol", "typealias", "extension",
        "actor", "subscript", "associatedtype", "deinit",
    ]
    let memberIntroducers: Set<Substring> = ["func", "var", "let", "subscript", "init"]
    for file in files {
        let tokens = tokens(of: try String(contentsOf: file, encoding: .utf8))
        var pending: Version?
        var scopes: [(depth: Int, version: Version?, type: Substring?)] = []
        var depth = 0
        var index = 0
        while index < tokens.count {
            let text = tokens[index].text
            if let version = iOSVersion(in: tokens, at: index) {
                pending = version
                index = closing(tokens, from: index + 1) + 1
                continue
            }
            if text == "{" {
                depth += 1
            } else if text == "}" {
                if let last = scopes.last, last.depth == depth { scopes.removeLast() }
                depth -= 1
            } else if text == "class", index + 1 < tokens.count, memberIntroducers.contains(tokens[index + 1].text) {
                // `class func`, `class var`: a modifier, not a class.
            } else if introducers.contains(text) {
                let enclosing = scopes.last?.version
                let version = [pending, enclosing].compactMap { $0 }.max()
                pending = nil
                var nameIndex = index + 1
                while nameIndex < tokens.count, tokens[nameIndex].text == "`" { nameIndex += 1 }
                // A newer initializer is called by its type's name.
                let name = text == "init" ? scopes.last?.type ?? "init" : tokens[min(nameIndex, tokens.count - 1)].text
                // An extension introduces no name (`extension CryptoKit.P256…`); its members take its version.
                if let version, version > target, text != "extension" {
                    var labels: [(label: Substring, hasDefault: Bool)]?
                    if text == "func" || text == "init" {
                        var open = text == "init" ? index + 1 : nameIndex + 1
                        if open < tokens.count, tokens[open].text == "<" { open = closing(tokens, from: open) + 1 }
                        if open < tokens.count, tokens[open].text == "(" {
                            labels = parameterLabels(tokens, from: open)
                        }
                    }
                    gated.append(GatedDeclaration(name: name, labels: labels, version: version))
                }
                if ["class", "struct", "enum", "protocol", "extension", "actor"].contains(text) {
                    // The type's body, the next brace, takes its availability; an extension names the
                    // type by its last component (`extension Kit.Thing`).
                    var typeName = tokens[min(nameIndex, tokens.count - 1)].text
                    var cursor = nameIndex + 1
                    while text == "extension", cursor + 1 < tokens.count, tokens[cursor].text == "." {
                        typeName = tokens[cursor + 1].text
                        cursor += 2
                    }
                    scopes.append((depth + 1, version, typeName))
                }
            }
            index += 1
        }
    }
    return gated
}

/// The labels of the call whose arguments open at `index`, `_` for an unlabelled argument.
func callLabels(_ tokens: [Token], from index: Int) -> [Substring] {
    let end = closing(tokens, from: index)
    var labels: [Substring] = []
    var cursor = index + 1
    var depth = 0
    var startOfArgument = true
    while cursor < end {
        let text = tokens[cursor].text
        if ["(", "[", "{"].contains(text) { depth += 1 }
        if [")", "]", "}"].contains(text) { depth -= 1 }
        if depth == 0, startOfArgument {
            labels.append(cursor + 1 < end && tokens[cursor + 1].text == ":" ? text : "_")
            startOfArgument = false
        }
        if depth == 0, text == "," { startOfArgument = true }
        cursor += 1
    }
    return labels
}

/// Whether a call with `labels` (and perhaps a trailing closure) can be a call of `declared`.
func matches(_ labels: [Substring], trailingClosure: Bool, _ declared: [(label: Substring, hasDefault: Bool)]) -> Bool {
    var used = labels[...]
    for (position, parameter) in declared.enumerated() {
        if let next = used.first, next == parameter.label {
            used.removeFirst()
        } else if !(parameter.hasDefault || trailingClosure && position == declared.count - 1) {
            return false
        }
    }
    return used.isEmpty
}

/// One use of a gated declaration outside a check for its version.
struct Finding {
    var file: String
    var token: Token
    var version: Version
}

/// Whether the `#available` at `index` is a condition of a `guard` (`guard x, #available(…) else`):
/// the statement it is in, back to the last brace or semicolon, starts with `guard`.
func isInGuard(_ tokens: [Token], at index: Int) -> Bool {
    var cursor = index - 1
    while cursor >= 0, !["{", "}", ";"].contains(tokens[cursor].text) {
        if tokens[cursor].text == "guard" { return true }
        if tokens[cursor].text == "if" || tokens[cursor].text == "while" { return false }
        cursor -= 1
    }
    return false
}

/// The uses in `file` of `gated` declarations not guarded for their version.
func findings(in file: URL, gated: [GatedDeclaration], target: Version, everything: [Substring: Bool]) throws
    -> [Finding]
{
    let tokens = tokens(of: try String(contentsOf: file, encoding: .utf8))
    let byName = Dictionary(grouping: gated, by: \.name)
    var found: [Finding] = []
    // The version each open brace guarantees, and a `guard #available` that lifts the rest of its scope.
    var scopes: [Version] = [target]
    var pendingBody: Version?
    var guardVersion: Version?
    var index = 0
    while index < tokens.count {
        let text = tokens[index].text
        if let version = iOSVersion(in: tokens, at: index) {
            if isInGuard(tokens, at: index) { guardVersion = version } else { pendingBody = version }
            index = closing(tokens, from: index + 1) + 1
            continue
        }
        if text == "let" || text == "case" {
            // A constant or a case has no body: an `@available` before it lifts nothing after it.
            pendingBody = nil
        }
        if text == "{" {
            scopes.append(max(scopes.last ?? target, pendingBody ?? target))
            pendingBody = nil
        } else if text == "}" {
            if scopes.count > 1 { scopes.removeLast() }
            if let lifted = guardVersion, tokens.indices.contains(index) {
                // The guard's `else` block has closed: the rest of the enclosing scope is lifted.
                scopes[scopes.count - 1] = max(scopes[scopes.count - 1], lifted)
                guardVersion = nil
            }
        } else if let candidates = byName[text], index > 0,
            !["func", "var", "let", "case"].contains(tokens[index - 1].text)
        {
            let current = scopes.last ?? target
            let isCall = index + 1 < tokens.count && tokens[index + 1].text == "("
            let labels = isCall ? callLabels(tokens, from: index + 1) : []
            let closes = isCall ? closing(tokens, from: index + 1) : index
            let trailingClosure = closes + 1 < tokens.count && tokens[closes + 1].text == "{"
            let applicable = candidates.filter { declaration in
                guard let declared = declaration.labels else { return true }
                return !isCall || matches(labels, trailingClosure: trailingClosure, declared)
            }
            // A name the SDK also declares for older systems is a use of that one unless the labels say otherwise.
            let olderExists = everything[text] == true && applicable.contains { $0.labels == nil }
            if let needed = applicable.map(\.version).min(), needed > current, !olderExists {
                found.append(Finding(file: file.path, token: tokens[index], version: needed))
            }
        }
        index += 1
    }
    return found
}

/// The names the declaration modules also declare without a newer availability.
func olderNames(in files: [URL], gated: [GatedDeclaration]) throws -> [Substring: Bool] {
    let gatedNames = Set(gated.map(\.name))
    var counts: [Substring: Int] = [:]
    for file in files {
        let tokens = tokens(of: try String(contentsOf: file, encoding: .utf8))
        for (index, token) in tokens.enumerated() where gatedNames.contains(token.text) && index > 0 {
            if ["func", "var", "let", "case"].contains(tokens[index - 1].text) { counts[token.text, default: 0] += 1 }
        }
    }
    var older: [Substring: Bool] = [:]
    for name in gatedNames {
        older[name] = (counts[name] ?? 0) > gated.filter { $0.name == name }.count
    }
    return older
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 3, let target = Version(Substring(arguments.first!)),
    let separator = arguments.firstIndex(of: "--")
else {
    FileHandle.standardError.write(Data("usage: AvailabilityCheck DEPLOYMENT_TARGET SDK_DIR -- FILE…\n".utf8))
    exit(2)
}
let sdkDirectory = URL(fileURLWithPath: arguments[arguments.startIndex + 1])
let sdkFiles =
    (FileManager.default.enumerator(at: sdkDirectory, includingPropertiesForKeys: nil)?
    .compactMap { $0 as? URL }.filter { ["swift", "swiftinterface"].contains($0.pathExtension) } ?? [])
    .sorted { $0.path < $1.path }
let checked = arguments[(separator + 1)...].map { URL(fileURLWithPath: $0) }
do {
    let gated = try gatedDeclarations(in: sdkFiles, after: target)
    let older = try olderNames(in: sdkFiles, gated: gated)
    var total = 0
    for file in checked {
        for finding in try findings(in: file, gated: gated, target: target, everything: older) {
            print(
                "\(finding.file):\(finding.token.line):\(finding.token.column): error: '\(finding.token.text)' is only "
                    + "available in iOS \(finding.version) or newer")
            total += 1
        }
    }
    exit(total == 0 ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
