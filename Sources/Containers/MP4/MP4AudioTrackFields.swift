/// The fields of an MP4 file that place its first audio track's audio among the decoded samples,
/// as read from the boxes, before any decision about them.
///
/// Times are in the timescale of the box that states them: edit durations in the movie's
/// (`mvhd`), everything else in the media's (`mdhd`), which for audio is normally its sample rate.
public struct MP4AudioTrackFields: Sendable, Equatable {
  /// The sample entry's format (`stsd`): `mp4a`, `alac`, `Opus`, `fLaC`, `lpcm`, …
  public var codec: FourCC
  /// For `mp4a`, the MPEG-4 object type of the elementary stream (`esds`): 0x40 for MPEG-4
  /// audio (AAC), 0x66–0x68 for MPEG-2 AAC, 0x6B for MP3; nil when not stated.
  public var objectType: Int?
  /// For MPEG-4 audio, the audio object type: 2 for AAC-LC, 5 for HE-AAC (SBR), 29 for HE-AAC v2.
  public var audioObjectType: Int?
  /// The sample rate the sample entry states; nil when it states none (rates above 65535 Hz in
  /// ISO sample entries).
  public var sampleRate: Int64?
  /// For Opus, the pre-skip in the `dOps` box: frames at 48 kHz the decoder drops at the start.
  public var opusPreSkip: Int64?
  /// The movie's timescale (`mvhd`), in which edit durations are stated.
  public var movieTimescale: Int64
  /// The track's media timescale (`mdhd`).
  public var mediaTimescale: Int64
  /// The track's media duration (`mdhd`), in the media timescale.
  public var mediaDuration: Int64
  /// The edit list (`edts/elst`); nil when the track has none.
  public var edits: [MP4Edit]?
  /// The packets' durations (`stts`).
  public var packetDurations: MP4SampleDurations
  /// The `iTunSMPB` tag's numbers, when the file has a readable one.
  public var gaplessInfo: ITunesGaplessInfo?
  /// True when the `iTunSMPB` tag comes after this track with no other track between, which is
  /// where FFmpeg reads it as this track's priming.
  public var gaplessInfoFollowsTrack: Bool
  /// The encoding tool the file names (`ilst/©too`), such as `Lavf59.27.100` or `iTunes 12.9.0.164`.
  public var encoder: String?
  /// Every freeform tag (`ilst/----`) of the movie, `iTunSMPB` among them.
  public var freeformTags: [MP4FreeformTag]

  /// The fields as read from the boxes; those the file does not state are nil, or empty for the tags.
  public init(
    codec: FourCC, objectType: Int? = nil, audioObjectType: Int? = nil, sampleRate: Int64? = nil,
    opusPreSkip: Int64? = nil, movieTimescale: Int64, mediaTimescale: Int64, mediaDuration: Int64,
    edits: [MP4Edit]?, packetDurations: MP4SampleDurations, gaplessInfo: ITunesGaplessInfo? = nil,
    gaplessInfoFollowsTrack: Bool = true, encoder: String? = nil, freeformTags: [MP4FreeformTag] = []
  ) {
    self.codec = codec
    self.objectType = objectType
    self.audioObjectType = audioObjectType
    self.sampleRate = sampleRate
    self.opusPreSkip = opusPreSkip
    self.movieTimescale = movieTimescale
    self.mediaTimescale = mediaTimescale
    self.mediaDuration = mediaDuration
    self.edits = edits
    self.packetDurations = packetDurations
    self.gaplessInfo = gaplessInfo
    self.gaplessInfoFollowsTrack = gaplessInfoFollowsTrack
    self.encoder = encoder
    self.freeformTags = freeformTags
  }

  /// True for AAC in any of its MPEG-2 and MPEG-4 forms (an `mp4a` entry without an object type
  /// is taken as AAC, as FFmpeg does).
  public var isAAC: Bool {
    codec == "mp4a" && [nil, 0x40, 0x66, 0x67, 0x68].contains(objectType)
  }

  /// True for HE-AAC (SBR, with or without parametric stereo), whose decoder runs at twice the
  /// core rate.
  public var isHighEfficiencyAAC: Bool { isAAC && [5, 29].contains(audioObjectType) }

  /// True for formats whose decoders put out exactly the coded frames: no priming, no padding.
  public var hasNoPriming: Bool {
    let lossless: Set<FourCC> = [
      "alac", "fLaC", "lpcm", "sowt", "twos", "in24", "in32", "fl32", "fl64", "ipcm", "fpcm", "raw ", "NONE",
    ]
    return lossless.contains(codec)
  }
}
