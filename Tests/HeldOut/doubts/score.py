# Scores `kassa parse --json` on a doubts set (en.tsv, ru.tsv: held out, no rule tuned on them)
# by what a person would meet: RIGHT (the drafts as expected, no doubt), DOUBTED (kassa asks: a
# doubt, a draft it cannot save without an answer, or nothing drafted), WRONG (confidently wrong:
# drafts without doubts that are not what was said, or a draft for a line with no entry), and
# NEEDLESS (the drafts were right but kassa doubted them). Expectations: draft specs (key=value,
# drafts joined by " | "), "ASK field" (a careful bookkeeper would ask), "NONE" (no entry).
# Usage: python3 Tests/HeldOut/doubts/score.py BIN [en.tsv ru.tsv]   (a development aid, not a test)
import os, re, sys, json, subprocess
K = sys.argv[1]
names = sys.argv[2:] or ['en.tsv', 'ru.tsv']
here = os.path.dirname(os.path.abspath(__file__))
keys = {'type': lambda d: d['type'].split('/')[0],
        'amount': lambda d: str(int(float(d['amount']))) if d.get('amount') else None,
        'account': lambda d: d.get('account'), 'to': lambda d: d.get('to_account'),
        'cur': lambda d: d.get('currency'), 'date': lambda d: d.get('date')}
ASKING_FLAGS = {'ambiguous', 'amount-missing'}

def doubted(d):
    """A draft kassa will not save without the person: an open doubt, or a tie or missing amount."""
    return bool(d.get('doubts')) or bool(ASKING_FLAGS & set(d.get('flags', []))) or d.get('confidence', 1) < 0.5

def matches(d, want):
    """A draft matches as said, or — a purchase in another currency with what its account was
    charged (charged_amount, DESIGN.md §10) — as the charge, when the line's expectation is it."""
    views = [d]
    if d.get('charged_amount'):
        views.append(dict(d, amount=d['charged_amount'], currency=d['charged_currency']))
    return any(all(keys[k](view) == v for k, v in want.items()) for view in views)

def spec_fields(spec):
    """key=value pairs; a word with no '=' continues the value before it ("to=kaspi red")."""
    fields, last = {}, None
    for word in spec.split():
        if '=' in word:
            last, value = word.split('=', 1)
            fields[last] = value
        elif last:
            fields[last] += ' ' + word
    return fields

def today_of(path):
    """The day a set was written for: its header's "Today is YYYY-MM-DD", else 2026-11-26."""
    for line in open(path, encoding='utf-8'):
        found = re.search(r'Today is (\d{4}-\d{2}-\d{2})', line) if line.startswith('#') else None
        if found:
            return found.group(1)
    return '2026-11-26'

totals = {}
verbose = os.environ.get('VERBOSE')
for name in names:
    path = name if os.path.exists(name) else os.path.join(here, name)
    rows = [l.rstrip('\n').split('\t') for l in open(path, encoding='utf-8') if l.strip() and not l.startswith('#')]
    lang = 'ru' if 'ru' in os.path.basename(path) else 'en'
    out = subprocess.run([K, '--today', today_of(path), '--lang', lang, 'parse', '--json'],
                         input='\n'.join(r[0] for r in rows) + '\n', capture_output=True, text=True).stdout.splitlines()
    score = {'RIGHT': 0, 'DOUBTED': 0, 'WRONG': 0, 'NEEDLESS': 0}
    kinds = {'clear': dict(score), 'ask': dict(score), 'none': dict(score)}
    for row, line in zip(rows, out):
        text, spec = row[0], row[1]
        result = json.loads(line)
        drafts = result.get('drafts') or []
        any_doubt = not drafts or any(doubted(d) for d in drafts)
        if spec.startswith('NONE'):
            kind = 'none'
            entry_doubt = all(any(x.get('field') == 'entry' for x in d.get('doubts', [])) for d in drafts)
            verdict = 'RIGHT' if not drafts or entry_doubt else ('DOUBTED' if any_doubt else 'WRONG')
        elif spec.startswith('ASK'):
            kind = 'ask'
            verdict = 'DOUBTED' if any_doubt else 'WRONG'
        else:
            kind = 'clear'
            want = [spec_fields(s) for s in spec.split(' | ')]
            good = len(drafts) == len(want) and all(matches(d, w) for d, w in zip(drafts, want))
            verdict = ('NEEDLESS' if good else 'DOUBTED') if any_doubt else ('RIGHT' if good else 'WRONG')
        score[verdict] += 1
        kinds[kind][verdict] += 1
        if verbose and verdict in ('WRONG', 'NEEDLESS') or verbose == 'all':
            shown = [{k: keys[k](d) for k in keys} | ({'doubts': [x.get('reason') for x in d['doubts']]} if d.get('doubts') else {}) for d in drafts]
            print(f'{verdict:8} {kind:5} {text}  ==> {spec}  GOT {shown}')
    n = len(rows)
    print(f'{os.path.basename(path)}: {n} lines — right {score["RIGHT"]}, doubted {score["DOUBTED"]}, '
          f'confidently wrong {score["WRONG"]} ({100 * score["WRONG"] / n:.1f}%), needlessly doubted {score["NEEDLESS"]}')
    for kind, s in kinds.items():
        count = sum(s.values())
        if count:
            print(f'  {kind:5} {count:3}: right {s["RIGHT"]}, doubted {s["DOUBTED"]}, wrong {s["WRONG"]}, needless {s["NEEDLESS"]}')
