import AudioTestSupport
import Foundation
import Testing

/// The documentation a newcomer reads works: its relative links lead somewhere, README's recipes
/// run as written, and the library guide's complete program is the one the package builds.
@Suite struct DocumentationTests {
  /// The repository's folder, two above this file's.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

  /// README.md, every page in docs/, and Benchmarks/README.md.
  static func pages() throws -> [MarkdownPage] {
    let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
      .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    return try (["README.md", "Benchmarks/README.md"] + docs).map { try MarkdownPage(root.appendingPathComponent($0)) }
  }

  /// Every link that is not a URL names a file or folder inside the repository, relative to the
  /// page, and a link into a page names one of its headings.
  @Test func everyRelativeLinkLeadsToAFileOfTheRepository() throws {
    let pages = try Self.pages()
    #expect(pages.count >= 8, "README, Benchmarks/README and the pages in docs/")
    for page in pages {
      let name = page.url.path.replacingOccurrences(of: Self.root.path + "/", with: "")
      for link in page.links where !link.contains(":") {
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let target = parts[0].isEmpty ? page.url : page.url.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
        #expect(target.path.hasPrefix(Self.root.path + "/"), "\(name): \(link) leads out of the repository")
        guard FileManager.default.fileExists(atPath: target.path) else {
          Issue.record("\(name): \(link): no such file")
          continue
        }
        if parts.count == 2, target.pathExtension == "md" {
          #expect(try MarkdownPage(target).anchors.contains(parts[1]), "\(name): \(link): no such heading")
        }
      }
    }
  }

  /// Every `segue` line in README's recipes runs as written, through the shell, in a folder of the
  /// files the recipes name: it exits with 0 and writes the files it names as its outputs.
  @Test func everyRecipeInTheReadmeRuns() throws {
    let readme = try MarkdownPage(Self.root.appendingPathComponent("README.md"))
    let recipes = readme.codeBlocks.filter { $0.part == "Common recipes" && $0.language == "sh" }
      .flatMap { $0.lines.filter { $0.hasPrefix("segue ") } }
    #expect(recipes.count == 12, "README promises twelve recipes")
    let fixture = try Fixture()
    try RecipeInputs.make(in: fixture)
    let cache = TemporaryFolder("segue-recipes-cache")
    let folder = try SegueExecutable.url().deletingLastPathComponent().path
    for recipe in recipes {
      // One facts cache for all, as a user has: the set is analysed once, not by every recipe.
      let script = "PATH='\(folder)':\"$PATH\"; export SEGUE_CACHE_DIR='\(cache.path)'; \(recipe)"
      let result = try runSegue(arguments: [], in: fixture.path, through: ["/bin/sh", "-c", script, "sh"])
      #expect(result.status == 0, "\(recipe): \(result.stderr)")
      for output in Self.outputs(of: recipe) {
        #expect(FileManager.default.fileExists(atPath: fixture.file(output)), "\(recipe): wrote no \(output)")
      }
    }
  }

  /// The Swift blocks library.md introduces with a link to a `.swift` file are that file, whole,
  /// so the program the guide shows is one the package compiles.
  @Test func theLibraryGuidesCompleteProgramIsTheBuiltExample() throws {
    let guide = try MarkdownPage(Self.root.appendingPathComponent("docs/library.md"))
    let programs = guide.codeBlocks.filter { $0.language == "swift" }.compactMap { block -> (String, [String])? in
      MarkdownPage.links(in: block.paragraphBefore).first { $0.hasSuffix(".swift") }.map { ($0, block.lines) }
    }
    #expect(!programs.isEmpty, "library.md shows a complete program, introduced by a link to its file")
    for (link, lines) in programs {
      let file = guide.url.deletingLastPathComponent().appendingPathComponent(link)
      let source = try String(contentsOf: file, encoding: .utf8)
      #expect(lines.joined(separator: "\n") + "\n" == source, "library.md shows \(link) as it is")
    }
  }

  /// Every Swift snippet of library.md (a block not introduced as a complete program) and of the
  /// DocC catalog's articles is in `Examples/library-snippets`, line for line inside a function,
  /// and that file imports nothing but Rendering: the package compiles the snippets as shown.
  @Test func theLibrarySnippetsCompileWithOnlyImportRendering() throws {
    let catalog = Self.root.appendingPathComponent("Sources/Rendering/Rendering.docc")
    let articles = try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }
    let pages = try [MarkdownPage(Self.root.appendingPathComponent("docs/library.md"))] + articles.map { try MarkdownPage(catalog.appendingPathComponent($0)) }
    let snippets = pages.flatMap(\.codeBlocks).filter { block in
      block.language == "swift" && !MarkdownPage.links(in: block.paragraphBefore).contains { $0.hasSuffix(".swift") }
    }
    #expect(snippets.count >= 6, "library.md's and the articles' snippets")
    let file = Self.root.appendingPathComponent("Examples/library-snippets/LibrarySnippets.swift")
    let source = try String(contentsOf: file, encoding: .utf8)
    #expect(source.split(separator: "\n").filter { $0.hasPrefix("import ") } == ["import Rendering"])
    for snippet in snippets {
      let body = snippet.lines.filter { $0 != "import Rendering" && !$0.isEmpty }.map { "  " + $0 }.joined(separator: "\n")
      #expect(source.contains(body + "\n"), "LibrarySnippets.swift lacks library.md's snippet starting \(snippet.lines.first ?? "")")
    }
  }

  /// The files a recipe names as its outputs: after `-o`, `--results` or `>`.
  static func outputs(of recipe: String) -> [String] {
    let words = recipe.split(separator: " ").map(String.init)
    return zip(words, words.dropFirst()).filter { ["-o", "--results", ">"].contains($0.0) }.map(\.1)
  }
}
