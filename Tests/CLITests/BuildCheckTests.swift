import Foundation
import Testing

/// A compiler warning in our code fails every build (`make`, `make test`, CI's build-check):
/// Package.swift turns warnings into errors for each of its targets.
@Suite("Compiler warnings fail the build")
struct BuildCheckTests {
  /// One target as `swift package dump-package` describes it.
  private struct Target: Decodable {
    let name: String
    let type: String
    let settings: [Setting]?
  }

  private struct Setting: Decodable {
    let tool: String
    /// `{"treatAllWarnings": {"_0": "error"}}`, `{"unsafeFlags": …}`: the name is the key.
    let kind: [String: Kind]

    struct Kind: Decodable {
      let value: String?

      enum CodingKeys: String, CodingKey { case value = "_0" }

      init(from decoder: any Decoder) throws {
        value = try? decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .value)
      }
    }
  }

  private struct Manifest: Decodable {
    let targets: [Target]
  }

  @Test("every Swift target of the package, tests too, treats all warnings as errors")
  func warningsAreErrors() throws {
    // A scratch path of its own: the `swift test` running this holds the lock on .build.
    let scratch = scratchDirectory.appendingPathComponent("dump-package-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let result = try runProgram(
      ["/usr/bin/env", "swift", "package", "--scratch-path", scratch.path, "dump-package"],
      directory: repositoryRoot.path)
    #expect(result.status == 0, "\(result.stderr)")
    let manifest = try JSONDecoder().decode(Manifest.self, from: Data(result.stdout.utf8))
    let swiftTargets = manifest.targets.filter { $0.type != "system" }
    #expect(swiftTargets.contains { $0.type == "test" })
    #expect(swiftTargets.contains { $0.type == "executable" })
    let lenient = swiftTargets.filter { target in
      !(target.settings ?? []).contains { setting in
        setting.tool == "swift" && setting.kind["treatAllWarnings"]?.value == "error"
      }
    }
    #expect(lenient.isEmpty, "targets that let warnings pass: \(lenient.map(\.name))")
  }
}
