/// What a track's time-to-sample table (`stts`) says about its packets' durations.
///
/// Audio packets ("samples" in MP4's words) usually all last the same (1024 frames for AAC) except
/// a last, shorter one when the writer trimmed the end padding.
public struct MP4SampleDurations: Sendable, Equatable {
  /// How many packets the track holds.
  public var packetCount: Int64
  /// All packets' durations added up, in the media timescale.
  public var total: Int64
  /// The duration every packet but the last shares; nil when they differ, or with no packets.
  public var common: Int64?
  /// The last packet's duration; nil with no packets.
  public var last: Int64?

  /// A summary from figures already worked out: the packet count, then durations in the media timescale.
  public init(packetCount: Int64, total: Int64, common: Int64?, last: Int64?) {
    self.packetCount = packetCount
    self.total = total
    self.common = common
    self.last = last
  }

  /// The summary of a table's runs, each (packets, duration of each), in the table's order.
  ///
  /// Counts and totals past `Int64.max` (only a damaged table states them) stop at `Int64.max`;
  /// `total(ofRuns:)` tells them apart first.
  public init(runs: [(count: Int64, duration: Int64)]) {
    let nonEmpty = runs.filter { $0.count > 0 }
    packetCount = Int64(clamping: nonEmpty.reduce(Int128(0)) { $0 + Int128($1.count) })
    total = Int64(clamping: Self.total(ofRuns: nonEmpty))
    last = nonEmpty.last?.duration
    // Every packet but the last: the runs before the last one, and the last run less one packet.
    var allButLast = nonEmpty.dropLast().map(\.duration)
    if let final = nonEmpty.last, final.count > 1 { allButLast.append(final.duration) }
    let shared = Set(allButLast)
    common = shared.count == 1 ? shared.first : (packetCount == 1 ? last : nil)
  }

  /// The runs' durations added up, wide enough that no table overflows it: 2³² runs of 2³² − 1
  /// packets of 2³² − 1 ticks stay far below `Int128.max`.
  public static func total(ofRuns runs: [(count: Int64, duration: Int64)]) -> Int128 {
    runs.reduce(Int128(0)) { $0 + Int128(max(0, $1.count)) * Int128($1.duration) }
  }
}
