/// Tells a paste from typing when the terminal does not mark pastes (no bracketed paste: an
/// old terminal, `xdotool type`, tmux's `paste-buffer` without `-p`).
///
/// A hand types one key per read: even auto-repeat leaves tens of milliseconds between keys,
/// and the run loop reads each as it comes. A paste arrives as many characters in one read.
/// So one read of plain text (no escape sequence, no control byte but Tab, CR and LF, valid
/// UTF-8) with two characters or more is a paste: `echo 2024` must reach the program as
/// typed, not as 천지인 presses of the digit keys.
///
/// Pure.
enum UnmarkedPaste {
  /// The fewest characters in one read that make a paste.
  static let minimumCharacters = 2

  /// The text of one read, if it is a paste.
  package static func text(in bytes: some Collection<UInt8>) -> String? {
    guard bytes.count >= minimumCharacters else { return nil }
    for byte in bytes {
      switch byte {
      case 0x09, 0x0A, 0x0D: continue
      case 0x00...0x1F, 0x7F: return nil
      default: continue
      }
    }
    guard let text = String(validating: bytes, as: UTF8.self),
      text.unicodeScalars.count >= minimumCharacters
    else { return nil }
    return text
  }
}
