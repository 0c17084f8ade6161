import TerminalInput

#if canImport(Glibc)
  import Glibc
#endif

/// The long-press timer: a thread that waits for the next deadline and then writes one byte
/// to the run loop's wake pipe. It owns nothing else: the run loop decides what a wake-up
/// means (hold fired, Esc timeout, flash over), so a stale wake-up is harmless.
final class LongPressTimer: @unchecked Sendable {
  // pthread objects must not move in memory, so they live in allocated storage.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var deadline: Instant? = nil
  private var stopped = false
  private let wakeFD: Int32
  private var thread = pthread_t()

  init(wakeFD: Int32) {
    self.wakeFD = wakeFD
    pthread_mutex_init(mutex, nil)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    // Deadlines are monotonic; a wall-clock change must not fire or delay a hold.
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
    let unmanaged = Unmanaged.passRetained(self)
    pthread_create(&thread, nil, { context in
      guard let context else { return nil }
      let timer = Unmanaged<LongPressTimer>.fromOpaque(context).takeRetainedValue()
      timer.loop()
      return nil
    }, unmanaged.toOpaque())
  }

  /// Sets the next deadline (or none). Called by the run loop after every event.
  func schedule(_ next: Instant?) {
    pthread_mutex_lock(mutex)
    if deadline != next {
      deadline = next
      pthread_cond_signal(condition)
    }
    pthread_mutex_unlock(mutex)
  }

  /// Ends the thread and waits for it.
  func stop() {
    pthread_mutex_lock(mutex)
    stopped = true
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
    pthread_join(thread, nil)
  }

  private func loop() {
    pthread_mutex_lock(mutex)
    while !stopped {
      guard let target = deadline else {
        pthread_cond_wait(condition, mutex)  // idle: no polling
        continue
      }
      if Terminal.now() >= target {
        deadline = nil
        var byte = UInt8(ascii: "t")
        _ = write(wakeFD, &byte, 1)
        continue
      }
      var time = timespec(
        tv_sec: Int(target.nanoseconds / 1_000_000_000), tv_nsec: Int(target.nanoseconds % 1_000_000_000))
      pthread_cond_timedwait(condition, mutex, &time)
    }
    pthread_mutex_unlock(mutex)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }
}
