import CAubio
import Synchronization

/// Aubio builds FFTW plans when its objects are made and drops them when they are deleted, which
/// must not happen on two threads at once: every aubio object is made and deleted under `lock`.
enum AubioPlanning {
  static let lock = Mutex(())

  /// An aubio object (`make`, deleted by `delete`) and two vectors of `sizes`, made under the
  /// lock; nil when any of them could not be made (what was made is deleted).
  static func make(
    _ make: () -> OpaquePointer?, deletedBy delete: (OpaquePointer) -> Void, vectors sizes: (UInt32, UInt32)
  ) -> (object: OpaquePointer, first: AubioVector, second: AubioVector)? {
    lock.withLock { _ in
      let (object, first, second) = (make(), new_fvec(sizes.0), new_fvec(sizes.1))
      if let object, let first, let second { return (object, first, second) }
      if let object { delete(object) }
      if let first { del_fvec(first) }
      if let second { del_fvec(second) }
      return nil
    }
  }
}
