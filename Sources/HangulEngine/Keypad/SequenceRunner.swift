/// Presses key sequences on a ``Typist``, following layout switches, with the key tables of every
/// layout built once.
///
/// Used by `cheonjiin keys`, `spell` and the tests.
public struct SequenceRunner: Sendable {
  /// The engine and the text after the last sequence.
  public private(set) var typist: Typist<TextBuffer>
  private let resolvers: [KeyResolver]
  private let initialLayout: Int

  public init(layouts: [Layout], initial: Int = 0) {
    typist = Typist(layouts: layouts, initial: initial)
    resolvers = layouts.map(KeyResolver.init(layout:))
    initialLayout = typist.layoutIndex
  }

  /// One key press of a sequence, as `--trace` shows it.
  public struct Step: Sendable {
    public var token: PlacedKeyToken
    /// What the press did, as applied to the text (see ``Typist/tap(_:)``).
    public var output: KeyOutput
  }

  /// Starts over: empty text, initial layout.
  ///
  /// Keeps buffer capacity.
  public mutating func reset() {
    typist.reset()
    if typist.layoutIndex != initialLayout, resolvers.indices.contains(initialLayout) {
      let id = resolvers[initialLayout].layout.id
      // Nothing is composed after the reset, so the switch commits nothing.
      typist.switchLayout(to: id)
    }
  }

  /// Resets, then presses every key of `sequence`, each as it is read.
  ///
  /// - Parameter step: Called after each press with the typist after it, for tracing.
  /// - Throws: ``KeySequenceError`` for the first token that cannot be read or has no key in
  ///   the layout current at that point; keys before it stay pressed.
  public mutating func run(
    _ sequence: String, step: ((Step, Typist<TextBuffer>) -> Void)? = nil
  ) throws(KeySequenceError) {
    reset()
    // The resolver is held while the layout stays, rather than looked up (and retained) per key.
    var layoutIndex = typist.layoutIndex
    var resolver = resolvers[layoutIndex]
    try KeySequence.forEachToken(in: sequence) { placed throws(KeySequenceError) in
      try press(placed, with: resolver, step: step)
      if typist.layoutIndex != layoutIndex {
        layoutIndex = typist.layoutIndex
        resolver = resolvers[layoutIndex]
      }
    }
  }

  private mutating func press(
    _ placed: PlacedKeyToken, with resolver: KeyResolver,
    step: ((Step, Typist<TextBuffer>) -> Void)?
  ) throws(KeySequenceError) {
    let resolved: (key: Int, isHold: Bool)
    do {
      resolved = try resolver.resolve(placed.token)
    } catch {
      throw KeySequenceError(token: error.token, column: placed.column, reason: error.reason)
    }
    let output = resolved.isHold ? typist.hold(resolved.key) : typist.tap(resolved.key)
    step?(Step(token: placed, output: output), typist)
  }
}
