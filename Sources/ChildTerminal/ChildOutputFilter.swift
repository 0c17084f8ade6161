/// Rewrites a child program's output so that libvterm 0.1.4 only ever sees what it handles
/// safely, and picks out what the emulator does itself.
///
/// Debian 12's libvterm writes past its array of 16 CSI parameters (vim's colour sequence
/// `CSI 38;2;1;2;3;48;2;4;5;6;58;2;7;8;9;1;4 m` has 17 and crashed it), repeats a zero-width
/// character forever on REP, gathers combining characters without bound, and prints the
/// payload of APC, PM and SOS strings as text. So every control sequence is read here whole
/// and written again in a form libvterm parses safely, and libvterm is always between
/// sequences when a piece ends:
///
/// - CSI: one leader and one intermediate byte at most, at most 16 parameters, each at most
///   65535; SGR and mode set/reset with more are split into several sequences (each attribute
///   whole), others are cut; a mode set or reset becomes one sequence per mode (libvterm
///   0.1.4 applies only the first, so ncurses' `CSI ? 1006 ; 1000 h` never reached the
///   mouse); REP becomes the repeated character, at most a row of it, and only right after a
///   graphic character, as xterm does (not after another REP or any control).
/// - OSC: not passed; OSC 52 (a clipboard write) is handed over as an ``Event``.
/// - DCS: a status request (`DCS $ q … ST`) of up to 64 bytes is passed; others are not.
/// - APC, PM, SOS: not passed.
/// - More than ``combiningLimit`` combining characters in a row: the rest are dropped.
/// - NUL, DEL, CAN and SUB outside sequences: dropped (libvterm ignores them too).
/// - DECRC (`ESC 8`): followed by ``cursorBoundsCheck``, as the cursor it restores may be
///   outside a screen made smaller since.
/// - DECSC and DECRC (`ESC 7`/`ESC 8`, modes 1048 and 1049): libvterm 0.1.4 saves no character
///   sets, so they are followed here and designated again after a restore, as xterm restores
///   them (`ESC ( 0 ESC 7 ESC ( B ESC 8 q` draws a line).
/// - DECCOLM (mode 3): followed by resetting the margins, clearing the screen and homing the
///   cursor, as xterm and tmux do (the width stays: the window decides it).
///
/// It also reports what libvterm 0.1.4 does not keep: SGR 2 (dim) and 8 (conceal), the cursor
/// style exactly as asked (`CSI Ps SP q`), and `CSI 3 J` (clear the scrollback).
///
/// Pure; bounded memory (a sequence is at most ``parameterLimit`` parameters, a clipboard
/// write at most ``clipboardLimit`` bytes).
///
/// A single state machine over the child's bytes, in two files: here its state, text and
/// escape sequences; CSI and the strings (OSC, DCS, APC, PM, SOS) in
/// `ChildOutputFilter+Sequences.swift`.
public struct ChildOutputFilter: Sendable {
  /// What the emulator handles itself, at a point in the output.
  public enum Event: Hashable, Sendable {
    /// SGR 2 turned dim on, or SGR 0/22 (or a reset) turned it off.
    case dim(Bool)
    /// SGR 8 turned conceal on, or SGR 0/28 (or a reset) turned it off.
    case conceal(Bool)
    /// `CSI Ps SP q`: 0 the terminal's default, 1/2 blinking/steady block, 3/4 underline,
    /// 5/6 bar.
    case cursorStyle(Int)
    /// `CSI 3 J`: the lines kept above the screen are to be forgotten.
    case clearScrollback
    /// `CSI ? 1049 $ p` (DECRQM): is the alternate screen shown? libvterm 0.1.4 answers 0
    /// (unknown) where xterm answers 1 or 2.
    case alternateScreenQuery
    /// `OSC 52 ; selection ; base64 ST`: the program writes the clipboard.
    case clipboard(selection: [UInt8], base64: [UInt8])
  }

  /// The most parameters libvterm 0.1.4 keeps (its `CSI_ARGS_MAX`).
  public static let parameterLimit = 16
  /// The largest parameter value passed on: far beyond any screen, far from `int` overflow.
  public static let valueLimit = 65535
  /// Combining characters kept after one base character (libvterm gathers them unbounded).
  public static let combiningLimit = 32
  /// The longest clipboard write taken (base64 bytes); a longer one is dropped whole.
  public static let clipboardLimit = 1 << 20
  /// The longest DCS passed on (status requests are a few bytes).
  static let dcsLimit = 64
  /// A sequence that changes nothing but makes libvterm bring its cursor inside the screen:
  /// every CSI it handles ends with that check, and mode 0 does not exist.
  public static let cursorBoundsCheck = Array("\u{1B}[?0h".utf8)

