/// Control strings (OSC, DCS, APC, PM, SOS): the replies and titles a terminal sends, read
/// until ST or BEL and reported whole as `unknown`, in chunks when they grow too long.
extension ByteDecoder {
  struct ControlStringProgress: Sendable {
    /// The last byte was an ESC, kept out of `buffer` until the next byte says whether it
    /// is the first half of ST or the start of the next sequence.
    var hasPendingEscape = false
    /// Continuation bytes the current UTF-8 character of the text still needs; a 0x9C among
    /// them is part of a character (`글` is `EA B8 80`, `휜` is `ED 9C 9C`), not ST.
    var utf8Remaining = 0
  }

  /// One byte of an OSC, DCS, APC, PM or SOS string.
  mutating func stepControlString(
    _ byte: UInt8, progress: ControlStringProgress, into events: inout [TerminalEvent]
  ) -> Bool {
    var next = progress
    if progress.hasPendingEscape {
      guard byte == UInt8(ascii: "\\") else {
        // ESC starts the next sequence: the string was cut short. Read ESC and this byte
        // afresh, so an arrow typed after an unterminated string is still an arrow.
        next.hasPendingEscape = false
        events += abandonedString(next)
        buffer = [Self.escape]
        state = .escape
        return true
      }
      appendToString(Self.escape, into: &events)
      appendToString(byte, into: &events)
      endString(into: &events)
      return false
    }
    switch byte {
    case 0x07:  // BEL: xterm's OSC terminator, accepted for every kind
      appendToString(byte, into: &events)
      endString(into: &events)
    case 0x9c where progress.utf8Remaining == 0:  // 8-bit ST
      appendToString(byte, into: &events)
      endString(into: &events)
    case Self.escape:
      next.hasPendingEscape = true
      state = .controlString(next)
    case 0x00...0x1f, 0x7f:
      // No reply carries these: it is Enter, Tab, ⌫ or Ctrl+key typed after a string that
      // never ended. Report the string, then read the byte afresh.
      events += abandonedString(progress)
      state = .ground
      buffer = []
      return true
    default:
      switch byte {
      case 0x80...0xbf: next.utf8Remaining = max(0, next.utf8Remaining - 1)
      case 0xc2...0xdf: next.utf8Remaining = 1
      case 0xe0...0xef: next.utf8Remaining = 2
      case 0xf0...0xf4: next.utf8Remaining = 3
      default: next.utf8Remaining = 0
      }
      appendToString(byte, into: &events)
      state = .controlString(next)
    }
    return false
  }

  /// Appends one byte of a control string, reporting a full chunk when the string outgrows
  /// ``Options/maxControlStringBytes``.
  private mutating func appendToString(_ byte: UInt8, into events: inout [TerminalEvent]) {
    buffer.append(byte)
    if buffer.count >= options.maxControlStringBytes {
      events.append(.unknown(buffer))
      buffer = []
    }
  }

  /// Reports a terminated control string (or its last chunk) and returns to `.ground`.
  private mutating func endString(into events: inout [TerminalEvent]) {
    if !buffer.isEmpty {
      events.append(.unknown(buffer))
    }
    buffer = []
    state = .ground
  }

  /// What an unfinished control string means when it cannot continue or times out.
  ///
  /// An introducer alone is Alt plus its byte, as in ``abandonedSequence()``; a pending ESC
  /// after it is then the Escape key. Otherwise the string is dropped whole as `unknown`,
  /// including a pending ESC: that is most likely ST whose `\` was lost, and reading it as
  /// Escape would dismiss the keypad.
  mutating func abandonedString(_ progress: ControlStringProgress) -> [TerminalEvent] {
    guard progress.hasPendingEscape else { return abandonedSequence() }
    if isIntroducerOnly {
      return abandonedSequence() + [.key(TerminalKeyEvent(.escape))]
    }
    buffer.append(Self.escape)
    return abandonedSequence()
  }
}
