// LineScan: what ScanStage makes of a line: every token's role (part of an amount, of a pattern,
// of an account mention, a filler, a separator, or plain text), and the amounts, patterns and
// accounts the roles point into. The draft stage reads it and may change roles (corrections,
// name numbers that turn out to be the amount).

enum Role {
    case plain, punct, filler, sep
    case money(Int)
    case pattern(Int)
    case account(Int)

    /// A word no other reading took, or a separator ("и", a comma).
    var isPlainOrSep: Bool {
        switch self {
        case .plain, .sep: return true
        default: return false
        }
    }

    /// Not yet taken by anything: a word, or a punctuation mark that separates nothing.
    var isPlainOrPunct: Bool {
        switch self {
        case .plain, .punct: return true
        default: return false
        }
    }
}

/// A pattern that matched, with what it means.
typealias PatternHit = (match: PatternMatch, value: Recognized)

struct LineScan {
    /// One per token, in the line's scratch memory, as are the amounts and patterns.
    let roles: UnsafeMutableBufferPointer<Role>
    var moneys: ScratchList<MoneyMatch>
    var patterns: ScratchList<PatternHit>
    var accounts: [AccountMention] = []
}
