// CommandList: a build-tool plugin on KassaShell that writes `CommandRegistry.all` from the
// module's own sources (through kassa-commands), so adding a command is its file, its words in
// Grammars/*/session.commands and its messages in Locales/*/ — no hand list to forget or to drift.
// The Swift sources and those data files are the command's inputs: changing or adding one
// regenerates the list; a command without words or messages fails the build, naming its file.

import Foundation
import PackagePlugin

@main
struct CommandList: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let root = context.package.directoryURL
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        let output = context.pluginWorkDirectoryURL.appending(path: "CommandRegistry+All.swift")
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url.path)
            .filter { $0.hasPrefix(rootPath) }.map { String($0.dropFirst(rootPath.count)) }.sorted()
        var grammars: [String] = [], messages: [String] = []
        for (top, suffix) in [("Grammars", "session.commands"), ("Locales", ".messages")] {
            let directory = root.appending(path: top)
            guard let walker = FileManager.default.enumerator(atPath: directory.path) else { continue }
            for case let relative as String in walker {
                // Only a language's own folder (Grammars/en/…, Locales/ru/…): one level down.
                let parts = relative.split(separator: "/")
                guard parts.count == 2, !parts[1].hasPrefix("."), parts[1].hasSuffix(suffix) else { continue }
                if top == "Grammars" { grammars.append(top + "/" + relative) } else { messages.append(top + "/" + relative) }
            }
        }
        grammars.sort()
        messages.sort()
        return [.buildCommand(
            displayName: "Listing the commands (\(sources.count) sources)",
            executable: try context.tool(named: "kassa-commands").url,
            arguments: [output.path, root.path, "--sources"] + sources + ["--grammars"] + grammars + ["--messages"] + messages,
            inputFiles: (sources + grammars + messages).map { root.appending(path: $0) },
            outputFiles: [output])]
    }
}
