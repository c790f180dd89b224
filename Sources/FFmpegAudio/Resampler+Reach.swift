import Synchronization

extension Resampler {
  /// The reaches measured so far, by rates and quality: each is measured once per process.
  private static let reaches = Mutex<[String: Int64]>([:])

  /// How many input frames one input frame's effect reaches ahead in the output: where the
  /// response to an impulse ends (its last sample that is not exactly zero), measured on a fresh
  /// resampler of the same rates and quality.
  public static func reach(from inputRate: Int, to outputRate: Int, quality: ResamplingQuality) throws(FFmpegError) -> Int64 {
    let key = "\(inputRate)>\(outputRate)@\(quality.precisionBits)"
    if let known = reaches.withLock({ $0[key] }) { return known }
    let measured = try measureReach(from: inputRate, to: outputRate, quality: quality)
    reaches.withLock { $0[key] = measured }
    return measured
  }

  /// `reach`, measured.
  private static func measureReach(from inputRate: Int, to outputRate: Int, quality: ResamplingQuality) throws(FFmpegError) -> Int64 {
    var lead = 4096
    while true {
      let resampler = try Resampler(channels: 1, from: inputRate, to: outputRate, quality: quality)
      var impulse = [Float](repeating: 0, count: 2 * lead)
      impulse[lead] = 1
      var response = try impulse.withUnsafeBufferPointer { samples throws(FFmpegError) in Array(try resampler.convert(samples)) }
      response += try resampler.convert(nil)
      // The response is whole when it dies out before the input's end, or the lead is as long as any filter.
      if let last = response.lastIndex(where: { $0 != 0 }), last + 1 < response.count || lead >= 1 << 22 {
        let inputFrame = (Int64(last + 1) * Int64(inputRate) + Int64(outputRate) - 1) / Int64(outputRate)
        return max(1, inputFrame - Int64(lead))
      }
      lead *= 2
    }
  }
}
