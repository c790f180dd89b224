import CFFmpegShim
import Containers

extension AudioStreamInfo {
  /// Where the audio lies among the decoded samples, read from the container's own fields, for
  /// the kinds of file whose length FFmpeg 5.1 gets wrong; nil for the others.
  static func gaplessSpan(demuxer: Demuxer) -> GaplessSpan? {
    let parameters = demuxer.stream.pointee.codecpar.pointee
    switch demuxer.containerName {
    case "wav":
      return WAVFormatFacts.read(path: demuxer.path)?.gaplessSpan
    case "ogg" where parameters.codec_id == AV_CODEC_ID_VORBIS:
      // FFmpeg 5.1 decodes the samples libvorbis does, but its end trim overshoots on short
      // files (by 128 samples) or is missing (a single page): the final granule position is exact.
      return streamDuration(demuxer).map { GaplessSpan(skip: 0, length: $0, source: "Ogg granule positions") }
    case let name where name.hasPrefix("mov,"):
      return streamDuration(demuxer).map { GaplessSpan(skip: 0, length: $0, source: "MP4 edit list") }
    default:
      return nil
    }
  }

  /// The stream's duration in frames at its sample rate, when the demuxer knows one.
  static func streamDuration(_ demuxer: Demuxer) -> Int64? {
    let stream = demuxer.stream.pointee
    guard stream.duration != SEGUE_NOPTS_VALUE, stream.duration > 0 else { return nil }
    return av_rescale_q(stream.duration, stream.time_base, AVRational(num: 1, den: stream.codecpar.pointee.sample_rate))
  }
}
