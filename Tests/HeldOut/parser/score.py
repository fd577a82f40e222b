# Scores kassa parse --json on lines.tsv (held out: no rule was tuned on it): type, accounts and recurrence as listed, "cat" = some category.
# Usage: python3 Tests/HeldOut/parser/score.py .build/debug/kassa  (a development aid, not a test)
import os,sys,json,subprocess
K=sys.argv[1]; extra=sys.argv[2:]
rows=[l.rstrip('\n').split('\t') for l in open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'lines.tsv')) if l.strip()]
out=subprocess.run([K,'--today','2026-11-26',*extra,'parse','--json'],input='\n'.join(r[0] for r in rows)+'\n',capture_output=True,text=True).stdout.splitlines()
ok=0
for (line,exp),o in zip(rows,out):
    d=json.loads(o).get('drafts',[]); e=exp.split(','); good=False
    if e[0] in('income','expense') and len(e)<=2 and len(d)==1:
        good=d[0]['type'].startswith(e[0]) if e[0]=='expense' else d[0]['type']=='income'
        if len(e)==2: good=good and d[0].get('recurrence')==e[1]
    elif e[0]=='expense' and len(e)==4 and len(d)==2:
        good=all(x['category'] for x in d)
    elif e[0]=='transfer' and len(d)==1:
        good=d[0]['type']=='transfer' and d[0]['account']==e[1] and d[0].get('to_account')==e[2]
    ok+=good
    if not good: print('MISS',line,[(x['type'],x.get('category'),x.get('account'),x.get('to_account'),x.get('recurrence')) for x in d])
print(f'{ok}/{len(rows)}')
