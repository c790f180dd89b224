/// How long an MP3's audio is, decided from its info frame and the frames really in the file,
/// and how much of the stated audio the file lacks when it is cut short.
///
/// The span follows what FFmpeg does with a clean file. With a LAME tag whose encoder FFmpeg
/// knows, FFmpeg drops the encoder delay plus the decoder's 529 samples at the start by itself
/// (also when trailing tags make it distrust the frame count, measured on FFmpeg 5.1), so `skip`
/// is 0 and `length` is frames × samples per frame − delay − padding. With a Xing or VBRI frame
/// count but no delay, FFmpeg drops nothing, and the length is every frame's samples.
public struct MP3Length: Sendable, Equatable {
  /// Where the audio lies among the decoded samples.
  public var span: GaplessSpan
  /// Frames the info frame states that the file does not hold; 0 when nothing is missing or the
  /// file states no frame count.
  public var missingFrames: Int64
  /// Samples of stated audio that the file does not hold (its end is cut off).
  public var missingSamples: Int64

  /// The decoder delay of MPEG audio layer III, in samples, which the LAME tag's delay omits.
  public static let decoderDelay: Int64 = 529

  /// Decides the length from the info frame (if any) and the number of complete audio frames
  /// found (nil when they could not be counted, as in free format).
  public static func decide(info: MP3InfoFrame?, audioFrames: Int64?, samplesPerFrame: Int64) -> MP3Length {
    let stated = info?.frameCount.flatMap { $0 > 0 ? $0 : nil }
    if let lame = info?.lame {
      return withLAMETag(lame, statedFrames: stated, audioFrames: audioFrames, samplesPerFrame: samplesPerFrame)
    }
    if let info, let stated {
      return withFrameCount(info.kind, stated: stated, audioFrames: audioFrames, samplesPerFrame: samplesPerFrame)
    }
    let note = audioFrames == nil ? "free-format stream: its frames were not counted" : nil
    return MP3Length(
      span: GaplessSpan(skip: 0, length: nil, source: "none (no LAME/Xing tag)", note: note), missingFrames: 0,
      missingSamples: 0)
  }

  /// The length a LAME tag states, checked against the frames found.
  private static func withLAMETag(
    _ lame: LAMETag, statedFrames: Int64?, audioFrames: Int64?, samplesPerFrame spf: Int64
  ) -> MP3Length {
    let delay = Int64(lame.encoderDelay)
    let padding = Int64(lame.padding)
    // FFmpeg drops delay + 529 by itself only for the encoders it knows.
    let skip = lame.isAppliedByFFmpeg ? 0 : delay + decoderDelay
    var span = GaplessSpan(skip: skip, length: nil, source: "LAME tag")
    guard let frames = statedFrames ?? audioFrames else {
      span.note = "free-format stream without a frame count: length unknown"
      return MP3Length(span: span, missingFrames: 0, missingSamples: 0)
    }
    let statedLength = max(0, frames * spf - delay - padding)
    guard let present = audioFrames else {
      span.length = statedLength
      span.note = "free-format stream: its frames were not counted, so a cut-off end would go unnoticed"
      return MP3Length(span: span, missingFrames: 0, missingSamples: 0)
    }
    if present > frames {
      span.note =
        "the file holds \(present) audio frames but its LAME tag states \(frames) (joined or edited?): "
        + "length left to the decoder"
      return MP3Length(span: span, missingFrames: 0, missingSamples: 0)
    }
    let decodable = max(0, present * spf - delay - decoderDelay)
    let length = min(statedLength, decodable)
    span.length = length
    if present < frames {
      span.note =
        "cut short: the LAME tag states \(frames) frames (\(statedLength) samples) and the file holds \(present); "
        + "the last \(statedLength - length) samples are missing"
      return MP3Length(span: span, missingFrames: frames - present, missingSamples: statedLength - length)
    }
    if length < statedLength {
      span.note =
        "the padding is shorter than the decoder delay: the last \(statedLength - length) samples never decode"
    }
    return MP3Length(span: span, missingFrames: 0, missingSamples: 0)
  }

  /// The length a Xing or VBRI frame count states, without encoder delay or padding.
  private static func withFrameCount(
    _ kind: MP3InfoFrame.Kind, stated: Int64, audioFrames: Int64?, samplesPerFrame spf: Int64
  ) -> MP3Length {
    let source = kind == .vbri ? "VBRI frame count" : "Xing frame count"
    let present = audioFrames ?? stated
    var span = GaplessSpan(
      skip: 0, length: min(stated, present) * spf, source: source,
      note: "no encoder delay or padding stated: the length includes the encoder's and decoder's silence")
    if present > stated {
      span.length = nil
      span.note =
        "the file holds \(present) audio frames but its \(kind.rawValue) tag states \(stated): length left to the decoder"
    } else if present < stated {
      span.note =
        "cut short: the \(kind.rawValue) tag states \(stated) frames and the file holds \(present); "
        + "the last \((stated - present) * spf) samples are missing"
      return MP3Length(span: span, missingFrames: stated - present, missingSamples: (stated - present) * spf)
    } else if audioFrames == nil {
      span.note = "free-format stream: its frames were not counted, so a cut-off end would go unnoticed"
    }
    return MP3Length(span: span, missingFrames: 0, missingSamples: 0)
  }
}
