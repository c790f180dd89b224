/// The four bytes that open every MPEG audio frame (MPEG 1, 2 and 2.5; layers I, II and III), and
/// what follows from them: the frame's length in bytes and its number of samples.
public struct MP3FrameHeader: Sendable, Equatable {
  /// The MPEG version, which sets the sample-rate family and, for layer III, the frame's samples.
  public enum Version: Sendable, Equatable {
    /// MPEG-1: 32, 44.1 or 48 kHz, and 1152 samples in a layer III frame.
    case mpeg1
    /// MPEG-2 (lower sampling frequencies): 16, 22.05 or 24 kHz, and 576 samples in a layer III frame.
    case mpeg2
    /// MPEG-2.5, Fraunhofer's extension: 8, 11.025 or 12 kHz, and 576 samples in a layer III frame.
    case mpeg25
  }

  /// How the frame's channels are coded.
  public enum ChannelMode: Sendable, Equatable {
    /// Two channels coded independently (mode bits 00).
    case stereo
    /// Two channels coded together, mid/side or intensity stereo (mode bits 01).
    case jointStereo
    /// Two independent mono channels, such as two languages (mode bits 10); decodes to two channels.
    case dualChannel
    /// One channel (mode bits 11).
    case mono
  }

  /// MPEG-1, MPEG-2 or MPEG-2.5, from the header's version bits.
  public var version: Version
  /// 1, 2 or 3.
  public var layer: Int
  /// Bits per second; 0 for free format, whose frames do not state their length.
  public var bitrate: Int
  /// Sample frames per second (Hz): 32000, 44100 or 48000 for MPEG-1, halved for MPEG-2, quartered for MPEG-2.5.
  public var sampleRate: Int
  /// True when the frame carries one extra slot (4 bytes in layer I, 1 byte otherwise).
  public var isPadded: Bool
  /// True when a 16-bit CRC follows the header.
  public var hasChecksum: Bool
  /// Stereo, joint stereo, dual channel or mono, from the header's mode bits.
  public var channelMode: ChannelMode

  /// Reads a header from its four bytes, big-endian; nil for anything that is not one (no sync,
  /// a reserved version, layer or sample rate, or the forbidden bitrate index 15).
  public init?(_ word: UInt32) {
    guard word >> 21 == 0x7FF else { return nil }
    switch (word >> 19) & 3 {
    case 3: version = .mpeg1
    case 2: version = .mpeg2
    case 0: version = .mpeg25
    default: return nil
    }
    let layerBits = Int((word >> 17) & 3)
    guard layerBits != 0 else { return nil }
    layer = 4 - layerBits
    let bitrateIndex = Int((word >> 12) & 15)
    let rateIndex = Int((word >> 10) & 3)
    guard bitrateIndex != 15, rateIndex != 3 else { return nil }
    bitrate = Self.bitrate(version: version, layer: layer, index: bitrateIndex)
    sampleRate = Self.mpeg1SampleRates[rateIndex] >> (version == .mpeg1 ? 0 : version == .mpeg2 ? 1 : 2)
    isPadded = (word >> 9) & 1 == 1
    hasChecksum = (word >> 16) & 1 == 0
    switch (word >> 6) & 3 {
    case 0: channelMode = .stereo
    case 1: channelMode = .jointStereo
    case 2: channelMode = .dualChannel
    default: channelMode = .mono
    }
  }

  /// Samples per channel in one frame: 384 in layer I, 1152 in layer II and MPEG-1 layer III,
  /// 576 in MPEG-2 and 2.5 layer III.
  public var samplesPerFrame: Int {
    switch layer {
    case 1: 384
    case 2: 1152
    default: version == .mpeg1 ? 1152 : 576
    }
  }

  /// Channels the frame decodes to: 1 for mono, 2 for every other mode (dual channel included).
  public var channels: Int { channelMode == .mono ? 1 : 2 }

  /// True for free format (bitrate index 0), whose frame length only the next sync word tells.
  public var isFreeFormat: Bool { bitrate == 0 }

  /// The frame's length in bytes, header included; nil for free format.
  public var frameLength: Int? {
    guard bitrate > 0 else { return nil }
    switch layer {
    case 1: return (12 * bitrate / sampleRate + (isPadded ? 1 : 0)) * 4
    case 2: return 144 * bitrate / sampleRate + (isPadded ? 1 : 0)
    default:
      let slotsFactor = version == .mpeg1 ? 144 : 72
      return slotsFactor * bitrate / sampleRate + (isPadded ? 1 : 0)
    }
  }

  /// The average frame length in bytes of this stream's frames at `bitRate` (bits per second),
  /// padded frames included; nil for free format.
  public func bytesPerFrame(atBitRate bitRate: Int) -> Double? {
    bitRate > 0 ? Double(samplesPerFrame) / 8 * Double(bitRate) / Double(sampleRate) : nil
  }

  /// The length of layer III side information, which the Xing/Info tag follows.
  var sideInformationLength: Int {
    switch (version == .mpeg1, channelMode == .mono) {
    case (true, false): 32
    case (true, true): 17
    case (false, false): 17
    case (false, true): 9
    }
  }

  /// True when `other` can belong to the same stream: same version, layer and sample rate (the
  /// fields that never change between frames, so a false sync rarely matches them).
  public func sharesStream(with other: MP3FrameHeader) -> Bool {
    version == other.version && layer == other.layer && sampleRate == other.sampleRate
  }

  /// Bits per second for a bitrate index, by version and layer (ISO 11172-3 and 13818-3).
  private static func bitrate(version: Version, layer: Int, index: Int) -> Int {
    let row =
      switch (version == .mpeg1, layer) {
      case (true, 1): 0
      case (true, 2): 1
      case (true, _): 2
      case (false, 1): 3
      case (false, _): 4
      }
    return kilobitsPerSecond[row][index] * 1000
  }

  /// The bitrate tables in kbit/s: MPEG-1 layers I, II, III, then MPEG-2/2.5 layer I, layers II and III.
  private static let kilobitsPerSecond: [[Int]] = [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ]

  /// MPEG-1's sample rates by index; MPEG-2 halves them and MPEG-2.5 quarters them.
  private static let mpeg1SampleRates = [44100, 48000, 32000]
}
