import Foundation

/// An image's pixels squeezed into small squares (aspect ratio ignored, transparency flattened onto
/// white), each cell the mean of the pixels it holds, pixel (x, y) held by cell (x * side / width,
/// y * side / height); in a large image, of evenly spaced ones (`pixelsPerCellSide`); a cell that
/// holds none, in an image smaller than the square, takes the pixel under its own centre. What a
/// perceptual hash is computed from, in one pass over the pixels: a libvips pipeline for each
/// square cost more than the hash itself.
struct PixelSquares {
    /// `side` x `side` grey values, row by row: the luminance of the cell's light (sRGB's, mixed
    /// linearly), written back as sRGB greys.
    let grey: [UInt8]
    /// `colourSide` x `colourSide` sRGB colours, row by row, three bytes each: the mean of each channel.
    let colours: [UInt8]

    /// The squares of `pixels`: `width` x `height` pixels of `bands` 8-bit samples (1 grey, 2 grey
    /// and alpha, 3 sRGB, 4 sRGB and alpha; any more are not read), row by row. Nil when `pixels`
    /// are not that many.
    init?(pixels: UnsafeRawBufferPointer, width: Int, height: Int, bands: Int, side: Int, colourSide: Int) {
        guard width > 0, height > 0, bands > 0, side > 0, colourSide > 0, pixels.count == width * height * bands else { return nil }
        let colour = bands >= 3, alpha = bands == 2 || bands == 4
        // The tables read once here: a static's every read in the loop would check it is made.
        let (redLight, greenLight, blueLight) = (Self.redLight, Self.greenLight, Self.blueLight)
        /// The pixel at `index` on white, and its linear luminance (scaled by `Self.lightScale`).
        func sample(_ index: Int) -> (red: Int, green: Int, blue: Int, light: Int) {
            let base = index * bands
            let opacity = alpha ? Int(pixels[base + bands - 1]) : 255
            func onWhite(_ value: UInt8) -> Int { (Int(value) * opacity + 255 * (255 - opacity) + 127) / 255 }
            let red = onWhite(pixels[base])
            let green = colour ? onWhite(pixels[base + 1]) : red
            let blue = colour ? onWhite(pixels[base + 2]) : red
            return (red, green, blue, redLight[red] + greenLight[green] + blueLight[blue])
        }
        // Every `step`th pixel of every `step`th row is read: a thumbnail of 533 x 400 still gives
        // each of the 32 x 32 cells some 50 pixels, and the hash costs a quarter.
        let step = max(1, min(width, height) / (side * Self.pixelsPerCellSide))
        let xs = Array(stride(from: 0, to: width, by: step)), ys = Array(stride(from: 0, to: height, by: step))
        let greyColumn = xs.map { $0 * side / width }, colourColumn = xs.map { $0 * colourSide / width }
        var light = [Int](repeating: 0, count: side * side), channels = [Int](repeating: 0, count: colourSide * colourSide * 3)
        light.withUnsafeMutableBufferPointer { light in
            channels.withUnsafeMutableBufferPointer { channels in
                for y in ys {
                    let greyRow = y * side / height * side, colourRow = y * colourSide / height * colourSide
                    for (column, x) in xs.enumerated() {
                        let pixel = sample(y * width + x)
                        // Wrapping additions: no sum comes near Int's bounds (2^20 a pixel at most).
                        light[greyRow + greyColumn[column]] &+= pixel.light
                        let colourCell = (colourRow + colourColumn[column]) * 3
                        channels[colourCell] &+= pixel.red
                        channels[colourCell + 1] &+= pixel.green
                        channels[colourCell + 2] &+= pixel.blue
                    }
                }
            }
        }
        // How many pixels were read in each cell: those of its columns times those of its rows.
        func counts(_ cells: Int) -> [Int] {
            var columns = [Int](repeating: 0, count: cells), rows = columns
            for x in xs { columns[x * cells / width] += 1 }
            for y in ys { rows[y * cells / height] += 1 }
            return (0..<(cells * cells)).map { rows[$0 / cells] * columns[$0 % cells] }
        }
        let lightCount = counts(side), colourCount = counts(colourSide)
        /// The pixel under the centre of cell (`column`, `row`) of a square of `cells`.
        func centre(_ column: Int, _ row: Int, of cells: Int) -> (red: Int, green: Int, blue: Int, light: Int) {
            sample(((2 * row + 1) * height / (2 * cells)) * width + (2 * column + 1) * width / (2 * cells))
        }
        grey = (0..<(side * side)).map { cell in
            let total =
                lightCount[cell] > 0
                ? Double(light[cell]) / Double(lightCount[cell]) : Double(centre(cell % side, cell / side, of: side).light)
            return UInt8((Self.encoded(total / Self.lightScale) * 255).rounded())
        }
        colours = (0..<(colourSide * colourSide)).flatMap { cell -> [UInt8] in
            guard colourCount[cell] > 0 else {
                let pixel = centre(cell % colourSide, cell / colourSide, of: colourSide)
                return [pixel.red, pixel.green, pixel.blue].map { UInt8($0) }
            }
            return (0..<3).map { UInt8((channels[cell * 3 + $0] + colourCount[cell] / 2) / colourCount[cell]) }
        }
    }

    /// At least how many pixels a cell's side must span for every other one to be skipped.
    private static let pixelsPerCellSide = 6
    /// Linear light 1 (white), as the sums count it: integers, so a pixel costs additions only.
    private static let lightScale = Double(1 << 20)
    /// Each sRGB value (0-255) of red, green and blue as its share of linear luminance (Rec. 709
    /// weights), scaled by `lightScale`.
    private static let redLight = lightTable(weight: 0.2126)
    private static let greenLight = lightTable(weight: 0.7152)
    private static let blueLight = lightTable(weight: 0.0722)

    private static func lightTable(weight: Double) -> [Int] {
        (0...255).map { value in
            let v = Double(value) / 255
            return Int((weight * (v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)) * lightScale).rounded())
        }
    }

    /// Linear light (0-1) as an sRGB value (0-1).
    private static func encoded(_ light: Double) -> Double {
        light <= 0.0031308 ? light * 12.92 : 1.055 * pow(light, 1 / 2.4) - 0.055
    }
}
