// HledgerRecord: one CSV record under hledger's rules — which `if` blocks match it, and the
// value of each field: the last matching block's assignment wins over the blocks before it and
// over the top-level one (hledger's order), its template filled from the record's cells.

struct HledgerRecord {
    let cells: [String]
    let rules: HledgerRules
    /// The blocks that match, in file order.
    let matching: [HledgerRules.Block]

    init(cells: [String], rules: HledgerRules) {
        self.cells = cells
        self.rules = rules
        // The whole record as hledger matches it: its cells joined by commas.
        let whole = cells.joined(separator: ",")
        matching = rules.blocks.filter { block in
            HledgerRecord.matches(block.matchers, whole: whole, cell: { HledgerRecord.cell($0, cells: cells, fields: rules.fields) })
        }
    }

    /// OR over groups of matchers joined by `&` (AND).
    static func matches(_ matchers: [HledgerRules.Matcher], whole: String, cell: (String) -> String?) -> Bool {
        var groups: [[HledgerRules.Matcher]] = []
        for matcher in matchers {
            if matcher.joined, !groups.isEmpty { groups[groups.count - 1].append(matcher) } else { groups.append([matcher]) }
        }
        return groups.contains { group in group.allSatisfy { $0.matches($0.field.map { cell($0) ?? "" } ?? whole) } }
    }

    /// A cell by its name in `fields` or its 1-based number; nil when there is none.
    static func cell(_ name: String, cells: [String], fields: [String]) -> String? {
        if let number = Int(name) { return number >= 1 && number <= cells.count ? cells[number - 1] : nil }
        guard let index = fields.firstIndex(of: name.lowercased()), index < cells.count else { return nil }
        return cells[index]
    }

    var skipped: Bool { matching.contains { $0.skips } }
    /// Whether an `end` stops the reading at this record (it is not read either).
    var ends: Bool { matching.contains { $0.ends } }

    /// A field's value, its template filled; nil when nothing assigns it.
    func value(_ field: String) -> String? {
        let template = matching.last { $0.assignments[field] != nil }?.assignments[field] ?? rules.assignments[field]
        return template.map(fill)?.trimmingCharacters()
    }

    /// `%N` and `%name` replaced by the record's cells (a name is letters, digits, '_' and '-').
    func fill(_ template: HledgerRules.Template) -> String {
        var out = ""
        var rest = Substring(template.source)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            let name = after.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
            if name.isEmpty {
                out.append("%")
            } else {
                out += HledgerRecord.cell(String(name), cells: cells, fields: rules.fields) ?? ""
            }
            rest = after.dropFirst(name.count)
        }
        return out + rest
    }
}
