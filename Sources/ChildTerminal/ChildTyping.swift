import HangulEngine

/// The 천지인 engine typing into a child program as it goes, on the engine's (commit, preedit)
/// contract: what a press commits is sent at once, the open syllables stay on screen only.
///
/// Pure: presses in, bytes for the child out. The child owns the document, so a press that
/// takes back text already sent (⌫ with nothing open, a hold that undoes its taps) sends the
/// child's erase character once per character, then the new text; readline, vim's insert mode
/// and `cat` then end with the same text.
public struct ChildTyping {
  public private(set) var engine: InputMethod
  /// The engine before each tap of the open run, and what was sent since, for undoing taps
  /// (a hold replaces the taps of its key press).
  private var snapshots: [(engine: InputMethod, sentSince: [Character])] = []
  /// The end of what the pad sent since the last key that went to the child: the child may
  /// move its cursor on any other key, so only this is known to lie just before the cursor.
  public private(set) var sentTail = ""

  /// How much of the sent text is kept: more than any word.
  static let tailLimit = 64

  public init(layouts: [Layout]) {
    engine = InputMethod(layouts: layouts)
  }

  /// What is still open, shown at the child's cursor and in the dock.
  public var preedit: String { engine.preedit }

  /// The text just before the child's cursor as the pad knows it.
  ///
  /// What the pad sent since the last other key, and what is open; suggestions look at its last
  /// word.
  public var tail: String { sentTail + engine.preedit }

  /// Taps a pad key.
  ///
  /// - Parameter erase: The child's erase character (its VERASE), sent per character taken back.
  /// - Returns: The bytes for the child.
  public mutating func tap(_ key: Int, erase: UInt8) -> [UInt8] {
    snapshots.append((engine, []))
    return send(engine.tap(key), erase: erase)
  }

  /// Holds a pad key, first undoing the last `undoTaps` taps of its run (their text too, if
  /// it reached the child).
  public mutating func hold(_ key: Int, undoTaps: Int, erase: UInt8) -> [UInt8] {
    var bytes = undo(undoTaps, erase: erase)
    bytes += send(engine.hold(key), erase: erase)
    return bytes
  }

  /// Undoes the last `count` taps of the run and types nothing.
  public mutating func undo(_ count: Int, erase: UInt8) -> [UInt8] {
    guard count > 0, !snapshots.isEmpty else { return [] }
    let index = max(0, snapshots.count - count)
    // Each snapshot's record holds everything sent after it.
    let taken = snapshots[index].sentSince.count
    engine = snapshots[index].engine
    snapshots.removeSubrange(index...)
    sentTail.removeLast(min(taken, sentTail.count))
    return [UInt8](repeating: erase, count: taken)
  }

  /// Replaces the last `count` characters of ``tail`` (a word being typed) with `text`: the
  /// open syllables are dropped, the sent ones erased, then `text` is sent.
  public mutating func replaceTrailing(_ count: Int, with text: String, erase: UInt8) -> [UInt8] {
    release()
    let open = engine.preedit.count
    engine.reset()
    let sent = min(max(0, count - open), sentTail.count)
    sentTail.removeLast(sent)
    appendToTail(text)
    return [UInt8](repeating: erase, count: sent) + Array(text.utf8)
  }

  /// The key's run is over: its taps can no longer be undone.
  public mutating func release() {
    snapshots.removeAll()
  }

  /// A key that goes to the child (Enter, Esc, an arrow, Ctrl-…): the open syllables are
  /// committed first, then the key's own bytes follow.
  public mutating func passThrough(_ keyBytes: [UInt8]) -> [UInt8] {
    release()
    let commit = engine.flush().commit
    sentTail = ""
    return Array(commit.utf8) + keyBytes
  }

  /// Commits the open syllables (the pad's → key): the child's cursor stays where the pad
  /// left it, so the word goes on.
  public mutating func flush() -> [UInt8] {
    release()
    return send(engine.flush(), erase: 0)
  }

  /// The child is gone: what was still open, for standard error, so nothing typed is lost.
  public mutating func finish() -> String {
    release()
    return engine.flush().commit
  }

  private mutating func send(_ output: KeyOutput, erase: UInt8) -> [UInt8] {
    var bytes = [UInt8](repeating: erase, count: output.erase)
    bytes += output.commit.utf8
    sentTail.removeLast(min(output.erase, sentTail.count))
    appendToTail(output.commit)
    // Track what reached the child since each snapshot, so an undo can take it back.
    for index in snapshots.indices {
      var sent = snapshots[index].sentSince
      sent.removeLast(min(output.erase, sent.count))
      sent += output.commit
      snapshots[index].sentSince = sent
    }
    return bytes
  }

  private mutating func appendToTail(_ text: String) {
    sentTail += text
    if sentTail.count > Self.tailLimit { sentTail.removeFirst(sentTail.count - Self.tailLimit) }
  }
}
