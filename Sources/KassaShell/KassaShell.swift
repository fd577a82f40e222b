// KassaShell: the session, its commands, rendering and line readers. (Skeleton entry point.)
import KassaCore
import KassaStore

public enum KassaShell {
    public static let version = "0.1.0"
}
