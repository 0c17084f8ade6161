#define _POSIX_C_SOURCE 200809L
#include "cj_terminal.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <unistd.h>

static volatile sig_atomic_t armed_fd = -1;
static volatile sig_atomic_t has_modes = 0;
static struct termios saved_modes;
static unsigned char restore_bytes[CJ_RESTORE_CAPACITY];
static volatile sig_atomic_t restore_length = 0;
static volatile sig_atomic_t wake_fd = -1;

#define CJ_MAX_SIGNALS 96
static int installed[CJ_MAX_SIGNALS];
static size_t installed_count = 0;
static int atexit_registered = 0;

static void restore_at_exit(void) { cj_terminal_restore(); }

void cj_terminal_set_restore_bytes(const unsigned char *restore, size_t length) {
  if (length > CJ_RESTORE_CAPACITY) length = CJ_RESTORE_CAPACITY;
  restore_length = 0;  // a signal arriving mid-copy writes nothing rather than half
  memcpy(restore_bytes, restore, length);
  restore_length = (sig_atomic_t)length;
}

int cj_terminal_arm(int tty_fd, const unsigned char *restore, size_t length) {
  cj_terminal_set_restore_bytes(restore, length);
  int result = 0;
  has_modes = 0;
  if (tcgetattr(tty_fd, &saved_modes) == 0) {
    has_modes = 1;
  } else {
    result = -1;
  }
  armed_fd = tty_fd;
  if (!atexit_registered) {
    atexit_registered = 1;
    atexit(restore_at_exit);
  }
  return result;
}

void cj_terminal_restore(void) {
  int fd = armed_fd;
  if (fd < 0) return;
  int saved_errno = errno;
  size_t done = 0;
  size_t length = (size_t)restore_length;
  while (done < length) {
    ssize_t written = write(fd, restore_bytes + done, length - done);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) break;
    done += (size_t)written;
  }
  if (has_modes) tcsetattr(fd, TCSAFLUSH, &saved_modes);
  errno = saved_errno;
}

void cj_terminal_disarm(void) { armed_fd = -1; }

int cj_terminal_saved_modes(struct termios *out) {
  if (!has_modes) return -1;
  *out = saved_modes;
  return 0;
}

static void wake_handler(int signal_number) {
  int fd = wake_fd;
  if (fd < 0) return;
  int saved_errno = errno;
  unsigned char byte = (unsigned char)signal_number;
  (void)!write(fd, &byte, 1);
  errno = saved_errno;
}

static void crash_handler(int signal_number) {
  cj_terminal_restore();
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

static int install(int signal_number, void (*handler)(int), int flags) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = flags;
  if (sigaction(signal_number, &action, NULL) != 0) return -1;
  if (installed_count < CJ_MAX_SIGNALS) installed[installed_count++] = signal_number;
  // A parent that blocks signals (a thread pool's worker spawning us) passes its mask on
  // through exec: a blocked SIGTERM would never reach the handler.
  sigset_t unblock;
  sigemptyset(&unblock);
  sigaddset(&unblock, signal_number);
  pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
  return 0;
}

int cj_signals_install(int fd, const int *wake, size_t wake_count, const int *crash,
                       size_t crash_count) {
  wake_fd = fd;
  int result = 0;
  for (size_t i = 0; i < wake_count; i++) {
    if (install(wake[i], wake_handler, SA_RESTART) != 0) result = -1;
  }
  for (size_t i = 0; i < crash_count; i++) {
    // SA_RESETHAND: a second fault inside the handler kills at once instead of looping.
    if (install(crash[i], crash_handler, SA_RESETHAND | SA_NODEFER) != 0) result = -1;
  }
  return result;
}

/// The signals of the job-control keys: ignored for the rest of the exit.
static int is_key_signal(int signal_number) {
  return signal_number == SIGINT || signal_number == SIGQUIT || signal_number == SIGTSTP;
}

void cj_signals_uninstall(void) {
  wake_fd = -1;
  // The terminal is back in line mode from here on: Ctrl-C, Ctrl-\ and Ctrl-Z typed while the
  // program finishes (saving the draft, printing the text) would kill or stop it half way.
  // Ignored first, then the rest put back: going through the default action on the way (as
  // an earlier version did) left a window in which Ctrl-\ still ended the program.
  signal(SIGINT, SIG_IGN);
  signal(SIGQUIT, SIG_IGN);
  signal(SIGTSTP, SIG_IGN);
  for (size_t i = 0; i < installed_count; i++) {
    if (!is_key_signal(installed[i])) signal(installed[i], SIG_DFL);
  }
  installed_count = 0;
}

size_t cj_terminating_signals(int *out, size_t capacity) {
  // Every signal a handler may catch whose default action ends the process, except the
  // faults (which cj_signals_install treats as crashes) and SIGPIPE (ignored, so a write to
  // a closed pipe fails with EPIPE and the text is saved instead of lost).
  static const int fixed[] = {
    SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGXFSZ,
    SIGVTALRM, SIGPROF, SIGSYS,
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
#ifdef SIGIO
    SIGIO,
#endif
  };
  size_t count = 0;
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0] && count < capacity; i++) {
    out[count++] = fixed[i];
  }
#if defined(SIGRTMIN) && defined(SIGRTMAX)
  for (int signal_number = SIGRTMIN; signal_number <= SIGRTMAX && count < capacity;
       signal_number++) {
    out[count++] = signal_number;
  }
#endif
  return count;
}

/// Fills `set` with the signals cj_terminating_signals lists.
static void terminating_set(sigset_t *set) {
  int signals[CJ_MAX_SIGNALS];
  size_t count = cj_terminating_signals(signals, CJ_MAX_SIGNALS);
  sigemptyset(set);
  for (size_t i = 0; i < count; i++) sigaddset(set, signals[i]);
}

void cj_signals_hold(void) {
  sigset_t set;
  terminating_set(&set);
  pthread_sigmask(SIG_BLOCK, &set, NULL);
}

void cj_signals_release_held(void) {
  sigset_t set;
  terminating_set(&set);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

void cj_ignore_broken_pipes(void) { signal(SIGPIPE, SIG_IGN); }

int cj_disable_core_dumps(void) {
  // A core file of the keypad would hold whatever the user typed.
  struct rlimit none = {0, 0};
  return setrlimit(RLIMIT_CORE, &none);
}

int cj_signals_rewake(int signal_number) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = wake_handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  return sigaction(signal_number, &action, NULL);
}

int cj_window_size(int fd, int *rows, int *columns) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *rows = size.ws_row;
  *columns = size.ws_col;
  return 0;
}

int cj_terminal_enter_raw(int fd) {
  struct termios modes;
  if (has_modes) {
    modes = saved_modes;
  } else if (tcgetattr(fd, &modes) != 0) {
    return -1;
  }
  modes.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON | INLCR | IGNCR);
  modes.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
  modes.c_cc[VMIN] = 1;
  modes.c_cc[VTIME] = 0;
  // TCSANOW, not TCSAFLUSH: keys typed while the program resumes (SIGCONT) are input, and
  // flushing would drop them.
  return tcsetattr(fd, TCSANOW, &modes);
}