  enum State: Sendable {
    case ground
    case escape
    case csi(CSIPart)
    /// A string being read: OSC, DCS, or APC/PM/SOS; `escape` after an ESC inside it.
    case string(StringKind, escape: Bool)
  }

  enum CSIPart: Sendable {
    case leader, parameters, intermediates
  }

  enum StringKind: Sendable {
    case osc, dcs, ignored
  }

  /// A CSI parameter: its value (nil when left out) and whether a `:` subparameter follows.
  struct Parameter: Sendable {
    var value: Int?
    var hasMore: Bool
  }

  /// Bytes REP may repeat: REP repeats what is needed to make a row's worth, no more.
  public var columns: Int
  var state = State.ground
  /// The sequence being read: ESC's intermediates and final, or CSI's parts.
  var intermediates: [UInt8] = []
  var leader: UInt8?
  var parameters: [Parameter] = []
  /// Parameters beyond what is kept (the sequence is cut or split).
  var hasTooManyIntermediates = false
  /// An OSC or DCS string's bytes, up to its limit.
  var string: [UInt8] = []
  var stringOverflowed = false
  /// The bytes of the character being decoded (UTF-8), and how many more it needs.
  var pending = PackedCharacter()
  var pendingNeeds = 0
  /// Combining characters since the last base character.
  var combiningRun = 0
  /// The last graphic character printed, for REP; empty when something else came after it.
  var lastGraphic = PackedCharacter()
  /// What REP repeats: ``lastGraphic`` as it was when the sequence began.
  var repeatable = PackedCharacter()
  var isDim = false
  var isConcealed = false
  /// The character sets designated now, and those DECSC saved.
  var characterSets = CharacterSets()
  var savedCharacterSets = CharacterSets()
  /// Whether the OSC being read is a clipboard write (the only one whose text is kept).
  var isClipboard = false
  /// IRM (`CSI 4 h`) and DECLRMM (`CSI ? 69 h`) as last set: text then shifts cells or wraps
  /// at a margin.
  ///
  /// Cleared by RIS; DECSTR leaves them, so they may stay set here after libvterm
  /// cleared them, never the other way.
  var isInsertMode = false
  var hasLeftRightMargins = false
  /// Bytes that are not UTF-8 were passed on: libvterm's decoder keeps what it made of them
  /// into the next text it is given, until RIS.
  var hasPassedInvalidText = false

  /// Text read now is plain text (see ``filter(_:into:events:text:)``).
  var isPlainText: Bool {
    characterSets.showsASCII && !isInsertMode && !hasLeftRightMargins && !hasPassedInvalidText
  }

  public init(columns: Int) {
    self.columns = max(1, columns)
    parameters.reserveCapacity(Self.parameterLimit * 2)
  }

