import FFmpegAudio

/// One segment's PCM: `frameCount` frames from frame `firstFrame`, in each plane of `bytes`.
struct SegmentPCM: PCMPlanes, Sendable {
  /// Where a segment's planes lie in its bytes: plane after plane, each room for `capacity`
  /// frames of `frameBytes` bytes.
  struct Layout: Sendable {
    let planeCount: Int
    let frameBytes: Int
    let capacity: Int
    var byteCount: Int { planeCount * capacity * frameBytes }

    func start(of plane: Int, in bytes: SegmentBytes) -> UnsafeMutableRawPointer {
      bytes.storage.baseAddress! + plane * capacity * frameBytes
    }
  }

  let bytes: SegmentBytes
  let layout: Layout
  let firstFrame: Int
  let frameCount: Int
  var planeCount: Int { layout.planeCount }

  func plane(_ index: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: layout.start(of: index, in: bytes) + firstFrame * layout.frameBytes, count: frameCount * layout.frameBytes)
  }
}

/// A segment's bytes, owned: filled by the writing thread, then only read by one worker.
final class SegmentBytes: @unchecked Sendable {
  // @unchecked: written by one thread before it is handed over, only read after.
  let storage: UnsafeMutableRawBufferPointer

  init(count: Int) { storage = .allocate(byteCount: count, alignment: 16) }

  deinit { storage.deallocate() }
}
