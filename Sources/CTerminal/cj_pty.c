// Starting a child program on a new pseudo-terminal, for `cheonjiin run`: forkpty and exec in
// one call, so that nothing but async-signal-safe work happens in the child before exec.

#define _GNU_SOURCE
#include "cj_terminal.h"

#include <errno.h>
#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

pid_t cj_pty_spawn(const char *file, char *const argv[], unsigned short rows,
                   unsigned short columns, int *master_fd, int *exec_errno) {
  struct winsize size;
  memset(&size, 0, sizeof size);
  size.ws_row = rows;
  size.ws_col = columns;
  // The child's modes start from the outer terminal's (as the shell left them, before raw
  // mode): its erase and interrupt keys, and IUTF8, so that ⌫ in a line-reading program
  // erases a whole Hangul syllable. Without saved modes, the kernel's defaults plus IUTF8.
  struct termios modes;
  int has_modes = cj_terminal_saved_modes(&modes) == 0;
  if (!has_modes) {
    memset(&modes, 0, sizeof modes);
  }
  // Reports a failed exec: the child writes its errno here; exec closes it (CLOEXEC) on
  // success, so the parent reads end of file.
  int report[2];
  if (pipe2(report, O_CLOEXEC) != 0) return -1;
  int master = -1;
  pid_t pid = forkpty(&master, NULL, has_modes ? &modes : NULL, &size);
  if (pid < 0) {
    int saved = errno;
    close(report[0]);
    close(report[1]);
    errno = saved;
    return -1;
  }
  if (pid == 0) {
    close(report[0]);
    struct termios current;
    if (tcgetattr(STDIN_FILENO, &current) == 0) {
      current.c_iflag |= IUTF8;
      tcsetattr(STDIN_FILENO, TCSANOW, &current);
    }
    // The child starts with default signal handling and an empty mask, whatever ours are.
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int signal_number = 1; signal_number < NSIG; signal_number++) {
      signal(signal_number, SIG_DFL);
    }
    execvp(file, argv);
    int failure = errno;
    (void)!write(report[1], &failure, sizeof failure);
    _exit(failure == ENOENT ? 127 : 126);  // as a shell does for a command it cannot run
  }
  close(report[1]);
  int failure = 0;
  ssize_t got;
  do {
    got = read(report[0], &failure, sizeof failure);
  } while (got < 0 && errno == EINTR);
  close(report[0]);
  *exec_errno = got == (ssize_t)sizeof failure ? failure : 0;
  *master_fd = master;
  return pid;
}

int cj_pty_resize(int master_fd, unsigned short rows, unsigned short columns) {
  struct winsize size;
  memset(&size, 0, sizeof size);
  size.ws_row = rows;
  size.ws_col = columns;
  return ioctl(master_fd, TIOCSWINSZ, &size);
}

int cj_pty_erase_character(int master_fd) {
  struct termios modes;
  if (tcgetattr(master_fd, &modes) != 0) return -1;
  return modes.c_cc[VERASE];
}

int cj_pty_signal_for_byte(int master_fd, unsigned char byte, int *keeps_input) {
  struct termios modes;
  *keeps_input = 0;
  if (tcgetattr(master_fd, &modes) != 0 || !(modes.c_lflag & ISIG)) return 0;
  *keeps_input = (modes.c_lflag & NOFLSH) != 0;
  // _POSIX_VDISABLE (0) switches a character off.
  if (byte == 0) return 0;
  if (modes.c_cc[VINTR] == byte) return SIGINT;
  if (modes.c_cc[VQUIT] == byte) return SIGQUIT;
  if (modes.c_cc[VSUSP] == byte) return SIGTSTP;
  return 0;
}

int cj_pty_send_signal(int master_fd, int signal_number) {
  // TIOCSIG on the master: the kernel signals the terminal's foreground process group, as
  // the line discipline does when it reads the interrupt character (Linux 2.6.36 and later).
  if (ioctl(master_fd, TIOCSIG, signal_number) == 0) return 0;
  pid_t group = tcgetpgrp(master_fd);
  if (group <= 0) return -1;
  return kill(-group, signal_number);
}

int cj_pty_discard_input(int master_fd) { return tcflush(master_fd, TCOFLUSH); }

int cj_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
  int fd = (int)syscall(SYS_pidfd_open, pid, 0);
  if (fd >= 0) fcntl(fd, F_SETFD, FD_CLOEXEC);
  return fd;
#else
  (void)pid;
  errno = ENOSYS;
  return -1;
#endif
}
