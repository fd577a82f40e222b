// BadRowText: a file's bad line or row as messages show it — `import` naming a bad row and
// `rate import` naming a bad rates line say it the same way.

import KassaCore

enum BadRowText {
    /// A bad row's text as shown: its first 80 characters, so a binary file's megabyte "line"
    /// (or a header with no usable column) is one readable line.
    static func shown(_ detail: String, catalog: Catalog?) -> String {
        let limit = 80
        guard detail.count > limit else { return detail }
        let start = String(detail.prefix(limit))
        return catalog?.text("import.detail-cut", ["start": start]) ?? start
    }
}
