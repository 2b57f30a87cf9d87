/// A CSV file as RFC 4180 writes it (and PostgreSQL's `COPY … CSV HEADER`): a header row, then rows of
/// fields, quoted with `"` when they hold a comma, a quote or a line break.
struct CSVTable {
    let header: [String]
    /// Each row's fields by column name, with the line it starts on.
    let rows: [(line: Int, fields: [String: String])]

    init?(_ text: String) {
        var records: [(Int, [String])] = []
        var field = ""
        var record: [String] = []
        var quoted = false
        var line = 1
        var recordLine = 1
        var characters = text.makeIterator()
        var pending: Character?
        while let character = pending ?? characters.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    let next = characters.next()
                    if next == "\"" {
                        field.append("\"")
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"": quoted = true
            case ",":
                record.append(field)
                field = ""
            case "\n", "\r\n":
                record.append(field)
                records.append((recordLine, record))
                (field, record) = ("", [])
                line += 1
                recordLine = line
            default: field.append(character)
            }
        }
        if quoted { return nil }
        if !field.isEmpty || !record.isEmpty { records.append((recordLine, record + [field])) }
        guard let first = records.first else { return nil }
        header = first.1
        rows = records.dropFirst().filter { $0.1 != [""] }.map { line, values in
            (line, Dictionary(zip(first.1, values).map { ($0, $1) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}
