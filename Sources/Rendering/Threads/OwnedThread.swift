#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation
import Synchronization

/// A thread its owner joins: `join` returns once the body has returned, and an owner that lets go
/// of it without joining joins it then, so no thread outlives the render that started it.
///
/// The body must end when its owner asks: every owner closes the queue its body waits on before
/// it joins (`BackgroundWorker`, `ThreadedBlocks`, `Renderer.encode`).
final class OwnedThread: Sendable {
  private let handle: Mutex<pthread_t?>

  /// Starts `body` on a new thread named `name` (as debuggers and `/proc` show it; at most 15
  /// characters are kept).
  init(name: String, body: @escaping @Sendable () -> Void) {
    let start = Unmanaged.passRetained(Start(name: String(name.utf8.prefix(15))!, body: body)).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
      let status = pthread_create(&thread, nil, { Unmanaged<Start>.fromOpaque($0!).takeRetainedValue().run() }, start)
      handle = Mutex(status == 0 ? thread : nil)
    #else
      var thread: pthread_t?
      let status = pthread_create(&thread, nil, { Unmanaged<Start>.fromOpaque($0).takeRetainedValue().run() }, start)
      handle = Mutex(status == 0 ? thread : nil)
    #endif
    // Without a thread (the system's limit reached) nothing could ever run the body, and its
    // owner would wait for it forever.
    precondition(status == 0, "the system refused a new thread (error \(status))")
  }

  /// Waits until the body has returned; at once when it has, or when the thread was joined.
  func join() {
    guard let thread = handle.withLock({ handle in defer { handle = nil }; return handle }) else { return }
    pthread_join(thread, nil)
  }

  deinit { join() }

  /// What the new thread runs: it names itself, then runs the body.
  private final class Start {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
      self.name = name
      self.body = body
    }

    func run() -> UnsafeMutableRawPointer? {
      Thread.current.name = name
      body()
      return nil
    }
  }
}
