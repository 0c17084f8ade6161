// Starting a child program on a new pseudo-terminal, for `cheonjiin run`: forkpty and exec in
// one call, so that nothing but async-signal-safe work happens in the child before exec.

#define _GNU_SOURCE
#include "cj_terminal.h"

#include <errno.h>
#include <pty.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

pid_t cj_pty_spawn(const char *file, char *const argv[], unsigned short rows,
                   unsigned short columns, int *master_fd) {
  struct winsize size;
  memset(&size, 0, sizeof size);
  size.ws_row = rows;
  size.ws_col = columns;
  int master = -1;
  pid_t pid = forkpty(&master, NULL, NULL, &size);
  if (pid < 0) return -1;
  if (pid == 0) {
    // The child starts with default signal handling and an empty mask, whatever ours are.
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int signal_number = 1; signal_number < NSIG; signal_number++) {
      signal(signal_number, SIG_DFL);
    }
    execvp(file, argv);
    _exit(127);  // as a shell does for a command it cannot run
  }
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
