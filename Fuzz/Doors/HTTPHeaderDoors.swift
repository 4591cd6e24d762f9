import TouristServer

/// A `Range` header of `tourist serve`'s blobs: the first 8 bytes are the blob's size, the rest the
/// header. Contract: a part lies inside the blob and is not empty; only a `bytes=` header is
/// unsatisfiable.
enum HTTPRangeDoor {
    static func check(_ bytes: [UInt8]) {
        let size = Int(truncatingIfNeeded: bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }) & Int.max
        let header = String(decoding: bytes.dropFirst(8), as: UTF8.self)
        switch ByteRange.parse(header, size: size) {
        case .whole: break
        case .part(let range):
            contract(
                range.lowerBound >= 0 && range.upperBound <= size && !range.isEmpty,
                "\(header.debugDescription) of \(size) bytes gave \(range)")
        case .unsatisfiable:
            contract(header.hasPrefix("bytes="), "\(header.debugDescription) unsatisfiable")
        }
    }
}

/// A `Host` header of `tourist serve`'s requests: the first 2 bytes are the port, the rest the
/// header. Contract: a host accepted is one of the names, in ASCII, then `:` and the port in digits.
enum HTTPHostDoor {
    static let names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]

    static func check(_ bytes: [UInt8]) {
        let port = Int(bytes.prefix(2).reduce(0) { $0 << 8 | Int($1) })
        let host = String(decoding: bytes.dropFirst(2), as: UTF8.self)
        guard HostHeader.names(host, port: port, among: names) else { return }
        let parts = host.split(separator: ":", omittingEmptySubsequences: false)
        contract(
            host.allSatisfy(\.isASCII) && names.contains(parts.dropLast().joined(separator: ":").lowercased())
                && parts.last.map { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } && Int($0) == port } == true,
            "\(host.debugDescription) taken for port \(port)"
        )
    }
}
