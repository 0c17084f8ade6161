#!/usr/bin/env python3
"""Prints every word the adaptive round (cheonjiin practice --adaptive) can offer with the
shipped lists, practice-blocked-ko.txt applied: for each stage of unlocking (the letters in
frequency order) and each focus letter, the first 40 entries the planner draws from
(AdaptivePlanner: `pool`), in the vocabulary's order (AdaptiveVocabulary). The order of the
letters goes to standard error.

A reviewer reads the output whenever a word list changes, and adds what must never be
offered to Lexicon/practice-blocked-ko.txt (see its header). Run from the repository root:

    Tools/lexicon/practice-words.py > words.txt
"""
import sys
CHO="ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
JUNG="ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ"
JONG=["","ㄱ","ㄲ","ㄱㅅ","ㄴ","ㄴㅈ","ㄴㅎ","ㄷ","ㄹ","ㄹㄱ","ㄹㅁ","ㄹㅂ","ㄹㅅ","ㄹㅌ","ㄹㅍ","ㄹㅎ","ㅁ","ㅂ","ㅂㅅ","ㅅ","ㅆ","ㅇ","ㅈ","ㅊ","ㅋ","ㅌ","ㅍ","ㅎ"]
def letters(t):
    out=[]
    for ch in t:
        c=ord(ch)
        if 0xAC00<=c<=0xD7A3:
            i=c-0xAC00
            out.append(CHO[i//588]); out.append(JUNG[(i%588)//28]); out+=list(JONG[i%28])
        elif 0x3131<=c<=0x3163: out.append(ch)
    return out
def read(p):
    r=[]
    for i,l in enumerate(open(p,encoding='utf-8')):
        l=l.rstrip('\n')
        if not l or l.startswith('#'): continue
        w,v=l.split('\t'); r.append((w,int(v)))
    return r
corpus=read('Lexicon/ko-words.tsv'); everyday=read('Lexicon/everyday-ko.tsv')
msgs=[l.strip() for l in open('Lexicon/practice-messages-ko.txt',encoding='utf-8') if l.strip() and not l.startswith('#')]
pc=[100,300,1000,3000,10000]
weights={}
for w,v in corpus: weights[w]=weights.get(w,0)+v
for w,v in everyday: weights[w]=weights.get(w,0)+pc[min(max(v,1),5)-1]
ev=[w for _,(w,v) in sorted(enumerate(everyday),key=lambda x:(-x[1][1],x[0]))]
co=[w for _,(w,v) in sorted(enumerate(corpus),key=lambda x:(-x[1][1],x[0]))]
ordered=[(w,'e') for w in ev]+[(m,'m') for m in msgs]+[(w,'c') for w in co]
rules=[l.strip() for l in open('Lexicon/practice-blocked-ko.txt',encoding='utf-8')
       if l.strip() and not l.startswith('#')]
exact={r for r in rules if not r.endswith('*')}
prefixes=[r[:-1] for r in rules if r.endswith('*')]
def blocked(text):
    for word in text.split(' '):
        word=word.strip('.,?!')
        if word in exact or any(word.startswith(p) for p in prefixes): return True
    return False
seen=set(); entries=[]
for t,s in ordered:
    if t in seen: continue
    seen.add(t)
    if blocked(t): continue
    L=letters(t)
    if not L: continue
    if (s!='m' and len(t)>6) or (s=='m' and len(t)>12): continue
    entries.append((t,set(L)))
freq={}
for t,w in weights.items():
    for l in letters(t): freq[l]=freq.get(l,0)+w
for t,L in entries:
    for l in L: freq.setdefault(l,0)
order=[k for k,v in sorted(freq.items(),key=lambda kv:(-kv[1],[-ord(c) for c in kv[0]]))]
# tie order: (value, key) > -> value desc then key desc
order=[k for k,v in sorted(freq.items(),key=lambda kv:(kv[1],kv[0]),reverse=True)]
print(' '.join(order),file=sys.stderr)
pool=40
offer=set()
for k in range(6,len(order)+1):
    un=set(order[:k])
    cand=[t for t,L in entries if L<=un]
    if len(cand)<10: continue
    offer.update(cand[:pool])
    for f in order[:k]:
        offer.update([t for t,L in entries if L<=un and f in L][:pool])
for t,L in entries:
    if t in offer: print(t)
