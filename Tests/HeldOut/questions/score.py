#!/usr/bin/env python3
# Scores the held-out questions (questions.txt) through a kassa binary's `ask --json`:
#     python3 Tests/HeldOut/questions/score.py .build/debug/kassa [questions2.txt]
# A case passes when every field it names matches: kind, type, category, account, text (the
# "filters"), from/to (the "period"; "-" for a field means null). A binary without `ask` fails
# every case. Prints the failures and the score, and how sure kassa was (`"sure"`; a question it
# calls unknown is unsure): right and sure, right but unsure, wrong and unsure, confidently wrong.
import json, os, re, subprocess, sys, tempfile

binary = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
journal = os.path.join(tempfile.mkdtemp(), "heldout.kassa")
passed = total = 0
needless = doubted = confident = 0
name = sys.argv[2] if len(sys.argv) > 2 else "questions.txt"
# The day the set was written for: its header's "Today is YYYY-MM-DD", else 2026-11-26.
today = next((m.group(1) for m in (re.search(r"Today is (\d{4}-\d{2}-\d{2})", l)
                                    for l in open(os.path.join(here, name), encoding="utf-8") if l.startswith("#")) if m),
             "2026-11-26")
# A set whose header says its categories are top-level only takes a subcategory of the one named.
top_level = any(l.startswith("#") and "top level only" in l for l in open(os.path.join(here, name), encoding="utf-8"))
for raw in open(os.path.join(here, name), encoding="utf-8"):
    line = raw.strip()
    if not line or line.startswith("#"):
        continue
    question, expected = [part.strip() for part in line.split("=>", 1)]
    # key=value pairs; a value may hold spaces ("text=Yandex Go") up to the next key.
    want = {m.group(1): m.group(2).strip() for m in re.finditer(r"(\w+)=(.*?)(?=\s+\w+=|$)", expected)}
    if "text" in want and want["text"] != "-": want["text"] = want["text"].lower()
    total += 1
    run = subprocess.run([binary, "ask", "--json", "--file", journal, "--today", today, "--lang", "en", question],
                         capture_output=True, text=True)
    try:
        got = json.loads(run.stdout.strip().splitlines()[-1])
    except Exception:
        print(f"FAIL {question!r}: no ask JSON (exit {run.returncode}) {run.stderr.strip()[:80]}")
        continue
    period = got.get("period") or {}
    filters = got.get("filters") or {}
    actual = {"kind": got.get("kind"), "type": filters.get("type"), "category": filters.get("category"),
              "account": filters.get("account"), "text": filters.get("text"),
              "from": period.get("from"), "to": period.get("to")}
    if top_level and want.get("category") not in (None, "-") and (actual["category"] or "").startswith(want["category"] + "/"):
        actual["category"] = want["category"]
    wrong = [f"{key}={actual[key]!r} (want {value})" for key, value in want.items()
             if (None if value == "-" else value) != actual[key]]
    # Unsure: kassa said so ("sure": false, or a question it calls unknown). For a question no
    # ledger answers (want kind=unknown) that is the right answer, whatever else was read.
    unsure = not got.get("sure", True) or got.get("kind") == "unknown"
    if want.get("kind") == "unknown":
        wrong = [] if unsure else [f"kind={actual['kind']!r} sure (want unknown)"]
        unsure = False
    if wrong:
        print(f"FAIL{' (unsure)' if unsure else ''} {question!r}: " + ", ".join(wrong))
        doubted += unsure
        confident += not unsure
    else:
        passed += 1
        needless += unsure
print(f"{passed}/{total} held-out questions read as meant")
print(f"  right and sure {passed - needless}, right but unsure {needless}, wrong and unsure {doubted}, confidently wrong {confident}")
