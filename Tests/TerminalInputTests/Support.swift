import Testing

@testable import TerminalInput

// MARK: - Byte fixtures

/// The bytes of a fixture string, where `␛` (U+241B) stands for ESC (0x1b).
func bytes(_ text: String) -> [UInt8] {
  Array(text.replacingEscapeSymbol().utf8)
}

extension String {
  fileprivate func replacingEscapeSymbol() -> String {
    String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\u{241B}" ? "\u{1b}" : $0 }))
  }
}

/// One decoder fixture: bytes in, events out.
struct DecoderCase: Sendable, CustomTestStringConvertible {
  let id: String
  let input: [UInt8]
  let expected: [TerminalEvent]
  let options: ByteDecoder.Options
  var testDescription: String { id }

  init(
    _ id: String, _ input: String, _ expected: [TerminalEvent],
    options: ByteDecoder.Options = ByteDecoder.Options()
  ) {
    self.init(id, bytes: bytes(input), expected, options: options)
  }

  init(
    _ id: String, bytes input: [UInt8], _ expected: [TerminalEvent],
    options: ByteDecoder.Options = ByteDecoder.Options()
  ) {
    self.id = id
    self.input = input
    self.expected = expected
    self.options = options
  }
}

let start = Instant.milliseconds(1_000)

/// Feeds `input` in pieces cut at `cuts` (all at the same instant), then finishes.
func decode(
  _ input: [UInt8], cuts: [Int] = [], options: ByteDecoder.Options = ByteDecoder.Options()
) -> [TerminalEvent] {
  var decoder = ByteDecoder(options: options)
  var events: [TerminalEvent] = []
  var from = 0
  for cut in cuts + [input.count] {
    events += decoder.feed(input[from..<cut], at: start)
    from = cut
  }
  return events + decoder.finish()
}

/// Checks a fixture fed whole, byte by byte, and split in two at every position.
func expectDecodes(_ fixture: DecoderCase, sourceLocation: SourceLocation = #_sourceLocation) {
  let whole = decode(fixture.input, options: fixture.options)
  #expect(whole == fixture.expected, "whole", sourceLocation: sourceLocation)
  let single = decode(
    fixture.input, cuts: Array(fixture.input.indices.dropFirst()), options: fixture.options)
  #expect(single == fixture.expected, "byte by byte", sourceLocation: sourceLocation)
  for cut in fixture.input.indices.dropFirst() {
    let split = decode(fixture.input, cuts: [cut], options: fixture.options)
    #expect(split == fixture.expected, "split at \(cut)", sourceLocation: sourceLocation)
  }
}

// MARK: - Event shorthands

func key(
  _ key: TerminalKey, _ modifiers: KeyModifiers = [], _ kind: KeyEventKind = .press,
  locks: LockState = []
) -> TerminalEvent {
  .key(TerminalKeyEvent(key, modifiers: modifiers, kind: kind, source: .legacy, locks: locks))
}

func kitty(
  _ key: TerminalKey, _ modifiers: KeyModifiers = [], _ kind: KeyEventKind = .press,
  locks: LockState = []
) -> TerminalEvent {
  .key(TerminalKeyEvent(key, modifiers: modifiers, kind: kind, source: .kitty, locks: locks))
}

func ss3(_ key: TerminalKey, _ modifiers: KeyModifiers = []) -> TerminalEvent {
  .key(TerminalKeyEvent(key, modifiers: modifiers, source: .ss3))
}

func char(_ scalar: Unicode.Scalar, _ modifiers: KeyModifiers = []) -> TerminalEvent {
  key(.character(scalar), modifiers)
}

func text(_ string: String) -> [TerminalEvent] {
  string.unicodeScalars.map { char($0) }
}

func mouse(
  _ button: MouseButton, _ action: MouseAction, _ column: Int, _ row: Int,
  _ modifiers: KeyModifiers = []
) -> TerminalEvent {
  .mouse(
    MouseEvent(button: button, action: action, column: column, row: row, modifiers: modifiers))
}

func unknown(_ text: String) -> TerminalEvent {
  .unknown(bytes(text))
}

let replacement = char("\u{FFFD}")

/// Checks that `events` are `input` cut into `chunks` unknown events of at most `limit` bytes
/// (an overlong sequence or control string), followed by `next`, the key after it.
func expectChunked(
  _ events: [TerminalEvent], of input: some Collection<UInt8>, chunks expectedChunks: Int,
  limit: Int,
  then next: TerminalEvent, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(events.last == next, sourceLocation: sourceLocation)
  var chunks: [[UInt8]] = []
  for event in events.dropLast() {
    guard case .unknown(let chunk) = event else {
      Issue.record("expected only unknown chunks, got \(event)", sourceLocation: sourceLocation)
      return
    }
    chunks.append(chunk)
  }
  #expect(chunks.count == expectedChunks, sourceLocation: sourceLocation)
  #expect(chunks.allSatisfy { $0.count <= limit }, sourceLocation: sourceLocation)
  #expect(Array(chunks.joined()) == Array(input), sourceLocation: sourceLocation)
}
