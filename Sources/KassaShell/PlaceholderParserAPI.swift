// Stand-ins for parser API that the parser work provides; deleted when it is merged.

import KassaCore

extension Parser {
    public static func learningKey(_ note: String) -> String {
        note.lowercased().split(separator: " ").joined(separator: " ")
    }

    public func account(named text: String, context: ParseContext) -> String? {
        let wanted = text.lowercased()
        if wanted == context.defaultAccount { return wanted }
        return context.accounts.first { $0.name == wanted || $0.aliases.contains(wanted) }?.name
    }
}
