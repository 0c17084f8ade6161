/// Turns raw tty bytes into ``TerminalEvent``s, one read at a time.
///
/// Sequences may be split across reads at any byte; the decoder keeps the unfinished part.
/// It never reads a clock: every call says what time it is, and ``nextDeadline`` tells the
/// run loop when to call ``flush(at:)`` if no more bytes arrive.
///
/// Decisions, in the order a byte meets them:
/// - A lone ESC becomes ``TerminalKey/escape`` only after ``Options/escapeTimeoutMs`` without
///   another byte. ESC followed by a printable byte, a control byte or a UTF-8 character is
///   that key with ``KeyModifiers/alt``. An introducer alone (`ESC [`, `ESC O`, and the
///   control-string ones below) is Alt plus its second byte once the same timeout passes, or
///   when a byte that cannot continue it arrives. `ESC ESC` is one Escape, then a fresh ESC.
/// - Control strings are never keys. OSC (`ESC ]`), DCS (`ESC P`), APC (`ESC _`), PM (`ESC ^`)
///   and SOS (`ESC X`) run to BEL or ST (`ESC \`, or 0x9C outside a UTF-8 character) and are
///   reported whole as ``TerminalEvent/unknown(_:)``: an OSC 52 clipboard reply or a DECRQSS
///   reply types nothing. BEL ends every kind, not only OSC, so that it cannot leak as Ctrl+G.
///   ESC followed by anything but `\`, any other C0 byte, or DEL cuts the string short: replies
///   carry none of them, so they are keys the user typed, and they are read afresh.
/// - CR and LF are both ``TerminalKey/enter`` with source ``KeySource/legacy``. LF is not
///   treated as keypad Enter although tmux sends it for KPEnter outside keypad mode: LF is
///   also what every Enter becomes when ICRNL is left on (ncurses `nl()` mode), and what
///   Ctrl-J sends, so reading it as "the keypad" would be wrong far more often than right.
/// - DEL (0x7f) and BS (0x08, ^H) are ``TerminalKey/backspace``; TAB is ``TerminalKey/tab``.
///   Other C0 bytes are Control plus a key: 0x03 is Ctrl+`c`, 0x00 is Ctrl+space, 0x1c…0x1f
///   are Ctrl+`\` `]` `^` `_`. Nothing is turned into a signal here; the front end decides.
/// - Invalid UTF-8 becomes U+FFFD, one per maximal invalid subpart, as Unicode recommends.
/// - Unrecognised or malformed sequences become ``TerminalEvent/unknown(_:)`` with their
///   bytes. A control sequence longer than ``Options/maxSequenceBytes`` is reported in
///   `unknown` chunks of at most that size until its final byte, so memory stays bounded; a
///   control string longer than ``Options/maxControlStringBytes`` likewise, until its end.
/// - An unfinished multi-byte sequence is resolved after ``Options/sequenceTimeoutMs``:
///   a partial control sequence or control string as `unknown` (an unterminated string is
///   dropped whole, its ESC included, and the next bytes are decoded afresh), a partial UTF-8
///   character as U+FFFD.
/// - Bracketed paste collects raw bytes until `ESC[201~`; it ends early after
///   ``Options/pasteTimeoutMs`` without bytes, so a lost end marker cannot swallow the keyboard.
public struct ByteDecoder: Sendable {
  /// Timeouts and limits.
  ///
  /// The defaults suit a local terminal and ordinary SSH.
  public struct Options: Hashable, Sendable {
    /// How long a lone ESC (or an introducer such as `ESC [`, `ESC O`) waits for more bytes
    /// before it is a key.
    ///
    /// 100 ms, vim's usual `ttimeoutlen`: an arrow key whose bytes an SSH link splits by a
    /// few tens of milliseconds stays an arrow instead of becoming Escape (which dismisses
    /// the keypad) followed by `[A` as text. The price is that a real Escape is reported
    /// that much later.
    public var escapeTimeoutMs: UInt64
    /// How long an unfinished longer sequence, control string or UTF-8 character waits for
    /// its rest, counted from its latest byte.
    ///
    /// The decoder never waits less than ``escapeTimeoutMs`` here, so a link slow enough to
    /// need a longer ESC timeout does not cut sequences short after their second byte.
    public var sequenceTimeoutMs: UInt64
    /// How long a bracketed paste may go without bytes before it is closed.
    public var pasteTimeoutMs: UInt64
    /// The most bytes of one control sequence kept at once (at least 8).
    public var maxSequenceBytes: Int
    /// The most bytes of one control string (OSC, DCS, APC, PM, SOS) kept at once (at
    /// least 8); a longer one is reported in `unknown` chunks of this size.
    public var maxControlStringBytes: Int
    /// The most bytes of paste text kept at once before a `.paste` chunk is emitted.
    public var maxPasteBytes: Int
    /// How to read the SS3 sequences that differ between xterm and the Linux console.
    public var ss3Dialect: SS3Dialect

