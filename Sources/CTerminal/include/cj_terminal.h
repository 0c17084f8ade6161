// The terminal's crash and signal path, in C: what a signal handler touches must be plain
// memory and async-signal-safe calls, which Swift cannot promise. Swift only fills it.
#ifndef CHEONJIIN_CJ_TERMINAL_H
#define CHEONJIIN_CJ_TERMINAL_H

#include <stddef.h>

/// The longest restore sequence kept for the signal path.
#define CJ_RESTORE_CAPACITY 512

/// Arms the restore path: remembers `tty_fd`, its current modes (tcgetattr) and the bytes
/// that undo what the program turned on (at most CJ_RESTORE_CAPACITY; longer is cut).
/// Returns 0, or -1 when the modes could not be read (the bytes are still kept).
int cj_terminal_arm(int tty_fd, const unsigned char *restore, size_t length);

/// Replaces the restore bytes (the kitty pop is added once the negotiation started).
void cj_terminal_set_restore_bytes(const unsigned char *restore, size_t length);

/// Writes the restore bytes and puts the saved modes back. Async-signal-safe; does nothing
/// when not armed. Called by the crash handlers, at exit, and by Swift on the normal path.
void cj_terminal_restore(void);

/// Forgets the tty: later calls of cj_terminal_restore do nothing.
void cj_terminal_disarm(void);

/// Installs the handlers: every signal in `wake` writes its number as one byte to `wake_fd`
/// (the run loop's self-pipe) and returns; every signal in `crash` restores the terminal and
/// dies of the same signal. Returns 0, or -1 if a sigaction call failed.
int cj_signals_install(int wake_fd, const int *wake, size_t wake_count, const int *crash,
                       size_t crash_count);

/// Puts every signal installed by cj_signals_install back to its default action, stops
/// writing to the wake descriptor, and ignores the job-control keys' signals (SIGINT,
/// SIGQUIT, SIGTSTP) for the rest of the exit.
void cj_signals_uninstall(void);

/// Blocks the signals cj_terminating_signals lists, in the calling thread (and the threads
/// it starts): one that comes before a screen's handlers are in place waits for them.
/// cj_signals_install unblocks each signal it installs.
void cj_signals_hold(void);

/// Unblocks the signals cj_signals_hold blocked (for a command that draws no screen, or a
/// screen that could not start): they arrive with their usual actions.
void cj_signals_release_held(void);

/// Writes to `out` (up to `capacity`) every catchable signal whose default action ends the
/// process, other than the faults and SIGPIPE: the fixed ones and the real-time range.
/// Returns how many were written.
size_t cj_terminating_signals(int *out, size_t capacity);

/// Ignores SIGPIPE: writing to a closed pipe then fails with EPIPE, which the caller reports.
void cj_ignore_broken_pipes(void);

/// Sets RLIMIT_CORE to 0, so no core file ever holds typed text. Returns 0 or -1.
int cj_disable_core_dumps(void);

/// Copies the modes saved by cj_terminal_arm (the terminal as the shell left it) to `out`.
/// Returns 0, or -1 when none were saved.
struct termios;
int cj_terminal_saved_modes(struct termios *out);

/// Reinstalls the wake handler for one signal (after SIGTSTP was raised with the default).
int cj_signals_rewake(int signal_number);

/// The window size of a terminal (TIOCGWINSZ): 0, or -1 on failure.
int cj_window_size(int fd, int *rows, int *columns);

/// Puts a terminal into the program's raw mode, starting from the modes saved by
/// cj_terminal_arm: no echo, no line editing, no signals from keys (Ctrl-C and Ctrl-Z arrive
/// as bytes), no flow control, CR not turned into NL. Returns 0, or -1 on failure.
int cj_terminal_enter_raw(int fd);

// --- A child program on a pseudo-terminal (cj_pty.c), for `cheonjiin run`.

#include <sys/types.h>

// Starts `file` (searched in PATH) with `argv` on a new pty of the given size, in its own
// session with the pty as its controlling terminal, its modes copied from the outer terminal's
// saved ones (cj_terminal_arm) with IUTF8 on. Returns the child's pid and sets *master_fd and
// *exec_errno (0 when the program started; else why exec failed: the child then exits 127 for
// ENOENT, else 126, as a shell does), or returns -1 with errno set.
pid_t cj_pty_spawn(const char *file, char *const argv[], unsigned short rows,
                   unsigned short columns, int *master_fd, int *exec_errno);

// Tells the child its window's new size (TIOCSWINSZ; the kernel sends it SIGWINCH).
int cj_pty_resize(int master_fd, unsigned short rows, unsigned short columns);

// The erase character (VERASE) the child's terminal modes use now, or -1.
int cj_pty_erase_character(int master_fd);

// The signal the child's line discipline would send for `byte` typed now (SIGINT for its
// VINTR, SIGQUIT for VQUIT, SIGTSTP for VSUSP, while ISIG is on), or 0. Sets *keeps_input
// when NOFLSH is on (a signal then does not discard unread input).
int cj_pty_signal_for_byte(int master_fd, unsigned char byte, int *keeps_input);

// Sends `signal_number` (SIGINT, SIGQUIT or SIGTSTP) to the foreground process group of the
// child's terminal, as its interrupt key would. 0, or -1 with errno set.
int cj_pty_send_signal(int master_fd, int signal_number);

// Discards what was written to the child's terminal and not read yet (tcflush TCOFLUSH on the
// master), as the line discipline does on an interrupt.
int cj_pty_discard_input(int master_fd);

// A descriptor that becomes readable when process `pid` ends (pidfd_open, Linux 5.3), close
// on exec; -1 with errno set where the kernel has none.
int cj_pidfd_open(pid_t pid);

#endif