  /// Reads `input` and appends what libvterm may see to `output`; events are appended with the
  /// count of `output` bytes that come before them.
  public mutating func filter(
    _ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8],
    events: inout [(offset: Int, event: Event)]
  ) {
    var text: [Range<Int>] = []
    filter(input, into: &output, events: &events, text: &text)
  }

  /// The same, and appends to `text` the ranges of `output` that are plain text.
  ///
  /// Plain text is printable ASCII and the C0 controls libvterm acts on, read between
  /// sequences, while the character set shown is ASCII, neither insert mode nor left and right
  /// margins are on, and no bytes that are not UTF-8 were passed since RIS. There each
  /// printable byte is a glyph of its own that overwrites one cell, which the emulator may
  /// write itself (see ``Emulator``).
  mutating func filter(
    _ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8],
    events: inout [(offset: Int, event: Event)], text: inout [Range<Int>]
  ) {
    var index = 0
    let count = input.count
    while index < count {
      if case .ground = state, pendingNeeds == 0 {
        // The common case: a run of printable ASCII and the C0 controls libvterm acts on (CR,
        // LF, tab, backspace, bell) goes through as it is: a flood's lines in one piece.
        let start = index
        var lastPrintable = -1
        while index < count {
          let byte = input[index]
          if byte >= 0x20 {
            guard byte < 0x7F else { break }
            lastPrintable = index
          } else if byte == 0x1B || byte == 0x00 || byte == 0x18 || byte == 0x1A || byte == 0x0E
            || byte == 0x0F
          {
            break  // SO and SI change the character set, which DECSC saves
          }
          index += 1
        }
        if index > start {
          output.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<index]))
          if lastPrintable >= 0, isPlainText {
            let piece = (output.count - (index - start))..<output.count
            if let last = text.last, last.upperBound == piece.lowerBound {
              text[text.count - 1] = last.lowerBound..<piece.upperBound
            } else {
              text.append(piece)
            }
          }
          if lastPrintable >= 0 { combiningRun = 0 }
          // REP repeats a character only right after it, not after a control.
          lastGraphic =
            lastPrintable == index - 1 ? PackedCharacter(input[lastPrintable]) : PackedCharacter()
          continue
        }
      }
      step(input[index], into: &output, events: &events)
      index += 1
    }
  }

  mutating func step(
    _ byte: UInt8, into output: inout [UInt8], events: inout [(offset: Int, event: Event)]
  ) {
    switch state {
    case .ground:
      ground(byte, into: &output)
    case .escape:
      escape(byte, into: &output, events: &events)
    case .csi(let part):
      csi(byte, part: part, into: &output, events: &events)
    case .string(let kind, let afterEscape):
      inString(byte, kind: kind, afterEscape: afterEscape, into: &output, events: &events)
    }
  }

  // MARK: - Text

  mutating func ground(_ byte: UInt8, into output: inout [UInt8]) {
    if byte >= 0x80 {
      utf8(byte, into: &output)
      return
    }
    interruptCharacter(into: &output)
    switch byte {
    case 0x1B:
      startEscape()
    case 0x00, 0x18, 0x1A, 0x7F:
      break  // NUL, CAN, SUB, DEL: nothing to cancel or show
    case 0x20..<0x7F:
      output.append(byte)
      lastGraphic = PackedCharacter(byte)
      combiningRun = 0
    default:
      control(byte, into: &output)  // the other C0 controls: CR, LF, BS, HT, BEL, SO, SI …
    }
  }

  /// A C0 control, which acts in text and inside sequences alike: the character set it
  /// shifts to is followed, and nothing is left for REP.
  mutating func control(_ byte: UInt8, into output: inout [UInt8]) {
    output.append(byte)
    lastGraphic = PackedCharacter()
    switch byte {
    case 0x0E: characterSets.shown = 1  // SO (LS1)
    case 0x0F: characterSets.shown = 0  // SI (LS0)
    default: break
    }
  }

  /// A byte of a UTF-8 character; the character goes out whole once complete (a combining
  /// character over the limit does not), invalid bytes go out as they are (libvterm shows
  /// U+FFFD for them).
  mutating func utf8(_ byte: UInt8, into output: inout [UInt8]) {
    if byte < 0xC0 {
      guard pendingNeeds > 0 else {
        output.append(byte)  // a stray continuation byte
        hasPassedInvalidText = true
        return
      }
      pending.append(byte)
      pendingNeeds -= 1
      if pendingNeeds == 0 { finishCharacter(into: &output) }
      return
    }
    interruptCharacter(into: &output)
    switch byte {
    case 0xC2...0xDF: pendingNeeds = 1
    case 0xE0...0xEF: pendingNeeds = 2
    case 0xF0...0xF4: pendingNeeds = 3
    default:
      output.append(byte)  // C0, C1 and F5…FF never start a character
      hasPassedInvalidText = true
      return
    }
    pending = PackedCharacter(byte)
  }

  /// A character cut short by something else: its bytes go out for libvterm to replace.
  mutating func interruptCharacter(into output: inout [UInt8]) {
    guard pendingNeeds > 0 else { return }
    pending.write(into: &output)
    pending = PackedCharacter()
    pendingNeeds = 0
    hasPassedInvalidText = true
  }

  mutating func finishCharacter(into output: inout [UInt8]) {
    let scalar = pending.scalarValue
    defer { pending = PackedCharacter() }
    if (0x80..<0xA0).contains(scalar) {
      return  // a C1 control written in UTF-8: libvterm would move the cursor left of 0
    }
    if Self.isCombining(scalar) {
      combiningRun += 1
      if combiningRun <= Self.combiningLimit { pending.write(into: &output) }
    } else {
      pending.write(into: &output)
      combiningRun = 0
      lastGraphic = pending
    }
  }

  /// Whether libvterm joins this scalar to the character before it (Markus Kuhn's table:
  /// nonspacing and enclosing marks, format characters, and the Hangul jamo that follow a
  /// choseong).
  static func isCombining(_ value: UInt32) -> Bool {
    switch value {
    case ..<0x300, 0x3400...0x9FFF, 0xAC00...0xD7A3: return false  // the common cases, fast
    case 0x1160...0x11FF: return true
    default:
      guard let scalar = Unicode.Scalar(value) else { return false }
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .enclosingMark, .format: return true
      default: return false
      }
    }
  }

  // MARK: - Escape sequences

  mutating func startEscape() {
    state = .escape
    repeatable = lastGraphic
    lastGraphic = PackedCharacter()
    intermediates.removeAll(keepingCapacity: true)
    hasTooManyIntermediates = false
  }

  /// The finals of ESC # that make a line double-width: 3 and 4 (double height), 6.
  static let doubleWidthLines: Set<UInt8> = [
    UInt8(ascii: "3"), UInt8(ascii: "4"), UInt8(ascii: "6"),
  ]

  mutating func escape(
    _ byte: UInt8, into output: inout [UInt8], events: inout [(offset: Int, event: Event)]
  ) {
    switch byte {
    case 0x1B:
      startEscape()
    case 0x18, 0x1A:
      state = .ground
    case 0x00, 0x7F, 0x80...0xFF:
      break  // ignored inside a sequence, as libvterm does
    case 0x01..<0x20:
      control(byte, into: &output)  // a C0 control inside a sequence still acts
    case 0x20...0x2F:
      if intermediates.count < 2 {
        intermediates.append(byte)
      } else {
        hasTooManyIntermediates = true
      }
    default:
      state = .ground
      if intermediates.isEmpty {
        switch byte {
        case UInt8(ascii: "["):
          leader = nil
          parameters.removeAll(keepingCapacity: true)
          parameters.append(Parameter(value: nil, hasMore: false))
          state = .csi(.leader)
          return
        case UInt8(ascii: "]"):
          startString(.osc)
          return
        case UInt8(ascii: "P"):
          startString(.dcs)
          return
        case UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
          startString(.ignored)
          return
        case UInt8(ascii: "c"):
          // RIS: libvterm resets the pen; dim and conceal are ours to reset.
          resetPen(at: output.count, events: &events)
          characterSets = CharacterSets()
          savedCharacterSets = CharacterSets()
          (isInsertMode, hasLeftRightMargins) = (false, false)
          hasPassedInvalidText = false
        default:
          break
        }
      }
      guard !hasTooManyIntermediates else { return }  // libvterm would not act on it
      if intermediates == [UInt8(ascii: "#")], Self.doubleWidthLines.contains(byte) {
        // DECDHL and DECDWL: libvterm 0.1.4 then gives the line half the columns, none on a
        // screen one column wide, and puts the cursor at column -1 (the fuzz test found it).
        // The emulator's rows never draw such lines, so nothing shown is lost.
        return
      }
      output.append(0x1B)
      output += intermediates
      output.append(byte)
      if intermediates.isEmpty, byte == UInt8(ascii: "8") {
        // DECRC may restore a cursor saved on a larger screen: libvterm 0.1.4 then writes
        // outside its arrays. A mode set it does not know ends in its bounds check.
        output += Self.cursorBoundsCheck
      }
      noteCharacterSets(intermediates: intermediates, final: byte, into: &output)
    }
  }

  /// Follows what an escape sequence does to the character sets: a designation, a locking
  /// shift, DECSC and DECRC.
  mutating func noteCharacterSets(
    intermediates: [UInt8], final: UInt8, into output: inout [UInt8]
  ) {
    switch (intermediates.first, intermediates.count, final) {
    case (let set?, 1, _) where (0x28...0x2B).contains(set):
      characterSets.designate(Int(set - 0x28), final)
    case (nil, 0, UInt8(ascii: "n")): characterSets.shown = 2  // LS2
    case (nil, 0, UInt8(ascii: "o")): characterSets.shown = 3  // LS3
    case (nil, 0, UInt8(ascii: "7")): savedCharacterSets = characterSets
    case (nil, 0, UInt8(ascii: "8")): restoreCharacterSets(into: &output)
    default: break
    }
  }

  /// Designates again what DECSC saved, where it differs from what is designated now.
  mutating func restoreCharacterSets(into output: inout [UInt8]) {
    output += savedCharacterSets.sequences(from: characterSets)
    characterSets = savedCharacterSets
  }

}

