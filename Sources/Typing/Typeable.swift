import HangulEngine
import TerminalUI

/// Pasted or foreign text as the text area keeps it: line breaks as `\n` (terminals paste
/// `\r`), a tab as a space, conjoining jamo composed; other control characters and U+FFFD
/// (bytes that were not UTF-8) left out.
package func typeable(_ text: String) -> String {
  var result = String.UnicodeScalarView()
  var previous: Unicode.Scalar? = nil
  for scalar in composingConjoiningJamo(text).unicodeScalars {
    defer { previous = scalar }
    switch scalar.value {
    case 0x0A where previous == "\r":
      continue  // the \n of \r\n: the \r already gave the line break
    case 0x0A, 0x0D: result.append("\n")
    case 0x09: result.append(" ")
    case 0x00..<0x20, 0x7F..<0xA0, 0xFFFD: continue
    default: result.append(scalar)
    }
  }
  return String(result)
}
