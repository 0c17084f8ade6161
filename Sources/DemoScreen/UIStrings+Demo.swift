import HangulEngine
import KoreanNumbers
import TerminalUI
import Utilities

// MARK: - The demo on the terminal

extension UIStrings {
  /// The page's `lang` attribute (`demo --html`).
  var htmlLanguage: String { pick("ko", "en") }

  /// The presses so far out of all: `3/15타`, `3/15 keys`.
  public func demoCounter(_ shown: Int, of total: Int) -> String {
    pick("\(shown)/\(total)타", "\(shown)/\(total) keys")
  }
  public var demoPauseKey: String { pick("Space 멈춤/재생", "Space pause/play") }
  public var demoStepKeys: String { pick("← → 한 타씩", "← → step") }
  public var demoSpeedKeys: String { pick("+ - 빠르기", "+ - speed") }
  public var demoQuitKey: String { pick("Esc 끝", "Esc quit") }
  /// `--step`, paused at the end of a syllable.
  public var demoNextSyllableKey: String { pick("Space 다음 글자", "Space next syllable") }
  /// `--once`, at the end.
  public var demoReplayKey: String { pick("Space 처음부터 다시", "Space play again") }
  /// `--once`, at the end: the right end of the status line.
  public var demoFinished: String { pick("다 쳤어요", "all typed") }
  /// The speed on the status line: `2타/초`, `2 keys/s`.
  public func demoSpeed(_ number: String) -> String { pick("\(number)타/초", "\(number) keys/s") }
  /// When the demo is cut off: the window that shows all of it.
  public func demoNeeds(columns: Int, rows: Int) -> String {
    pick("다 보려면 창을 \(columns)칸×\(rows)줄 이상으로", "to see it all: \(columns)×\(rows) or more")
  }
  public var demoPaused: String { pick(" · 멈춤", " · paused") }
  /// Characters of a caption read in one key's time; a longer caption holds its frame longer.
  ///
  /// Korean 6, so that at the default pace (1 key a second) the longest captions (19
  /// characters, `받침 ㄴ이 다음 글자로 가요 → 니`) stay over 3 seconds and short ones
  /// (`새 글자: ㅇ`) one: a slow reader's pace for text mixed with letters and symbols.
  /// English 15: a Latin letter carries less than a Hangul syllable.
  public var demoCaptionCharactersPerKey: Int {
    switch language {
    case .korean: 6
    case .english: 15
    }
  }
  /// The label of the text to type, left of it in the overview (not "칠 글", which reads as
  /// "seven letters").
  public var demoTextLabel: String { pick("입력할 글", "Text") }
  /// What `*` beside a count means.
  public var demoFewerMarkMeaning: String {
    pick("*: 이 자판이 더 적게 눌렀어요", "*: fewer presses on this layout")
  }
  /// The label of the press counts under the text, for one layout.
  public var demoPressesLabel: String { pick("타수", "Keys") }
  /// A track that has typed the syllable and waits for the slower one.
  public func demoWaiting(fewer: Int) -> String {
    pick(
      "기다려요: 이 글자는 \(fewer)타 적어요",
      "waiting: \(englishCount(fewer, "key")) fewer for this syllable")
  }

  // MARK: - Captions

  /// What a press did, from the engine's own transition: `ㆍ + ㆍ = ‥`, `ㄴㄹ 두 번 → ㄹ`,
  /// `받침 ㄴ이 다음 글자로 가요 → 니`, `␣: 다음 글자로`.
  public func demoCaption(_ step: DemoTrack.Step, of track: DemoTrack) -> String {
    let (name, values) = step.effect.captionFields
    let layout = values.first.flatMap { Int($0) }.flatMap { track.layouts[safe: $0] }
    return Self.filledCaption(
      demoCaptionTemplate(name), values: values, key: track.keyName(step, strings: self),
      times: values.count > 1 ? Int(values[1]).map(demoTimes) ?? "" : "",
      layout: layout.map { self.name(of: $0) } ?? "")
  }

