import HangulEngine
import LayoutLoading

let library = LayoutLibrary.standard()
do {
  var engine = try library.inputMethod()
  let resolver = KeyResolver(layout: engine.layout)
  for token in try KeySequence.parse(CommandLine.arguments.dropFirst().joined()) {
    let (key, hold) = try resolver.resolve(token.token)
    _ = hold ? engine.hold(key) : engine.tap(key)
  }
  print(engine.text)
} catch {
  print(error)
}
