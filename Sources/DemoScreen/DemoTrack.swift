import HangulEngine
import TerminalUI
import Utilities

/// A key sequence played on a layout set: the engine after every press and what the press
/// did, for `cheonjiin demo`.
public struct DemoTrack: Sendable {
  public struct Step: Sendable {
    /// The layout the key belongs to and the key.
    public var layout: Int
    public var key: Int
    public var isHold: Bool
    /// The text after the press.
    public var typed: TypedText
    /// What the press did, read from the engine (the caption).
    public var effect: PressEffect
  }

  /// Text as the demo shows it after a press: the document and the open composition, and the
  /// layout the next key is on.
  ///
  /// Held as the characters it shares with the text at the end (one buffer for every step)
  /// and the few after them that differ, so each press costs what it changed, not the whole
  /// text so far (a copy per press would make the demo quadratic in the text's length).
  public struct TypedText: Sendable {
    /// The text at the end, shared by every step of the track.
    package let whole: [Character]
    /// How many characters the text starts with that `whole` starts with too.
    let sharedCount: Int
    /// The characters after those: usually none, or the syllable being changed.
    package let rest: [Character]
    /// How many characters, from the start, are committed; the others are the preedit.
    public let committedCount: Int
    public let layout: Int

    /// The characters shown, committed and preedit.
    public var count: Int { sharedCount + rest.count }

    /// The character at `position` (0 ..< ``count``).
    public subscript(position: Int) -> Character {
      position < sharedCount ? whole[position] : rest[position - sharedCount]
    }

    /// The finished text.
    ///
    /// O(text): for tests and the page's checks, not for every frame.
    public var committed: String { String((0..<committedCount).map { self[$0] }) }
    /// The open composition.
    public var preedit: String { String((committedCount..<count).map { self[$0] }) }
  }

  /// Presses that type some characters of the text.
  public struct Group: Sendable, Hashable {
    /// Positions in ``DemoTrack/text``.
    public var characters: Range<Int>
    /// Positions in ``DemoTrack/steps``.
    public var presses: Range<Int>
  }

  public let title: String
  public let layouts: [Layout]
  public let startLayout: Int
  /// The text typed, one element per character (conjoining jamo composed).
  public let text: [Character]
  public let steps: [Step]
  /// The steps by the characters they type, in order, covering both entirely.
  public let groups: [Group]
  /// The layouts the track shows on the way: the first, and every one a key is pressed on.
  public let visitedLayouts: Set<Int>

  /// Spells `text` with the shortest sequence and records every state on the way.
  ///
  /// Linear in the presses and the compositions: the engine's own output (its preedit) is the
  /// most a press costs here.
  ///
  /// - Throws: ``SpellError`` for a character the layouts cannot type.
  public init(text: String, layouts: [Layout], title: String) throws(SpellError) {
    self.title = title
    let spelling = try Speller(layouts: layouts).spelling(text)
    var engine = InputMethod(layouts: layouts)
    self.layouts = layouts
    self.text = spelling.text
    startLayout = engine.layoutIndex
    var shown = ShownText(whole: spelling.text)
    var steps: [Step] = []
    var groups: [Group] = []
    var visited: Set<Int> = [startLayout]
    for group in spelling.groups {
      let first = steps.count
      for press in group.presses {
        let before = engine
        var output = press.isHold ? engine.hold(press.key) : engine.tap(press.key)
        output.erase = min(output.erase, shown.committedCount)
        let effect = PressEffect(
          key: press.key, isHold: press.isHold, before: before, after: engine, output: output)
        shown.apply(output)
        steps.append(
          Step(
            layout: press.layout, key: press.key, isHold: press.isHold,
            typed: shown.typed(layout: engine.layoutIndex), effect: effect))
        visited.insert(press.layout)
      }
      groups.append(Group(characters: group.characters, presses: first..<steps.count))
    }
    self.steps = steps
    self.groups = groups
    visitedLayouts = visited
  }

  /// The text after `count` presses (0: before any).
  public func typed(after count: Int) -> TypedText {
    count <= 0
      ? TypedText(
        whole: text, sharedCount: 0, rest: [], committedCount: 0, layout: startLayout)
      : steps[min(count, steps.count) - 1].typed
  }

  /// The label of a step's key as pressed: `ㅇㅁ`, or `ㅣ 길게` for a hold.
  package func keyName(_ step: Step, strings: UIStrings) -> String {
    let label = layouts[step.layout].keys[step.key].label
    return step.isHold ? strings.demoHold(label) : label
  }
}

/// The text shown while a track is built: the document and the composition, kept as
/// characters, with how much of it the text at the end starts with.
private struct ShownText {
  let whole: [Character]
  private var characters: [Character] = []
  private var preeditCount = 0
  /// How many characters `characters` and `whole` start with in common.
  private var sharedCount = 0

  init(whole: [Character]) {
    self.whole = whole
  }

  var committedCount: Int { characters.count - preeditCount }