  /// A caption's template, in the same words on the terminal and the page.
  ///
  /// `{1}`… are the press's values (``PressEffect/captionFields``), `{key}` the key's name, `{times}` the count in the second value worded, `{layout}` the
  /// layout the first value numbers. The page's script fills the same templates.
  public func demoCaptionTemplate(_ name: PressEffect.CaptionName) -> String {
    switch name {
    case .newSyllable: pick("새 글자: {1}", "new syllable: {1}")
    case .vowelJoined: "{1} + {2} = {3}"
    case .vowelWaits: pick("{1} + {2}: 다음 획을 기다려요", "{1} + {2}: waits for the next stroke")
    case .vowelCombinedInto: "{1} + {2} = {3} → {4}"
    case .vowelCombined: "{1} + {2} = {3}"
    case .vowelAlone: pick("모음 {1}", "vowel {1}")
    case .finalCarriedOver:
      pick("받침 {1}이 다음 글자로 가요 → {2}", "final {1} moves on to the next syllable → {2}")
    case .finalAdded: "{1} + {2} = {3}" + pick(" (받침)", " (final)")
    case .letterAfter: "{1} + {2} = {3}"
    case .cycledIn: "{1} {times} → {3} ({4})"
    case .cycled: "{1} {times} → {3}"
    case .mark: pick("부호 {1}", "mark {1}")
    case .markLetter: pick("글자 {1}", "letter {1}")
    case .typedText, .heldText: "{key}: {1}"
    case .syllableEnded: pick("{key}: 다음 글자로", "{key}: next syllable")
    case .syllableEndedWithSpace:
      pick("{key}: 글자를 끝내고 띄어 써요", "{key}: ends the syllable and types a space")
    case .space: pick("{key}: 띄어쓰기", "{key}: space")
    case .newline: pick("{key}: 줄 바꿈", "{key}: new line")
    case .switchedLayout: pick("{key}: {layout} 자판으로", "{key}: to {layout}")
    case .undone: pick("{key}: 한 타 되돌리기", "{key}: undoes one press")
    case .deleted: pick("{key}: 한 글자 지우기", "{key}: deletes a character")
    case .dismissed: pick("{key}: 다 썼어요", "{key}: done")
    case .nothing: "{key}"
    }
  }

  /// How many times a key was pressed, as a cycle's caption says it: `두 번`, `twice`.
  public func demoTimes(_ presses: Int) -> String {
    pick(
      "\(NativeNumber(presses)?.determiner ?? String(presses)) 번",
      presses == 1 ? "once" : presses == 2 ? "twice" : "\(presses) times")
  }

  /// `template` with its `{1}`…, `{key}`, `{times}` and `{layout}` filled in, in one pass, so
  /// a value that itself reads `{key}` stays as it is.
  static func filledCaption(
    _ template: String, values: [String], key: String, times: String, layout: String
  ) -> String {
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "}") else { break }
      let name = rest[rest.index(after: open)..<close]
      switch name {
      case "key": result += key
      case "times": result += times
      case "layout": result += layout
      default:
        if let number = Int(name), values.indices.contains(number - 1) {
          result += values[number - 1]
        } else {
          result += rest[open...close]
        }
      }
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }
}

// MARK: - cheonjiin demo: arguments and recordings

extension UIStrings {
  /// `demo` with a TEXT longer than it plays.
  public func demoTextTooLong(_ length: Int, longest: Int) -> String {
    pick(
      "글이 너무 길어요 (\(length)자). 한 번에 \(longest)자까지 보여 줄 수 있어요. 글을 나눠서 "
        + "따로 보여 주세요.",
      "TEXT is \(length) characters long; the demo plays up to \(longest). Split it and show "
        + "the parts one at a time")
  }

  /// `demo --size` that is not `COLUMNSxROWS`.
  public func demoSizeUnreadable(_ text: String) -> String {
    pick(
      "--size \(text): 너비x높이로 주세요. 예: --size 80x24",
      "--size \(text) is not COLUMNSxROWS; write it like --size 80x24")
  }

