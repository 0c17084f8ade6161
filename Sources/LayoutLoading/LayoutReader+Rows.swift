import HangulEngine
import Utilities

/// Reading `rows`: the keypad grid as key ids and gaps, checked against the keys.
extension LayoutReader {
  // MARK: - Rows

  mutating func readRows(_ value: JSONValue?, keys: [LayoutKey]?, ids: [String?])
    -> [[Int?]]?
  {
    guard let value, let rowList = array(value, at: "rows") else { return nil }
    if rowList.isEmpty {
      report(.invalidValue, "rows", "there are no rows; list the key ids row by row, top row first")
      return nil
    }
    if rowList.count > Self.maximumRows {
      report(
        .invalidValue, "rows", "\(rowList.count) rows; a layout has at most \(Self.maximumRows)")
      return nil
    }
    var indexByID: [String: Int] = [:]
    for (index, id) in ids.enumerated() {
      if let id, indexByID[id] == nil { indexByID[id] = index }
    }
    var rows: [[Int?]] = []
    var placedAt: [String: String] = [:]
    var ok = true
    for (rowIndex, rowValue) in rowList.enumerated() {
      guard let cells = array(rowValue, at: "rows[\(rowIndex)]") else {
        ok = false
        continue
      }
      if cells.count > Self.maximumRowCells {
        report(
          .invalidValue, "rows[\(rowIndex)]",
          "\(cells.count) cells; a row has at most \(Self.maximumRowCells)")
        ok = false
        continue
      }
      var row: [Int?] = []
      for (cellIndex, cell) in cells.enumerated() {
        let path = "rows[\(rowIndex)][\(cellIndex)]"
        if cell == .null {
          row.append(nil)
          continue
        }
        guard let id = string(cell, at: path) else {
          ok = false
          continue
        }
        guard let index = indexByID[id] else {
          let hint =
            didYouMean(id, in: ids.compactMap { $0 }).map { "; did you mean \"\($0)\"?" } ?? ""
          report(.unknownKey, path, "no key has the id \(jsonQuoted(id))\(hint)")
          ok = false
          continue
        }
        if let earlier = placedAt[id] {
          report(
            .keyPlacedTwice, path,
            "key \(jsonQuoted(id)) is already at \(earlier); place each key once")
          ok = false
        }
        placedAt[id] = path
        row.append(index)
      }
      rows.append(row)
    }
    guard let keys, ok else { return nil }
    for (index, key) in keys.enumerated() where placedAt[key.id] == nil {
      report(
        .keyNotPlaced, "keys[\(index)]",
        "key \(jsonQuoted(key.id)) is not in any row; add it to rows or remove it")
      ok = false
    }
    let widths = rows.map { row in row.reduce(0.0) { $0 + ($1.map { keys[$0].width } ?? 1) } }
    if let first = widths.first {
      for (index, width) in widths.enumerated() where width != first {
        report(
          .unevenRows, "rows[\(index)]",
          "row is \(Self.format(width)) units wide but rows[0] is \(Self.format(first)); "
            + "change a key's width or add null cells")
        ok = false
      }
    }
    if let lastRow = rows.last, let lastCell = lastRow.last {
      if let cell = lastCell, case .dismiss = keys[cell].action {
      } else {
        report(
          .dismissPlacement, "rows[\(rows.count - 1)][\(lastRow.count - 1)]",
          "the bottom-right key must be the dismiss key (Galaxy users reach for Back there); "
            + "put a key of type \"dismiss\" last in the last row")
        ok = false
      }
    }
    return ok ? rows : nil
  }

  static func format(_ width: Double) -> String {
    width.rounded() == width ? String(Int(width)) : String(width)
  }
}
