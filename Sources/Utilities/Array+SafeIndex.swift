extension Array {
  /// The element at `index`, or `nil` when the array has no such index.
  ///
  /// For indices that come from data (a layout index in a cue, a key number in a file), where
  /// an index out of range is a case to handle, not a programmer error to trap on.
  ///
  /// ```swift
  /// ["ㄱ", "ㄴ"][safe: 1]  // "ㄴ"
  /// ["ㄱ", "ㄴ"][safe: 2]  // nil
  /// ```
  public subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
