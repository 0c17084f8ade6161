/// The fewest single-element edits that turn `a` into `b`.
///
/// An insertion, a deletion and a replacement each cost 1 (Levenshtein). With
/// `countsSwapsAsOne`, exchanging two neighbours costs 1 as well (optimal string alignment),
/// so `lable` is one edit from `label`.
///
/// ```swift
/// editDistance(Array("가나다"), Array("가다"))                          // 1
/// editDistance(Array("lable"), Array("label"))                        // 2
/// editDistance(Array("lable"), Array("label"), countsSwapsAsOne: true) // 1
/// ```
///
/// - Parameters:
///   - a: The sequence as written (typed text, a name with a typo).
///   - b: The sequence to compare it with (the target, a known name).
///   - countsSwapsAsOne: Whether a swap of neighbours is one edit. Use it to guess what a
///     name was meant to be; leave it off to score typed text, where a swap is two mistakes.
/// - Returns: The number of edits; 0 only for equal sequences.
public func editDistance<T: Equatable>(
  _ a: [T], _ b: [T], countsSwapsAsOne: Bool = false
) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  // Three rows of the table: the one before the previous is only read for swaps.
  var beforePrevious = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let replace = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = min(replace, previous[j] + 1, current[j - 1] + 1)
      if countsSwapsAsOne, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        current[j] = min(current[j], beforePrevious[j - 2] + 1)
      }
    }
    (beforePrevious, previous, current) = (previous, current, beforePrevious)
  }
  return previous[b.count]
}
