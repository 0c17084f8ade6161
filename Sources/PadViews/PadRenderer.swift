import CellGrid
import HangulEngine

/// How big keys are drawn.
public enum KeySize: Sendable, Hashable, CaseIterable {
  /// One row per key, no hints: the fallback for small windows.
  case compact
  case normal
  /// For older eyes: bigger keys, more space between them (`--large`).
  case large

  /// Cells per key unit (width) and rows per key; gaps between keys.
  package var cellWidth: Int {
    switch self {
    case .compact: 6
    case .normal: 9
    case .large: 13
    }
  }
  package var cellHeight: Int {
    switch self {
    case .compact: 1
    case .normal: 3
    case .large: 5
    }
  }
  package var gap: Int {
    switch self {
    case .compact: 1
    case .normal: 1
    case .large: 2
    }
  }
  package var rowGap: Int {
    switch self {
    case .compact: 0
    case .normal: 1
    case .large: 1
    }
  }
}

/// Where each key of a layout is drawn, relative to the pad's top-left corner.
public struct PadGeometry: Sendable, Hashable {
  public struct KeyRect: Sendable, Hashable {
    public var key: Int
    public var row: Int
    public var column: Int
    public var height: Int
    public var width: Int

    public func contains(row: Int, column: Int) -> Bool {
      row >= self.row && row < self.row + height && column >= self.column
        && column < self.column + width
    }
  }

  public let size: KeySize
  public let rects: [KeyRect]
  public let width: Int
  public let height: Int

  public init(layout: Layout, size: KeySize) {
    self.init(
      layout: layout, size: size,
      metrics: (size.cellWidth, size.cellHeight, size.gap, size.rowGap))
  }

  /// Keys of any size: the demo grows its pad with the window beyond ``KeySize/large``.
  ///
  /// - Parameters:
  ///   - size: The named size the keys are drawn like (small print, hints).
  ///   - metrics: Cells per key unit and rows per key, and the gaps between keys and rows.
  package init(
    layout: Layout, size: KeySize,
    metrics: (cellWidth: Int, cellHeight: Int, gap: Int, rowGap: Int)
  ) {
    self.size = size
    var rects: [KeyRect] = []
    var widest = 0
    for (rowIndex, row) in layout.rows.enumerated() {
      var column = 0.0
      let top = rowIndex * (metrics.cellHeight + metrics.rowGap)
      for cell in row {
        let units = cell.map { layout.keys[$0].width } ?? 1
        let start = Int((column * Double(metrics.cellWidth + metrics.gap)).rounded())
        let span = Int((units * Double(metrics.cellWidth + metrics.gap)).rounded()) - metrics.gap
        if let cell {
          rects.append(
            KeyRect(key: cell, row: top, column: start, height: metrics.cellHeight, width: span))
        }
        column += units
        widest = max(widest, start + span)
      }
    }
    self.rects = rects
    width = widest
    height =
      layout.rows.isEmpty
      ? 0 : layout.rows.count * (metrics.cellHeight + metrics.rowGap) - metrics.rowGap
  }

  /// The key under a cell of the pad, for mouse clicks.
  public func key(atRow row: Int, column: Int) -> Int? {
    rects.first { $0.contains(row: row, column: column) }?.key
  }

  /// The key nearest to `key` in a direction, for arrow-key focus.
  public func neighbour(of key: Int, rowStep: Int, columnStep: Int) -> Int? {
    guard let from = rects.first(where: { $0.key == key }) else { return rects.first?.key }
    let centre = (row: from.row + from.height / 2, column: from.column + from.width / 2)
    var best: (key: Int, score: Int)? = nil
    for rect in rects where rect.key != key {
      let other = (row: rect.row + rect.height / 2, column: rect.column + rect.width / 2)
      let rowDelta = other.row - centre.row
      let columnDelta = other.column - centre.column
      // Only keys on the requested side count; prefer the straightest, then the nearest.
      let along = rowStep != 0 ? rowDelta * rowStep : columnDelta * columnStep
      let across = rowStep != 0 ? abs(columnDelta) : abs(rowDelta)
      guard along > 0 else { continue }
      let score = along + across * 4
      if best.map({ score < $0.score }) ?? true { best = (rect.key, score) }
    }
    return best?.key
  }
}

/// What a key looks like right now.
public struct KeyDecoration: Sendable, Hashable {
  /// The physical key that presses it, shown small in the top-right corner.
  public var hint: String?
  public var isPressed = false
  public var isFocused = false
  /// The next key to press (practice cues).
  public var isCue = false
  /// 0…1 while a hold is in progress.
  public var holdFraction: Double? = nil

  public init(hint: String? = nil) {
    self.hint = hint
  }
}

/// Draws a layout's keys into a screen.
public enum PadRenderer {
  /// Draws the pad with its top-left corner at `origin`.
  public static func draw(
    _ layout: Layout, geometry: PadGeometry, decorations: [Int: KeyDecoration],
    into screen: inout Screen, origin: (row: Int, column: Int), bold: Bool
  ) {
    for rect in geometry.rects {
      drawKey(
        layout.keys[rect.key], rect: rect, decoration: decorations[rect.key] ?? KeyDecoration(),
        into: &screen, origin: origin, bold: bold)
    }
  }

