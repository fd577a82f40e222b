# Scores kassa parse --json on lines2.tsv (held out: no rule was tuned on it):
# each line lists its drafts separated by " | ", each a set of key=value checks:
# type, amount (major units), account, to, cur, date, rec, cat (category slug). The number of drafts must match.
# Usage: python3 Tests/HeldOut/parser/score2.py .build/debug/kassa [lines2.tsv|whisper.tsv]  (a development aid, not a test)
import os,sys,json,subprocess
K=sys.argv[1]; name=sys.argv[2] if len(sys.argv)>2 else 'lines2.tsv'
if not os.path.isabs(name) and not os.path.exists(name): name=os.path.join(os.path.dirname(os.path.abspath(__file__)),name)
rows=[l.rstrip('\n').split('\t') for l in open(name) if l.strip() and not l.startswith('#')]
out=subprocess.run([K,'--today','2026-11-26','parse','--json'],input='\n'.join(r[0] for r in rows)+'\n',capture_output=True,text=True).stdout.splitlines()
keys={'type':lambda d:d['type'].split('/')[0],'amount':lambda d:str(int(float(d['amount']))) if d['amount'] else None,
      'account':lambda d:d.get('account'),'to':lambda d:d.get('to_account'),'cur':lambda d:d.get('currency'),
      'date':lambda d:d.get('date'),'rec':lambda d:d.get('recurrence'),'cat':lambda d:d.get('category')}
ok=0
for (line,spec),o in zip(rows,out):
    d=json.loads(o).get('drafts',[]); want=[dict(kv.split('=') for kv in s.split()) for s in spec.split(' | ')]
    good=len(d)==len(want) and all(keys[k](x)==v for x,w in zip(d,want) for k,v in w.items())
    ok+=good
    if not good: print('MISS',line,[{k:keys[k](x) for k in keys} for x in d])
print(f'{ok}/{len(rows)}')
