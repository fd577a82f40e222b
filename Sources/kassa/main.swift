// kassa: the executable. Hands the process (arguments, environment, own path) to KassaApp.

#if canImport(Glibc)
import Glibc
#endif
import KassaShell

var environment: [String: String] = [:]
var pointer = environ
while let entry = pointer.pointee {
    let text = String(cString: entry)
    if let equals = text.firstIndex(of: "=") {
        environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    pointer += 1
}
var buffer = [CChar](repeating: 0, count: 4096)
let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
let executablePath = length > 0 ? String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil

let app = KassaApp(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment,
                   executablePath: executablePath)
exit(app.run())
