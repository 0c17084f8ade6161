#!/usr/bin/env python3
"""Records when input arrives on the terminal, as a program in it sees it (standard library only).

The real-terminal tests run it in an xterm under Xvfb and hold a key with xdotool: the times
of the press and its auto-repeats are the X server's repeat delay and interval as they reach
a terminal program, jitter included.

    keylog.py FILE

Puts the terminal in raw mode, creates FILE.ready, then writes one line per read to FILE:
"<CLOCK_MONOTONIC nanoseconds> <the bytes in hex>". A read containing "q" ends it.
"""
import os, sys, termios, time, tty


def main():
    path = sys.argv[1]
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setraw(fd)
    try:
        with open(path, "w") as log:
            open(path + ".ready", "w").close()
            while True:
                data = os.read(fd, 256)
                log.write("%d %s\n" % (time.monotonic_ns(), data.hex()))
                log.flush()
                if not data or b"q" in data:
                    break
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


if __name__ == "__main__":
    main()
