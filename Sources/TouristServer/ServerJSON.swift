import Foundation
import TouristCore

/// The JSON the server sends: the CLI's machine-output shapes (`MachineJSON`), compact.
enum ServerJSON {
    static func line(_ value: some Encodable) throws -> Data {
        let encoder = MachineJSON.encoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
