import HangulEngine
import Practice
import Suggestions
import Testing

/// "뒈져/뒈져라" came up in 22 of 40 seeded plans with every letter unlocked.
@Suite("Words practice never offers")
struct BlockedWordsTests {
  @Test("rules: words, prefixes ending in *, comments; a text is blocked by any of its words")
  func rules() {
    let blocked = BlockedWords(
      parsing: """
        # a comment
        바보*
        놈

          뒈져  
        """)
    #expect(blocked.blocks("바보"))
    #expect(blocked.blocks("바보야"))
    #expect(blocked.blocks("그 놈!"))
    #expect(blocked.blocks("뒈져"))
    #expect(!blocked.blocks("놈들"))  // 놈 is a word rule, not a prefix
    #expect(!blocked.blocks("소년"))
    #expect(!blocked.blocks("# a comment"))
    #expect(BlockedWords.none.isEmpty && !BlockedWords.none.blocks("바보"))
    // Marks before a word, rules of one to four UTF-8 bytes a scalar, a rule that is a lone
    // scalar: each word's first scalar is looked up before its prefixes.
    let mixed = BlockedWords(parsing: "idiot*\né\n💩*\n가\n")
    #expect(mixed.blocks("...바보") == false && blocked.blocks("...바보"))
    #expect(mixed.blocks("idiots") && mixed.blocks("an idiot!") && !mixed.blocks("id"))
    #expect(mixed.blocks("é") && !mixed.blocks("éé") && mixed.blocks("💩💩") && !mixed.blocks("💨"))
    #expect(mixed.blocks("가") && mixed.blocks("가!") && !mixed.blocks("가다") && !mixed.blocks("나"))
  }

  @Test("the reviewed list blocks what came up, and keeps ordinary words that look close")
  func shippedList() {
    for word in ["뒈져", "뒈져라", "죽어라", "바보야", "멍청이", "놈이", "그놈", "미친놈이", "쥐새끼", "늙은이"] {
      #expect(shippedBlockedWords.blocks(word), "\(word)")
    }
    for word in ["소년", "청년", "작년", "내년", "젖은", "꺼지지", "들이닥칠", "할머니", "죽겠어", "바다"] {
      #expect(!shippedBlockedWords.blocks(word), "\(word)")
    }
  }

  @Test("no entry of the shipped vocabulary is blocked, so no seed can offer one")
  func vocabulary() {
    let entries = shippedVocabulary.entries
    #expect(entries.count > 400)
    let offered = entries.filter { shippedBlockedWords.blocks($0.text) }.map(\.text)
    #expect(offered.isEmpty, "\(offered.prefix(20))")
    // Should a list ever be edited past its review, the filter still keeps them out.
    let raw = AdaptiveVocabulary(
      practiceWords: ["뒈져", "가자"], corpus: [], everyday: [], blocked: shippedBlockedWords)
    #expect(raw.entries.map(\.text) == ["가자"])
  }

  /// The vocabulary test above covers every seed (a plan only draws entries); this one draws
  /// the plans themselves, each letter's small pool included.
  @Test("every letter unlocked, every letter the focus, 200 seeds: no plan offers a blocked word")
  func everySeed() {
    var planner = AdaptivePlanner(
      vocabulary: shippedVocabulary, layouts: galaxyLayouts,
      settings: AdaptiveSettings(isTargetKnown: true))
    let all = shippedVocabulary.order
    // Each letter in turn the slowest, so each letter's small pool is drawn from.
    var strokes = JamoStrokes(layouts: galaxyLayouts)
    var seen: Set<String> = []
    for (index, focus) in all.enumerated() {
      var observations: [String: UnitObservations] = [:]
      for letter in all {
        let time =
          Milliseconds(letter == focus ? 3_000 : 500) * Milliseconds(strokes.pressCount(of: letter))
        observations[letter] = UnitObservations(
          tally: UnitTally(presses: 15, samples: 15), recent: Array(repeating: time, count: 15))
      }
      for seed in stride(from: UInt64(index), to: 200, by: all.count) {
        let plan = planner.plan(unlocked: all, observations: observations, seed: seed)
        #expect(plan.standing.focus == focus)
        for item in plan.items { seen.insert(item.target) }
      }
    }
    let offered = seen.filter(shippedBlockedWords.blocks)
    #expect(offered.isEmpty, "\(offered)")
    #expect(
      seen.contains { $0.contains("웨") || $0.contains("웬") || $0.contains("궤") || $0.contains("췌") }
    )
  }
}
