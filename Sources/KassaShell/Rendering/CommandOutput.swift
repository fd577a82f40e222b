// CommandOutput: what one command has to show, as a typed value that renders itself — plain
// text lines for a person and JSON objects (one a line) for programs — next to the command that
// makes it. A command with its own output adds one type beside it instead of a SessionEvent case
// and a branch in each renderer. Terminal safety is one pass over the rendered text
// (TextRenderer.render, TerminalSafety.rendered), not a per-output clean-up; JSON strings are
// escaped by JSONWriter.

import KassaCore

public protocol CommandOutput: Sendable {
    /// The lines a person reads, before terminal safety (applied to each line by the renderer).
    /// Colour comes from `renderer.style`, which the safety pass keeps.
    func textLines(_ renderer: TextRenderer) -> [String]
    /// One object per line for `--json`: fields, never pre-rendered text.
    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter]
    /// The objects for `--json` on the command line (`commandLine`, e.g. `kassa due --json`: one
    /// object per item, the form scripts read) or in a session (one event naming itself).
    func jsonObjects(_ renderer: TextRenderer, commandLine: Bool) -> [JSONWriter]
    /// The text lines are data a program reads (`report --csv`, `budget --json` in a person's
    /// session): written as their own writer made them, not through the terminal-safety pass,
    /// which would turn a bidi mark in a JSON string into an invalid escape.
    var textIsData: Bool { get }
}

extension CommandOutput {
    /// Most outputs say the same on the command line as in a session.
    public func jsonObjects(_ renderer: TextRenderer, commandLine: Bool) -> [JSONWriter] {
        jsonObjects(renderer)
    }

    public var textIsData: Bool { false }
}
