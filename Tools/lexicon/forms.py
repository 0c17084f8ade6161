#!/usr/bin/env python3
"""Build Lexicon/ko-forms.tsv and Lexicon/ko-next.tsv: inflected forms and next words.

ko-words.tsv (Tools/lexicon/build.py) holds the 30,000 commonest whole words of film and TV
subtitles. Messages need many forms it lacks: a noun with its particle (병원에, 약을), a verb
or adjective with its ending (다녀왔어요, 추우니까). This script adds them with estimated
counts, and a table of the words likely to follow a word.

Inputs
    Lexicon/ko-words.tsv    today's counts (CC BY-SA 4.0, see Lexicon/NOTICE).
    kiwipiepy, kiwipiepy-model (PyPI, Apache-2.0): the Kiwi morphological analyser and its
                            language model. `Kiwi.tokenize` splits the counted words into
                            morphemes, `Kiwi.join` conjugates and picks particles (이/가,
                            을/를, (으)로 ...), `Kiwi.predict_next_morpheme` gives the language
                            model's probabilities of the next morpheme.
    Lexicon/messages-bench.txt is NOT read: it is the held-out benchmark; nor are the
                            development sets (practice-messages-ko.txt, messages-dev.txt).

Method
    1. Every counted word is split into a lemma (a noun, a verb or adjective stem, or a noun
       with 하다) and the rest (particles, endings). The counts give how often each lemma is
       used and how the uses of a kind of lemma spread over the rests (the "paradigm").
    2. The language model's unigram probabilities give a count for lemmas the list lacks,
       scaled to the list's counts on lemmas both know.
    3. Each lemma gets its commonest rests, joined by Kiwi, with the count lemma × share ×
       DISCOUNT (a counted word always keeps its own count). Adjectives get no verb-only
       endings (좋는, 좋자); a form Kiwi does not read back as its lemma is a join gone wrong
       and is dropped. Forms that are not all Hangul,
       profanity (build.py's list) and proper names (only common-noun and verb lemmas are
       used) are left out; the TOP forms by count are kept.
    4. ko-next.tsv: for each of the NEXT_WORDS commonest words, the language model's next
       morphemes that start a word (nouns, verbs, adverbs ...), each spread over the NEXT_SPREAD
       words starting with it by their counts: P(next | word) ≈ P(morpheme | word) ×
       P(next | morpheme); the NEXT_PER_WORD best are kept.

Output (UTF-8, NFC, `#` header lines; running twice gives the same bytes)
    Lexicon/ko-forms.tsv    word<TAB>count, the new forms only (not in ko-words.tsv), by count.
    Lexicon/ko-next.tsv     word<TAB>next<TAB>per-mille, by word, then per-mille descending.

Usage
    python3 -m venv VENV && VENV/bin/pip install kiwipiepy==0.24.1 kiwipiepy-model==0.24.0
    VENV/bin/python Tools/lexicon/forms.py
"""

import argparse
import math
import sys
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))
from build import is_hangul_word, is_profane  # noqa: E402  (the same filters as ko-words.tsv)

WORDS = ROOT / "Lexicon" / "ko-words.tsv"
OUT_FORMS = ROOT / "Lexicon" / "ko-forms.tsv"
OUT_NEXT = ROOT / "Lexicon" / "ko-next.tsv"

TOP = 220_000          # forms kept
DISCOUNT = 0.5         # an estimated count weighs half a counted one
NOUN_LEMMAS = 30_000   # commonest nouns expanded
VERB_LEMMAS = 9_000    # commonest verb, adjective and 하다 stems expanded
NOUN_RESTS = 26        # particles per noun
VERB_RESTS = 70        # endings per stem
NEXT_WORDS = 12_000    # words with a next-word row
NEXT_PER_WORD = 12     # next words kept per row (the bar shows 3; the rest rank completions)
NEXT_SPREAD = 20       # words a predicted morpheme is spread over
MIN_COUNT = 0.2        # forms estimated below this are dropped (the rest count at least 1)

