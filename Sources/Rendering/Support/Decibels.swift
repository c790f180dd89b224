import Foundation

/// Decibels as factors and as text.
enum Decibels {
  /// The linear factor of a level in dB.
  static func factor(_ decibels: Double) -> Double { pow(10, decibels / 20) }

  /// A level to one decimal: "-14.0".
  static func text(_ value: Double) -> String { String(format: "%.1f", value == 0 ? 0 : value) }

  /// A gain to one decimal, signed: "+3.2", "-1.0", "0.0".
  static func gain(_ value: Double) -> String {
    let text = Self.text(value)
    return text.hasPrefix("-") || text == "0.0" ? text : "+" + text
  }
}
