#!/usr/bin/env python3
"""Fills a cheonjiin progress database with a made-up practice history, for `make bench`
(stats on a year of daily sessions) and the stats end-to-end test.

usage: make-practice-history.py DATABASE [--days N] [--sessions-per-day N] [--items N]

The database must exist with its schema: run any `cheonjiin stats` with the same
XDG_DATA_HOME first. Days end today (UTC). Speeds climb slowly and the ㅅㅎ key is missed
more than the others, so the charts and the pad have something to show."""
import argparse, datetime, sqlite3

parser = argparse.ArgumentParser()
parser.add_argument("database")
parser.add_argument("--days", type=int, default=365)
parser.add_argument("--sessions-per-day", type=int, default=3)
parser.add_argument("--items", type=int, default=10)
args = parser.parse_args()

today = (datetime.date.today() - datetime.date(1970, 1, 1)).days
db = sqlite3.connect(args.database)
with db:
    for offset in range(args.days):
        day = today - args.days + 1 + offset
        for session in range(args.sessions_per_day):
            started = day * 86_400_000 + session * 600_000
            cursor = db.execute(
                "INSERT INTO session (startedAt, endedAt, day, lessonId, layoutId) VALUES (?, ?, ?, ?, ?)",
                (started, started + 300_000, day, "words-family", "cheonjiin-galaxy"))
            for item in range(args.items):
                # 할머니: 3 syllables, 12 presses at best; faster and cleaner as days pass.
                duration = max(3000, 12000 - offset * 20)
                wrong = 1 if (offset + item) % 7 == 0 else 0
                db.execute(
                    """INSERT INTO itemResult (sessionId, day, lessonId, itemId, target, typed,
                         presses, backspaces, minimumPresses, durationMs, accuracy, efficiency,
                         startedAt, isCompleted, promptedPresses, wrongPresses, targetLength,
                         editDistance, correctSyllables, keyHits, keyMisses, isExact)
                       VALUES (?, ?, 'words-family', ?, '할머니', ?, ?, ?, 12, ?, ?, ?, ?, 1, 0, ?, 3, ?, ?,
                               ?, ?, ?)""",
                    (cursor.lastrowid, day, f"words-family:{item}", "할머니" if not wrong else "할머나",
                     12 + 2 * wrong, wrong, duration, 1 - wrong / 3, 12 / (12 + 2 * wrong),
                     started + item * 20_000, wrong, wrong, 3 - wrong, 12 - wrong, wrong,
                     0 if wrong else 1))
    for key, hits, misses in [("i", 900, 20), ("araea", 1400, 60), ("eu", 700, 10), ("g", 500, 30),
                              ("n", 600, 20), ("s", 400, 90), ("o", 800, 15), ("b", 120, 4)]:
        db.execute(
            """INSERT INTO keyStat (layoutId, keyId, hits, misses, streak) VALUES ('cheonjiin-galaxy', ?, ?, ?, 0)
               ON CONFLICT (layoutId, keyId) DO UPDATE SET hits = hits + excluded.hits, misses = misses + excluded.misses""",
            (key, hits, misses))
print(f"{args.days} days × {args.sessions_per_day} sessions × {args.items} items in {args.database}")
