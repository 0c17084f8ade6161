import Synchronization
import Testing

@testable import TerminalUI

@Suite("Background work on a thread of our own (SerialThread)")
struct SerialThreadTests {
  @Test("jobs run one at a time, in the order they were queued; wait returns after the last")
  func order() {
    let thread = SerialThread()
    let ran = Mutex<[Int]>([])
    let running = Mutex(0)
    for index in 0..<200 {
      thread.run {
        let overlapping = running.withLock { count in
          count += 1
          return count > 1
        }
        #expect(!overlapping, "job \(index) ran beside another")
        ran.withLock { $0.append(index) }
        running.withLock { $0 -= 1 }
      }
    }
    thread.wait()
    #expect(ran.withLock { $0 } == Array(0..<200))
  }

  @Test("a job queued after the thread went idle runs on a new one; wait on nothing returns")
  func restarts() {
    let thread = SerialThread()
    thread.wait()
    let ran = Mutex(0)
    for round in 1...3 {
      thread.run { ran.withLock { $0 += 1 } }
      thread.wait()
      #expect(ran.withLock { $0 } == round)
    }
  }

  @Test("wait waits for a long job (the hold timer's loop, a child's reader) to end")
  func longJob() {
    let thread = SerialThread()
    let stop = Mutex(false)
    let ended = Mutex(false)
    thread.run {
      while !stop.withLock({ $0 }) {}
      ended.withLock { $0 = true }
    }
    stop.withLock { $0 = true }
    thread.wait()
    #expect(ended.withLock { $0 })
  }
}
