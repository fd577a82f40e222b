// HledgerRecord: one CSV record under hledger's rules — which `if` blocks match it, and the
// value of each field: the last matching block's assignment wins over the blocks before it and
// over the top-level one (hledger's order), its template filled from the record's cells. A
// filled value is at most its record's own length plus `filledAllowance` bytes — each cell said
// once, and text around them — (a template of `%2` said ten thousand times would make a 30 KB
// file take a gigabyte): a record past it is refused naming the field, before anything is filled.

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

    /// What a filled value may hold beyond its record's own bytes, in bytes of UTF-8.
    static let filledAllowance = 16_384

    /// The longest value a template may fill from this record: the record (its cells and the
    /// commas between them) plus `filledAllowance`.
    var maximumFilledBytes: Int { cells.reduce(cells.count) { $0 + $1.utf8.count } + Self.filledAllowance }

    /// The template that gives `field` for this record, nil when nothing assigns it.
    private func template(_ field: String) -> HledgerRules.Template? {
        matching.last { $0.assignments[field] != nil }?.assignments[field] ?? rules.assignments[field]
    }

    /// A field's value, its template filled; nil when nothing assigns it.
    func value(_ field: String) -> String? {
        template(field).map(fill)?.trimmingCharacters()
    }

    /// The first field (by name) whose filled value would be longer than `maximumFilledBytes`,
    /// with that length (counted up to just past the limit); nil when every one fits. Costs one
    /// walk of each template, nothing filled.
    func oversizedField() -> (field: String, bytes: Int, limit: Int)? {
        var fields = Set(rules.assignments.keys)
        for block in matching { fields.formUnion(block.assignments.keys) }
        let limit = maximumFilledBytes
        for field in fields.sorted() {
            guard let template = template(field) else { continue }
            let bytes = filledBytes(template, limit: limit)
            if bytes > limit { return (field, bytes, limit) }
        }
        return nil
    }

    /// The length `fill` would give, counted until it passes `limit`.
    private func filledBytes(_ template: HledgerRules.Template, limit: Int) -> Int {
        var total = 0
        var rest = Substring(template.source)
        while let percent = rest.firstIndex(of: "%"), total <= limit {
            total += rest[..<percent].utf8.count
            let after = rest[rest.index(after: percent)...]
            let name = after.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
            total += name.isEmpty ? 1 : (HledgerRecord.cell(String(name), cells: cells, fields: rules.fields)?.utf8.count ?? 0)
            rest = after.dropFirst(name.count)
        }
        return total + rest.utf8.count
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