  /// `demo --size` too small or too large for a recording.
  public func demoSizeOutOfRange(columns: Int, rows: Int, minimum: (Int, Int), maximum: Int)
    -> String
  {
    pick(
      "--size \(columns)x\(rows): 창이 너무 작거나 커요. \(minimum.0)x\(minimum.1)부터 "
        + "\(maximum)x\(maximum)까지 주세요. 보통 80x24나 100x32를 써요.",
      "--size \(columns)x\(rows) is out of range; give \(minimum.0)x\(minimum.1) to "
        + "\(maximum)x\(maximum), such as 80x24 or 100x32")
  }

  /// `demo --cast` in a window too small for the whole demo.
  ///
  /// - Parameters:
  ///   - needed: The windows that would show it, one per arrangement of the pads.
  ///   - suggested: A usual size among them.
  public func demoCastTooSmall(
    columns: Int, rows: Int, needed: [(columns: Int, rows: Int)],
    suggested: (columns: Int, rows: Int)
  ) -> String {
    let sizes = needed.map { "\($0.columns)x\($0.rows)" }
    return pick(
      "--size \(columns)x\(rows): 이 글을 다 보여 주기에는 창이 작아요. "
        + "\(sizes.joined(separator: " 또는 ")) 이상이 필요해요. 예: --size "
        + "\(suggested.columns)x\(suggested.rows)",
      "--size \(columns)x\(rows) is too small to show this demo whole; it needs "
        + "\(sizes.joined(separator: " or ")) or more, such as --size "
        + "\(suggested.columns)x\(suggested.rows)")
  }

  /// `--frames` asked for together with a recording that also uses standard output.
  public var demoTwoOutputsOnStandardOutput: String {
    pick(
      "표준 출력(-)에는 하나만 쓸 수 있어요. --frames, --cast -, --html - 가운데 하나만 주고, 나머지는 "
        + "파일 이름을 주세요.",
      "only one output can go to standard output; give one of --frames, --cast -, --html -, and "
        + "file names for the others")
  }

  /// A recording file could not be written.
  ///
  /// - Parameters:
  ///   - option: `--cast` or `--html`.
  ///   - reason: The system's reason (`Permission denied`).
  public func demoCannotWrite(_ path: String, option: String, reason: String) -> String {
    pick(
      "\(path) 파일에 쓸 수 없어요 (\(reason)). 쓸 수 있는 폴더의 파일 이름을 주세요. 예: "
        + "\(option) ~/demo\(option == "--cast" ? ".cast" : ".html")",
      "cannot write \(path) (\(reason)); give a file in a folder you can write to, such as "
        + "\(option) ~/demo\(option == "--cast" ? ".cast" : ".html")")
  }

  /// Said after a recording is written: where, how big, and how to play it.
  public func demoWrote(_ path: String, bytes: Int, howToPlay: String) -> String {
    pick(
      "\(path)에 썼어요 (\(bytes) 바이트). \(howToPlay)",
      "wrote \(path) (\(bytes) bytes); \(howToPlay)")
  }

  /// How to play a cast.
  public func demoPlayCast(_ path: String) -> String {
    pick("보기: asciinema play \(path)", "play it with: asciinema play \(path)")
  }

  /// How to open the page.
  public var demoOpenPage: String {
    pick("아무 브라우저로 열면 돼요 (인터넷 없이도).", "open it in any browser, no network needed")
  }
}

// MARK: - The demo page (--html)