    /// Creates options; every parameter has the documented default.
    public init(
      escapeTimeoutMs: UInt64 = 100, sequenceTimeoutMs: UInt64 = 100,
      pasteTimeoutMs: UInt64 = 1000, maxSequenceBytes: Int = 256,
      maxPasteBytes: Int = 1 << 20, ss3Dialect: SS3Dialect = .xterm,
      maxControlStringBytes: Int = 4096
    ) {
      self.escapeTimeoutMs = escapeTimeoutMs
      self.sequenceTimeoutMs = sequenceTimeoutMs
      self.pasteTimeoutMs = pasteTimeoutMs
      self.maxSequenceBytes = max(8, maxSequenceBytes)
      self.maxPasteBytes = max(4, maxPasteBytes)
      self.ss3Dialect = ss3Dialect
      self.maxControlStringBytes = max(8, maxControlStringBytes)
    }
  }

  /// Which terminal's meaning to give the SS3 keypad sequences that collide.
  public enum SS3Dialect: Hashable, Sendable {
    /// xterm, tmux, VTE, PuTTY: `ESC O k/m/j/o` are keypad `+ - * /`, `ESC O l` is the
    /// separator, and `ESC O P…S` are F1…F4.
    case xterm
    /// The Linux console (`TERM=linux`): `ESC O l/S/R/Q` are keypad `+ - * /`
    /// (kernel `app_map`), and F1…F5 come as `ESC [ [ A…E`.
    case linuxConsole
  }

  /// The timeouts and limits in use.
  public var options: Options

  // `state`, `buffer` and the helpers the state machine shares are internal, not private:
  // ByteDecoder+ControlStrings.swift steps them too.
  var state: State = .ground
  /// The bytes of the unfinished sequence, ESC included.
  var buffer: [UInt8] = []
  /// Text of the bracketed paste in progress.
  private var pasteBytes: [UInt8] = []
  private var lastByteAt = Instant(nanoseconds: 0)

  /// Creates a decoder with nothing pending.
  public init(options: Options = Options()) {
    self.options = options
  }

  /// When the pending bytes must be resolved if nothing else arrives; nil when none are.
  ///
  /// Pass it (combined with other deadlines, see ``Instant/earliest(_:)``) to
  /// ``Instant/pollTimeout(until:)``, and call ``flush(at:)`` when poll times out.
  public var nextDeadline: Instant? {
    switch state {
    case .ground: return nil
    case .escape: return lastByteAt + .milliseconds(options.escapeTimeoutMs)
    case .csi, .ss3, .controlString:
      // `ESC [`, `ESC O`, `ESC ]`… alone may be Alt+[, Alt+O, Alt+]…: they get the ESC timeout.
      let timeout = isIntroducerOnly ? options.escapeTimeoutMs : sequenceTimeoutMs
      return lastByteAt + .milliseconds(timeout)
    case .linuxFunctionKey, .utf8, .x10Mouse:
      return lastByteAt + .milliseconds(sequenceTimeoutMs)
    case .paste: return lastByteAt + .milliseconds(options.pasteTimeoutMs)
    }
  }

  /// Whether bytes are waiting for more input or a timeout.
  public var hasPendingBytes: Bool {
    switch state {
    case .ground: false
    case .escape, .csi, .ss3, .controlString, .linuxFunctionKey, .utf8, .x10Mouse, .paste: true
    }
  }

  /// The wait for the rest of a sequence, control string or UTF-8 character: never shorter
  /// than the ESC timeout.
  private var sequenceTimeoutMs: UInt64 {
    max(options.sequenceTimeoutMs, options.escapeTimeoutMs)
  }

  /// Whether `buffer` holds only an introducer (`ESC [`, `ESC O`, `ESC ]`…), which may
  /// still turn out to be Alt plus its second byte.
  ///
  /// Chunks of an overlong sequence or string never start with ESC, so this cannot mistake one.
  var isIntroducerOnly: Bool {
    buffer.count == 2 && buffer[0] == Self.escape
  }

