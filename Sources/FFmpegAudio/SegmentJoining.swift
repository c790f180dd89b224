/// Which encoders' output may be cut into segments encoded apart and joined again, and how much
/// audio around its own each segment's encoder must hear for the joins to be clean.
public enum SegmentJoining {
  /// The sample frames each segment's encoder hears before and after its own frames.
  public struct Overlap: Sendable, Equatable {
    /// Sample frames of the audio before the segment that its encoder hears first; a whole number of encoder frames.
    public let preRoll: Int
    /// Sample frames of the audio after the segment that its encoder hears last: two encoder frames plus any spares.
    public let postRoll: Int

    /// No overlap: the codec's frames stand alone.
    public static let zero = Overlap(preRoll: 0, postRoll: 0)
  }

  /// True when segments of this codec in this container are joined (`overlap`); otherwise one
  /// encoder writes the whole stream.
  public static func joins(codecName: String, containerName: String) -> Bool {
    preRollSeconds(codecName: codecName, containerName: containerName) != nil
  }

  /// The overlap segments of this codec in this container need, or nil when they are not joined.
  ///
  /// - FLAC in FLAC and ALAC in MP4: frames stand alone and prime nothing, so segments join
  ///   into the stream one encoder writes (FLAC's frames renumbered; MP4's sample table the
  ///   muxer builds from the packets as they come). No overlap.
  /// - AAC in MP4, Opus in Ogg and MP3: each frame overlaps its neighbours (MDCT), so a
  ///   segment's encoder starts early, on audio the segment before it also encodes, and runs on
  ///   two frames past its end (and past its spares), so the frames either side of a join encode
  ///   the same audio from settled state. MP3's main data is laid into one bit reservoir again
  ///   (`MP3Reservoir`).
  public static func overlap(codecName: String, containerName: String, sampleRate: Int, frameSize: Int) -> Overlap? {
    guard let seconds = preRollSeconds(codecName: codecName, containerName: containerName) else { return nil }
    guard seconds > 0 else { return .zero }
    let preRollFrames = Int((seconds * Double(sampleRate) / Double(frameSize)).rounded(.up))
    return Overlap(preRoll: preRollFrames * frameSize, postRoll: (2 + spareFrames(codecName: codecName)) * frameSize)
  }

  /// How many frames past its end each segment gives as spares (`EncodedSegment.spare`): MP3's,
  /// for the join to move later until the bit reservoir fits.
  static func spareFrames(codecName: String) -> Int { codecName == "libmp3lame" ? 4 : 0 }

  /// How long each segment's encoder hears the audio before its own, or nil when not joined.
  ///
  /// Measured on synthesized songs at 48 kHz (SegmentedLossyTests), against one encoder of the
  /// whole, by the largest step between samples within 10 ms of a join: FFmpeg's AAC at 256 kb/s
  /// left one 3.3 times the single encoder's with 0.1 s of pre-roll, 1.7 times with 0.25 s, and
  /// none from 0.4 s on; LAME at V2 and 320 kb/s 1.3 times with 0.1 s and none from 0.25 s on;
  /// libopus at 160 kb/s none with 0.1 s, a window's noise moving by 1.4 dB up to 0.5 s and
  /// 0.6 dB from 0.75 s. All take 0.5 s: 5 % more audio encoded in segments of ten seconds.
  private static func preRollSeconds(codecName: String, containerName: String) -> Double? {
    let mp4 = Muxer.mp4FamilyNames.contains(containerName)
    switch codecName {
    case "flac" where containerName == "flac", "alac" where mp4: return 0
    case "aac" where mp4: return 0.5
    case "libopus" where containerName == "ogg" || containerName == "opus": return 0.5
    case "libmp3lame" where containerName == "mp3": return 0.5
    default: return nil
    }
  }
}
