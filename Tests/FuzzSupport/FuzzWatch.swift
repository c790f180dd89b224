import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Names the input being parsed when the process dies on it or stalls in it, so that a crash or
/// a hang found by a seeded run can be made again from the run's seed and the input's number.
///
/// A fatal signal (a Swift trap is SIGILL or SIGTRAP) prints the run and the input number, then
/// dies as it would have; an input parsed for longer than `hangSeconds` does the same with
/// SIGABRT. One run is watched at a time: runs that use it do not overlap.
enum FuzzWatch {
  /// The input being parsed, or -1 between inputs.
  private static let index = Atomic<Int>(-1)
  /// When it started, in nanoseconds of `DispatchTime`.
  private static let started = Atomic<UInt64>(0)
  /// The run's name and seed, as a C string the signal handler can write without allocating.
  nonisolated(unsafe) private static let label = UnsafeMutablePointer<CChar>.allocate(capacity: 256)
  nonisolated(unsafe) private static let digits = UnsafeMutablePointer<UInt8>.allocate(capacity: 32)
  private static let installed = Mutex(false)
  private static let hangNanoseconds = Atomic<UInt64>(10_000_000_000)

  /// Starts watching a run; the handlers and the watching thread are installed on the first call.
  static func begin(run name: String, hangSeconds: Double) {
    let text = Array("\(name)".utf8.prefix(255).map { CChar(bitPattern: $0) }) + [0]
    label.update(from: text, count: text.count)
    hangNanoseconds.store(UInt64(hangSeconds * 1e9), ordering: .relaxed)
    installed.withLock { done in
      guard !done else { return }
      done = true
      for fatal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT] { signal(fatal, report) }
      let watcher = Thread { watchForHangs() }
      watcher.name = "fuzz hang watch"
      watcher.start()
    }
  }

  /// Marks input `number` as being parsed from now.
  static func parsing(_ number: Int) {
    started.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
    index.store(number, ordering: .releasing)
  }

  /// Marks the end of the current input.
  static func parsed() { index.store(-1, ordering: .releasing) }

  private static func watchForHangs() {
    while true {
      Thread.sleep(forTimeInterval: 0.2)
      let number = index.load(ordering: .acquiring)
      guard number >= 0 else { continue }
      let elapsed = DispatchTime.now().uptimeNanoseconds &- started.load(ordering: .relaxed)
      if elapsed > hangNanoseconds.load(ordering: .relaxed), index.load(ordering: .acquiring) == number {
        write("\nfuzz: HANG (more than the time budget)")
        report(SIGABRT)
      }
    }
  }

  /// Writes what was being parsed, then lets the signal end the process as it would have.
  private static let report: @convention(c) (Int32) -> Void = { fatal in
    FuzzWatch.write("\nfuzz: signal ")
    FuzzWatch.write(number: Int(fatal))
    FuzzWatch.write(" while parsing input #")
    FuzzWatch.write(number: FuzzWatch.index.load(ordering: .relaxed))
    FuzzWatch.write(" of ")
    writeToStandardError(FuzzWatch.label, strlen(FuzzWatch.label))
    FuzzWatch.write(" (FuzzInputs.input(number) makes it again)\n")
    signal(fatal, SIG_DFL)
    raise(fatal)
  }

  private static func write(_ text: StaticString) {
    writeToStandardError(text.utf8Start, text.utf8CodeUnitCount)
  }

  /// Writes a number in decimal without allocating.
  private static func write(number: Int) {
    var value = number.magnitude
    var count = 0
    repeat {
      digits[31 - count] = UInt8(48 + value % 10)
      value /= 10
      count += 1
    } while value > 0 && count < 31
    if number < 0 {
      digits[31 - count] = UInt8(ascii: "-")
      count += 1
    }
    writeToStandardError(digits + 32 - count, count)
  }
}

/// Writes bytes to standard error with the system call alone (safe in a signal handler).
private func writeToStandardError(_ bytes: UnsafeRawPointer, _ count: Int) {
  _ = write(2, bytes, count)
}
