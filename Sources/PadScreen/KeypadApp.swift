import Drafts
import Foundation
import HangulEngine
import LayoutLoading
import Practice
import SystemIO
import SystemPackage
import TerminalInput
import TerminalUI
import Typing

/// Runs the keypad (`cheonjiin`): the terminal and the run loop around a
/// ``KeypadController``, then the text where the options say.
public enum KeypadApp {
  /// Runs until the text is dismissed or the run is cancelled.
  ///
  /// - Returns: The process exit status: 0 dismissed, 130 Ctrl-C, 128 + N for signal N,
  ///   1 when the keypad could not start (the message is already printed).
  public static func run(_ options: KeypadRunOptions) -> Int32 {
    let strings = UIStrings(options.settings.language)
    var tmux: TmuxSender?
    if let target = options.tmuxTarget {
      do {
        tmux = try TmuxSender(target: target)
      } catch {
        printError(strings.message(error))
        return 1
      }
    }
    // Held until the process ends: another pad started meanwhile writes a draft of its own.
    let claim = options.draft?.claim()
    var options = options
    options.draft = claim?.store
    let services = PadServices(
      draft: options.draft, tmux: tmux,
      suggestions: SuggestionSupply(load: options.loadSuggestions, learn: options.learn),
      strings: strings)
    let notices = claim.map { startNotices($0, strings: strings) } ?? []
    // Said before the screen takes the terminal, so it stays readable after the run.
    for notice in notices { printError(notice) }
    var settings = options.settings
    settings.unconfirmedDelivery = unconfirmedDelivery(options)
    let shown = notices + options.startNotices
    let controller = KeypadController(
      layouts: options.layouts, keymaps: options.keymaps, keymap: options.keymap,
      settings: settings, draft: claim?.text,
      notice: shown.isEmpty ? nil : shown.joined(separator: " · "))
    return Screens.run(controller, services: services, options: options) {
      outcome, final, terminal in
      finish(
        outcome, controller: final, terminal: terminal, services: services, options: options,
        apart: claim?.reason != nil)
    }
  }

  /// What the pad says about its draft as it starts: why the draft was not opened, that this
  /// pad writes one of its own, and where texts of pads that ended went.
  private static func startNotices(_ claim: DraftClaim, strings: UIStrings) -> [String] {
    var notices = claim.problem.map { [strings.message($0)] } ?? []
    if let reason = claim.reason {
      notices.append(strings.ownDraft(reason, path: claim.store.path))
    }
    if claim.keptAside > 0 { notices.append(strings.keptAside(claim.keptAside)) }
    return notices
  }

  /// Why the finished text could go nowhere that confirms it, if so.
  ///
  /// The clipboard, or a window that closes with the pad, and no file, pipe or pane besides.
  /// Nil when something confirms it, or when nothing may be kept (`--no-draft`).
  package static func unconfirmedDelivery(_ options: KeypadRunOptions) -> UnconfirmedDelivery? {
    guard options.draft != nil, options.outputFile == nil, options.tmuxTarget == nil,
      FileDescriptor.standardOutput.isTerminal
    else { return nil }
    if options.clipboard { return .clipboard }
    return processLeadsItsSession ? .closingWindow : nil
  }

  /// - Parameter apart: Whether the pad writes a draft of its own, not the shared one.
  private static func finish(
    _ outcome: Outcome, controller: KeypadController, terminal: Terminal, services: PadServices,
    options: KeypadRunOptions, apart: Bool
  ) -> Int32 {
    let kept = controller.keptDraft
    let strings = controller.strings
    func report(_ problem: OutputProblem?) {
      if let problem { printError(strings.message(problem)) }
    }
    /// Keeps text the run did not deliver: the draft, or if that fails, standard error, after
    /// one message that says which. Messages come after the terminal is restored, where the
    /// user can read them.
    func keep(_ text: String, saved problem: OutputProblem?, cancelled: Bool) {
      guard !text.isEmpty else { return }
      if let draft = options.draft, problem == nil {
        if cancelled {
          printError(apart ? strings.cancelledOwnDraft(draft.path) : strings.cancelled)
        }
        return
      }
      printError(strings.notSavedFollows(problem))
      _ = try? FileDescriptor.standardError.writeAll(Array((text + "\n").utf8))
    }
    switch outcome {
    case .finished(let text):
      terminal.restore(extra: options.clipboard && !text.isEmpty ? clipboardSequence(text) : [])
      report(services.tmux?.finish())
      // Nothing typed prints nothing, so `msg=$(cheonjiin)` stays empty and no file grows.
      if !text.isEmpty {
        // The text must not be lost: if the file fails, it still goes to standard output.
        if let file = options.outputFile { report(append(text, to: file)) }
        do {
          try FileDescriptor.standardOutput.writeAll(Array((text + "\n").utf8))
        } catch {
          // Standard output closed or full: the text stays the draft. It is saved before
          // anything is said, so that one message tells what happened.
          let problem = options.draft?.save(text)
          if let draft = options.draft, problem == nil {
            printError(strings.outputFailedKept("\(error)", draft: draft.path))
          } else {
            printError(strings.outputFailedNotKept("\(error)", because: problem))
            _ = try? FileDescriptor.standardError.writeAll(Array((text + "\n").utf8))
          }
          return 1
        }
        if !controller.isKept, let history = options.draft?.history,
          case .failure(let problem) = history.add(text, kind: .sent)
        {
          // A folder made read-only on purpose was said at the start.
          if case .draftFolderReadOnly = problem {} else { printError(strings.notKept(problem)) }
        }
      }
      // Only a failure to remove is news here: what keeps drafts from being saved was said at
      // the start.
      let cleared = options.draft?.save("")
      if case .cannotRemoveDraft? = cleared { report(cleared) }
      return 0
    case .cancelled:
      let problem = options.draft?.save(kept)
      terminal.restore()
      _ = services.tmux?.finish()
      keep(kept, saved: problem, cancelled: true)
      return 130
    case .signalled(let signal):
      let problem = options.draft?.save(kept)
      terminal.restore()
      _ = services.tmux?.finish()
      keep(kept, saved: problem, cancelled: false)
      return 128 + signal
    }
  }

  /// Appends the finished text to `--output FILE`, made if missing (0666 less the umask).
  ///
  /// Opened without waiting: a FIFO that no program reads would otherwise hold the pad in
  /// `open` for ever, with the text in none of its destinations.
  package static func append(_ text: String, to file: String) -> OutputProblem? {
    let existed = (try? Stat(FilePath(file))) != nil
    let output: FileDescriptor
    do {
      output = try FileDescriptor.open(
        FilePath(file), .writeOnly, options: [.create, .append, .nonBlocking, .closeOnExec],
        permissions: FilePermissions(rawValue: 0o666))
    } catch Errno.noSuchAddressOrDevice {
      return .outputNotRead(path: file)
    } catch {
      return existed
        ? .cannotWriteOutput(path: file, reason: "\(error)") : .cannotCreateOutput(path: file)
    }
    do {
      // Once a reader is there, a slow one is waited for, as any program's output waits.
      try output.setNonBlocking(false)
      try output.closeAfter { _ = try output.writeAll((text + "\n").utf8) }
      return nil
    } catch {
      return .cannotWriteOutput(path: file, reason: "\(error)")
    }
  }

}

/// OSC 52: asks the terminal to put text on the clipboard (`--clipboard`).
package func clipboardSequence(_ text: String) -> [UInt8] {
  Array("\u{1b}]52;c;\(Data(text.utf8).base64EncodedString())\u{1b}\\".utf8)
}
