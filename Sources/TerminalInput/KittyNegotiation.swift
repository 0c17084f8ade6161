/// Finds out whether the terminal speaks the kitty keyboard protocol, and which flags it
/// granted, without blocking.
///
/// The front end writes ``start(at:)``'s bytes after entering the alternate screen, passes
/// every decoded event through ``handle(_:)`` (which consumes the replies), polls with
/// ``nextDeadline`` and calls ``advance(to:)``, and writes ``exitBytes`` before leaving the
/// alternate screen. The rule (kitty's keyboard-protocol documentation, "Detection of
/// support"): a `CSI ? flags u` reply before the DA1 reply means supported; a DA1 reply
/// alone, or no reply within the timeout, means unsupported.
public struct KittyNegotiation: Sendable {
  /// What is known about support.
  public enum Outcome: Hashable, Sendable {
    /// Not started, or waiting for replies.
    case pending
    /// The terminal answered the flags query; the flags are those in force after the push.
    case supported(granted: KittyKeyboardFlags)
    /// DA1 came first, or nothing came in time.
    case unsupported
  }

  /// The flags pushed by ``start(at:)``.
  public let requestedFlags: KittyKeyboardFlags
  /// How long to wait for any reply.
  public let timeoutMs: UInt64
  /// What is known so far.
  public private(set) var outcome: Outcome = .pending

  private var deadline: Instant?
  private var hasStarted = false
  /// The outcome of the last finished negotiation, in force while a new one is pending: the
  /// terminal keeps speaking the protocol while it answers again after a resume.
  private var settled: Outcome?
  /// Queries sent whose DA1 answer has not come: after a restart, the answer to an older
  /// query may still be on its way, and only the last one's DA1 decides "unsupported".
  private var unansweredQueries = 0
  /// When the last query was sent.
  private var queriedAt: Instant?

  /// Creates a negotiation; by default it asks for flags 1|2|8 = 11 (disambiguated keys,
  /// event types for releases and repeats, every key as an escape code).
  public init(
    requesting flags: KittyKeyboardFlags = [
      .disambiguateEscapeCodes, .reportEventTypes, .reportAllKeysAsEscapeCodes,
    ],
    timeoutMs: UInt64 = 500
  ) {
    requestedFlags = flags
    self.timeoutMs = timeoutMs
  }

  /// The bytes to write at start-up, and arms the timeout.
  ///
  /// Push flags (`CSI > 11 u`), query (`CSI ? u`), DA1 (`CSI c`). Calling it again
  /// restarts the negotiation: it pops what the last call pushed first, so the terminal's
  /// stack of flags never grows (popping an emptied stack only resets the flags), and keys
  /// are read as the last outcome said until the new answer comes.
  public mutating func start(at time: Instant) -> [UInt8] {
    let again = hasStarted
    if outcome != .pending { settled = outcome }
    hasStarted = true
    unansweredQueries += 1
    queriedAt = time
    outcome = .pending
    deadline = time + .milliseconds(timeoutMs)
    return (again ? Self.popBytes : []) + Self.pushBytes(requestedFlags) + Self.queryBytes
      + Self.deviceAttributesQueryBytes
  }

  /// Consumes a reply to the negotiation; returns false for every other event.
  ///
  /// Flags replies and DA1 replies are always consumed, also late ones. A flags reply that
  /// arrives after the timeout but before the last DA1 reply still upgrades the outcome to
  /// supported, since the terminal did apply the push.
  public mutating func handle(_ event: TerminalEvent) -> Bool {
    switch event {
    case .kittyKeyboardFlags(let flags):
      if unansweredQueries > 0 {
        outcome = .supported(granted: flags)
        deadline = nil
      }
      return true
    case .deviceAttributes:
      guard unansweredQueries > 0 else { return true }
      unansweredQueries -= 1
      if unansweredQueries == 0 {
        if outcome == .pending { outcome = .unsupported }
        deadline = nil
      }
      return true
    case .key, .mouse, .paste, .focusIn, .focusOut, .unknown:
      return false
    }
  }

  /// Until when an answer to a query is still on its way: a DA1 answer has not come, for at
  /// most twice the timeout after the last query; nil when none is expected.
  ///
  /// Read the terminal until then before leaving raw mode: an answer that comes after it is
  /// typed at the shell's prompt.
  public var awaitedUntil: Instant? {
    guard unansweredQueries > 0, let queriedAt else { return nil }
    return queriedAt + .milliseconds(2 * timeoutMs)
  }

  /// When to give up waiting; nil once decided or before ``start(at:)``.
  public var nextDeadline: Instant? { outcome == .pending ? deadline : nil }

  /// Decides "unsupported" if the timeout has passed at `time` with no reply.
  public mutating func advance(to time: Instant) {
    guard let deadline = nextDeadline, deadline <= time else { return }
    outcome = .unsupported
    self.deadline = nil
  }

  /// True when real release events will arrive (supported and flag 2 granted).
  ///
  /// Then use ``ReleaseReporting/exact`` for keyboard keys; otherwise `.inferred`.
  public var reportsReleases: Bool {
    switch outcome == .pending ? settled ?? .pending : outcome {
    case .supported(let granted): granted.contains(.reportEventTypes)
    case .pending, .unsupported: false
    }
  }

  /// The bytes to write before leaving the alternate screen.
  ///
  /// Pop (`CSI < u`) if ``start(at:)`` was called, whatever the outcome (a late-answering
  /// terminal may have applied the push; an unsupporting one ignores the pop); else empty.
  public var exitBytes: [UInt8] { hasStarted ? Self.popBytes : [] }

  /// `CSI > flags u`: push flags onto the terminal's stack.
  public static func pushBytes(_ flags: KittyKeyboardFlags) -> [UInt8] {
    Array("\u{1b}[>\(flags.rawValue)u".utf8)
  }

  /// `CSI ? u`: ask for the current flags.
  public static let queryBytes: [UInt8] = Array("\u{1b}[?u".utf8)
  /// `CSI c`: primary device attributes, which every terminal answers.
  public static let deviceAttributesQueryBytes: [UInt8] = Array("\u{1b}[c".utf8)
  /// `CSI < u`: pop one entry (for signal handlers: copy it before installing them).
  public static let popBytes: [UInt8] = Array("\u{1b}[<u".utf8)
}
