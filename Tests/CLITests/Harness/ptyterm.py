#!/usr/bin/env python3
"""A tiny scripted terminal for end-to-end tests and benchmarks (standard library only).

Runs a program on a new pty, optionally answers the kitty keyboard query like a kitty-capable
terminal, plays a script of byte writes and waits, and reports what happened as JSON:

    ptyterm.py [--kitty] [--da-delay MS] [--rows R] [--cols C] [--stdout FILE|tty] [--latency]
               --script JSON -- PROGRAM ARGS...

The script is a list of steps: {"send": "text with \\u001b escapes"}, {"wait": ms},
{"until": "text the program must have written"} (up to 5 s; "missed" lists those that never came),
{"touch": PATH} (creates a file), {"until_file": PATH} (waits up to 60 s for one: another
harness's "touch", so that two programs take turns), {"cpu": 1} (records the child's
CPU time), {"resize": [rows, cols]} (sets the window size, which sends SIGWINCH),
{"signal": "TERM"} (sends a signal to the program), {"cooked": 1} (puts the terminal in line
mode, as a shell does when a job stops), {"termios": 1} (records whether the terminal is in
raw mode: ICANON and ECHO off). With --da-delay, every device attributes query (`ESC [ c`) is
answered MS milliseconds late, as a slow terminal or link does. With --latency, every "send" step (except those with "measure": false) is timed
from the write until the program's output goes quiet for 20 ms, and until its first output
byte; "bytes_per_cycle" counts all output from one measured send to the next.
"""
import json, os, pty, select, struct, sys, termios, fcntl, time, argparse, signal

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kitty", action="store_true")
    parser.add_argument("--da-delay", type=int, default=None,
                        help="answer DA1 queries this many milliseconds late")
    parser.add_argument("--rows", type=int, default=30)
    parser.add_argument("--cols", type=int, default=80)
    parser.add_argument("--stdout", default=os.devnull)
    parser.add_argument("--stderr", default=None, help="a file for the program's standard error")
    parser.add_argument("--script", required=True)
    parser.add_argument("--latency", action="store_true")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    script = json.loads(args.script)

    # "--stdout tty" leaves standard output on the pty, for programs that draw there (vim).
    # "--stdout closed": a pipe whose reader has gone, as `cheonjiin | head -c0` gives.
    out_fd = None if args.stdout in ("tty", "closed") else os.open(args.stdout, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    started = time.monotonic()
    pid, master = pty.fork()
    if pid == 0:
        # No signal blocked, as a shell starts a program: a test runner's worker thread blocks
        # them, and the program would inherit that through exec.
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        if args.stdout == "closed":
            reader, writer = os.pipe()
            os.close(reader)
            os.dup2(writer, 1)
        if out_fd is not None:
            os.dup2(out_fd, 1)
        if args.stderr:
            os.dup2(os.open(args.stderr, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644), 2)
        os.execvp(command[0], command)
    if out_fd is not None:
        os.close(out_fd)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", args.rows, args.cols, 0, 0))

    output = bytearray()
    answered = 0
    latencies, first_bytes, sizes = [], [], []
    until_ms, cpu_ns, raw_modes = [], [], []
    missed = []  # "until" texts that never came
    marks = []  # output length at each measured send, for bytes per key cycle

    def cpu_time():
        """CPU time of every thread of the child, in nanoseconds (schedstat)."""
        total = 0
        try:
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/schedstat") as stat:
                    total += int(stat.read().split()[0])
        except OSError:
            pass
        return total

    late_answers = []  # when each delayed DA1 answer is due
    queries_seen = [0]

    def answer_late():
        while late_answers and late_answers[0] <= time.monotonic():
            late_answers.pop(0)
            try:
                os.write(master, b"\x1b[?62;22c")
            except OSError:
                pass

    def pump(timeout):
        nonlocal answered
        answer_late()
        if late_answers:
            timeout = max(0, min(timeout, late_answers[0] - time.monotonic()))
        ready, _, _ = select.select([master], [], [], timeout)
        if not ready:
            answer_late()
            return b""
        try:
            chunk = os.read(master, 65536)
        except OSError:
            return None
        output.extend(chunk)
        if args.da_delay is not None and not args.kitty:
            while output.count(b"\x1b[c") > queries_seen[0]:
                queries_seen[0] += 1
                late_answers.append(time.monotonic() + args.da_delay / 1000)
        # Like a kitty terminal, answer every query (a program asks again after SIGCONT).
        if args.kitty and output.count(b"\x1b[?u") > answered:
            os.write(master, b"\x1b[?11u\x1b[?62;22c")
            answered += 1
        return chunk

    def drain(quiet):
        while True:
            chunk = pump(quiet)
            if not chunk:
                return

    for step in script:
        if "wait" in step:
            end = time.monotonic() + step["wait"] / 1000
            while time.monotonic() < end:
                if pump(max(0, end - time.monotonic())) is None:
                    break
        elif "until" in step:
            needle = step["until"].encode()
            end = time.monotonic() + 5
            while needle not in output and time.monotonic() < end:
                if pump(0.005) is None:
                    break
            until_ms.append((time.monotonic() - started) * 1000)
            if needle not in output:
                missed.append(step["until"])
        elif "touch" in step:
            open(step["touch"], "a").close()
        elif "until_file" in step:
            # Another harness's "touch": two programs run in turn, whatever the machine's load.
            end = time.monotonic() + 60
            while not os.path.exists(step["until_file"]) and time.monotonic() < end:
                if pump(0.01) is None:
                    break
            if not os.path.exists(step["until_file"]):
                missed.append(step["until_file"])
        elif "cpu" in step:
            cpu_ns.append(cpu_time())
        elif "resize" in step:
            rows, cols = step["resize"]
            fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        elif "signal" in step:
            try:
                os.kill(pid, getattr(signal, "SIG" + step["signal"]) if not step["signal"].startswith("RTMIN")
                        else signal.SIGRTMIN + int(step["signal"][5:] or 0))
            except ProcessLookupError:
                pass
        elif "cooked" in step:
            attributes = termios.tcgetattr(master)
            attributes[3] |= termios.ICANON | termios.ECHO | termios.ISIG
            termios.tcsetattr(master, termios.TCSANOW, attributes)
        elif "termios" in step:
            attributes = termios.tcgetattr(master)
            raw_modes.append(attributes[3] & (termios.ICANON | termios.ECHO) == 0)
        elif "send" in step:
            data = step["send"].encode()
            if args.latency and step.get("measure", True):
                marks.append(len(output))
                drain(0.02)
                before = len(output)
                sent = time.monotonic()
                os.write(master, data)
                first = None
                while True:
                    chunk = pump(0.02)
                    if chunk and first is None:
                        first = time.monotonic()
                    if not chunk:
                        break
                # The update ended when the last byte arrived; the 20 ms of quiet are not counted.
                if first is not None:
                    first_bytes.append((first - sent) * 1000)
                    latencies.append((last_output_time[0] - sent) * 1000)
                    sizes.append(len(output) - before)
            else:
                os.write(master, data)
    # Let the program finish.
    end = time.monotonic() + 5
    status = None
    core_dumped = False
    while time.monotonic() < end:
        if pump(0.05) is None:
            pass
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(code)
            core_dumped = os.WIFSIGNALED(code) and os.WCOREDUMP(code)
            break
    if status is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        status = "killed"
    result = {"status": status, "elapsed_ms": (time.monotonic() - started) * 1000,
              "output_bytes": len(output), "output_tail": output[-400:].decode("utf-8", "replace")}
    result.update(until_ms=until_ms, missed=missed, cpu_ns=cpu_ns, raw_modes=raw_modes,
                  signalled_by=-status if isinstance(status, int) and status < 0 else None,
                  core_dumped=core_dumped)
    if args.latency:
        cycles = [b - a for a, b in zip(marks, marks[1:])]
        result.update(latencies_ms=latencies, first_byte_ms=first_bytes, bytes_per_update=sizes,
                      bytes_per_cycle=cycles)
    print(json.dumps(result, ensure_ascii=False))

# Remember when the last output byte arrived, for latency.
last_output_time = [0.0]
_real_read = os.read
def _timed_read(fd, n):
    data = _real_read(fd, n)
    if data:
        last_output_time[0] = time.monotonic()
    return data
os.read = _timed_read

if __name__ == "__main__":
    main()