  /// Decodes bytes read at `time`, continuing any sequence left from earlier reads.
  ///
  /// If the pending bytes' deadline had already passed at `time`, they are resolved first
  /// (as ``flush(at:)`` would), so a late read cannot glue a lone ESC to the next key.
  ///
  /// - Parameters:
  ///   - bytes: Exactly what `read(2)` returned; any length, including empty.
  ///   - time: When the bytes were read.
  /// - Returns: The events completed by these bytes, in order.
  public mutating func feed(_ bytes: some Sequence<UInt8>, at time: Instant) -> [TerminalEvent] {
    var events = flush(at: time)
    var sawByte = false
    for byte in bytes {
      if !sawByte {
        sawByte = true
        lastByteAt = time
      }
      var reprocess = true
      while reprocess {
        reprocess = step(byte, into: &events)
      }
    }
    return events
  }

  /// Resolves pending bytes whose deadline is at or before `time`; otherwise does nothing.
  ///
  /// Call it when the run loop's poll times out. Compare ``finish()``, which resolves
  /// pending bytes regardless of time.
  public mutating func flush(at time: Instant) -> [TerminalEvent] {
    guard let deadline = nextDeadline, deadline <= time else { return [] }
    return finish()
  }

  /// Resolves pending bytes now, as if their timeout had passed (for end of input).
  public mutating func finish() -> [TerminalEvent] {
    var events: [TerminalEvent] = []
    switch state {
    case .ground: break
    case .escape: events.append(.key(TerminalKeyEvent(.escape)))
    case .csi, .ss3, .linuxFunctionKey, .x10Mouse: events += abandonedSequence()
    case .controlString(let progress):
      events += abandonedString(progress)
    case .utf8(let progress):
      events.append(.key(Self.replacementCharacter(alt: progress.isAltPrefixed)))
    case .paste(let matched):
      pasteBytes += Self.pasteEnd.prefix(matched)
      events.append(.paste(String(decoding: pasteBytes, as: UTF8.self)))
      pasteBytes = []
    }
    state = .ground
    buffer = []
    return events
  }

  // MARK: - State machine

  enum State: Sendable {
    case ground
    /// `buffer` is `[ESC]`.
    case escape
    /// `buffer` starts with `ESC [`; after a cut-off, it holds the bytes since the last chunk.
    case csi(isOverlong: Bool)
    /// `buffer` starts with `ESC O`.
    case ss3(isOverlong: Bool)
    /// `buffer` starts with `ESC ]`, `ESC P`, `ESC _`, `ESC ^` or `ESC X`; after a cut-off,
    /// it holds the bytes since the last chunk.
    case controlString(ControlStringProgress)
    /// `ESC [ [`: Linux console F1…F5 take one more byte.
    case linuxFunctionKey
    case utf8(UTF8Progress)
    /// `ESC [ M` and up to three raw bytes.
    case x10Mouse
    /// Inside bracketed paste; `matched` bytes of the end marker have been seen.
    case paste(matched: Int)
  }

  struct UTF8Progress: Sendable {
    var scalar: UInt32
    var remaining: Int
    var lower: UInt8
    var upper: UInt8
    var isAltPrefixed: Bool
  }

  static let escape: UInt8 = 0x1b
  private static let pasteStart: [UInt8] = Array("\u{1b}[200~".utf8)
  private static let pasteEnd: [UInt8] = Array("\u{1b}[201~".utf8)

  /// Consumes one byte.
  ///
  /// Returns true when the byte ended a sequence without being part of it and must be fed
  /// again; the state is then `.ground`, which consumes every byte.
  private mutating func step(_ byte: UInt8, into events: inout [TerminalEvent]) -> Bool {
    switch state {
    case .ground:
      stepGround(byte, into: &events)
      return false
    case .escape:
      stepEscape(byte, into: &events)
      return false
    case .csi(let isOverlong):
      return stepControlSequence(byte, isOverlong: isOverlong, isSS3: false, into: &events)
    case .ss3(let isOverlong):
      return stepControlSequence(byte, isOverlong: isOverlong, isSS3: true, into: &events)
    case .controlString(let progress):
      return stepControlString(byte, progress: progress, into: &events)
    case .linuxFunctionKey:
      state = .ground
      if let number = Self.linuxFunctionNumber(byte) {
        buffer = []
        events.append(.key(TerminalKeyEvent(.function(number))))
        return false
      }
      if (0x20...0x7e).contains(byte) {
        buffer.append(byte)
        events.append(.unknown(buffer))
        buffer = []
        return false
      }
      events.append(.unknown(buffer))
      buffer = []
      return true
    case .utf8(let progress):
      return stepUTF8(byte, progress: progress, into: &events)
    case .x10Mouse:
      buffer.append(byte)
      if buffer.count == 6 {
        events.append(Self.x10Mouse(buffer))
        buffer = []
        state = .ground
      }
      return false
    case .paste(let matched):
      stepPaste(byte, matched: matched, into: &events)
      return false
    }
  }

