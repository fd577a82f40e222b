// CommandOutput: what one command has to show, as a typed value that renders itself — plain
// text lines for a person and JSON objects (one a line) for programs — next to the command that
// makes it. A command with its own output adds one type here instead of a SessionEvent case and
// a branch in each renderer. Terminal safety is one pass over the rendered text (TextRenderer),
// not a per-case clean-up; JSON strings are escaped by JSONWriter.

import KassaCore

public protocol CommandOutput: Sendable {
    /// The lines a person reads, before terminal safety (applied to each line by the renderer).
    func textLines(_ renderer: TextRenderer) -> [String]
    /// One object per line for `--json`: fields, never pre-rendered text.
    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter]
}
