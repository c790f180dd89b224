import Dispatch
import Foundation
import Rendering
import Synchronization

/// Turns Ctrl-C (SIGINT), SIGTERM, SIGHUP and SIGUSR1/2 (whose default is to kill) into a
/// cancelled render, which removes its partial output, and makes SIGXFSZ (a file-size limit
/// reached) a failed write instead of a kill.
final class InterruptHandler {
  private let sources: [DispatchSourceSignal]
  /// The signals that cancel a render.
  private static let cancelling = [SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2]
  /// The last signal that cancelled a render, for the exit code (128 + its number).
  private static let received = Atomic<Int32>(0)

  init(cancellation: RenderCancellation) {
    // Past `ulimit -f`, a write then fails (EFBIG) and the render's error path cleans up.
    signal(SIGXFSZ, SIG_IGN)
    sources = Self.cancelling.map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        Self.received.store(number, ordering: .relaxed)
        cancellation.cancel()
      }
      source.resume()
      return source
    }
  }

  /// The exit code of a render the signals cancelled: 128 + the signal's number (130 for Ctrl-C).
  static var exitCode: Int32 {
    let number = received.load(ordering: .relaxed)
    return 128 + (number == 0 ? SIGINT : number)
  }

  /// Gives the signals back their default behaviour.
  func restore() {
    for source in sources { source.cancel() }
    for number in Self.cancelling + [SIGXFSZ] { signal(number, SIG_DFL) }
  }
}
