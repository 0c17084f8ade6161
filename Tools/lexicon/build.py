#!/usr/bin/env python3
"""Build Lexicon/ko-words.tsv, the word-frequency list behind word suggestions.

Source
    FrequencyWords by Hermit Dave, content/2018/ko/ko_50k.txt
    (whole space-separated words counted in OpenSubtitles 2018), CC BY-SA 4.0.
    The script reads Tools/lexicon/cache/ko_50k.txt. If that file is missing it
    downloads it from
        https://raw.githubusercontent.com/hermitdave/FrequencyWords/master/content/2018/ko/ko_50k.txt
    and stores it there (the cache folder is git-ignored).

Filters, in this order
    1. Hangul only   keep words made only of Hangul syllables (U+AC00-U+D7A3).
    2. Profanity     drop a hand-made list of swear words, slurs and crude words.
    3. Names         drop words whose first morpheme Kiwi tags NNP (proper noun),
                     e.g. 메러디스, 알렉스가. NNP_KEEP keeps place names useful
                     in everyday messages and common words Kiwi mistakes for
                     names out of context (갈, 바다, 경기). Needs the PyPI package
                     `kiwipiepy`; without it this step is skipped with a message.
    4. Spelling      drop words `hunspell -d ko -l` rejects (misspellings and
                     spacing errors such as 할거야, 하지마), except the good
                     colloquial forms in ALLOWLIST and titles in -님 whose stem
                     hunspell accepts (박사님, 목사님). Needs `hunspell` and the
                     Debian package `hunspell-ko`; without them this step is
                     skipped with a message.
    5. Top N         keep the N most frequent words (default 30000).

Output
    Lexicon/ko-words.tsv  UTF-8, NFC, `#` header lines, then `word<TAB>count`
                          sorted by count descending, then by word.
    Lexicon/NOTICE        attribution text for the list.
    The output depends only on the input file and the filter tools, so running
    the script twice gives the same bytes.

Usage
    python3 Tools/lexicon/build.py [--top N] [--no-names] [--no-spelling]
"""

import argparse
import shutil
import subprocess
import sys
import unicodedata
import urllib.request
from collections import Counter
from pathlib import Path

SOURCE_URL = ("https://raw.githubusercontent.com/hermitdave/FrequencyWords/"
              "master/content/2018/ko/ko_50k.txt")

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CACHE = HERE / "cache" / "ko_50k.txt"
OUT_TSV = ROOT / "Lexicon" / "ko-words.tsv"
OUT_NOTICE = ROOT / "Lexicon" / "NOTICE"

DEFAULT_TOP = 30000

# --- 2. Profanity -----------------------------------------------------------
# Exact words. Conservative: only words that are rude in (almost) every use.
PROFANITY = {
    # 씨발 family
    "씨발", "씨발놈", "씨발년", "씨발아", "씨팔", "씨바", "씨부랄", "시발", "시바", "썅",
    "시발놈", "시발년",
    # 존나 / 졸라 (vulgar "very")
    "존나", "존나게", "졸라", "졸라게", "좆나", "졸나",
    # 좆
    "좆", "좆같은", "좆같네", "좆같이", "좆까", "좆도", "좆이나", "좆만한",
    # 젠장 / 제기랄 / 빌어먹을 / 망할
    "젠장", "젠장할", "젠장맞을", "제기랄", "제길", "제길슨", "빌어먹을", "빌어먹게", "망할",
    "우라질", "니미", "니미럴", "염병", "염병할", "육시랄", "오라질",
    # 닥쳐 / 꺼져
    "닥쳐", "닥쳐요", "닥치고", "닥치라고", "닥치라니까", "닥치시오", "닥쳐라",
    "꺼져", "꺼져요", "꺼져라", "꺼지라고", "꺼져버려", "꺼지라니까", "꺼지세요",
    # 새끼 / 개새끼 / 개자식
    "새끼", "새끼야", "새끼가", "새끼를", "새끼는", "새끼들", "새끼들아", "새끼들이",
    "새끼들은", "새끼들을", "새끼한테", "새끼의", "새꺄",
    "개새끼", "개새끼야", "개새끼들", "개새끼가", "개새기",
    "개자식", "개자식아", "개자식들", "개자식이", "개자식들아", "개자식을",
    "개같은", "개소리", "개소리야", "개뿔", "개년", "개놈", "개쓰레기",
    # 병신 / 지랄 / 미친놈
    "병신", "병신아", "병신같은", "병신들", "병신이", "병신새끼",
    "지랄", "지랄하네", "지랄이야", "지랄하지", "지랄하고",
    "미친놈", "미친년", "미친놈아", "미친년아", "미친새끼", "또라이",
    "년아", "이년", "이년아", "그년", "그년이", "그년을", "저년", "저년이", "쌍년",
    "썅년", "잡년", "화냥년",
    # 엿
    "엿", "엿이나", "엿먹어", "엿먹어라", "엿같은", "엿같네",
    # slurs and crude sexual words
    "깜둥이", "깜둥아", "깜둥이들", "검둥이", "쪽발이", "짱깨", "호모", "창녀", "창녀야",
    "매춘부", "포르노", "섹스", "섹스를", "섹스는", "섹스가", "섹스도", "섹스하는",
    "섹스했어", "섹스하고", "섹스할", "강간", "강간범", "불알",
    "똥구멍", "임마", "인마",
}
# Prefixes: any word starting with one of these is dropped.
PROFANITY_PREFIXES = (
    "씨발", "씨팔", "좆", "존나", "개새끼", "개자식", "병신", "지랄", "염병",
    "빌어먹", "젠장", "제기랄", "깜둥", "섹스", "닥쳐", "꺼져",
)

