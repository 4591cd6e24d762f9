import Foundation
import Testing
import TouristCore
@testable import Exec

/// The examples of `docs/PROVIDER-PROTOCOL.md` kept honest: every line of its `json` blocks is one
/// JSON object as on the wire, every method has a request and an answer, and every answer is
/// accepted by the code that reads a plugin's answers (`PluginAnswer`, as `ExecProvider` reads
/// them); its error table says what that code makes of each error code.
@Suite struct ProtocolDocumentTests {
    static let document =
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        + "/docs/PROVIDER-PROTOCOL.md"
    static let methods: Set<String> = ["hello", "search", "fetch", "lookup", "shutdown"]
    static let errorCodes: Set<String> = [
        "unauthorized", "rate_limited", "not_found", "unavailable", "timed_out", "invalid_request", "invalid_config", "internal",
    ]

    let text: String

    init() throws {
        text = try String(contentsOfFile: Self.document, encoding: .utf8)
    }

    /// The lines of each fenced `json` block.
    var jsonBlocks: [[String]] {
        var blocks: [[String]] = [], current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil, line == "```json" {
                current = []
            } else if let lines = current, line == "```" {
                blocks.append(lines)
                current = nil
            } else if current != nil, !line.isEmpty {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func everyExampleLineIsOneJSONObjectAndEveryAnswerIsAccepted() throws {
        let blocks = jsonBlocks
        #expect(blocks.count >= 8, "the document's json blocks: \(blocks.count)")
        var asked = Set<String>(), answered = Set<String>(), errorCodes = Set<String>()
        // The method of the last request written with each id, in the document's order.
        var methodOfID: [Int: String] = [:]
        for block in blocks {
            for line in block {
                let value = try #require(try? JSONParser.parse(Array(line.utf8)), "not JSON: \(line)")
                guard case .object = value else {
                    Issue.record("not an object: \(line)")
                    continue
                }
                let id = try #require(value["id"]?.numberValue.flatMap { Int(exactly: $0) }, "no whole-number id: \(line)")
                if let method = value["method"]?.stringValue {
                    #expect(Self.methods.contains(method), "unknown method: \(line)")
                    guard case .object = value["params"] ?? .null else {
                        Issue.record("params is not an object: \(line)")
                        continue
                    }
                    methodOfID[id] = method
                    asked.insert(method)
                    continue
                }
                let answer = try #require(PluginAnswer(line: Array(line.utf8)), "not an answer: \(line)")
                if let error = answer.error {
                    let code = try #require(error["code"]?.stringValue, "an error without a code: \(line)")
                    #expect(Self.errorCodes.contains(code), "unknown error code: \(line)")
                    errorCodes.insert(code)
                    #expect(answer.read(as: methodOfID[id] ?? "search", plugin: "walks") != nil)
                } else {
                    // A result answers the last request before it with its id, and is read as the answer to it.
                    let method = try #require(methodOfID[id], "a result to no request before it: \(line)")
                    let refusal = answer.read(as: method, plugin: "walks")
                    #expect(refusal == nil, "tourist refuses the example answer to \(method): \(refusal?.description ?? "")")
                    answered.insert(method)
                }
            }
        }
        #expect(asked == Self.methods, "methods with an example request")
        #expect(answered == Self.methods, "methods with an example result")
        #expect(errorCodes == Self.errorCodes, "error codes with an example")
    }

    /// The rows of the error table: code, and what tourist reads it as.
    @Test func theErrorTableSaysWhatTouristMakesOfEachCode() throws {
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n").map(String.init) where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { continue }
            rows[cells[0].trimmingCharacters(in: ["`"])] = cells[1].trimmingCharacters(in: ["`"])
        }
        #expect(Set(rows.keys) == Self.errorCodes)
        for (code, kind) in rows {
            let error = PluginErrorCode.providerError(
                .object([("code", .string(code)), ("message", .string("m"))]), plugin: "walks", method: "search", redact: { $0 })
            #expect(error.kind == kind, "\(code) is read as \(error.kind), the document says \(kind)")
        }
    }

    @Test func theHelloExampleIsWhatTouristSends() throws {
        let example = try #require(jsonBlocks.joined().first { $0.contains(#""method": "hello""#) })
        let written = try #require(try JSONParser.parse(Array(example.utf8))["params"])
        let options = try #require(written["options"])
        guard case .object(let own) = options else {
            Issue.record("the example's options are not an object")
            return
        }
        let sent = PluginLaunchBuilder.helloParams(
            name: "walks", options: own.map { ($0.key, $0.value) }, stateDirectory: written["stateDirectory"]?.stringValue,
            albumSize: .small240
        )
        #expect(written == sent, "the document: \(written.compact())\ntourist: \(sent.compact())")
    }
}
