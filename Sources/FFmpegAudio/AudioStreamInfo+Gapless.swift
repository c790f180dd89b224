import CFFmpegShim
import Containers

extension AudioStreamInfo {
  /// What the container's own fields say, beyond FFmpeg's view of them.
  struct ContainerFields {
    /// Where the audio lies among the decoded samples, for the kinds of file whose length FFmpeg
    /// 5.1 gets wrong.
    var span: GaplessSpan?
    /// Whether an MP3's last frame is whole.
    var endsWithWholeFrame: Bool?
    /// How an Ogg file's last pages end.
    var oggEnding: OggEnding?
    /// How many frames an MP3's bytes hold, for placing audio after damage.
    var mp3Clock: MP3ByteClock?
  }

  /// Reads what the container's own fields say.
  static func containerFields(demuxer: Demuxer) -> ContainerFields {
    switch demuxer.containerName {
    case "mp3":
      guard let structure = MP3Structure.read(path: demuxer.path) else { return ContainerFields() }
      return ContainerFields(
        span: mp3Span(structure), endsWithWholeFrame: structure.ending.kind != .truncatedFrame, mp3Clock: structure.byteClock)
    case "ogg":
      let ending = OggEnding.read(path: demuxer.path)
      return ContainerFields(span: gaplessSpan(demuxer: demuxer, oggEnding: ending), oggEnding: ending)
    default:
      return ContainerFields(span: gaplessSpan(demuxer: demuxer, oggEnding: nil))
    }
  }

  /// Where the audio lies among the decoded samples, for the containers other than MP3.
  private static func gaplessSpan(demuxer: Demuxer, oggEnding: OggEnding?) -> GaplessSpan? {
    let parameters = demuxer.stream.pointee.codecpar.pointee
    switch demuxer.containerName {
    case "wav":
      return WAVFormatFacts.read(path: demuxer.path)?.gaplessSpan
    case "ogg" where parameters.codec_id == AV_CODEC_ID_VORBIS:
      // FFmpeg 5.1 decodes the samples libvorbis does, but its end trim overshoots on short
      // files (by 128 samples) or is missing (a single page): the final granule position is exact.
      // A last page cut short keeps the length it states, so decoding falls short of it and the
      // file is reported as truncated; when that length is unknown, nothing is stated.
      guard oggEnding?.kind != .cutShort else {
        return oggEnding?.missingGranules.flatMap { missing in
          streamDuration(demuxer).map { GaplessSpan(skip: 0, length: $0 + missing, source: "Ogg granule positions") }
        }
      }
      return streamDuration(demuxer).map { GaplessSpan(skip: 0, length: $0, source: "Ogg granule positions") }
    case let name where name.hasPrefix("mov,"):
      // Read from the boxes: an edit list (exact even when stated in milliseconds), iTunSMPB, or
      // the priming of the encoder the file names. A file FFmpeg opened but the reader cannot
      // parse keeps FFmpeg's view.
      return try? MP4File.gaplessSpan(at: demuxer.path)
    default:
      return nil
    }
  }

  /// An MP3's span from its own LAME/Xing/VBRI header and frames (FFmpeg 5.1 drops the stated
  /// length when tags follow the audio). A file cut short keeps the length its header states, so
  /// decoding falls short of it and the file is reported as truncated.
  private static func mp3Span(_ structure: MP3Structure) -> GaplessSpan {
    let decided = structure.length
    var span = decided.span
    if decided.missingSamples > 0, let present = span.length { span.length = present + decided.missingSamples }
    return span
  }

  /// The stream's duration in frames at its sample rate, when the demuxer knows one.
  static func streamDuration(_ demuxer: Demuxer) -> Int64? {
    let stream = demuxer.stream.pointee
    guard stream.duration != SEGUE_NOPTS_VALUE, stream.duration > 0 else { return nil }
    return av_rescale_q(stream.duration, stream.time_base, AVRational(num: 1, den: stream.codecpar.pointee.sample_rate))
  }
}
