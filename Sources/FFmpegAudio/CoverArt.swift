import CFFmpegShim

/// A still picture (JPEG or PNG) that goes with the audio, as players show it.
public struct CoverArt: Sendable, Equatable {
  /// The image file's bytes, JPEG or PNG, as they are embedded.
  public var data: [UInt8]

  /// The picture in `data`; nil unless it opens with a JPEG or PNG signature.
  public init?(data: [UInt8]) {
    guard Self.codec(of: data) != nil else { return nil }
    self.data = data
  }

  /// Width and height in pixels, read from the PNG header or the JPEG frame header.
  var dimensions: (width: Int, height: Int)? {
    if isPNG { return data.count >= 24 ? (bigEndian(16, 4), bigEndian(20, 4)) : nil }
    var index = 2
    while index + 9 < data.count {
      guard data[index] == 0xFF else { return nil }
      let marker = data[index + 1]
      let length = bigEndian(index + 2, 2)
      // Start-of-frame markers (baseline, progressive, …), but not DHT, JPG or DAC.
      if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
        return (bigEndian(index + 7, 2), bigEndian(index + 5, 2))
      }
      index += 2 + length
    }
    return nil
  }

  private func bigEndian(_ offset: Int, _ count: Int) -> Int {
    data[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
  }

  /// True for PNG, false for JPEG.
  public var isPNG: Bool { Self.codec(of: data) == AV_CODEC_ID_PNG }

  /// The image codec, recognised by the file signature.
  static func codec(of data: [UInt8]) -> AVCodecID? {
    if data.starts(with: [0xFF, 0xD8, 0xFF]) { return AV_CODEC_ID_MJPEG }
    if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return AV_CODEC_ID_PNG }
    return nil
  }

  /// The picture attached to the audio file at `path`, if it has one.
  public static func attached(to path: String) -> CoverArt? {
    guard let demuxer = try? Demuxer(path: path) else { return nil }
    return demuxer.attachedPicture.flatMap { CoverArt(data: $0) }
  }
}
