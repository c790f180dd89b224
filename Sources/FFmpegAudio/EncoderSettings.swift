/// How to encode: which FFmpeg encoder, at what layout, and its quality settings.
public struct EncoderSettings: Sendable, Equatable {
  /// FFmpeg's encoder name, for example `flac`, `libmp3lame`, `aac`, `alac`, `libopus`.
  public var codecName: String
  /// The sample rate and channel count the encoder takes and writes.
  public var layout: PCMLayout
  /// Bits per sample for integer encoders (16, 24 or 32); nil lets lossy encoders take float.
  public var bitDepth: Int?
  /// Constant or average bit rate in bits per second.
  public var bitRate: Int?
  /// Variable-bit-rate quality in the encoder's own scale (LAME's -V 0...9, Vorbis -1...10).
  public var vbrQuality: Double?
  /// FLAC's compression level (0...12).
  public var compressionLevel: Int?
  /// The encoder's own options, by FFmpeg's names (for example `aac_coder`).
  public var privateOptions: [String: String] = [:]
  /// FFmpeg's name for the channel layout to label the output with (`quad`), when the codec's
  /// channel order calls for one; else FFmpeg's usual layout for the channel count.
  public var channelLayoutName: String?

  /// Settings for the FFmpeg encoder `codecName` at `layout`, with whichever depth and quality settings are given.
  public init(
    codecName: String, layout: PCMLayout, bitDepth: Int? = nil, bitRate: Int? = nil,
    vbrQuality: Double? = nil, compressionLevel: Int? = nil
  ) {
    self.codecName = codecName
    self.layout = layout
    self.bitDepth = bitDepth
    self.bitRate = bitRate
    self.vbrQuality = vbrQuality
    self.compressionLevel = compressionLevel
  }
}

/// The PCM an encoder takes in: its sample type, planarity and frame size.
public struct EncoderInputFormat: Sendable, Equatable {
  /// How one sample is stored.
  public enum SampleType: Sendable, Equatable {
    /// 32-bit floats, full scale at ±1 (FFmpeg's `flt` and `fltp`).
    case float32
    /// Integers in 16-bit words.
    case int16
    /// Integers in 32-bit words, of which the top `significantBits` carry signal (24 for 24-bit).
    case int32(significantBits: Int)
  }

  /// How the encoder wants each sample stored: 32-bit float, 16-bit or 32-bit integer.
  public var sampleType: SampleType
  /// One plane per channel when true; one interleaved plane when false.
  public var isPlanar: Bool
  /// The sample rate and channel count the encoder takes: those of its settings.
  public var layout: PCMLayout
  /// Sample frames per encoder frame; every frame but the last has exactly this many.
  public var frameSize: Int

  /// Bytes per sample in memory.
  public var bytesPerSample: Int {
    switch sampleType {
    case .int16: 2
    case .float32, .int32: 4
    }
  }

  /// Bits of precision, for integer types; nil for float.
  public var integerBits: Int? {
    switch sampleType {
    case .float32: nil
    case .int16: 16
    case .int32(let bits): bits
    }
  }

  /// True when decoded `integers` can be written as they are (16-bit ones widened into 32-bit
  /// words): into integer words at least as wide.
  public func takes(_ integers: DecodedIntegers) -> Bool {
    switch (sampleType, integers) {
    case (.int16, .int16), (.int32, _): true
    default: false
    }
  }
}

/// PCM that writes itself, in an encoder's input format, wherever the encoder wants it: bytes
/// copied as they are, or samples converted on the way (so a conversion is the only copy).
public protocol PCMSource {
  /// How many sample frames the source holds; `write` reads frames `0..<frameCount`.
  var frameCount: Int { get }
  /// Writes `count` sample frames from frame `start` on; `plane(index)` is where plane `index`'s
  /// first frame goes (every channel interleaved in plane 0 when the format is not planar).
  func write(from start: Int, count: Int, into plane: (Int) -> UnsafeMutableRawPointer)
}

/// PCM in an encoder's input format: `planeCount` planes of bytes (every channel interleaved in
/// one plane when the format is not planar), `frameCount` sample frames long.
public protocol PCMPlanes: PCMSource {
  /// How many planes there are: the channel count when the format is planar, else 1.
  var planeCount: Int { get }
  /// Plane `index`'s bytes, valid while the planes are.
  func plane(_ index: Int) -> UnsafeRawBufferPointer
}

extension PCMPlanes {
  /// Copies the frames' bytes, plane by plane.
  public func write(from start: Int, count: Int, into destination: (Int) -> UnsafeMutableRawPointer) {
    guard count > 0 else { return }
    for index in 0..<planeCount {
      let bytes = plane(index)
      let frameBytes = bytes.count / frameCount
      destination(index).copyMemory(from: bytes.baseAddress! + start * frameBytes, byteCount: count * frameBytes)
    }
  }
}
