import Foundation

/// The cores this process may use: the CPUs its affinity mask allows (what `taskset`, Slurm's
/// CPU binding and container CPU sets give), capped by a cgroup CPU quota (a Kubernetes or Docker
/// CPU limit), and never more than the machine has. The default for every thread count Segue picks.
public enum AvailableCores {
  /// The number of cores, at least 1, worked out once per process.
  public static let count: Int = {
    var count = ProcessInfo.processInfo.activeProcessorCount
    #if os(Linux)
      if let allowed = affinityCount() { count = min(count, allowed) }
      if let quota = quotaCores() { count = min(count, quota) }
    #endif
    return max(1, count)
  }()

  #if os(Linux)
    /// The CPUs in this process's affinity mask, from `Cpus_allowed_list` in `/proc/self/status`
    /// (`0-3,8,10-11`).
    private static func affinityCount() -> Int? {
      guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") })
      else { return nil }
      var count = 0
      for range in line.dropFirst("Cpus_allowed_list:".count).split(separator: ",") {
        let ends = range.split(separator: "-").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard let first = ends.first ?? nil, let last = ends.last ?? nil, ends.count <= 2, first >= 0, last >= first else { return nil }
        count += last - first + 1
      }
      return count > 0 ? count : nil
    }

    /// The cores the tightest cgroup CPU quota over this process amounts to, rounded up: v2's
    /// `cpu.max`, or v1's `cpu.cfs_quota_us` over `cpu.cfs_period_us`, on its own group or any
    /// group above it (a pod's, a slice's); nil without a quota.
    private static func quotaCores() -> Int? {
      let groups = ((try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
        let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        return fields.count == 3 ? (controllers: String(fields[1]), path: String(fields[2])) : nil
      }
      if let unified = groups.first(where: { $0.controllers.isEmpty }) {
        let quotas = folders(under: "/sys/fs/cgroup", along: unified.path).compactMap { folder -> Int? in
          guard let fields = read("\(folder)/cpu.max"), fields.count == 2 else { return nil }
          return cores(quota: fields[0], period: fields[1])
        }
        if let tightest = quotas.min() { return tightest }
      }
      guard let cpu = groups.first(where: { $0.controllers.split(separator: ",").contains("cpu") }) else { return nil }
      let mounts = Set(["/sys/fs/cgroup/\(cpu.controllers)", "/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"])
      let quotas = mounts.flatMap { folders(under: $0, along: cpu.path) }.compactMap { folder -> Int? in
        guard let quota = read("\(folder)/cpu.cfs_quota_us")?.first, let period = read("\(folder)/cpu.cfs_period_us")?.first else { return nil }
        return cores(quota: quota, period: period)
      }
      return quotas.min()
    }

    /// `mount` followed by each leading part of `path`: the group and every group above it.
    private static func folders(under mount: String, along path: String) -> [String] {
      let parts = path.split(separator: "/")
      return (0...parts.count).map { count in ([mount] + parts.prefix(count).map(String.init)).joined(separator: "/") }
    }

    /// A file's whitespace-separated fields; nil when it cannot be read.
    private static func read(_ path: String) -> [String]? {
      (try? String(contentsOfFile: path, encoding: .utf8)).map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
    }

    /// `quota` microseconds of CPU every `period` as whole cores; nil for no quota (`max`, -1).
    private static func cores(quota: String, period: String) -> Int? {
      guard let quota = Int(quota), let period = Int(period), quota > 0, period > 0 else { return nil }
      return max(1, quota / period + (quota % period == 0 ? 0 : 1))
    }
  #endif
}
