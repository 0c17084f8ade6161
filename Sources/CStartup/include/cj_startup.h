// Linked into the program only (never into the tests): what must happen before main.
#ifndef CHEONJIIN_CJ_STARTUP_H
#define CHEONJIIN_CJ_STARTUP_H

/// Lets the signals held since the program loaded arrive, with their usual actions: for every
/// command but the pad, whose handlers let them through as they are installed.
void cj_startup_release_signals(void);

#endif
