// ImportRules+Syntax: a rules file in either syntax. kassa's own is tried first, so every file
// it reads keeps its meaning; one it refuses that uses hledger's words (account1, description,
// amount-in, `%` templates …) is read as hledger's CSV rules. When neither reads it, the error
// is the one of the syntax the file looks like, naming its line.

extension ImportRules {
    /// `include`: another rules file by the path a hledger `include` line names.
    public static func read(_ text: String, include: HledgerRules.Includer? = nil) throws(ImportProblem) -> ImportRules {
        let ownError: ImportProblem
        do {
            return try ImportRules(text)
        } catch {
            ownError = error
        }
        // Patterns past the total are refused as they are: not read again as hledger's syntax.
        if ownError.reason == "rules-too-large" { throw ownError }
        do {
            let hledger = try HledgerRules(text, include: include)
            var rules = ImportRules()
            rules.hledger = hledger
            rules.separator = hledger.separator
            rules.encoding = hledger.encoding
            return rules
        } catch {
            throw HledgerRules.looksLikeHledger(text) ? error : ownError
        }
    }
}
