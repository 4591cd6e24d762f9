/// A JPEG's marker segments, from the start of the file to the start of the scan.
enum JPEGSegments {
    /// Calls `visit` with each segment's marker and the offset and length of its data, until
    /// `visit` returns a value, the scan (or the image's end) begins, or the file ends.
    static func first<T>(
        in reader: ByteReader, _ visit: (_ marker: UInt8, _ data: Int, _ length: Int) throws(DamagedContainer) -> T?
    ) throws(DamagedContainer) -> T? {
        var position = 2
        for _ in 0..<ExifLocator.maximumSteps {
            guard let marker = reader.read(at: position, count: 2) else { return nil }
            guard marker[0] == 0xFF else { throw DamagedContainer(description: "no JPEG marker at \(position)") }
            switch marker[1] {
            case 0xFF:
                position += 1  // fill byte
                continue
            case 0x01, 0xD0...0xD8:
                position += 2  // markers without a length
                continue
            case 0xD9, 0xDA:
                return nil  // end of image, start of scan: no more headers
            default:
                break
            }
            guard let length = reader.read(at: position + 2, count: 2)?.bigEndian(at: 0, count: 2) else {
                throw DamagedContainer(description: "a JPEG segment length at \(position + 2) lies outside the file")
            }
            guard length >= 2 else { throw DamagedContainer(description: "a JPEG segment at \(position) has length \(length)") }
            if let found = try visit(marker[1], position + 4, length - 2) { return found }
            position += 2 + length
        }
        return nil
    }
}
