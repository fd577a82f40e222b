// EmbedData: a build-tool plugin that turns the repository's Grammars/ and Locales/ into Swift
// source (through kassa-embed), so the kassa binary carries its default data. It runs inside
// `swift build` and `swift test`: no step outside the build, no package dependency. The data files
// are the command's inputs, so changing one regenerates the source; adding or removing one changes
// the command line, which does too. Corpora are included (`kassa grammar test` works on an
// installed binary); benchmark entries are not. The same command compiles the built-in grammar
// (kassa-embed runs KassaCore's loader), so a change to the loader, which rebuilds the tool,
// regenerates it too.

import Foundation
import PackagePlugin

@main
struct EmbedData: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltinData+Files.swift")
        var relativePaths: [String] = []
        for top in ["Grammars", "Locales"] {
            let directory = root.appending(path: top)
            guard let walker = FileManager.default.enumerator(atPath: directory.path) else { continue }
            for case let relative as String in walker {
                let name = relative.split(separator: "/").last.map(String.init) ?? relative
                guard !name.hasPrefix("."),
                      [".rules", ".corpus", ".messages"].contains(where: { name.hasSuffix($0) }) else { continue }
                relativePaths.append(top + "/" + relative)
            }
        }
        relativePaths.sort()
        return [.buildCommand(
            displayName: "Embedding the grammars and messages (\(relativePaths.count) files)",
            executable: try context.tool(named: "kassa-embed").url,
            arguments: [output.path, root.path] + relativePaths,
            inputFiles: relativePaths.map { root.appending(path: $0) },
            outputFiles: [output])]
    }
}
