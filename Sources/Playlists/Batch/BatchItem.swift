/// One render a batch manifest asks for: its inputs, its output and `render`'s options.
public struct BatchItem: Sendable, Equatable {
  /// The item's place in the manifest, counted from 0 (what `--index` names).
  public var index: Int
  /// Where the item is written in the manifest, for errors.
  public var location: PlaylistLocation
  /// Files, playlists and folders, resolved against the manifest's folder.
  public var inputs: [String]
  /// The file to write, resolved against the manifest's folder.
  public var output: String
  /// `render`'s options, by key in sorted order; file values resolved like `inputs`.
  public var options: [BatchOption]
  /// The files the render writes beside `output` (a cue sheet, a page), resolved.
  public var sideOutputs: [String] = []
  /// The request as written (paths as in the manifest, keys sorted), one line of JSON: what the
  /// output's record hashes, so the same request from another folder or node is the same.
  public var canonicalText: String

  /// `render`'s command line for this item: each option as `--key=value` or `--flag`, the output,
  /// then `--` and the inputs, so no input's name is read as an option.
  public var arguments: [String] {
    options.compactMap(\.argument) + ["--output=\(output)", "--"] + inputs
  }
}

/// One option of a batch item.
public struct BatchOption: Sendable, Equatable {
  /// The option's long name without its dashes, such as `crossfade` or `verify`.
  public var key: String
  /// On or off for a flag; the text as written (a path resolved) for an option that takes a value.
  public var value: Value

  /// The option `key` set to `value`.
  public init(key: String, value: Value) {
    self.key = key
    self.value = value
  }

  /// An option's value: a flag's on or off, or an option's text as written.
  public enum Value: Sendable, Equatable {
    /// A flag: true passes `--key`, false leaves it off.
    case flag(Bool)
    /// An option's value as written (a path resolved), passed as `--key=text`.
    case text(String)
  }

  /// The option as `render` reads it: `--key=value`, `--flag`, or nothing for a flag left off.
  var argument: String? {
    switch value {
    case .flag(let on): on ? "--\(key)" : nil
    case .text(let text): "--\(key)=\(text)"
    }
  }
}
