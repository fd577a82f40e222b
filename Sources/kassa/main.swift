// kassa: the executable. Wires the process (arguments, environment, terminal) to KassaShell.
import KassaShell

print(KassaShell.version)