NOUN_TAGS = {"NNG"}
VERB_TAGS = {"VV", "VA", "VV-I", "VA-I", "VV-R", "VA-R"}
DERIVING = {"XSV", "XSA"}  # 공부+하다, 행복+하다
REST_TAGS_NOUN = ("J", "VCP", "E")
REST_TAGS_VERB = ("E", "J")
# Morphemes that start a written word (after a space): the rest attach to the word before.
WORD_START = {"NNG", "NNB", "NP", "NR", "MM", "MAG", "MAJ", "IC", "VX", "XPN"} | VERB_TAGS
# Rests the brief asks for, kept even when the counted words show them rarely.
REQUIRED_VERB_RESTS = [
    (("어요", "EF"),), (("었", "EP"), ("어요", "EF")), (("었", "EP"), ("다", "EF")),
    (("니", "EF"),), (("고", "EC"),), (("는데", "EC"),), (("네요", "EF"),), (("지만", "EC"),),
    (("세요", "EF"),), (("을게요", "EF"),), (("을까요", "EF"),), (("으면", "EC"),),
    (("어서", "EC"),), (("으니까", "EC"),), (("었", "EP"), ("니", "EF")),
]
REQUIRED_NOUN_RESTS = [
    (("이", "JKS"),), (("을", "JKO"),), (("은", "JX"),), (("와", "JKB"),), (("으로", "JKB"),),
    (("에", "JKB"),), (("에서", "JKB"),), (("도", "JX"),), (("이", "VCP"), ("에요", "EF")),
]


# Rests of action verbs only: an adjective takes 은, ㄴ데, 다 where a verb takes 는, 는데, ㄴ다,
# and neither orders nor promises (좋는, 좋자, 좋을게요).
VERB_ONLY = {("는", "ETM"), ("는데", "EC"), ("ᆫ다", "EF"), ("ᆫ다고", "EC"), ("ᆫ다면", "EC"),
             ("는지", "EC"), ("자", "EF"), ("어라", "EF"), ("려고", "EC"), ("러", "EC"),
             ("ᆯ게요", "EF"), ("ᆯ게", "EF"), ("을게요", "EF"), ("는다", "EF"), ("나요", "EF")}
# 있다 and 없다 (맛있다, 재미없다) take 는 like verbs, never 은.
EXISTENCE_ENDS = ("있", "없")
# Stems Kiwi's join conjugates wrongly (그러 + 어요 gives 그러요, not 그래요); their common
# forms are counted words already.
JOIN_WRONG = {("그러", "VV"), ("이러", "VV"), ("저러", "VV")}


def fits(lemma, rest):
    """Whether an adjective or verb lemma takes `rest` (see VERB_ONLY, JOIN_WRONG)."""
    stem, stem_tag = lemma[-1]
    if lemma[0] in JOIN_WRONG:
        return False
    is_adjective = stem_tag.startswith("VA") or stem_tag == "XSA"
    if not is_adjective or not rest:
        return True
    if lemma[0][0].endswith(EXISTENCE_ENDS) or stem.endswith(EXISTENCE_ENDS):
        return rest[0] not in {("은", "ETM"), ("ᆫ", "ETM")}
    return rest[0] not in VERB_ONLY


def base_tag(name):
    return name.split("-")[0]


def reads_as(tokens, lemma):
    """Whether Kiwi's analysis of a form starts with `lemma` (else the join went wrong)."""
    if len(tokens) < len(lemma):
        return False
    return all(t.form == f and base_tag(tag(t)) == base_tag(g) for t, (f, g) in zip(tokens, lemma))


def load_counts(path):
    counts = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        word, count = line.split("\t")
        counts[word] = int(count)
    return counts


def tag(token):
    return str(token.tag)


