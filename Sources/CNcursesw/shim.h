// The C surface cheonjiin uses from ncursesw: its terminfo layer (what the terminal can do)
// and wcwidth. Imported only by TerminalUI/Curses.swift. Only libtinfo is linked (see
// module.modulemap): nothing calls the curses screen functions of libncursesw.
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
#include <term.h>

// glibc declares wcwidth only under _XOPEN_SOURCE; declare it so Swift sees it.
extern int wcwidth(wchar_t c);

// terminfo's lookups take non-const names in some ncurses builds; Swift passes const strings.
static inline int cj_setupterm(const char *term, int fd, int *error) {
  return setupterm(term, fd, error);
}
static inline int cj_tigetnum(const char *name) { return tigetnum((NCURSES_CONST char *)name); }
static inline int cj_tigetflag(const char *name) { return tigetflag((NCURSES_CONST char *)name); }
// NULL when the terminal lacks the capability (terminfo's 0 and (char *)-1 both).
static inline const char *cj_tigetstr(const char *name) {
  char *value = tigetstr((NCURSES_CONST char *)name);
  return value == (char *)-1 ? NULL : value;
}

#endif
