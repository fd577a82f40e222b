// LocalizableError: errors are values that name a catalog key and its arguments, never prose.
// The shell's renderer looks the key up in Locales/<lang>/ and prints the message.

public protocol LocalizableError: Error, Sendable {
    /// A key in the Locales/ catalogs, e.g. "store.locked".
    var messageKey: String { get }
    /// Values for the `{name}` placeholders of that message.
    var messageArguments: [String: String] { get }
}