# --- 3. Names ---------------------------------------------------------------
# Words kept even though Kiwi tags their first morpheme NNP.
NNP_KEEP = {
    # Places, languages, religion and holidays people write about.
    "서울", "부산", "대구", "인천", "광주", "대전", "울산", "제주", "제주도", "경기도",
    "강원도", "충청도", "전라도", "경상도", "분당", "이천", "경주",
    "서울에", "서울에서", "서울로", "부산에",
    "한국", "한국에", "한국에서", "한국어", "북한", "미국", "미국에", "미국에서", "미국의",
    "미국은", "미국으로", "일본", "일본에", "일본에서", "중국", "중국에", "중국에서",
    "영국", "독일", "프랑스", "러시아", "캐나다", "호주", "베트남", "태국", "필리핀",
    "대만", "홍콩", "하와이", "유럽", "아시아", "아프리카", "남미", "중동",
    "영어", "영어로", "영어를", "영어는", "영어도", "영어가", "중국어", "일본어", "불어",
    "추석", "설날",
    "주님", "주님의", "주님을", "주님이", "주님께", "주님께서", "주님은", "하나님의",
    "하나님께서", "예수", "예수님", "부처님", "할렐루야",
    # Common words Kiwi mistakes for names (checked by hand in the 2018 list).
    "갈", "문", "무지", "거란", "리가", "만", "질", "미", "우", "정", "강", "권", "북",
    "김", "박", "조", "리", "바다", "바다의", "경기", "우는", "거라도", "바라", "화난",
    "보일", "두지", "지은", "공주", "보스", "보스가", "보스를", "보스는", "마이크",
    "영광을", "영광으로", "일한", "가실", "신원", "보아", "수색", "의상", "의상을",
    "의상은", "의상이", "바른", "일어", "자게", "보라", "철이", "후드", "후드를", "성은",
    "교열", "철수", "동부", "대원", "싸인", "발라", "일전에", "허니", "알리는", "고마",
    "정이", "경은", "시리얼", "알립니다", "한은", "우현", "우현으로", "만도", "만은",
    "만을", "만으로", "만으로도", "바이", "에어", "피우지", "하군", "대우를", "손의",
    "고아", "볼트", "조의를", "살아남기", "흉부외과", "소원이", "장군이", "핑크",
    "페이지", "타워", "산타", "은하", "크리켓", "현대", "조국", "조국을", "조국의",
    "조국에", "조국과", "와플", "와플을", "팬케이크", "팬케이크를", "바닐라", "캔디",
    "스페셜", "카운트다운", "오로라", "토네이도", "토네이도가", "활화산", "바비큐",
    "바비큐를", "라임", "어뢰", "장비는", "라벤더", "심전도", "곰이", "구리", "까꿍",
    "상태도", "산은", "검시관", "검시관이", "방탄", "방탄복", "아스피린", "달래",
    "달래요", "이방인", "보람이", "상호", "혈소판", "미로", "유니콘", "얼룩이", "영구",
    "엄지", "유지를", "초능력이", "공산당", "관상동맥", "완수", "해머", "위도",
    "머핀", "억만장자", "백조", "선율", "드러머", "수호", "북위", "발차기",
    "추수감사절에", "반역죄로", "공화당", "민주당", "지장이", "코요테", "빈티지", "남극",
    "북극", "꽝이야", "정원의", "진주", "강력반", "블루베리", "호외", "동면", "추신",
    "촉이", "일등석", "격납고", "허튼소리", "타이머", "소행성", "땡전", "링거",
    "대걸레", "꾸릴", "송신", "자매들", "청구", "눈가리개", "조종실", "여유도",
    "두피", "암호명", "호빵", "고대하고", "마시멜로", "백악관",
}

