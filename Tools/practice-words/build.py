#!/usr/bin/env python3
"""Builds Lexicon/practice-words-ko.txt, the reviewed list every practice item comes from.

Reads the project's own hand-written lists (no subtitle words):
  Lexicon/everyday-ko.tsv           everyday words, strongest boost first
  Lexicon/practice-messages-ko.txt  the practice messages
  Lexicon/practice-words-added-ko.txt  words added by hand (the first letters, the lessons)
and keeps an entry only when it passes the review rule (Lexicon/README.md):
  1. Hangul syllables, spaces and . , ? ! only.
  2. No word of it is blocked by Lexicon/practice-blocked-ko.txt.
  3. Not a piece of a phrase (FRAGMENTS below: bound words, particles, endings that need the
     word before them, spacing errors).
  4. A single syllable only when it is a word said alone (SINGLE_WORDS below).
The output is in preference order (everyday words by boost, then the messages, then the
additions), each entry once. Then a reviewer reads the whole output; what must go is added to
FRAGMENTS or to practice-blocked-ko.txt and the script run again. Run from the repository root:

    python3 Tools/practice-words/build.py
"""
import sys

# Pieces that need the word before or after them, and spacing errors, with why.
FRAGMENTS = {
    "말고": "piece of 아프지 말고",
    "것": "bound noun, needs a word before it",
    "싶다": "needs 보고 (보고 싶다)",
    "싶어": "needs 보고 (보고 싶어)",
    "보고": "piece of 보고 싶어요",
    "시에": "needs a number (세 시에)",
    "주에": "needs 다음 (다음 주에)",
    "써줘서": "spacing: 써 줘서",
    "보내줘": "spacing: 보내 줘",
    "늦을": "piece of 늦을 것 같아요",
    "잊지": "piece of 잊지 마세요",
    "아프지": "piece of 아프지 마세요",
    "걱정하지": "piece of 걱정하지 마세요",
    "안녕히": "piece of 안녕히 계세요",
    "되세요": "piece of 좋은 하루 되세요",
    "싶어요": "needs 보고 (보고 싶어요)",
    "마세요": "piece of 걱정하지 마세요",
    "타고": "piece of 버스 타고",
    "입고": "piece of 따뜻하게 입고",
    "이번": "needs a word after it (이번 주)",
    "다음": "needs a word after it (다음 주)",
}

# Single syllables that are words on their own in a message.
SINGLE_WORDS = set(
    "잘 네 응 곧 꼭 푹 떡 형 딸 약 몸 집 돈 밥 복 길 날 일 강 안 말 글 국 산 물 책 꽃 밤 값 닭 삶 키".split())

MARKS = set(" .,?!")


def lines(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n").rstrip("\r")
            if line.strip() and not line.startswith("#"):
                yield line


def everyday(path):
    rows = [(i, *line.split("\t")) for i, line in enumerate(lines(path))]
    return [w for _, w, _ in sorted(rows, key=lambda r: (-int(r[2]), r[0]))]


def words_of(text):
    return [w.strip(".,?!") for w in text.split(" ") if w.strip(".,?!")]


def main():
    lex = "Lexicon/"
    rules = list(lines(lex + "practice-blocked-ko.txt"))
    exact = {r.strip() for r in rules if not r.strip().endswith("*")}
    prefixes = [r.strip()[:-1] for r in rules if r.strip().endswith("*")]

    def problem(text):
        if any(not ("\uac00" <= c <= "\ud7a3" or c in MARKS) for c in text):
            return "not only Hangul, spaces and . , ? !"
        for w in words_of(text):
            if w in exact or any(w.startswith(p) for p in prefixes):
                return "blocked word " + w
        if text in FRAGMENTS:
            return FRAGMENTS[text]
        if len(words_of(text)) == 1 and len(words_of(text)[0]) == 1 and text not in SINGLE_WORDS:
            return "single syllable that is not a word alone"
        return None

    sources = [
        ("everyday-ko.tsv", everyday(lex + "everyday-ko.tsv")),
        ("practice-messages-ko.txt", [l.strip() for l in lines(lex + "practice-messages-ko.txt")]),
        ("practice-words-added-ko.txt", [l.strip() for l in lines(lex + "practice-words-added-ko.txt")]),
    ]
    kept, seen = [], set()
    for name, texts in sources:
        dropped = 0
        for text in texts:
            if text in seen:
                continue
            seen.add(text)
            why = problem(text)
            if why:
                dropped += 1
                print(f"{name}: dropped {text}: {why}", file=sys.stderr)
                continue
            kept.append(text)
        print(f"{name}: {len(texts)} read, {dropped} dropped", file=sys.stderr)
    header = [
        "# practice-words-ko.txt - every word and short phrase the typing practice offers (cheonjiin).",
        "# Made by Tools/practice-words/build.py from everyday-ko.tsv, practice-messages-ko.txt and",
        "# practice-words-added-ko.txt, by the review rule in Lexicon/README.md, then read in full by",
        "# a reviewer. Do not edit by hand: change the inputs or the script and run it again.",
        "# Written by the cheonjiin project; licence: MIT (the project's own licence).",
        "# Format: one item a line, UTF-8 NFC, in the order practice prefers them.",
    ]
    with open(lex + "practice-words-ko.txt", "w", encoding="utf-8") as f:
        f.write("\n".join(header + kept) + "\n")
    print(f"practice-words-ko.txt: {len(kept)} items", file=sys.stderr)


if __name__ == "__main__":
    main()
