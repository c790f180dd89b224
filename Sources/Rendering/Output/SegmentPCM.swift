import FFmpegAudio
import SampleBlocks

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
      UnsafeMutableRawPointer(bytes.samples.baseAddress!) + plane * capacity * frameBytes
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

/// A segment's bytes, in a pooled buffer: filled by the writing thread, then only read by the
/// workers and the checksum, and used again once none of them holds it.
typealias SegmentBytes = PooledBuffer<UInt8>