# --- 4. Spelling ------------------------------------------------------------
# Good colloquial forms that hunspell-ko rejects; keep them. Spacing errors
# (할거야, 하지마, 오늘밤, 보고싶어) and misspellings (할께요, 됬어) are not here.
ALLOWLIST = {
    "잠깐만요", "잠깐만", "잠시만요", "그럼요", "정말요", "정말로요", "제발요", "진짜요",
    "진짜로요", "아이구", "아이고", "어떡해", "어떡해요", "어떡하지", "어떡하죠", "어머",
    "어머나", "세상에", "그러게요", "그러게", "글쎄요", "물론이죠", "물론이지", "당연하죠",
    "당연하지", "고마워", "고마워요", "미안해", "미안해요", "괜찮아", "괜찮아요", "안녕",
    "여보세요", "아니요", "아뇨", "네네", "그래요", "그럼", "맞아요", "알겠어요", "왜요",
    "뭐요", "근데", "그치", "그치만", "그쵸", "엄마", "아빠", "할머니", "할아버지", "언니",
    "오빠", "누나", "형", "얘야", "아유", "아휴", "어휴", "에휴", "어이구", "아이참",
    "저기요", "여기요", "이봐요", "있잖아", "있잖아요", "있잖니", "그러니까요", "그니까",
    "그죠", "맞죠", "좋죠", "됐어요", "배고파", "배고파요", "사랑해", "사랑해요", "축하해",
    "축하해요", "축하드려요", "말야", "니가", "텐데", "텐데요", "얘들아", "애들아",
    "아들아", "딸아", "동생아", "어딨어", "어딨어요", "어딨지", "어딨는지", "어딨죠",
    "어딨니", "여깄어", "어서요", "저도요", "제가요", "어떻게요", "뭘요", "뭐가요",
    "빨리요", "전혀요", "아마도요", "더요", "많이요", "지금요", "전에요", "당신은요",
    "천만에요", "별로야", "뭐래", "뭐랄까", "지금쯤", "지금쯤이면", "언제쯤", "언젠간",
    "있대요", "있단다", "없단다", "아니란다", "거란다", "한단다", "여기선", "어떻게든",
    "말했듯이", "하나씩", "가끔씩", "아직까지", "특히나", "것뿐이야", "남자답게",
    "보렴", "오렴", "가렴", "하렴", "짜잔", "해줄게", "말해줄게", "알려줄게", "보여줄게",
    "말해주세요", "알려주세요", "보여주세요", "전해주세요", "보내주세요", "남겨주세요",
    "살려주세요", "부탁드립니다", "와주셔서", "주실래요", "드실래요", "하실래요",
    "환자분", "숙녀분들", "테이블", "좀비",
}

# Honorific 님: hunspell-ko rejects many titles such as 박사님, 목사님, 기사님,
# 원장님 (and 박사님이, 박사님은). A rejected word stem+"님"+ending is kept when
# the stem alone and "선생님"+ending are both accepted (so 히로코님 still goes).
HONORIFIC = "님"
HONORIFIC_MODEL = "선생님"

# --------------------------------------------------------------------------

HANGUL_FIRST, HANGUL_LAST = 0xAC00, 0xD7A3


def is_hangul_word(word):
    return word != "" and all(HANGUL_FIRST <= ord(ch) <= HANGUL_LAST for ch in word)


def is_profane(word):
    return word in PROFANITY or word.startswith(PROFANITY_PREFIXES)


def load_source(path):
    """Return a Counter word -> count from a FrequencyWords `word count` file."""
    if not path.exists():
        print(f"cache missing; downloading {SOURCE_URL}", file=sys.stderr)
        path.parent.mkdir(parents=True, exist_ok=True)
        with urllib.request.urlopen(SOURCE_URL, timeout=60) as response:
            data = response.read()
        path.write_bytes(data)
    counts = Counter()
    lines = 0
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n").rstrip("\r")
            if not line:
                continue
            word, _, count = line.rpartition(" ")
            if not word or not count.isdigit():
                raise SystemExit(f"{path}: bad line {line!r}")
            counts[unicodedata.normalize("NFC", word.strip())] += int(count)
            lines += 1
    return counts, lines


