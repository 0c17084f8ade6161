import HangulEngine

/// The learner's text as practice follows it: a copy of the pad's document kept up to date a
/// press at a time, and how far it agrees with the item's preferred spelling.
///
/// The pad says where its document changed since the last press (everything before is as it
/// was), so a press costs what it changed, not the item's length; without that word the whole
/// document is copied again, as before.
struct TypedText: Sendable {
  /// The finished text, as UTF-8.
  private(set) var document: [UInt8] = []
  /// The open composition.
  private(set) var preedit = ""
  /// How many leading bytes of ``document`` equal the target's.
  private(set) var matched = 0
  /// The preferred spelling.
  private let target: String
  private let targetBytes: [UInt8]
  /// Where ``document`` has scalars whose byte form may differ from a canonically equal one
  /// (see ``isPlain(_:)``), ascending: while there are none on either side, the text equals
  /// the target exactly when its bytes do.
  private var unusualOffsets: [Int] = []
  private let targetIsPlain: Bool

  init(target: String) {
    self.target = target
    targetBytes = Array(target.utf8)
    targetIsPlain = target.unicodeScalars.allSatisfy(Self.isPlain)
  }

  /// Follows the engine after a press.
  ///
  /// - Parameter unchangedBelow: The document's first this many bytes are as they were at the
  ///   last update; `nil` when not known (the whole document is copied).
  mutating func update(from engine: Typist<some BufferedDocument>, unchangedBelow: Int?) {
    let now = engine.buffer.utf8
    let kept = min(max(0, unchangedBelow ?? 0), document.count, now.count)
    document.removeSubrange(kept...)
    while let last = unusualOffsets.last, last >= kept { unusualOffsets.removeLast() }
    var offset = kept
    for scalar in String(decoding: now[kept...], as: UTF8.self).unicodeScalars {
      if !Self.isPlain(scalar) { unusualOffsets.append(offset) }
      offset += UTF8.width(scalar)
    }
    document.append(contentsOf: now[kept...])
    matched = min(matched, kept)
    while matched < document.count, matched < targetBytes.count,
      document[matched] == targetBytes[matched]
    {
      matched += 1
    }
    preedit = engine.inputMethod.preedit.string
  }

  /// The whole text (O(length)).
  var text: String { String(decoding: document, as: UTF8.self) + preedit }

  /// Whether the text equals the preferred spelling, as `text == target` says, without
  /// comparing the whole text when the bytes settle it.
  var isTarget: Bool {
    let preeditBytes = preedit.utf8
    if matched == document.count, document.count + preeditBytes.count == targetBytes.count,
      preeditBytes.elementsEqual(targetBytes[document.count...])
    {
      return true
    }
    if targetIsPlain, unusualOffsets.isEmpty, preedit.unicodeScalars.allSatisfy(Self.isPlain) {
      return false
    }
    return text == target
  }

  /// The first `count` characters of the text, without making all of it.
  func characters(upTo count: Int) -> [Character] {
    guard count > 0 else { return [] }
    var bytes = min(document.count, 16 * (count + 1))
    while true {
      let isWhole = bytes == document.count
      let head = String(decoding: document[..<bytes], as: UTF8.self) + (isWhole ? preedit : "")
      // A cut can only change the last character of `head` (a cut scalar or cluster): the
      // ones before it are the text's own.
      if isWhole || head.count > count { return Array(head.prefix(count)) }
      bytes = min(document.count, bytes * 2)
    }
  }

  /// Scalars with no other canonically equal form in a text.
  ///
  /// ASCII, Latin-1, whole Hangul syllables and compatibility jamo (what the pad types).
  /// Conjoining jamo, combining marks and everything else send ``isTarget`` to the full
  /// comparison.
  static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x300, 0x3131...0x318E, 0xAC00...0xD7A3: true
    default: false
    }
  }
}