extension UIStrings {
  /// The page's own text, by the names the page's script reads them with.
  public func demoPageText(title: String) -> [(name: String, text: String)] {
    [
      (
        "title",
        title.isEmpty
          ? pick("천지인 자판 직접 쳐 보기", "Try the Cheon-Ji-In keypad")
          : pick("천지인 자판 보기: \(title)", "Cheon-Ji-In keypad demo: \(title)")
      ),
      ("text", demoTextLabel),
      ("typed", pick("친 글", "Typed")),
      ("presses", demoPressesLabel),
      ("play", pick("▶ 재생", "▶ Play")),
      ("pause", pick("❚❚ 멈춤", "❚❚ Pause")),
      ("again", pick("↺ 처음", "↺ Start")),
      ("back", pick("◀ 한 타", "◀ Key")),
      ("forward", pick("한 타 ▶", "Key ▶")),
      ("nextSyllable", pick("글자 ▶▶", "Syllable ▶▶")),
      // What a screen reader says for the buttons whose faces are arrows.
      ("againName", pick("처음으로", "Back to the start")),
      ("backName", pick("한 타 뒤로", "Back one key")),
      ("forwardName", pick("한 타 앞으로", "Forward one key")),
      ("nextSyllableName", pick("다음 글자까지", "To the end of the next syllable")),
      ("slower", pick("− 느리게", "− Slower")),
      ("faster", pick("+ 빠르게", "+ Faster")),
      ("speed", pick("빠르기", "Speed")),
      ("keysPerSecond", pick("타/초", "keys/s")),
      ("counter", pick("{shown}/{total}타", "{shown}/{total} keys")),
      ("fewer", demoFewerMarkMeaning),
      (
        "keysHelp",
        pick(
          "키보드: Space 재생/멈춤 · ← → 한 타씩 · ↓ 다음 글자 · + − 빠르기 · Home 처음",
          "Keyboard: Space play/pause · ← → one key · ↓ next syllable · + − speed · Home start")
      ),
      ("finished", pick("다 쳤어요. 처음부터 다시 보려면 Space.", "All typed. Press Space to play again.")),
      (
        "stepPaused",
        pick("한 글자를 쳤어요. 다음 글자는 Space.", "One syllable typed. Space for the next one.")
      ),
    ] + demoTryText
  }

  /// The page's text for trying the pad: the buttons, what a press did (the terminal demo's own
  /// caption templates, filled from the table's captions), and what "now you" says.
  private var demoTryText: [(name: String, text: String)] {
    return [
      ("tryIt", pick("✋ 직접 쳐 보기", "✋ Try it")),
      ("watch", pick("▶ 다시 보기", "▶ Watch")),
      ("nowYou", pick("✋ 이제 직접 해 보세요", "✋ Now you")),
      ("clear", pick("↺ 다 지우기", "↺ Clear")),
      ("held", demoHold("{key}")),
      (
        "tryHelp",
        pick(
          "자판을 누르거나 숫자 키로 쳐 보세요. 길게 누르면 숫자가 나와요.",
          "Press the keys, or type the digits. Hold a key for its digit.")
      ),
      ("cannotTry", pick("이 자판은 여기서 쳐 볼 수 없어요.", "This layout cannot be tried here.")),
      ("tryPresses", pick("{count}타", "{count} keys")),
      ("yourPresses", pick("{count}타 (보기: {demo}타)", "{count} keys (demo: {demo})")),
      ("targetStart", pick("빛나는 키를 누르세요. 보기: {demo}타", "Press the lit key (demo: {demo})")),
      (
        "targetDone",
        pick("다 쳤어요! {count}타 (보기: {demo}타)", "All typed! {count} keys (demo: {demo})")
      ),
      ("wrongPress", pick("{caption}. 다른 키예요: ⌫로 되돌려요.", "{caption}. Not that key: ⌫ undoes it.")),
      ("notOnPage", pick("{key}: 여기서는 안 돼요", "{key}: not on this page")),
    ]
      + PressEffect.CaptionName.allCases.map { ("caption." + $0.rawValue, demoCaptionTemplate($0)) }
      // A cycle's count worded; no key cycles through more letters than this.
      + (1...32).map { ("times.\($0)", demoTimes($0)) }
  }
}

extension UIStrings {
  /// Shown by a browser that runs no scripts.
  public var demoPageNeedsScript: String {
    pick(
      "이 보기는 자바스크립트로 움직여요. 브라우저에서 자바스크립트를 켜 주세요.",
      "This demo plays with JavaScript; turn JavaScript on in your browser.")
  }
}
