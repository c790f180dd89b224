import Foundation
import Playlists
import Testing

/// A batch manifest reads the same from JSON Lines and YAML, resolves paths in its own folder,
/// and refuses what `render` would not take, naming the line.
@Suite struct BatchManifestTests {
  let vocabulary = BatchVocabulary(
    flags: ["measure", "chapters", "progress-bar-only"], valued: ["crossfade", "loudness", "cover", "cue", "segments", "progress", "title"],
    paths: ["cover"], writtenPaths: ["cue"], refused: ["progress": "it shapes the terminal"])

  @Test func jsonLinesAndYAMLReadTheSame() throws {
    let jsonLines = """
      {"inputs": ["a.flac", "b b.flac"], "output": "out/x.mp3", "crossfade": 2.50, "loudness": -14, "measure": true}

      # a comment line
      {"inputs": "list.m3u", "output": "/abs/y.flac", "segments": "off", "cover": "art/c.jpg", "schemaVersion": 1}
      """
    let yaml = """
      - inputs: [a.flac, b b.flac]
        output: out/x.mp3
        crossfade: 2.50
        loudness: -14
        measure: true
      - {inputs: list.m3u, output: /abs/y.flac, segments: off, cover: art/c.jpg}
      """
    let fromJSON = try BatchManifest.parse(jsonLines, file: "/cat/m.jsonl", vocabulary: vocabulary)
    let fromYAML = try BatchManifest.parse(yaml, file: "/cat/m.yaml", vocabulary: vocabulary)
    #expect(fromJSON.map(\.arguments) == fromYAML.map(\.arguments))
    #expect(fromJSON.map(\.canonicalText) == fromYAML.map(\.canonicalText))
    #expect(fromJSON.map(\.location.line) == [1, 4])
    #expect(fromYAML.map(\.location.line) == [1, 6])
    #expect(fromJSON[0].arguments == ["--crossfade=2.50", "--loudness=-14", "--measure", "--output=/cat/out/x.mp3", "--", "/cat/a.flac", "/cat/b b.flac"])
    #expect(fromJSON[1].arguments == ["--cover=/cat/art/c.jpg", "--segments=off", "--output=/abs/y.flac", "--", "/cat/list.m3u"])
    // The record hashes the request as written, so the same manifest elsewhere is the same request.
    #expect(fromJSON[0].canonicalText == #"{"crossfade":"2.50","inputs":["a.flac","b b.flac"],"loudness":"-14","measure":true,"output":"out/x.mp3"}"#)
  }

  /// The record hashes the request as written: paths as in the manifest wherever it is read
  /// from, and a flag left off the same as one not given.
  @Test func theCanonicalTextIsTheRequestAsWritten() throws {
    let line = #"{"inputs": ["a.flac"], "output": "x.flac", "cover": "art/c.jpg", "cue": "x.cue", "chapters": false, "measure": true}"#
    let here = try BatchManifest.parse(line, file: "m.jsonl", vocabulary: vocabulary)[0]
    let there = try BatchManifest.parse(line, file: "/elsewhere/m.jsonl", vocabulary: vocabulary)[0]
    #expect(here.canonicalText == there.canonicalText)
    #expect(here.canonicalText == #"{"cover":"art/c.jpg","cue":"x.cue","inputs":["a.flac"],"measure":true,"output":"x.flac"}"#)
    #expect(there.arguments.contains("--cover=/elsewhere/art/c.jpg") && there.sideOutputs == ["/elsewhere/x.cue"])
  }

  @Test func windowsLineEndingsAndJSONEscapesRead() throws {
    let text = #"{"inputs": ["a.flac"], "output": "x.flac", "title": "\ud83c\udfb5 A\u00e9\#u{2028}x\#u{2029}"}"# + "\r\n" + #"{"inputs": ["b.flac"], "output": "y.flac"}"# + "\r\n"
    let items = try BatchManifest.parse(text, file: "m.jsonl", vocabulary: vocabulary)
    #expect(items.map(\.output) == ["x.flac", "y.flac"])
    #expect(items.map(\.location.line) == [1, 2])
    #expect(items[0].arguments.first == "--title=\u{1F3B5} A\u{E9}\u{2028}x\u{2029}", "Unicode line breaks inside a string end no line")
  }

  @Test func twoItemsWritingOneFileAreRefused() {
    let text = [
      #"{"inputs": ["a.flac"], "output": "out/x.flac"}"#, #"{"inputs": ["b.flac"], "output": "out/y.flac", "cue": "out/./x.flac"}"#,
    ].joined(separator: "\n")
    do {
      _ = try BatchManifest.parse(text, file: "m.jsonl", vocabulary: vocabulary)
      Issue.record("two items writing out/x.flac were taken")
    } catch {
      #expect(error.description == "m.jsonl:2: out/./x.flac is also written by the item on line 1; each item needs files of its own")
    }
  }