def split_word(tokens):
    """(kind, lemma, rest) of an analysed word, or None: kind is "noun" or "verb"."""
    if not tokens:
        return None
    first = tokens[0]
    if tag(first) in NOUN_TAGS:
        if len(tokens) > 1 and tag(tokens[1]) in DERIVING:
            lemma = ((first.form, tag(first)), (tokens[1].form, tag(tokens[1])))
            rest = tuple((t.form, tag(t)) for t in tokens[2:])
            if all(r[1].startswith(REST_TAGS_VERB) for r in rest):
                return "verb", lemma, rest
            return None
        rest = tuple((t.form, tag(t)) for t in tokens[1:])
        if all(r[1].startswith(REST_TAGS_NOUN) for r in rest):
            return "noun", ((first.form, tag(first)),), rest
        return None
    if tag(first) in VERB_TAGS:
        rest = tuple((t.form, tag(t)) for t in tokens[1:])
        if rest and all(r[1].startswith(REST_TAGS_VERB) for r in rest):
            return "verb", ((first.form, tag(first)),), rest
    return None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=TOP)
    parser.add_argument("--words", type=Path, default=WORDS)
    parser.add_argument("--forms", type=Path, default=OUT_FORMS)
    parser.add_argument("--next", type=Path, default=OUT_NEXT)
    args = parser.parse_args(argv)

    import kiwipiepy
    import kiwipiepy_model
    from kiwipiepy import Kiwi

    kiwi = Kiwi(num_workers=2)
    counts = load_counts(args.words)
    total = sum(counts.values())
    print(f"{args.words.name}: {len(counts)} words, {total} uses")

    # 1. Lemmas and paradigms from the counted words.
    ordered = sorted(counts)
    first_morpheme = {}
    lemma_seen = Counter()
    rests = {"noun": Counter(), "verb": Counter()}
    kind_of = {}
    for word, tokens in zip(ordered, kiwi.tokenize(ordered)):
        if tokens:
            first_morpheme[word] = (tokens[0].form, tag(tokens[0]))
        parts = split_word(tokens)
        if parts is None:
            continue
        kind, lemma, rest = parts
        lemma_seen[lemma] += counts[word]
        kind_of[lemma] = kind
        rests[kind][rest] += counts[word]

    # 2. Lemma counts from the language model's unigram, scaled on the lemmas both know.
    unigram = kiwi.predict_next_morpheme([0], top_n=80_000)
    model = {}
    for m in unigram:
        if tag(m) in NOUN_TAGS | VERB_TAGS and is_hangul_word(m.form):
            model.setdefault((m.form, tag(m)), math.exp(m.score))
    ratios = sorted(lemma_seen[(key,)] / p for key, p in model.items()
                    if lemma_seen.get((key,), 0) >= 20)
    scale = ratios[len(ratios) // 2]
    lemmas = Counter()
    for key, p in model.items():
        kind = "noun" if key[1] in NOUN_TAGS else "verb"
        lemmas[(key,)] = max(lemmas[(key,)], p * scale)
        kind_of.setdefault((key,), kind)
    for lemma, seen in lemma_seen.items():
        lemmas[lemma] = max(lemmas[lemma], seen)
    print(f"lemmas: {len(lemma_seen)} seen, {len(model)} in the model (scale {scale:.0f})")

    # Nouns that take 하다 (공부하다): the model's probability of 하/XSV after the noun.
    nouns = [l for l, _ in lemmas.most_common() if kind_of[l] == "noun"][:NOUN_LEMMAS]
    for noun in nouns[:VERB_LEMMAS]:
        for m in predict(kiwi, [noun[0]], 8):
            if tag(m) in DERIVING and m.form == "하":
                derived = (noun[0], ("하", tag(m)))
                lemmas[derived] = max(lemmas[derived], lemmas[noun] * math.exp(m.score))
                kind_of[derived] = "verb"
    verbs = [l for l, _ in lemmas.most_common() if kind_of[l] == "verb"][:VERB_LEMMAS]

    def paradigm(kind, keep, required):
        observed = rests[kind]
        whole = sum(observed.values())
        chosen = [r for r, _ in observed.most_common(keep)]
        floor = min(observed[r] for r in chosen) / whole
        shares = {r: observed[r] / whole for r in chosen}
        for r in required:
            shares.setdefault(r, max(observed.get(r, 0) / whole, floor))
        return shares

    noun_rests = paradigm("noun", NOUN_RESTS, REQUIRED_NOUN_RESTS)
    verb_rests = paradigm("verb", VERB_RESTS, REQUIRED_VERB_RESTS)
    print("noun rests: " + " ".join("+".join(f for f, _ in r) or "∅" for r in noun_rests))
    print("verb rests: " + " ".join("+".join(f for f, _ in r) for r in verb_rests))

    # 3. Forms.
    estimated = Counter()
    form_lemma = {}
    for group, shares in ((nouns, noun_rests), (verbs, verb_rests)):
        for lemma in group:
            for rest, share in shares.items():
                count = lemmas[lemma] * share * DISCOUNT
                if count < MIN_COUNT or not fits(lemma, rest):
                    continue
                form = unicodedata.normalize("NFC", kiwi.join(list(lemma) + list(rest)))
                if not is_hangul_word(form) or is_profane(form) or form in counts:
                    continue
                if count > estimated[form]:
                    estimated[form] = count
                    form_lemma[form] = lemma
    # Joins gone wrong, found in one batch (Kiwi analyses a list on its worker threads).
    ordered_forms = sorted(estimated)
    for form, tokens in zip(ordered_forms, kiwi.tokenize(ordered_forms)):
        if not reads_as(tokens, form_lemma[form]):
            del estimated[form]
    form_lemma = {form: lemma[0] for form, lemma in form_lemma.items() if form in estimated}
    ranked = sorted(((w, max(1, round(c))) for w, c in estimated.items()),
                    key=lambda item: (-item[1], item[0]))[:args.top]
    print(f"forms: {len(estimated)} made, {len(ranked)} kept; top: "
          + " ".join(f"{w}({c})" for w, c in ranked[:15]))
    version = f"kiwipiepy {kiwipiepy.__version__}, kiwipiepy-model {kiwipiepy_model.__version__}"
    header = [
        "# ko-forms.tsv - inflected Korean forms for cheonjiin word suggestions.",
        "# Format: word<TAB>count, UTF-8 NFC, sorted by count (descending), then word.",
        "# Words not in ko-words.tsv: nouns with particles, stems with endings, with counts",
        "#   estimated from ko-words.tsv's counts and the Kiwi language model.",
        f"# Made by Tools/lexicon/forms.py with {version}; see Lexicon/README.md and NOTICE.",
        "# Licence: CC BY-SA 4.0 (derived from ko-words.tsv).",
    ]
    write(args.forms, header, [f"{w}\t{c}" for w, c in ranked])

    # 4. Next words.
    lexicon = dict(counts)
    lexicon.update(ranked)
    by_morpheme = defaultdict(list)
    for word, count in lexicon.items():
        morpheme = first_morpheme.get(word) or form_lemma.get(word)
        if morpheme is not None:
            by_morpheme[morpheme].append((count, word))
    for entries in by_morpheme.values():
        entries.sort(key=lambda item: (-item[0], item[1]))
    rows = []
    previous = sorted(lexicon.items(), key=lambda item: (-item[1], item[0]))[:NEXT_WORDS]
    for word, _ in previous:
        scored = Counter()
        predicted = [(m.form, tag(m), math.exp(m.score))
                     for m in predict(kiwi, word, 40)]
        starts = [(f, t, p) for f, t, p in predicted if t in WORD_START and (f, t) in by_morpheme]
        mass = sum(p for _, _, p in starts)
        for form, tagged, p in starts:
            entries = by_morpheme[(form, tagged)][:NEXT_SPREAD]
            whole = sum(c for c, _ in by_morpheme[(form, tagged)])
            for count, nxt in entries:
                scored[nxt] += p / mass * count / whole
        best = sorted(scored.items(), key=lambda item: (-item[1], item[0]))[:NEXT_PER_WORD]
        rows.extend(f"{word}\t{nxt}\t{max(1, round(p * 1000))}" for nxt, p in best
                    if round(p * 1000) >= 1)
    rows.sort(key=lambda row: (row.split("\t")[0], -int(row.split("\t")[2]), row))
    header = [
        "# ko-next.tsv - likely next words for cheonjiin's suggestion bar after a space.",
        "# Format: word<TAB>next<TAB>per-mille, sorted by word, then per-mille (descending).",
        "# P(next | word) = P(first morpheme of next | word), from the Kiwi language model,",
        "#   times next's share of the words starting with that morpheme (ko-words.tsv and",
        "#   ko-forms.tsv counts).",
        f"# Made by Tools/lexicon/forms.py with {version}; see Lexicon/README.md and NOTICE.",
        "# Licence: CC BY-SA 4.0 (derived from ko-words.tsv).",
    ]
    write(args.next, header, rows)
    print(f"next: {len(previous)} words, {len(rows)} pairs")


def predict(kiwi, prefix, top_n):
    """The model's next morphemes; none for a lemma the model's vocabulary lacks."""
    try:
        return kiwi.predict_next_morpheme(prefix, top_n=top_n)
    except ValueError:
        return []


def write(path, header, body):
    path.write_bytes(("\n".join(header + body) + "\n").encode("utf-8"))
    print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
