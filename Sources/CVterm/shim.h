// libvterm (Debian libvterm-dev), the terminal emulator `cheonjiin run` draws its child
// program through. Imported only by ChildTerminal/Emulator.swift.
#ifndef CHEONJIIN_CVTERM_SHIM_H
#define CHEONJIIN_CVTERM_SHIM_H

#include <vterm.h>

#endif
