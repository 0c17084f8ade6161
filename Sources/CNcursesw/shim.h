// The C surface cheonjiin uses: ncursesw with wide characters, plus the few libc calls that
// Swift's Glibc module does not expose. Imported only by TerminalUI.
#ifndef CHEONJIIN_CNCURSESW_SHIM_H
#define CHEONJIIN_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <wchar.h>
#include <langinfo.h>
#include <ncurses.h>
#include <sys/ioctl.h>
#include <termios.h>

// glibc declares wcwidth only under _XOPEN_SOURCE; declare it so Swift sees it.
extern int wcwidth(wchar_t c);

// Swift 6 cannot use C mutable globals (not concurrency-safe); read them through functions.
static inline WINDOW *cj_stdscr(void) { return stdscr; }
static inline int cj_lines(void) { return LINES; }
static inline int cj_cols(void) { return COLS; }
static inline int cj_colors(void) { return COLORS; }
static inline int cj_color_pairs(void) { return COLOR_PAIRS; }

// Function-like macros Swift cannot import.
static inline attr_t cj_color_pair(short pair) { return COLOR_PAIR(pair); }
static inline attr_t cj_a_bold(void) { return A_BOLD; }
static inline attr_t cj_a_reverse(void) { return A_REVERSE; }
static inline attr_t cj_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cj_a_dim(void) { return A_DIM; }
static inline attr_t cj_a_normal(void) { return A_NORMAL; }

// The window size of a terminal file descriptor (TIOCGWINSZ), or -1 on failure.
static inline int cj_window_size(int fd, int *rows, int *cols) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *rows = size.ws_row;
  *cols = size.ws_col;
  return 0;
}

#endif