  private mutating func stepGround(_ byte: UInt8, into events: inout [TerminalEvent]) {
    switch byte {
    case Self.escape:
      state = .escape
      buffer = [byte]
    case 0x80...0xff:
      startUTF8(byte, isAltPrefixed: false, into: &events)
    default:
      events.append(.key(Self.asciiKey(byte)))
    }
  }

  private mutating func stepEscape(_ byte: UInt8, into events: inout [TerminalEvent]) {
    switch byte {
    case UInt8(ascii: "["):
      buffer.append(byte)
      state = .csi(isOverlong: false)
    case UInt8(ascii: "O"):
      buffer.append(byte)
      state = .ss3(isOverlong: false)
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"),
      UInt8(ascii: "X"):
      // OSC, DCS, APC, PM, SOS. The 8-bit forms (0x9D, 0x90…) are not read: like 8-bit CSI,
      // they cannot be told from UTF-8, and terminals in UTF-8 mode do not send them.
      buffer.append(byte)
      state = .controlString(ControlStringProgress())
    case Self.escape:
      // ESC ESC: the first was the Escape key; the second may start a sequence.
      events.append(.key(TerminalKeyEvent(.escape)))
    case 0x80...0xff:
      buffer = []
      startUTF8(byte, isAltPrefixed: true, into: &events)
    default:
      var event = Self.asciiKey(byte)
      event.modifiers.insert(.alt)
      events.append(.key(event))
      buffer = []
      state = .ground
    }
  }

  /// One byte of a CSI or SS3 sequence.
  private mutating func stepControlSequence(
    _ byte: UInt8, isOverlong: Bool, isSS3: Bool, into events: inout [TerminalEvent]
  ) -> Bool {
    switch byte {
    case 0x20...0x3f where !isSS3 || byte >= 0x30:
      buffer.append(byte)
      if buffer.count >= options.maxSequenceBytes {
        events.append(.unknown(buffer))
        buffer = []
        state = isSS3 ? .ss3(isOverlong: true) : .csi(isOverlong: true)
      }
      return false
    case 0x40...0x7e:
      if !isOverlong && !isSS3 && buffer.count == 2 {
        if byte == UInt8(ascii: "[") {
          buffer.append(byte)
          state = .linuxFunctionKey
          return false
        }
        if byte == UInt8(ascii: "M") {
          buffer.append(byte)
          state = .x10Mouse
          return false
        }
      }
      buffer.append(byte)
      state = .ground
      if isOverlong {
        events.append(.unknown(buffer))
      } else if buffer == Self.pasteStart {
        state = .paste(matched: 0)
        pasteBytes = []
      } else if isSS3 {
        events.append(interpretSS3(buffer))
      } else {
        events.append(interpretCSI(buffer))
      }
      buffer = []
      return false
    default:
      // A control byte, DEL or a non-ASCII byte cannot be inside a sequence: the sequence
      // was cut short. Report it, then read the byte afresh.
      events += abandonedSequence()
      state = .ground
      buffer = []
      return true
    }
  }

  /// What an unfinished CSI/SS3/X10 sequence or control string means when it cannot continue.
  func abandonedSequence() -> [TerminalEvent] {
    if isIntroducerOnly {
      // `ESC [`, `ESC O`, `ESC ]`… and nothing more: the user typed Alt+[, Alt+O, Alt+]….
      let key = TerminalKeyEvent(.character(Unicode.Scalar(buffer[1])), modifiers: .alt)
      return [.key(key)]
    }
    return buffer.isEmpty ? [] : [.unknown(buffer)]
  }

  // MARK: - UTF-8

  private mutating func startUTF8(
    _ lead: UInt8, isAltPrefixed: Bool, into events: inout [TerminalEvent]
  ) {
    let start: (remaining: Int, lower: UInt8, upper: UInt8, bits: UInt8)?
    switch lead {
    case 0xc2...0xdf: start = (1, 0x80, 0xbf, lead & 0x1f)
    case 0xe0: start = (2, 0xa0, 0xbf, lead & 0x0f)
    case 0xe1...0xec, 0xee...0xef: start = (2, 0x80, 0xbf, lead & 0x0f)
    case 0xed: start = (2, 0x80, 0x9f, lead & 0x0f)  // no surrogates
    case 0xf0: start = (3, 0x90, 0xbf, lead & 0x07)
    case 0xf1...0xf3: start = (3, 0x80, 0xbf, lead & 0x07)
    case 0xf4: start = (3, 0x80, 0x8f, lead & 0x07)  // nothing above U+10FFFF
    default: start = nil  // a stray continuation byte, C0/C1 overlong leads, F5…FF
    }
    guard let start else {
      events.append(.key(Self.replacementCharacter(alt: isAltPrefixed)))
      state = .ground
      return
    }
    state = .utf8(
      UTF8Progress(
        scalar: UInt32(start.bits), remaining: start.remaining, lower: start.lower,
        upper: start.upper, isAltPrefixed: isAltPrefixed))
  }

