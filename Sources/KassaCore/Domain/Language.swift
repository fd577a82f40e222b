// Language: the languages kassa speaks. Also the names of the folders in Grammars/ and Locales/.

public enum Language: String, Hashable, Sendable, CaseIterable {
    case en, ru

    /// Picks a language from a POSIX locale name such as "ru_RU.UTF-8"; nil if unsupported.
    public init?(localeName: String) {
        let prefix = localeName.prefix { $0.isLetter }.lowercased()
        guard let language = Language(rawValue: prefix) else { return nil }
        self = language
    }
}