extension [UInt8] {
  /// Appends a non-negative number in decimal.
  mutating func appendDecimal(_ value: Int) {
    if value >= 10 { appendDecimal(value / 10) }
    append(UInt8(ascii: "0") + UInt8(value % 10))
  }
}

/// One UTF-8 character's bytes (at most four) in a word: no allocation per character.
struct PackedCharacter: Sendable {
  var bytes: UInt32 = 0
  private(set) var count = 0

  init() {}

  init(_ byte: UInt8) {
    bytes = UInt32(byte)
    count = 1
  }

  mutating func append(_ byte: UInt8) {
    guard count < 4 else { return }
    bytes |= UInt32(byte) << (8 * UInt32(count))
    count += 1
  }

  func write(into output: inout [UInt8]) {
    for index in 0..<count {
      output.append(UInt8(truncatingIfNeeded: bytes >> (8 * UInt32(index))))
    }
  }

  /// The scalar value the bytes encode (they are a complete, well-formed-looking sequence).
  var scalarValue: UInt32 {
    guard count > 0 else { return 0 }
    let mask: UInt32 = count == 2 ? 0x1F : count == 3 ? 0x0F : count == 4 ? 0x07 : 0x7F
    var value = bytes & 0xFF & mask
    for index in 1..<max(1, count) { value = value << 6 | (bytes >> (8 * UInt32(index)) & 0x3F) }
    return value
  }
}