  private mutating func stepUTF8(
    _ byte: UInt8, progress: UTF8Progress, into events: inout [TerminalEvent]
  ) -> Bool {
    guard (progress.lower...progress.upper).contains(byte) else {
      events.append(.key(Self.replacementCharacter(alt: progress.isAltPrefixed)))
      state = .ground
      return true
    }
    var next = progress
    next.scalar = next.scalar << 6 | UInt32(byte & 0x3f)
    next.remaining -= 1
    next.lower = 0x80
    next.upper = 0xbf
    guard next.remaining == 0 else {
      state = .utf8(next)
      return false
    }
    state = .ground
    let scalar = Unicode.Scalar(next.scalar) ?? "\u{FFFD}"
    let modifiers: KeyModifiers = next.isAltPrefixed ? .alt : []
    events.append(.key(TerminalKeyEvent(.character(scalar), modifiers: modifiers)))
    return false
  }

  private static func replacementCharacter(alt: Bool) -> TerminalKeyEvent {
    TerminalKeyEvent(.character("\u{FFFD}"), modifiers: alt ? .alt : [])
  }

  // MARK: - Bracketed paste

  private mutating func stepPaste(
    _ byte: UInt8, matched: Int, into events: inout [TerminalEvent]
  ) {
    if byte == Self.pasteEnd[matched] {
      if matched + 1 == Self.pasteEnd.count {
        events.append(.paste(String(decoding: pasteBytes, as: UTF8.self)))
        pasteBytes = []
        state = .ground
      } else {
        state = .paste(matched: matched + 1)
      }
      return
    }
    // Not the end marker after all: what matched so far is text. ESC starts the marker
    // and occurs nowhere else in it, so only this byte can begin a new match.
    pasteBytes += Self.pasteEnd.prefix(matched)
    if byte == Self.escape {
      state = .paste(matched: 1)
    } else {
      pasteBytes.append(byte)
      state = .paste(matched: 0)
    }
    if pasteBytes.count >= options.maxPasteBytes {
      let cut = Self.utf8Boundary(before: pasteBytes)
      events.append(.paste(String(decoding: pasteBytes[..<cut], as: UTF8.self)))
      pasteBytes.removeSubrange(..<cut)
    }
  }

  /// The largest prefix length of `bytes` that does not end inside a UTF-8 character.
  private static func utf8Boundary(before bytes: [UInt8]) -> Int {
    var start = bytes.count
    var continuation = 0
    while start > 0 && continuation < 3 && bytes[start - 1] & 0xc0 == 0x80 {
      start -= 1
      continuation += 1
    }
    guard start > 0, bytes[start - 1] >= 0xc0 else { return bytes.count }
    let lead = bytes[start - 1]
    let length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2
    let cut = bytes.count - (start - 1) < length ? start - 1 : bytes.count
    return cut == 0 ? bytes.count : cut
  }

  // MARK: - Single bytes

  /// The key a single ASCII byte (not ESC-prefixed) stands for.
  static func asciiKey(_ byte: UInt8) -> TerminalKeyEvent {
    switch byte {
    case 0x0d, 0x0a: return TerminalKeyEvent(.enter)
    case 0x09: return TerminalKeyEvent(.tab)
    case 0x08, 0x7f: return TerminalKeyEvent(.backspace)
    case 0x1b: return TerminalKeyEvent(.escape)
    case 0x00: return TerminalKeyEvent(.character(" "), modifiers: .control)
    case 0x01...0x1a:
      return TerminalKeyEvent(.character(Unicode.Scalar(byte + 0x60)), modifiers: .control)
    case 0x1c...0x1f:
      return TerminalKeyEvent(.character(Unicode.Scalar(byte + 0x40)), modifiers: .control)
    default:
      return TerminalKeyEvent(.character(Unicode.Scalar(byte)))
    }
  }

  private static func linuxFunctionNumber(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "E"): Int(byte - UInt8(ascii: "A")) + 1
    default: nil
    }
  }
}
