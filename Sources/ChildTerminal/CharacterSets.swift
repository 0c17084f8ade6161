/// The character sets of G0 to G3 as designated (`ESC ( F` … `ESC + F`), and the one shown
/// in GL (SI, SO, LS2, LS3); only the sets libvterm 0.1.4 knows, as it ignores the others.
struct CharacterSets: Equatable, Sendable {
  /// The final byte of each designation: `B` ASCII (libvterm's UTF-8 default reads the same),
  /// `0` line drawing, `A` British.
  private var designations = SIMD4<UInt8>(repeating: UInt8(ascii: "B"))
  /// The set GL shows: 0 to 3.
  var shown: UInt8 = 0

  /// Sets that differ from every real one: ``sequences(from:)`` then designates all four and
  /// shows G0.
  static let unknown = CharacterSets(designations: SIMD4(repeating: 0), shown: 4)

  /// GL shows ASCII: each printable byte is the character it names.
  var showsASCII: Bool { designations[Int(shown & 3)] == UInt8(ascii: "B") }

  mutating func designate(_ set: Int, _ final: UInt8) {
    guard [UInt8(ascii: "B"), UInt8(ascii: "0"), UInt8(ascii: "A")].contains(final) else { return }
    designations[set] = final
  }

  /// The sequences that turn `current` into these sets.
  func sequences(from current: CharacterSets) -> [UInt8] {
    var bytes: [UInt8] = []
    for set in 0..<4 where designations[set] != current.designations[set] {
      bytes += [0x1B, 0x28 + UInt8(set), designations[set]]
    }
    if shown != current.shown {
      switch shown {
      case 0: bytes.append(0x0F)
      case 1: bytes.append(0x0E)
      case 2: bytes += [0x1B, UInt8(ascii: "n")]
      default: bytes += [0x1B, UInt8(ascii: "o")]
      }
    }
    return bytes
  }
}
