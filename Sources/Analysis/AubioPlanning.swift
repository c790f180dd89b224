import Synchronization

/// Aubio builds FFTW plans when its objects are made and drops them when they are deleted, which
/// must not happen on two threads at once: every aubio object is made and deleted under `lock`.
enum AubioPlanning {
  static let lock = Mutex(())
}
