import Foundation
import Testing

/// Compares `text` with `Golden/NAME.screen` in the folder of the test file that calls it, so
/// each test target keeps the goldens of its own screens.
///
/// Run with CHEONJIIN_UPDATE_GOLDEN=1 to rewrite them, then review the diff.
package func compareGolden(
  _ name: String, _ text: String, testFile: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let file = URL(fileURLWithPath: testFile).deletingLastPathComponent()
    .appendingPathComponent("Golden").appendingPathComponent("\(name).screen")
  if ProcessInfo.processInfo.environment["CHEONJIIN_UPDATE_GOLDEN"] == "1" {
    try (text + "\n").write(to: file, atomically: true, encoding: .utf8)
    return
  }
  let expected = try String(contentsOf: file, encoding: .utf8)
  #expect(text + "\n" == expected, "golden \(name) differs", sourceLocation: sourceLocation)
}