  /// Draws the pad from a stamp of its keys at rest (hints included), then the keys whose
  /// look changes from frame to frame (pressed, focused, cued, held) over it: the keys'
  /// labels are laid out once, not on every key press.
  ///
  /// - Parameter hints: The corner hints, and a number that is equal for equal hints.
  package static func draw(
    _ layout: Layout, geometry: PadGeometry, decorations: [Int: KeyDecoration],
    hints: (keys: [Int: String], id: Int), stamps: PadStamps, into screen: inout Screen,
    origin: (row: Int, column: Int), bold: Bool
  ) {
    let stamp = stamps.stamp(layout, size: geometry.size, hints: hints.id, bold: bold) {
      var stamp = screen.sized(rows: geometry.height, columns: geometry.width)
      draw(
        layout, geometry: geometry, decorations: hints.keys.mapValues { KeyDecoration(hint: $0) },
        into: &stamp, origin: (0, 0), bold: bold)
      return stamp
    }
    screen.blit(stamp, row: origin.row, column: origin.column)
    for rect in geometry.rects {
      guard var decoration = decorations[rect.key], decoration.changesFace else { continue }
      decoration.hint = hints.keys[rect.key]
      drawKey(
        layout.keys[rect.key], rect: rect, decoration: decoration, into: &screen, origin: origin,
        bold: bold)
    }
  }

  /// Draws one key.
  static func drawKey(
    _ key: LayoutKey, rect: PadGeometry.KeyRect, decoration: KeyDecoration,
    into screen: inout Screen, origin: (row: Int, column: Int), bold: Bool
  ) {
    let style: CellStyle
    if decoration.isFocused {
      style = .keyFocused
    } else if decoration.isCue {
      style = .keyCue
    } else {
      switch key.style {
      case .letter: style = .keyLetter
      case .function: style = .keyFunction
      case .accent: style = .keyAccent
      }
    }
    let top = origin.row + rect.row
    let left = origin.column + rect.column
    screen.fill(row: top, column: left, height: rect.height, width: rect.width, style: style)
    let labelRow = top + rect.height / 2
    // Small print is plain, never faint: xterm draws faint text at half its colour, 3:1 on
    // the keys (measured from pixels); bold in --bold mode.
    let small: CellAttributes = bold ? .bold : []
    // A key one row high has no corner: the physical key goes beside the label, where both
    // fit (`⌫ -`, `-_/ +`), so that the compact pad still says which key presses what.
    let labelWidth = screen.width(of: key.label)
    let beside = decoration.hint.flatMap { hint in
      rect.height == 1 && labelWidth + 1 + screen.width(of: hint) <= rect.width ? hint : nil
    }
    let span = beside.map { labelWidth + 1 + screen.width(of: $0) } ?? rect.width
    let labelLeft = beside == nil ? left : left + (rect.width - span) / 2
    if decoration.isPressed {
      // Only the label lights up, in reverse video: clearly visible, and the flash costs
      // the terminal the label's few bytes, not the key's (checked by `make bench`).
      screen.drawCentered(
        key.label, row: labelRow, column: labelLeft, span: beside == nil ? span : labelWidth,
        style: .keyPressed)
    } else {
      screen.drawCentered(
        key.label, row: labelRow, column: labelLeft, span: beside == nil ? span : labelWidth,
        style: style, attributes: .bold)
    }
    if let beside {
      screen.draw(
        beside, row: labelRow, column: labelLeft + labelWidth + 1, style: style, attributes: small)
    }
    guard rect.height > 1 else { return }
    // Small print: the physical key top-right, the hold text or second label below.
    if let hint = decoration.hint {
      let hintWidth = screen.width(of: hint)
      screen.draw(
        hint, row: top, column: left + rect.width - hintWidth - 1, style: style, attributes: small)
    }
    let secondLine: String?
    if let secondLabel = key.secondLabel {
      secondLine = secondLabel
    } else if case .text(let text) = key.hold {
      secondLine = text
    } else {
      secondLine = nil
    }
    if let secondLine {
      screen.drawCentered(
        secondLine, row: top + rect.height - 1, column: left, span: rect.width, style: style,
        attributes: small)
    }
    if let fraction = decoration.holdFraction {
      let filled = Int((Double(rect.width) * min(1, max(0, fraction))).rounded())
      screen.restyle(
        row: top + rect.height - 1, columns: left..<(left + filled), style: .holdProgress)
    }
  }
}

extension KeyDecoration {
  /// Whether the key looks different from its face at rest (a corner hint does not count).
  var changesFace: Bool { isPressed || isFocused || isCue || holdFraction != nil }
}

/// The faces of pads at rest, drawn once per layout, size, hints and weight, for
/// ``PadRenderer/draw(_:geometry:decorations:stamps:into:origin:bold:)``.
///
/// A reference, so that drawing (which changes no state) can fill it; the key of each stamp
/// is everything the face depends on, so copies of a screen sharing it never disagree.
package final class PadStamps {
  package init() {}

  private struct Key: Hashable {
    var layout: String
    var size: KeySize
    var hints: Int
    var bold: Bool
  }

  private var stamps: [Key: Screen] = [:]
  private var geometries: [GeometryKey: PadGeometry] = [:]

  private struct GeometryKey: Hashable {
    var layout: String
    var size: KeySize
  }

  /// Where a layout's keys go at a size, worked out once.
  package func geometry(_ layout: Layout, size: KeySize) -> PadGeometry {
    let key = GeometryKey(layout: layout.id, size: size)
    if let geometry = geometries[key] { return geometry }
    let geometry = PadGeometry(layout: layout, size: size)
    geometries[key] = geometry
    return geometry
  }

  /// The stamp for a layout at a size with the hints numbered `hints`, drawn by `draw` the
  /// first time.
  package func stamp(
    _ layout: Layout, size: KeySize, hints: Int, bold: Bool, draw: () -> Screen
  ) -> Screen {
    let key = Key(layout: layout.id, size: size, hints: hints, bold: bold)
    if let stamp = stamps[key] { return stamp }
    let stamp = draw()
    stamps[key] = stamp
    return stamp
  }
}
