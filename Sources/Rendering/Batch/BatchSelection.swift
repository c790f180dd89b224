import Foundation

/// Which of a manifest's items a batch renders: one by index (an array job's task), every M-th
/// from K (a shard), or all.
public enum BatchSelection: Sendable, Equatable {
  /// Every item in the manifest, in order.
  case all
  /// One item, counted from 0.
  case index(Int)
  /// Items K, K+M, K+2M… (K counted from 0).
  case shard(Int, of: Int)

  /// The environment variables array jobs hand each task its index in, in the order they are read.
  public static let indexVariables = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX"]

  /// One item by an index counted from `base` (0, or 1 for arrays numbered from 1).
  public static func index(_ number: Int, base: Int) throws(BatchError) -> BatchSelection {
    guard number >= base else { throw .selection("index \(number) is below the first index, \(base)") }
    return .index(number - base)
  }

  /// The index the first of `indexVariables` that is set holds, and that variable's name.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment, base: Int
  ) throws(BatchError) -> (selection: BatchSelection, variable: String) {
    guard let variable = indexVariables.first(where: { environment[$0]?.isEmpty == false }), let text = environment[variable] else {
      throw .selection("--index-from-env: none of \(indexVariables.joined(separator: ", ")) is set")
    }
    guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
      throw .selection("--index-from-env: \(variable) is '\(text)', not a whole number")
    }
    return (try index(number, base: base), variable)
  }

  /// A shard written `K/M`, with 0 <= K < M.
  public static func shard(_ text: String) throws(BatchError) -> BatchSelection {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let m = Int(parts[1]), m > 0, (0..<m).contains(k) else {
      throw .selection("--shard takes K/M with 0 <= K < M (the K-th of M shards, from 0), not '\(text)'")
    }
    return .shard(k, of: m)
  }

  /// The indexes this selects from a manifest of `count` items.
  public func indexes(count: Int) throws(BatchError) -> [Int] {
    switch self {
    case .all: return Array(0..<count)
    case .index(let index):
      guard index < count else {
        throw .selection("index \(index) is past the manifest's last item (it holds \(count), indexes 0 to \(count - 1) counted from 0)")
      }
      return [index]
    case .shard(let k, let m): return Array(stride(from: k, to: count, by: m))
    }
  }
}

/// Why a batch cannot start: the manifest or the selection.
public enum BatchError: Error, Sendable, CustomStringConvertible {
  /// The items asked for cannot be chosen (an index below the first or past the last, a malformed shard, no index
  /// in the environment); the value is the whole message.
  case selection(String)
  /// The results log at `path` cannot be opened, locked or written; `detail` is the system's reason.
  case results(path: String, detail: String)

  /// The problem in words, naming the results file when it is the one refused.
  public var description: String {
    switch self {
    case .selection(let message): message
    case .results(let path, let detail): "\(path): cannot write the results (\(detail))"
    }
  }
}