def name_words(words):
    """Return (set of words whose first Kiwi morpheme is NNP, tool label) or (None, reason)."""
    try:
        import kiwipiepy
        from kiwipiepy import Kiwi
    except ImportError:
        return None, "kiwipiepy is not installed (pip install kiwipiepy)"
    kiwi = Kiwi()
    names = set()
    ordered = sorted(words)
    for word, tokens in zip(ordered, kiwi.tokenize(ordered)):
        if tokens and tokens[0].tag == "NNP":
            names.add(word)
    return names, f"kiwipiepy {kiwipiepy.__version__}"


def hunspell_rejects(words, dictionary):
    """Return (set of words hunspell rejects, tool label) or (None, reason)."""
    exe = shutil.which("hunspell")
    if exe is None:
        return None, "hunspell is not installed (apt-get install hunspell hunspell-ko)"
    ordered = sorted(set(words))
    try:
        result = subprocess.run(
            [exe, "-d", dictionary, "-i", "utf-8", "-l"],
            input="\n".join(ordered) + "\n",
            capture_output=True, text=True, encoding="utf-8", check=False)
    except OSError as error:
        return None, f"hunspell failed: {error}"
    if result.returncode != 0 or "Can't open" in result.stderr:
        return None, f"hunspell -d {dictionary} failed: {result.stderr.strip()}"
    rejected = {unicodedata.normalize("NFC", w) for w in result.stdout.split()}
    return rejected, f"hunspell -d {dictionary}"


def honorific_parts(word):
    """Split stem+님+ending at the last 님; return (stem, ending) or None."""
    index = word.rfind(HONORIFIC)
    if index <= 0:
        return None
    return word[:index], word[index + len(HONORIFIC):]


def honorific_rescues(rejected, dictionary):
    """Rejected words that are a good title + 님 (+ ending); see HONORIFIC."""
    parts = {w: honorific_parts(w) for w in rejected}
    parts = {w: p for w, p in parts.items() if p is not None}
    probes = set()
    for stem, ending in parts.values():
        probes.add(stem)
        probes.add(HONORIFIC_MODEL + ending)
    bad, _ = hunspell_rejects(probes, dictionary)
    if bad is None:
        return set()
    return {w for w, (stem, ending) in parts.items()
            if stem not in bad and HONORIFIC_MODEL + ending not in bad}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=CACHE,
                        help=f"input ko_50k.txt (default: {CACHE.relative_to(ROOT)})")
    parser.add_argument("--top", type=int, default=DEFAULT_TOP,
                        help=f"how many words to keep (default {DEFAULT_TOP})")
    parser.add_argument("--hunspell-dict", default="ko", help="hunspell dictionary (default ko)")
    parser.add_argument("--no-names", action="store_true", help="skip the Kiwi name filter")
    parser.add_argument("--no-spelling", action="store_true", help="skip the hunspell filter")
    parser.add_argument("--out", type=Path, default=OUT_TSV)
    parser.add_argument("--notice", type=Path, default=OUT_NOTICE)
    args = parser.parse_args(argv)

    counts, line_count = load_source(args.source)
    print(f"source: {args.source} ({line_count} lines, {len(counts)} distinct words, "
          f"{sum(counts.values())} tokens)")

    summary = []
    words = {w: c for w, c in counts.items() if is_hangul_word(w)}
    summary.append(("Hangul-only", len(counts) - len(words), len(words)))

    before = len(words)
    words = {w: c for w, c in words.items() if not is_profane(w)}
    summary.append(("profanity", before - len(words), len(words)))

    filters_used = []
    if args.no_names:
        print("names: skipped (--no-names)")
        filters_used.append("names: skipped")
    else:
        names, label = name_words(words)
        if names is None:
            print(f"names: SKIPPED - {label}", file=sys.stderr)
            filters_used.append("names: skipped")
        else:
            before = len(words)
            words = {w: c for w, c in words.items() if w not in names or w in NNP_KEEP}
            summary.append(("names (Kiwi NNP)", before - len(words), len(words)))
            print(f"names: {len(names)} tagged NNP; kept {len(names) - (before - len(words))}"
                  " from NNP_KEEP")
            filters_used.append(f"names: first morpheme NNP ({label})")

    if args.no_spelling:
        print("spelling: skipped (--no-spelling)")
        filters_used.append("spelling: skipped")
    else:
        rejected, label = hunspell_rejects(words, args.hunspell_dict)
        if rejected is None:
            print(f"spelling: SKIPPED - {label}", file=sys.stderr)
            filters_used.append("spelling: skipped")
        else:
            before = len(words)
            rejected_here = {w for w in words if w in rejected}
            allowed = {w for w in rejected_here if w in ALLOWLIST}
            titles = honorific_rescues(rejected_here - allowed, args.hunspell_dict)
            keep = allowed | titles
            words = {w: c for w, c in words.items() if w not in rejected or w in keep}
            summary.append(("spelling (hunspell)", before - len(words), len(words)))
            filters_used.append(f"spelling: {label}, with an allowlist of colloquial forms"
                                " and titles in -님")
            print(f"spelling: {len(rejected_here)} rejected; kept {len(allowed)} by the "
                  f"allowlist and {len(titles)} titles in -님")

    ranked = sorted(words.items(), key=lambda item: (-item[1], item[0]))
    kept = ranked[:args.top] if args.top > 0 else ranked
    summary.append((f"top {args.top}", len(ranked) - len(kept), len(kept)))

    print("filter                      dropped      kept")
    for name, dropped, remaining in summary:
        print(f"{name:<26} {dropped:>8} {remaining:>9}")
    print("top 20: " + " ".join(f"{w}({c})" for w, c in kept[:20]))

    header = [
        "# ko-words.tsv - Korean word frequencies for cheonjiin word suggestions.",
        "# Format: word<TAB>count, UTF-8 NFC, sorted by count (descending), then word.",
        "# Source: FrequencyWords by Hermit Dave, content/2018/ko/ko_50k.txt",
        "#   https://github.com/hermitdave/FrequencyWords",
        "#   built from OpenSubtitles2018 (opensubtitles.org; P. Lison & J. Tiedemann 2016).",
        "# Licence: CC BY-SA 4.0 https://creativecommons.org/licenses/by-sa/4.0/",
        "# Modified: filtered and re-ranked (Hangul-only words; profanity removed; "
        + "; ".join(filters_used) + f"; top {len(kept)} kept).",
        "# Made by Tools/lexicon/build.py; see Lexicon/README.md and Lexicon/NOTICE.",
    ]
    body = [f"{unicodedata.normalize('NFC', w)}\t{c}" for w, c in kept]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(("\n".join(header + body) + "\n").encode("utf-8"))
    args.notice.write_bytes(NOTICE_TEXT.encode("utf-8"))
    print(f"wrote {args.out} ({len(kept)} words) and {args.notice}")


