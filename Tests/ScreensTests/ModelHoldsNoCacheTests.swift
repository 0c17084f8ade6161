import HangulEngine
import Practice
import ScreenTestSupport
import Testing

@testable import PadScreen
@testable import PracticeScreen

/// The class instances a value holds, at any depth (a class is not looked inside).
///
/// A view cache has to be a reference: `render` changes no state, yet what it keeps must
/// outlive the frame. So a value that holds no class instance holds no view cache. (A closure's
/// captures are out of a mirror's sight; the pad's state holds no closures.)
private func references(in value: Any) -> [AnyObject] {
  var found: [AnyObject] = []
  var pending: [Any] = [value]
  while let next = pending.popLast() {
    let mirror = Mirror(reflecting: next)
    if mirror.displayStyle == .class {
      found.append(next as AnyObject)
    } else {
      pending += mirror.children.map(\.value)
    }
  }
  return found
}

private func names(_ objects: [AnyObject]) -> [String] {
  objects.map { String(describing: type(of: $0)) }
}

/// The pad model holds no view caches: the drawn key faces and the pad's geometry
/// are the painter's, which the session owns; the pad and the controllers hold values only.
@Suite("The pad model and the screens' state hold no view caches")
struct ModelHoldsNoCacheTests {
  @Test("the pad, after typing 안 and drawing every key, holds no class instance")
  func padHoldsValuesOnly() throws {
    var driver = try Driver()
    for key in ["0", "7", "8", "5"] {
      driver.send(keypad(key))
      _ = driver.render()
    }
    driver.wait(1_000)
    #expect(driver.text == "안")
    #expect(names(references(in: driver.controller.keypad)) == [])
    #expect(names(references(in: driver.controller)) == [])
  }

  @Test("practice, after a key of a lesson and a frame, holds no class instance")
  func practiceHoldsNoCache() throws {
    var driver = try PracticeDriver(
      lessons: [PracticeLessons.lesson], recorder: MemoryRecorder())
    driver.type(["1", "\r", keypad("0")])
    #expect(driver.screen().contains("1 / 2"))
    #expect(names(references(in: driver.controller.keypad)) == [])
    // Its progress file is its services' (PracticeIOTests): not even a recorder.
    #expect(names(references(in: driver.controller)) == [])
  }
}
