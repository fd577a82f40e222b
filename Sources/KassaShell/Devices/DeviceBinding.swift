// DeviceBinding: whether this machine writes in a ledger folder as the device its config names.
// The config says which folder was joined, under which name and uid, and on which machine
// (`ledger`, `device`, `device-id`, `device-machine`). A config whose machine is not this one was
// copied here: the folder is only read, and a command that writes is refused with the way out
// (join as a device of its own). A config from before machines were recorded is this machine's;
// its first writing open records the machine (`adopt`).

import KassaStore

enum DeviceBinding: Equatable {
    /// No device of this folder is configured here.
    case none
    /// This machine is the device (`machineKnown`: the config records this machine).
    case joined(name: String, uid: String, machineKnown: Bool)
    /// The config names a device joined on another machine.
    case copied(name: String)

    static func of(_ config: ConfigFile, folder: String, paths: ShellPaths, home: String?) -> DeviceBinding {
        guard let name = config.value(.device), let uid = config.value(.deviceID),
              config.value(.ledger) == folder || ShellPaths.sameFolder(config.value(.ledger), folder, home: home)
        else { return .none }
        guard let machine = config.value(.deviceMachine) else { return .joined(name: name, uid: uid, machineKnown: false) }
        return paths.machine.flatMap(MachineID.read) == machine ? .joined(name: name, uid: uid, machineKnown: true) : .copied(name: name)
    }

    /// The device this machine writes as, if any.
    var device: (name: String, uid: String)? {
        if case let .joined(name, uid, _) = self { return (name, uid) }
        return nil
    }

    /// Records this machine in a config that names none (written before machines were); errno
    /// when the machine's id or the config cannot be written. Nothing to do otherwise.
    static func adopt(_ config: ConfigFile, paths: ShellPaths) -> Int32? {
        guard let path = paths.machine else { return nil }
        let machine: String
        switch MachineID.make(path) {
        case .success(let made): machine = made
        case .failure(let failure): return failure.code
        }
        var config = config
        config.set(.deviceMachine, machine)
        return config.write()
    }
}