  @Test func aManifestInTheWorkingFolderKeepsRelativePaths() throws {
    let items = try BatchManifest.parse(#"{"inputs": ["a.flac"], "output": "x.flac"}"#, file: "m.jsonl", vocabulary: vocabulary)
    #expect(items[0].arguments == ["--output=x.flac", "--", "a.flac"])
  }

  @Test(arguments: [
    (#"{"inputs": ["a.flac"], "output": "x.flac", "crosfade": 2}"#, "m.jsonl:2: unknown key 'crosfade' (did you mean 'crossfade'?)"),
    (#"{"inputs": ["a.flac"], "output": "x.flac", "progress": "line"}"#, "m.jsonl:2: 'progress' is not a request key: it shapes the terminal"),
    (#"{"inputs": ["a.flac"], "output": "x.flac", "measure": 3}"#, "m.jsonl:2: 'measure' is on or off: true or false, not '3'"),
    (#"{"inputs": ["a.flac"], "output": "x.flac", "crossfade": [2]}"#, "m.jsonl:2: 'crossfade' needs one value"),
    (#"{"inputs": ["a.flac"], "output": "x.flac", "crossfade": null}"#, "m.jsonl:2: 'crossfade' needs one value"),
    (#"{"inputs": [], "output": "x.flac"}"#, "m.jsonl:2: 'inputs' is empty: name at least one file, playlist or folder"),
    (#"{"inputs": ["-"], "output": "x.flac"}"#, "m.jsonl:2: 'inputs' cannot read standard input ('-') in a batch"),
    (#"{"output": "x.flac"}"#, "m.jsonl:2: the item has no 'inputs' (files, playlists or folders)"),
    (#"{"inputs": ["a.flac"]}"#, "m.jsonl:2: the item has no 'output' (the file to write)"),
    (#"{"inputs": ["a.flac"], "output": "-"}"#, "m.jsonl:2: 'output' must be a file: a batch item cannot write to standard output"),
    (#"{"inputs": ["a.flac"], "output": "x.flac", "schemaVersion": 2}"#, "m.jsonl:2: unknown schemaVersion '2' (this Segue reads 1)"),
    (#"{"inputs": ["a.flac"], "output": "x.flac""#, "m.jsonl:2: not a JSON object"),
    (#"["a.flac"]"#, "m.jsonl:2: each line must be one JSON object"),
  ])
  func aBadItemIsRefusedByLine(_ line: String, _ message: String) {
    let text = #"{"inputs": ["ok.flac"], "output": "ok.flac"}"# + "\n" + line + "\n"
    #expect(throws: PlaylistError.self) { try BatchManifest.parse(text, file: "m.jsonl", vocabulary: vocabulary) }
    do {
      _ = try BatchManifest.parse(text, file: "m.jsonl", vocabulary: vocabulary)
    } catch {
      #expect(error.description.hasPrefix(message), "\(error.description)")
    }
  }

  @Test func anEmptyOrShapelessManifestIsRefused() {
    for (text, message) in [("# nothing\n\n", "m.yaml: the manifest holds no items"), ("a: 1\n", "m.yaml: a manifest is JSON Lines")] {
      do {
        _ = try BatchManifest.parse(text, file: "m.yaml", vocabulary: vocabulary)
        Issue.record("no error for \(text)")
      } catch {
        #expect(error.description.hasPrefix(message), "\(error.description)")
      }
    }
  }

  @Test func aRequestLineReadsBackAsTheSameItem() throws {
    let line = BatchManifest.line(
      inputs: ["/m/a.flac", "/m/b \"q\".flac"], output: "/m/x.mp3",
      options: [BatchOption(key: "crossfade", value: .text("2.5")), BatchOption(key: "measure", value: .flag(true)), BatchOption(key: "segments", value: .text("off"))])
    #expect(line == #"{"crossfade":2.5,"inputs":["/m/a.flac","/m/b \"q\".flac"],"measure":true,"output":"/m/x.mp3","segments":"off"}"#)
    let item = try #require(try BatchManifest.parse(line, file: "/else/m.jsonl", vocabulary: vocabulary).first)
    #expect(item.arguments == ["--crossfade=2.5", "--measure", "--segments=off", "--output=/m/x.mp3", "--", "/m/a.flac", "/m/b \"q\".flac"])
    // Only text that reads back as the same number is written as one.
    let texts = BatchManifest.line(
      inputs: ["a.flac"], output: "x.flac",
      options: ["1.10", "1e400", "-14", "007", "12345678901234567890123"].enumerated().map { BatchOption(key: "k\($0.offset)", value: .text($0.element)) })
    #expect(texts == #"{"inputs":["a.flac"],"k0":"1.10","k1":"1e400","k2":-14,"k3":"007","k4":12345678901234567890123,"output":"x.flac"}"#)
  }
}
