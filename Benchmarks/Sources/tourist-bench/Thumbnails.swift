import Foundation
import TouristCore

/// `tourist-bench thumbnails OUT SIDE FILE…`: tourist's thumbnail path over FILEs, one after the
/// other in this process, as `vipsthumbnail` takes them: each decoded fitted within SIDE pixels by
/// `ImageDecoder` (header and limits checked first, shrunk while it loads, upright, 8-bit sRGB) and
/// encoded as a JPEG of quality 80, written to OUT/NAME.jpg. Prints how many were made and libvips'
/// own memory high-water mark on stderr; a file that cannot be decoded is named there and skipped.
func thumbnails(into folder: String, side: Int, files: [String]) throws {
    let decoder = try ImageDecoder()
    var made = 0
    for file in files {
        let name = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        do {
            let (_, image) = try decoder.decode(file: file, fittingWithin: side)
            let bytes = try image.encoded(as: .jpeg, quality: 80)
            try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(name).jpg"))
            made += 1
        } catch let error as ImageError {
            FileHandle.standardError.write(Data("tourist-bench: \(file): \(error)\n".utf8))
        }
    }
    FileHandle.standardError.write(
        Data(
            "tourist-bench: \(made) thumbnails of \(files.count) files; libvips held \(ImageDecoder.memoryHighWater >> 20) MB at most\n"
                .utf8))
}
