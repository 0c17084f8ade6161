import Suggestions
import SystemIO
import SystemPackage
import TerminalInput
import TerminalUI

/// The suggestion bar's I/O, which the pad and `cheonjiin run` share: the data loaded on a thread
/// of its own after the first frame, and learned words handed to the caller's store.
package final class SuggestionSupply {
  private let load: (@Sendable () -> SuggestionData?)?
  private let store: (@Sendable (String) -> Void)?
  /// The data, handed over from the loading thread.
  private let loaded = Mailbox<SuggestionData>()

  /// - Parameters:
  ///   - load: Loads the data (slow: a disk, a word list); nil for no bar.
  ///   - learn: Remembers a learned word (the caller stores it off the loop's thread).
  package init(
    load: (@Sendable () -> SuggestionData?)?, learn: (@Sendable (String) -> Void)?
  ) {
    self.load = load
    store = learn
  }

  /// Starts loading: the pad shows at once, the bar fills in when ready, and the loop is woken
  /// with ``WakeNote/servicesByte``.
  package func start(wake: FileDescriptor) {
    guard let load else { return }
    let box = loaded
    SerialThread().run {
      box.put(load())
      _ = try? wake.writeAll([WakeNote.servicesByte])  // a full pipe already wakes the loop
    }
  }

  /// The data, once loaded (then nil again).
  package func take() -> SuggestionData? { loaded.take() }

  /// Remembers a word committed or taken from the bar, or a pair of words typed one after the
  /// other (``SuggestionBar/pairRecord(previous:next:)``: the two words, a space between).
  package func learn(_ word: String) { store?(word) }
}

extension SuggestionBar {
  /// The data arrived: the bar fills in, and what it says about itself (a damaged word file)
  /// shows on the status line for 10 s.
  package mutating func load(
    _ data: SuggestionData, message: inout (text: String, until: Instant)?, at time: Instant
  ) {
    load(data)
    if let notice = data.notice { message = (notice, time + .milliseconds(10_000)) }
  }
}
