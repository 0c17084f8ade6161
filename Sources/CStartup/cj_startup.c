#include "cj_startup.h"

#include "cj_terminal.h"

// Runs as the program loads, before main and before any thread: a signal that comes before
// the pad's handlers are in place waits for them instead of meeting the Swift runtime's crash
// reporter (which takes SIGQUIT for a crash, prints a backtrace and carries on) or an ignore
// inherited from the parent (a shell's background job ignores SIGINT and SIGQUIT).
__attribute__((constructor)) static void hold_signals_at_load(void) { cj_signals_hold(); }

void cj_startup_release_signals(void) { cj_signals_release_held(); }
