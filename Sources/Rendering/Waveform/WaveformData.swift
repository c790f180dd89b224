import Foundation

/// Waveform data as BBC audiowaveform writes it (format version 2), which peaks.js,
/// waveform-data.js and wavesurfer.js read: for each pixel and each channel, the least and the
/// greatest 16-bit sample among `samplesPerPixel` frames (the last pixel may cover fewer).
///
/// Samples are the decoded audio as 16-bit integers (`WaveformBuilder`); 8-bit data holds each
/// value divided by 256, rounded toward zero, as audiowaveform does.
public struct WaveformData: Sendable, Equatable {
  /// The audio's sample rate, in Hz.
  public let sampleRate: Int
  /// Sample frames each pixel covers (the last pixel may cover fewer); at least 2.
  public let samplesPerPixel: Int
  /// 1 for channels merged into one (their mean), or the audio's channel count.
  public let channelCount: Int
  /// 8 or 16: the resolution the data is written at.
  public let bits: Int
  /// Pixel by pixel, channel by channel: the minimum, then the maximum, at 16 bits.
  public let values: [Int16]

  /// The number of pixels: minimum and maximum pairs per channel.
  public var length: Int { values.count / (2 * channelCount) }

  /// The values as written at `bits`: divided by 256, toward zero, for 8 bits.
  public var writtenValues: [Int] { values.map { bits == 8 ? Int($0) / 256 : Int($0) } }

  /// The binary form (`.dat`): a 24-byte little-endian header (version 2, flags with bit 0 set
  /// for 8-bit data, sample rate, samples per pixel, length, channels), then the values as
  /// signed 8- or 16-bit integers.
  public func binary() -> Data {
    var data = Data(capacity: 24 + values.count * bits / 8)
    for field in [2, bits == 8 ? 1 : 0, sampleRate, samplesPerPixel, length, channelCount] {
      withUnsafeBytes(of: UInt32(truncatingIfNeeded: field).littleEndian) { data.append(contentsOf: $0) }
    }
    for value in writtenValues {
      if bits == 8 {
        data.append(UInt8(bitPattern: Int8(value)))
      } else {
        withUnsafeBytes(of: Int16(value).littleEndian) { data.append(contentsOf: $0) }
      }
    }
    return data
  }

  /// The JSON form (`.json`): version, channels, sample_rate, samples_per_pixel, bits, length
  /// and the values as one array.
  public func json() -> String {
    let header = "{\"version\":2,\"channels\":\(channelCount),\"sample_rate\":\(sampleRate),\"samples_per_pixel\":\(samplesPerPixel),\"bits\":\(bits),\"length\":\(length),\"data\":["
    return header + writtenValues.map(String.init).joined(separator: ",") + "]}\n"
  }
}
