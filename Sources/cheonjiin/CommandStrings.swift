import Foundation
import TerminalUI

/// The interface text of the commands, in the language the locale asks for (`LC_ALL`,
/// `LC_MESSAGES`, `LANG`): Korean under `ko_KR.UTF-8`, English otherwise.
let commandStrings = UIStrings(UILanguage.from(environment: ProcessInfo.processInfo.environment))

// MARK: - cheonjiin itself

extension UIStrings {
  /// What follows a usage error when no subcommand was named: the two ways to call the program
  /// and where to read about them.
  ///
  /// Without a subcommand the arguments go to the pad, so ArgumentParser would show the pad's
  /// usage alone, which hides that a subcommand may have been meant (`cheonjiin --bogus`,
  /// `cheonjiin grpe`).
  public var topLevelUsage: String {
    pick(
      """
      Usage: cheonjiin [pad options]
             cheonjiin <subcommand> [<options>]
        명령 목록은 'cheonjiin --help', 키패드 옵션은 'cheonjiin pad --help'에 있어요.
      """,
      """
      Usage: cheonjiin [pad options]
             cheonjiin <subcommand> [<options>]
        See 'cheonjiin --help' for the subcommands and 'cheonjiin pad --help' for the pad's \
      options.
      """)
  }
}

extension UIStrings {
  /// `cheonjiin padd`: a word where a subcommand goes that names none, and the nearest names.
  public func unknownSubcommand(_ word: String, suggestions: [String]) -> String {
    let quoted = suggestions.map { "'\($0)'" }
    guard !quoted.isEmpty else {
      return pick("'\(word)'라는 명령은 없어요.", "'\(word)' is not a cheonjiin command")
    }
    return pick(
      "'\(word)'라는 명령은 없어요. \(quoted.joined(separator: ", "))을(를) 쓰려고 했나요?",
      "'\(word)' is not a cheonjiin command; did you mean \(quoted.joined(separator: " or "))?")
  }

  /// `cheonjiin help nosuch`: help asked for a subcommand that does not exist.
  public func unknownHelpTopic(_ words: String, suggestions: [String]) -> String {
    let quoted = suggestions.map { "'cheonjiin help \($0)'" }
    let guess = quoted.joined(separator: pick(", ", " or "))
    return pick(
      "'\(words)'에 대한 도움말은 없어요. "
        + (quoted.isEmpty ? "명령 목록은 'cheonjiin --help'에 있어요." : "\(guess)을(를) 보세요."),
      "no help for '\(words)': it is not a cheonjiin command; "
        + (quoted.isEmpty ? "'cheonjiin --help' lists them" : "try \(guess)"))
  }
}
