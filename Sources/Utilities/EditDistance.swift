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
///
/// Compare ``editDistanceTable(_:_:countsSwapsAsOne:)``, which keeps every prefix's distance
/// for walking back an alignment.
public func editDistance<T: Equatable>(
  _ a: [T], _ b: [T], countsSwapsAsOne: Bool = false
) -> Int {
  editDistanceTable(a, b, countsSwapsAsOne: countsSwapsAsOne)[a.count][b.count]
}

/// The edit distances between every prefix of `a` and every prefix of `b`.
///
/// `table[i][j]` is ``editDistance(_:_:countsSwapsAsOne:)`` of the first `i` elements of `a`
/// and the first `j` of `b`, so `table[a.count][b.count]` is the distance of the whole
/// sequences, and walking back from there through cells that differ by the cost of one edit
/// gives an optimal alignment (which elements matched).
///
/// - Returns: `a.count + 1` rows of `b.count + 1` distances.
public func editDistanceTable<T: Equatable>(
  _ a: [T], _ b: [T], countsSwapsAsOne: Bool = false
) -> [[Int]] {
  var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in 0...a.count { table[i][0] = i }
  for j in 0...b.count { table[0][j] = j }
  guard !a.isEmpty, !b.isEmpty else { return table }
  for i in 1...a.count {
    for j in 1...b.count {
      let replace = table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      table[i][j] = min(replace, table[i - 1][j] + 1, table[i][j - 1] + 1)
      if countsSwapsAsOne, i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
      }
    }
  }
  return table
}
