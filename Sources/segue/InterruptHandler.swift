import Dispatch
import Foundation
import Rendering

/// Turns Ctrl-C (SIGINT) and SIGTERM into a cancelled render, which removes its partial output.
final class InterruptHandler {
  private let sources: [DispatchSourceSignal]

  init(cancellation: RenderCancellation) {
    sources = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { cancellation.cancel() }
      source.resume()
      return source
    }
  }

  /// Gives the signals back their default behaviour.
  func restore() {
    for source in sources { source.cancel() }
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }
}
