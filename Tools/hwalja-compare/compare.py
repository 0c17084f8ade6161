#!/usr/bin/env python3
"""Counts where `cheonjiin layouts export ID --format hwalja` differs from Hwalja's own map.

Usage: compare.py HWALJA_MAP OUR_MAP
  HWALJA_MAP: 한글.json from github.com/anaclumos/hwalja (not shipped: read it where you have it)
  OUR_MAP:    the output of `cheonjiin layouts export cheonjiin-hwalja --format hwalja`

For each key both maps have, every context (the characters before the press) in either map is
compared: the same replacement, a different one, or a context only one map has. Hwalja writes a
consonant with a lone dot in conjoining jamo (ᄀᆞ); cheonjiin shows compatibility letters (ㄱㆍ),
so those are compared after mapping Hwalja's to compatibility letters too, and counted apart.
"""
import json
import sys


def compatibility(text):
    """Hwalja's conjoining initials and dots as the letters cheonjiin shows."""
    out = []
    for ch in text:
        code = ord(ch)
        if 0x1100 <= code <= 0x1112:
            out.append("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"[code - 0x1100])
        elif ch == "\u119E":
            out.append("\u318D")  # ㆍ
        elif ch == "\u11A2":
            out.append("\u318D\u318D")  # ‥ is two dots in Hwalja; one letter ‥ here
        else:
            out.append(ch)
    return "".join(out)


def main():
    hwalja = json.load(open(sys.argv[1], encoding="utf-8"))
    ours = json.load(open(sys.argv[2], encoding="utf-8"))
    ours = {k: {c.replace("\u2025", "\u318D\u318D"): r.replace("\u2025", "\u318D\u318D")
                for c, r in v.items()} for k, v in ours.items()}
    total = {"same": 0, "different": 0, "only-hwalja": 0, "only-cheonjiin": 0, "spelling": 0}
    for key in sorted(set(hwalja) & set(ours)):
        theirs = {compatibility(c): compatibility(r) for c, r in hwalja[key].items()}
        spelled = sum(1 for c, r in hwalja[key].items() if (c, r) != (compatibility(c), compatibility(r)))
        mine = ours[key]
        counts = {"same": 0, "different": 0, "only-hwalja": 0, "only-cheonjiin": 0}
        examples = []
        for context in sorted(set(theirs) | set(mine)):
            if context not in mine:
                counts["only-hwalja"] += 1
            elif context not in theirs:
                counts["only-cheonjiin"] += 1
            elif theirs[context] == mine[context]:
                counts["same"] += 1
            else:
                counts["different"] += 1
                if len(examples) < 3:
                    examples.append(f"{context}→{theirs[context]} (hwalja) / {mine[context]}")
        for name, value in counts.items():
            total[name] += value
        total["spelling"] += spelled
        print(key, " ".join(f"{n}={v}" for n, v in counts.items()), f"conjoining={spelled}",
              "; ".join(examples))
    print("total", " ".join(f"{n}={v}" for n, v in total.items()))
    print("keys only in hwalja:", sorted(set(hwalja) - set(ours)),
          "only in cheonjiin:", sorted(set(ours) - set(hwalja)))


if __name__ == "__main__":
    main()
