/// How a Sino-Korean reading writes `일` before a unit, and whether it spaces 만 groups.
///
/// The default, ``standard``, follows 한글 맞춤법 제44항 and everyday usage: `만 오천`,
/// `일억 만`, `십이억 삼천사백오십육만 칠천팔백구십팔`. ``financial`` is the custom for checks
/// and receipts: `일백칠십육만오천`.
public struct SinoStyle: Sendable, Hashable {
  /// Where `일` is written before a unit.
  ///
  /// `일` in the ones place (`백일`) and before 억, 조 and 경 (`일억`) is written in every rule.
  public enum IlRule: Sendable, Hashable, CaseIterable {
    /// Dropped before 십, 백, 천 and before a lone 만: `십`, `천백십일`, `만 오천`, `일억 만`.
    case dropped
    /// Dropped before 십, 백 and 천, but kept before a lone 만: `일만 오천`, `일억 일만`.
    case keptBeforeMan
    /// Kept before every unit, as on checks: `일십`, `일백`, `일천`, `일만`.
    case kept
  }

  /// Where `일` is written before a unit.
  public var ilRule: IlRule
  /// Whether 만 groups are separated by a space (제44항); `false` writes the number as one word.
  public var isSpaced: Bool

  /// Makes a style; the defaults are those of ``standard``.
  public init(ilRule: IlRule = .dropped, isSpaced: Bool = true) {
    self.ilRule = ilRule
    self.isSpaced = isSpaced
  }

  /// Everyday writing: `만 오천`, `일억 만`, spaced by 만 units.
  public static let standard = SinoStyle()
  /// Like ``standard`` but with `일만`: `일만 오천`, `일억 일만`.
  public static let ilMan = SinoStyle(ilRule: .keptBeforeMan)
  /// Like ``standard`` but written as one word: `만오천`.
  public static let unspaced = SinoStyle(isSpaced: false)
  /// Checks and receipts: `일` before every unit, no spaces: `일백칠십육만오천`.
  public static let financial = SinoStyle(ilRule: .kept, isSpaced: false)
}
