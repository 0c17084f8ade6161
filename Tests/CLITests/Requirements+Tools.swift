import TestSupport
import Testing

// What the end-to-end suites need besides the binary. Each suite says which with a trait
// (`tmuxRequirement.trait`): skipped where it is missing, run and failed in CI.

let tmuxRequirement = Requirement(
  "tmux", remedy: "Debian's tmux; make test-deps installs it", isMet: hasTmux)

let realTerminalRequirement = Requirement(
  "the real-terminal rig (\(realTerminalTools.joined(separator: ", ")))",
  remedy: "Debian's xvfb xterm xdotool x11-xserver-utils imagemagick; make test-deps installs them",
  isMet: hasRealTerminal)

let kittyRequirement = Requirement(
  "kitty on the real-terminal rig", remedy: "Debian's kitty; make test-deps installs it",
  isMet: hasKitty)

let asciinemaRequirement = Requirement(
  "asciinema and tmux", remedy: "Debian's asciinema and tmux; make test-deps installs them",
  isMet: isOnPath("asciinema") && hasTmux)

/// The full-screen programs clicked in through `cheonjiin run` (RunFidelityEndToEndTests).
let mouseProgramsRequirement = Requirement(
  "dialog, htop and mc", remedy: "Debian's dialog htop mc; make test-deps installs them",
  isMet: ["dialog", "htop", "mc"].allSatisfy(isOnPath))

@Suite("What the end-to-end tests need is here when every test must run")
struct RequirementsTests {
  @Test(
    "tmux, the X rig, kitty, asciinema, dialog, htop and mc",
    arguments: [
      tmuxRequirement, realTerminalRequirement, kittyRequirement, asciinemaRequirement,
      mouseProgramsRequirement,
    ].map { $0.name })
  func present(_ name: String) throws {
    let all = [
      tmuxRequirement, realTerminalRequirement, kittyRequirement, asciinemaRequirement,
      mouseProgramsRequirement,
    ]
    let requirement = try #require(all.first { $0.name == name })
    guard everyTestMustRun else { return }
    try requirement.check()
  }
}
