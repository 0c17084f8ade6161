import HangulEngine
import Practice
import Testing

/// Every practice item is an everyday word or short phrase from the reviewed list
/// (`Lexicon/practice-words-ko.txt`), and every stage of unlocking has enough of them.
@Suite("The practice word list")
struct PracticeWordListTests {
  let list = Set(shippedPracticeWords)

  /// Every stage of unlocking, every letter the focus in turn, a few seeds each: what any
  /// adaptive round can offer.
  func offeredItems() -> Set<String> {
    var planner = AdaptivePlanner(
      vocabulary: shippedVocabulary, layouts: galaxyLayouts,
      settings: AdaptiveSettings(isTargetKnown: true))
    let order = shippedVocabulary.order
    let start = planner.startingJamo.count
    var strokes = JamoStrokes(layouts: galaxyLayouts)
    var offered: Set<String> = []
    for count in start...order.count {
      let unlocked = Array(order.prefix(count))
      for focus in unlocked {
        var observations: [String: UnitObservations] = [:]
        for letter in unlocked {
          // The focus slow, every other letter fast and none accurate enough to unlock more.
          let time =
            Milliseconds(letter == focus ? 3_000 : 500)
            * Milliseconds(strokes.pressCount(of: letter))
          observations[letter] = UnitObservations(
            tally: UnitTally(presses: 15, samples: 15), recent: Array(repeating: time, count: 15))
        }
        for seed in UInt64(0)..<3 {
          let plan = planner.plan(unlocked: unlocked, observations: observations, seed: seed)
          for item in plan.items { offered.insert(item.target) }
        }
      }
    }
    return offered
  }

  @Test("every item an adaptive round can offer, at every stage and focus, is in the list")
  func adaptiveRounds() {
    let offered = offeredItems()
    #expect(offered.count > 200)
    let outside = offered.subtracting(list).sorted()
    #expect(outside.isEmpty, "not in practice-words-ko.txt: \(outside.prefix(30))")
  }

  @Test("every item of every word, 받침 and message lesson is in the list")
  func lessons() {
    let shipped = readTextFile(repositoryRoot + "/Lexicon/practice-messages-ko.txt")
    // The shipped messages and the built-in ones (used when the file cannot be read).
    let lessons = LessonCatalog.standard(messages: shipped) + LessonCatalog.standard()
    // The vowel and consonant lessons drill keys (이 으 ㆍ, 가 카 까), the number lessons
    // numbers: they are the only items outside the list.
    var outside: [String] = []
    for lesson in lessons {
      switch lesson.stage {
      case .vowels, .consonants, .numbers: continue
      case .finals, .doubleFinals, .words, .messages:
        outside += lesson.items.map(\.target).filter { !list.contains($0) }
      }
    }
    #expect(outside.isEmpty, "not in practice-words-ko.txt: \(outside)")
  }

  @Test("each stage of unlocking has at least a round's items; the counts are in the README")
  func stages() {
    let planner = AdaptivePlanner(
      vocabulary: shippedVocabulary, layouts: galaxyLayouts, settings: AdaptiveSettings())
    let order = shippedVocabulary.order
    let roundLength = AdaptiveSettings().roundLength
    var counts: [Int] = []
    for count in planner.startingJamo.count...order.count {
      let items = shippedVocabulary.entries(within: Set(order.prefix(count))).count
      #expect(items >= roundLength, "with \(order.prefix(count).joined()) only \(items) items")
      counts.append(items)
    }
    print(
      "items per stage (\(order.prefix(planner.startingJamo.count).joined(separator: " ")) first):")
    print(
      zip(order.dropFirst(planner.startingJamo.count - 1), counts).map { "\($0) \($1)" }
        .joined(separator: ", "))
    #expect(planner.startingJamo == ["ㅇ", "ㅏ", "ㄴ", "ㄱ", "ㅣ", "ㄹ"])
  }

  @Test("no item is a single syllable that is not a word alone, nor from the subtitle list only")
  func review() {
    let single = shippedPracticeWords.filter { $0.count == 1 }
    let words = "잘 네 응 곧 꼭 푹 떡 형 딸 약 몸 집 돈 밥 복 길 날 일 강 안 말 글 국 산 물 책 꽃 밤 값 닭 삶 키"
    let allowed = Set(words.split(separator: " ").map(String.init))
    #expect(single.filter { !allowed.contains($0) }.isEmpty, "\(single)")
    for subtitle in [
      "아일", "란", "아니길", "일인", "가라", "리", "는", "을", "의", "윌", "캠", "칼을", "피를", "마약", "총", "비켜",
    ] {
      #expect(!list.contains(subtitle), "\(subtitle)")
    }
    #expect(shippedPracticeWords.count == list.count, "an item comes twice")
  }
}