  /// Applies a press: the old composition goes, the erased characters go, the commit and the
  /// new composition come.
  mutating func apply(_ output: KeyOutput) {
    characters.removeLast(preeditCount + output.erase)
    characters.append(contentsOf: output.commit)
    let preedit = Array(output.preedit.string)
    characters.append(contentsOf: preedit)
    preeditCount = preedit.count
    sharedCount = min(sharedCount, committedCount - output.commit.count)
    while sharedCount < characters.count, sharedCount < whole.count,
      characters[sharedCount] == whole[sharedCount]
    {
      sharedCount += 1
    }
  }

  func typed(layout: Int) -> DemoTrack.TypedText {
    DemoTrack.TypedText(
      whole: whole, sharedCount: sharedCount, rest: Array(characters[sharedCount...]),
      committedCount: committedCount, layout: layout)
  }
}

/// Several tracks typing the same text, played a syllable at a time: every track reaches the
/// end of each character together, the faster waiting for the slower (`--compare`).
///
/// Time is counted in *ticks*: one press of the slowest track each. A lone track's ticks
/// are its presses.
public struct DemoScript: Sendable {
  /// Characters of the text that every track types as one stretch of presses.
  public struct Segment: Sendable {
    /// Positions in ``DemoScript/text``.
    public var characters: Range<Int>
    /// For each track, its presses (positions in its steps) for these characters.
    public var presses: [Range<Int>]
    /// The first tick after this segment starts.
    public var firstTick: Int
    /// Ticks the segment takes: the most presses any track needs.
    public var ticks: Int { presses.map(\.count).max() ?? 0 }
  }

  /// Where the demo is at one tick.
  public struct Moment: Sendable, Hashable {
    /// The segment being typed (the last one at the end; nil before the first press).
    public var segment: Int?
    /// Presses shown so far, for each track.
    public var shown: [Int]
    /// For each track: it has typed the segment and waits for the slower ones.
    public var isWaiting: [Bool]
    /// Whether this tick ends its segment.
    public var endsSegment: Bool
  }

  public let tracks: [DemoTrack]
  /// The text every track types.
  public let text: [Character]
  public let segments: [Segment]
  /// Ticks from the first press to the last.
  public let tickCount: Int
  /// The ticks at which a segment ends, in order.
  public let segmentEnds: [Int]

  /// Aligns the tracks where all of them have finished the same characters.
  ///
  /// Every track spells the same text, so all end at its end; a segment runs to the next
  /// character boundary where every track's group ends.
  public init(tracks: [DemoTrack]) {
    self.tracks = tracks
    text = tracks.first?.text ?? []
    var ends: Set<Int>? = nil
    for track in tracks {
      let trackEnds = Set(track.groups.map(\.characters.upperBound))
      ends = ends.map { $0.intersection(trackEnds) } ?? trackEnds
    }
    var segments: [Segment] = []
    var start = 0
    var firstTick = 1
    var nextGroup = [Int](repeating: 0, count: tracks.count)
    for end in (ends ?? []).sorted() {
      var presses: [Range<Int>] = []
      for (index, track) in tracks.enumerated() {
        let first = track.groups[safe: nextGroup[index]]?.presses.lowerBound ?? track.steps.count
        while let group = track.groups[safe: nextGroup[index]],
          group.characters.upperBound <= end
        {
          nextGroup[index] += 1
        }
        let last = track.groups[safe: nextGroup[index] - 1]?.presses.upperBound ?? first
        presses.append(first..<max(first, last))
      }
      let segment = Segment(characters: start..<end, presses: presses, firstTick: firstTick)
      segments.append(segment)
      firstTick += segment.ticks
      start = end
    }
    self.segments = segments
    tickCount = firstTick - 1
    segmentEnds = segments.map { $0.firstTick + $0.ticks - 1 }
  }

  /// The demo after `tick` ticks (0: before any press; at most ``tickCount``).
  public func moment(at tick: Int) -> Moment {
    let tick = min(max(0, tick), tickCount)
    guard tick > 0, let index = segment(at: tick) else {
      return Moment(
        segment: nil, shown: tracks.map { _ in 0 }, isWaiting: tracks.map { _ in false },
        endsSegment: false)
    }
    let segment = segments[index]
    let offset = tick - segment.firstTick + 1
    return Moment(
      segment: index,
      shown: segment.presses.map { $0.lowerBound + min(offset, $0.count) },
      isWaiting: segment.presses.map { offset > $0.count },
      endsSegment: offset == segment.ticks)
  }

  /// The last segment that starts at or before `tick`, found by halving (segments are in
  /// order): a moment costs O(log n), so playing the demo costs O(n log n), not O(n²).
  private func segment(at tick: Int) -> Int? {
    var low = 0
    var high = segments.count
    while low < high {
      let middle = (low + high) / 2
      if segments[middle].firstTick <= tick { low = middle + 1 } else { high = middle }
    }
    return low > 0 ? low - 1 : nil
  }

  /// The first segment whose characters start at or after `position`, or
  /// `segments.count`.
  func firstSegment(startingAtOrAfter position: Int) -> Int {
    var low = 0
    var high = segments.count
    while low < high {
      let middle = (low + high) / 2
      if segments[middle].characters.lowerBound < position {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }
}
