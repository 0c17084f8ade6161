/// The filter's CSI sequences (split, cut or rewritten for libvterm 0.1.4, and what the
/// emulator handles itself picked out) and its strings (OSC, DCS, APC, PM, SOS).
extension ChildOutputFilter {
  // MARK: - CSI

  mutating func csi(
    _ byte: UInt8, part: CSIPart, into output: inout [UInt8],
    events: inout [(offset: Int, event: Event)]
  ) {
    switch byte {
    case 0x1B:
      startEscape()
      return
    case 0x18, 0x1A:
      state = .ground
      return
    case 0x00, 0x7F:
      return
    case 0x01..<0x20:
      control(byte, into: &output)
      return
    default:
      break
    }
    if part == .leader, (0x3C...0x3F).contains(byte) {
      if leader == nil { leader = byte } else { hasTooManyIntermediates = true }
      return
    }
    if part != .intermediates {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        state = .csi(.parameters)
        addDigit(byte)
        return
      case UInt8(ascii: ";"), UInt8(ascii: ":"):
        state = .csi(.parameters)
        if byte == UInt8(ascii: ":"), !parameters.isEmpty {
          parameters[parameters.count - 1].hasMore = true
        }
        // Kept up to twice the limit, so that SGR can be split; the rest is cut.
        if parameters.count < Self.parameterLimit * 2 {
          parameters.append(Parameter(value: nil, hasMore: false))
        } else {
          parameters[parameters.count - 1] = Parameter(value: nil, hasMore: false)
        }
        return
      default:
        break
      }
    }
    switch byte {
    case 0x20...0x2F:
      state = .csi(.intermediates)
      if intermediates.isEmpty {
        intermediates.append(byte)
      } else {
        hasTooManyIntermediates = true
      }
    case 0x40...0x7E:
      state = .ground
      dispatchCSI(final: byte, into: &output, events: &events)
    default:
      state = .ground  // not a CSI after all: libvterm drops it too
    }
  }

  mutating func addDigit(_ byte: UInt8) {
    let digit = Int(byte - UInt8(ascii: "0"))
    let last = parameters.count - 1
    let value = (parameters[last].value ?? 0) * 10 + digit
    parameters[last].value = min(value, Self.valueLimit)
  }

  mutating func dispatchCSI(
    final: UInt8, into output: inout [UInt8], events: inout [(offset: Int, event: Event)]
  ) {
    defer { intermediates.removeAll(keepingCapacity: true) }
    guard !hasTooManyIntermediates else { return }
    let intermediate = intermediates.first
    let first = parameters.first?.value
    switch (leader, intermediate, final) {
    case (nil, nil, UInt8(ascii: "m")):
      notePen(at: output.count, events: &events)
      if let groups = normalizeAttributes() {
        writeCSI(final: final, splitting: groups, into: &output)
      }
    case (nil, nil, UInt8(ascii: "b")):
      repeatCharacter(first ?? 1, into: &output)
    case (nil, UInt8(ascii: " "), UInt8(ascii: "q")):
      if (0...6).contains(first ?? 0) { events.append((output.count, .cursorStyle(first ?? 0))) }
      writeCSI(final: final, splitting: nil, into: &output)
    case (nil, nil, UInt8(ascii: "J")) where first == 3:
      events.append((output.count, .clearScrollback))
    case (UInt8(ascii: "?"), UInt8(ascii: "$"), UInt8(ascii: "p")) where first == 1049:
      events.append((output.count, .alternateScreenQuery))
    case (nil, UInt8(ascii: "!"), UInt8(ascii: "p")):
      resetPen(at: output.count, events: &events)  // DECSTR resets the pen
      writeCSI(final: final, splitting: nil, into: &output)
      // and the character sets, as xterm does; libvterm 0.1.4 keeps them, so they are
      // designated here.
      output += CharacterSets().sequences(from: CharacterSets.unknown)
      characterSets = CharacterSets()
    case (_, nil, UInt8(ascii: "h")), (_, nil, UInt8(ascii: "l")):
      setModes(isSet: final == UInt8(ascii: "h"), into: &output)
    default:
      writeCSI(final: final, splitting: nil, into: &output)
    }
  }

  /// A mode set or reset, one sequence per mode (libvterm 0.1.4 applies only the first of
  /// several), each followed by what libvterm leaves out of it.
  mutating func setModes(isSet: Bool, into output: inout [UInt8]) {
    let modes = parameters.compactMap(\.value)
    let final = isSet ? UInt8(ascii: "h") : UInt8(ascii: "l")
    for mode in modes {
      output += [0x1B, UInt8(ascii: "[")]
      if let leader { output.append(leader) }
      output.appendDecimal(mode)
      output.append(final)
      guard leader == UInt8(ascii: "?") else {
        if leader == nil, mode == 4 { isInsertMode = isSet }
        continue
      }
      switch mode {
      case 69:
        hasLeftRightMargins = isSet
      case 3:
        // DECCOLM: margins reset, screen cleared, cursor home (`CSI r` homes it first).
        output += Array("\u{1B}[r\u{1B}[2J\u{1B}[H".utf8)
      case 1048, 1049:
        if isSet { savedCharacterSets = characterSets } else { restoreCharacterSets(into: &output) }
      default:
        break
      }
    }
  }

  /// Writes the sequence read, with its parameters in pieces of whole groups of at most
  /// ``parameterLimit`` (one sequence each), or cut to that many when `groups` is nil.
  func writeCSI(final: UInt8, splitting groups: [Range<Int>]?, into output: inout [UInt8]) {
    var pieces: [Range<Int>] = []
    if let groups, parameters.count > Self.parameterLimit {
      var current = 0..<0
      for group in groups {
        if current.count + group.count > Self.parameterLimit, !current.isEmpty {
          pieces.append(current)
          current = group.lowerBound..<group.lowerBound
        }
        current = current.lowerBound..<group.upperBound
      }
      if !current.isEmpty { pieces.append(current) }
    } else {
      pieces = [0..<min(parameters.count, Self.parameterLimit)]
    }
    for piece in pieces {
      output += [0x1B, UInt8(ascii: "[")]
      if let leader { output.append(leader) }
      for index in piece {
        if let value = parameters[index].value { output.appendDecimal(value) }
        if index < piece.upperBound - 1 {
          // A piece never ends inside a group, so its last parameter has no `:` after it.
          output.append(parameters[index].hasMore ? UInt8(ascii: ":") : UInt8(ascii: ";"))
        }
      }
      output += intermediates
      output.append(final)
    }
  }

  /// Rewrites SGR's parameters so that libvterm 0.1.4 reads each attribute as meant: an
  /// underline colour (58, 59), which it does not know and would read as attributes (`58;2;7;8;9`
  /// as reverse and strike), is left out; a colour with its colour space (`38:2:cs:r:g:b`) loses
  /// the space; a run of `:` subparameters longer than libvterm holds is cut.
  ///
  /// - Returns: The attributes' groups in the new parameters; nil when none is left (writing
  ///   `CSI m` then would reset them all).
  mutating func normalizeAttributes() -> [Range<Int>]? {
    var kept: [Parameter] = []
    var groups: [Range<Int>] = []
    for group in attributeGroups() {
      var items = Array(parameters[group])
      let isColour = items[0].value == 38 || items[0].value == 48
      if items[0].value == 58 || items[0].value == 59 { continue }
      if isColour, items.count == 6, items[0].hasMore, items[1].value == 2 { items.remove(at: 2) }
      items = Array(items.prefix(Self.parameterLimit))
      items[items.count - 1].hasMore = false
      groups.append(kept.count..<(kept.count + items.count))
      kept += items
    }
    parameters = kept
    return groups.isEmpty ? nil : groups
  }

  /// SGR's parameters as attributes: one parameter, its `:` subparameters, and the colour of
  /// `38;5;n` or `38;2;r;g;b` (and 48, 58), never cut apart.
  func attributeGroups() -> [Range<Int>] {
    var groups: [Range<Int>] = []
    var index = 0
    while index < parameters.count {
      var end = index
      while end < parameters.count - 1, parameters[end].hasMore { end += 1 }
      end += 1
      if end == index + 1, [38, 48, 58].contains(parameters[index].value) {
        switch index + 1 < parameters.count ? parameters[index + 1].value : nil {
        case 5: end = min(parameters.count, index + 3)
        case 2: end = min(parameters.count, index + 5)
        default: break
        }
      }
      groups.append(index..<end)
      index = end
    }
    return groups
  }

  /// Follows SGR 2, 22, 8, 28 and 0 (libvterm keeps neither dim nor conceal).
  mutating func notePen(at offset: Int, events: inout [(offset: Int, event: Event)]) {
    var (dim, concealed) = (isDim, isConcealed)
    for group in attributeGroups() {
      switch parameters[group.lowerBound].value {
      case nil, 0: (dim, concealed) = (false, false)
      case 22: dim = false
      case 2: dim = true
      case 28: concealed = false
      case 8: concealed = true
      default: break
      }
    }
    setDim(dim, at: offset, events: &events)
    setConcealed(concealed, at: offset, events: &events)
  }

  /// RIS and DECSTR: libvterm resets its pen; dim and conceal are the filter's.
  mutating func resetPen(at offset: Int, events: inout [(offset: Int, event: Event)]) {
    setDim(false, at: offset, events: &events)
    setConcealed(false, at: offset, events: &events)
  }

  mutating func setConcealed(
    _ concealed: Bool, at offset: Int, events: inout [(offset: Int, event: Event)]
  ) {
    guard concealed != isConcealed else { return }
    isConcealed = concealed
    events.append((offset, .conceal(concealed)))
  }

  mutating func setDim(
    _ dim: Bool, at offset: Int, events: inout [(offset: Int, event: Event)]
  ) {
    guard dim != isDim else { return }
    isDim = dim
    events.append((offset, .dim(dim)))
  }

  /// REP: the graphic character right before it again, `count` times, at most a row of it;
  /// nothing when there is none (libvterm would loop forever on a zero-width one).
  func repeatCharacter(_ count: Int, into output: inout [UInt8]) {
    guard repeatable.count > 0 else { return }
    for _ in 0..<min(max(1, count), columns) { repeatable.write(into: &output) }
  }

  // MARK: - Strings

  mutating func startString(_ kind: StringKind) {
    state = .string(kind, escape: false)
    string.removeAll(keepingCapacity: true)
    stringOverflowed = false
    isClipboard = false
  }

  mutating func inString(
    _ byte: UInt8, kind: StringKind, afterEscape: Bool, into output: inout [UInt8],
    events: inout [(offset: Int, event: Event)]
  ) {
    if afterEscape {
      if byte == UInt8(ascii: "\\") {
        finishString(kind, into: &output, events: &events)
        state = .ground
      } else {
        // Any other escape ends the string unfinished and starts a sequence of its own.
        startEscape()
        escape(byte, into: &output, events: &events)
      }
      return
    }
    switch byte {
    case 0x07:
      finishString(kind, into: &output, events: &events)
      state = .ground
    case 0x1B:
      state = .string(kind, escape: true)
    case 0x18, 0x1A:
      state = .ground
    case 0x00..<0x20, 0x7F:
      break
    default:
      let limit: Int
      switch kind {
      case .osc:
        // Only a clipboard write is kept: `52;`, a few selection letters, `;`, the data.
        if string.count == 3 { isClipboard = string == Array("52;".utf8) }
        limit = string.count < 3 || isClipboard ? Self.clipboardLimit + 16 : 3
      case .dcs: limit = Self.dcsLimit
      case .ignored: limit = 0
      }
      if string.count < limit { string.append(byte) } else { stringOverflowed = true }
    }
  }

  mutating func finishString(
    _ kind: StringKind, into output: inout [UInt8], events: inout [(offset: Int, event: Event)]
  ) {
    defer {
      string.removeAll(keepingCapacity: string.capacity <= 4096)
    }
    switch kind {
    case .osc:
      // `52;selection;data`: a write (a query, `?`, is never answered: nothing leaks back).
      guard isClipboard, !stringOverflowed else { return }
      let rest = string.dropFirst(3)
      guard let separator = rest.firstIndex(of: UInt8(ascii: ";")) else { return }
      let data = Array(rest[(separator + 1)...])
      guard data != [UInt8(ascii: "?")] else { return }
      events.append(
        (output.count, .clipboard(selection: Array(rest[..<separator]), base64: data)))
    case .dcs:
      guard !stringOverflowed, string.starts(with: Array("$q".utf8)) else { return }
      output += [0x1B, UInt8(ascii: "P")] + string + [0x1B, UInt8(ascii: "\\")]
    case .ignored:
      break
    }
  }
}
