import AudioTestSupport
import FFmpegAudio
import Foundation
import Testing

@testable import Rendering

/// An encoder that fails inside one worker fails the whole segmented encoding with its own
/// message, and every worker is stopped and joined.
@Suite struct SegmentEncoderErrorTests {
  /// Planar float PCM held in arrays, one per channel.
  struct FloatPlanes: PCMPlanes {
    let channels: [[Float]]
    var frameCount: Int { channels[0].count }
    var planeCount: Int { channels.count }
    func plane(_ index: Int) -> UnsafeRawBufferPointer {
      channels[index].withUnsafeBytes { UnsafeRawBufferPointer(start: $0.baseAddress, count: $0.count) }
    }
  }

  /// FFmpeg's AAC encoder refuses samples of 1e20 ("Input contains (near) NaN/+-Inf"); a render
  /// never hands it such samples (the limiter holds them), so they are fed here straight into
  /// the segments, 31 s into about 47 s: the fourth segment's encoder fails, the others do not.
  @Test func anEncoderFailingInOneSegmentFailsTheEncodingWithItsMessage() throws {
    let folder = TemporaryFolder("segue-segment-error")
    let layout = PCMLayout(sampleRate: 44_100, channelCount: 2)
    let settings = EncoderSettings(codecName: "aac", layout: layout, bitRate: 128_000)
    let writer = try AudioFileWriter(path: folder.file("out.m4a"), containerName: "ipod", settings: settings)
    try writer.beginSegments()
    let overlap = try #require(
      SegmentJoining.overlap(codecName: "aac", containerName: "ipod", sampleRate: 44_100, frameSize: writer.inputFormat.frameSize))
    let segments = SegmentedEncoding(writer: writer, overlap: overlap, workers: 2)
    defer { segments.stop() }

    let chunkFrames = 4_409
    let bad = (31 * 44_100)..<(31 * 44_100 + 97)
    var thrown: (any Error)?
    var position = 0
    while position < 2_077_777 && thrown == nil {
      let samples = (position..<(position + chunkFrames)).map { frame -> Float in
        bad.contains(frame) ? 1e20 : 0.25 * sinf(Float(frame) * 2 * .pi * 440 / 44_100)
      }
      do { try segments.write(FloatPlanes(channels: [samples, samples])) } catch { thrown = error }
      position += chunkFrames
    }
    if thrown == nil {
      do { try segments.finish() } catch { thrown = error }
    }
    let error = try #require(thrown, "the encoding went through samples its encoder refuses")
    // Segments are 431 AAC frames of 1024 (10.008 s): the fourth holds 0:30.023 to 0:40.031.
    #expect(Renderer.detail(of: error) == "the aac encoder failed on segment 4, 0:30.023 to 0:40.031: Invalid argument")
    // Stopping again after the failure returns: every worker has been joined.
    segments.stop()
  }
}
