#!/usr/bin/env python3
# Scores the held-out dialogs (dialogs-heldout.txt) through the real binary: each dialog's lines
# go to `kassa` on stdin with a fresh journal and --today the set's day (its header's "Today is"), then `kassa list --json`
# says what was saved; a dialog counts when the saved transactions match its "=" line.
# Usage: python3 Tests/HeldOut/dialogs/score.py [.build/debug/kassa] [-v] [--set dialogs-heldout-2.txt]
import json, os, re, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
binary = next((a for i, a in enumerate(sys.argv[1:], 1) if not a.startswith("-") and sys.argv[i - 1] != "--set"), ".build/debug/kassa")
verbose = "-v" in sys.argv
dataset = sys.argv[sys.argv.index("--set") + 1] if "--set" in sys.argv else "dialogs-heldout.txt"
# The day the set was written for: its header's "Today is YYYY-MM-DD", else 2026-11-26.
header = open(os.path.join(here, dataset), encoding="utf-8").read(2000)
today = (re.search(r"Today is (\d{4}-\d{2}-\d{2})", header) or [None, "2026-11-26"])[1]

def dialogs():
    name, lines, expected = None, [], None
    for raw in open(os.path.join(here, dataset), encoding="utf-8"):
        raw = raw.rstrip("\n")
        if raw.startswith("## "):
            if name: yield name, lines, expected
            name, lines, expected = raw[3:], [], None
        elif raw.startswith(">"):
            lines.append(raw[2:] if raw.startswith("> ") else "")
        elif raw.startswith("= "):
            # One "=" line per transaction, or several joined by " | " on one line.
            expected = raw[2:] if expected is None or raw[2:].strip() == "none" else expected + " | " + raw[2:]
    if name: yield name, lines, expected

def matches(saved, expected):
    if expected.strip() == "none":
        return not saved
    wants = [w.strip() for w in expected.split("|")]
    if len(wants) != len(saved): return False
    for want, tx in zip(wants, saved):
        for pair in want.split():
            key, value = pair.split("=", 1)
            if key == "amount":
                if abs(float(tx.get("amount", "0"))) != float(value): return False
            elif key == "to":
                if tx.get("to_account") != value: return False
            elif str(tx.get(key)) != value:
                return False
    return True

passed, total, misses = 0, 0, []
for name, lines, expected in dialogs():
    total += 1
    with tempfile.TemporaryDirectory() as tmp:
        journal = os.path.join(tmp, "j.kassa")
        env = dict(os.environ, HOME=tmp, XDG_CONFIG_HOME=tmp)
        lang = "ru" if name.startswith("ru") else "en"
        base = [binary, "--file", journal, "--today", today, "--lang", lang]
        run = subprocess.run(base, input="\n".join(lines) + "\n", capture_output=True, text=True, env=env, timeout=20)
        listed = subprocess.run(base + ["list", "--json"], capture_output=True, text=True, env=env, timeout=20)
        try:
            saved = [json.loads(l) for l in listed.stdout.splitlines() if l.strip()]
            if saved and isinstance(saved[0], list): saved = saved[0]
            if len(saved) == 1 and isinstance(saved[0], dict) and "transactions" in saved[0]: saved = saved[0]["transactions"]
        except Exception:
            saved = None
        ok = saved is not None and matches(saved, expected)
        passed += ok
        if not ok:
            misses.append(name)
            if verbose:
                print("MISS", name, "expected", expected)
                print("   got", [(t.get("amount"), t.get("date"), t.get("category"), t.get("account"), t.get("to_account")) for t in (saved or [])])
print(f"held-out dialogs: {passed} of {total} end with the right transactions")
if misses: print("missed:", " ".join(misses))