NOTICE_TEXT = """\
Lexicon/ko-words.tsv
====================

This word list is derived from FrequencyWords by Hermit Dave
(https://github.com/hermitdave/FrequencyWords), file content/2018/ko/ko_50k.txt,
which is licensed under the Creative Commons Attribution-ShareAlike 4.0
International licence (CC BY-SA 4.0).

FrequencyWords was built from the OpenSubtitles2018 corpus
(http://www.opensubtitles.org/), distributed by OPUS:
  P. Lison and J. Tiedemann, 2016. OpenSubtitles2016: Extracting Large Parallel
  Corpora from Movie and TV Subtitles. In Proceedings of the 10th International
  Conference on Language Resources and Evaluation (LREC 2016).

Modified: filtered and re-ranked. Only words written entirely in Hangul
syllables were kept; profanity, proper names (via the Kiwi morphological
analyser) and words rejected by the hunspell-ko spelling dictionary (apart from
an allowlist of colloquial forms and titles in -님) were removed; the most
frequent words were kept. The changes were made by Tools/lexicon/build.py in the cheonjiin
repository.

ko-words.tsv is therefore licensed under CC BY-SA 4.0:
https://creativecommons.org/licenses/by-sa/4.0/
No warranty is given. The licence of this file does not apply to the rest of
the cheonjiin program.

Lexicon/ko-forms.tsv and Lexicon/ko-next.tsv
============================================

These files are derived from ko-words.tsv above (CC BY-SA 4.0) with the Kiwi
Korean morphological analyser and its language model: kiwipiepy and
kiwipiepy-model by bab2min (https://github.com/bab2min/kiwipiepy), licensed
under the Apache License 2.0 (https://www.apache.org/licenses/LICENSE-2.0).
Kiwi's analyser split the counted words into morphemes, its join function
made the inflected forms, and its language model's probabilities gave the
counts of words the list lacks and the likely next words. No part of Kiwi's
data files is copied. The changes were made by Tools/lexicon/forms.py in the
cheonjiin repository.

ko-forms.tsv and ko-next.tsv are therefore licensed under CC BY-SA 4.0:
https://creativecommons.org/licenses/by-sa/4.0/

Other files in Lexicon/ (everyday-ko.tsv, messages-bench.txt,
practice-messages-ko.txt, README.md) were written by the cheonjiin project and
are under the project's MIT licence.
"""


if __name__ == "__main__":
    main()
