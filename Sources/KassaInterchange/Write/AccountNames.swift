// AccountNames: kassa's accounts and category slugs as the account names of a plain-text
// journal — `assets:kaspi`, `expenses:food:coffee`, `income:salary` for hledger and ledger,
// `Assets:Kaspi`, `Expenses:Food:Coffee` for beancount (DOMAIN.md §9). Cyrillic is kept; only
// what a tool cannot read is replaced (a colon inside a name, separators, and for beancount
// spaces, underscores and a lower-case first letter; a name in a script without capitals gets
// an "X" before it, since a beancount account part must start with a capital or a digit). Two names that come out the same get
// "-2", "-3": every kassa account keeps its own journal account. Names are cached, so a
// million entries cost a dictionary look-up each.

public struct AccountNames {
    public enum Style: Sendable { case plain, beancount }

    /// Transactions without an account post to this asset.
    static let noAccount = "no-account"
    /// Expenses and income without a category ("other" is kassa's own Other category, which
    /// keeps its name).
    static let noCategory = "uncategorized"

    let style: Style
    private var assets: [String: String] = [:]
    private var expenses: [String: String] = [:]
    private var income: [String: String] = [:]
    private var taken: Set<String> = []

    public init(style: Style) { self.style = style }

    var roots: (assets: String, expenses: String, income: String) {
        style == .plain ? ("assets", "expenses", "income") : ("Assets", "Expenses", "Income")
    }

    /// The journal account of a kassa account ("" or nil for none).
    /// Account names are case-insensitive: "Cash" and "cash" are one account, named as first met.
    public mutating func asset(_ name: String?) -> String {
        let key = (name ?? "").lowercased()
        if let known = assets[key] { return known }
        let made = unique(roots.assets + ":" + component(key.isEmpty ? AccountNames.noAccount : name ?? ""))
        assets[key] = made
        return made
    }

    public mutating func expense(_ slug: String?) -> String {
        let key = slug ?? ""
        if let known = expenses[key] { return known }
        let made = unique(roots.expenses + ":" + (key.isEmpty ? component(AccountNames.noCategory) : path(key)))
        expenses[key] = made
        return made
    }

    public mutating func income(_ slug: String?) -> String {
        let key = slug ?? ""
        if let known = income[key] { return known }
        // Income slugs are "income/salary": the root already says income.
        let made = unique(roots.income + ":" + (key.isEmpty ? component(AccountNames.noCategory)
            : path(key.hasPrefix("income/") ? String(key.dropFirst(7)) : key)))
        income[key] = made
        return made
    }

    /// "food/coffee" → "food:coffee"; each part made safe on its own.
    private func path(_ slug: String) -> String {
        let parts = slug.split(separator: "/").map { component(String($0)) }
        return parts.isEmpty ? component(AccountNames.noCategory) : parts.joined(separator: ":")
    }

    private mutating func unique(_ name: String) -> String {
        var candidate = name
        var suffix = 2
        while taken.contains(candidate) {
            candidate = name + "-" + String(suffix)
            suffix += 1
        }
        taken.insert(candidate)
        return candidate
    }

    /// One part of an account name.
    func component(_ raw: String) -> String {
        switch style {
        case .plain:
            // hledger and ledger end an account name at two spaces or a tab, split it at ':',
            // and read ';' as a comment and brackets as virtual postings.
            var out = ""
            var lastSpace = true
            for ch in raw {
                if ch.isWhitespace {
                    if !lastSpace { out.append(" ") }
                    lastSpace = true
                    continue
                }
                lastSpace = false
                out.append(":;()[]{}@=*!#|\"".contains(ch) ? "-" : ch)
            }
            while out.last == " " { out.removeLast() }
            return out.isEmpty ? "-" : out
        case .beancount:
            // Letters (any script), digits and '-'; the first one a capital letter or a digit.
            var out = ""
            for ch in raw {
                if ch.isLetter || ch.isNumber && ch.isASCII {
                    out.append(ch)
                } else if out.last != "-" {
                    out.append("-")
                }
            }
            while out.last == "-" { out.removeLast() }
            while out.first == "-" { out.removeFirst() }
            guard let first = out.first else { return "X" }
            let upper = first.uppercased()
            // A script without letter case (Chinese, Japanese, Korean, Hebrew, Arabic, Thai …)
            // has no capital to start with: "X" goes first, the name follows whole.
            let startsWell = upper.unicodeScalars.first.map {
                $0.properties.generalCategory == .uppercaseLetter || $0.properties.generalCategory == .titlecaseLetter
                    || ($0.isASCII && $0.properties.numericType == .decimal)
            } ?? false
            return startsWell ? upper + out.dropFirst() : "X" + out
        }
    }
}
