// kassa-bench: benchmarks, release build only, never run by the tests.
// `kassa-bench parse`, `kassa-bench store`: each suite lives in its own file.
import KassaCore
import KassaStore
