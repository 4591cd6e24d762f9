import Testing

@testable import TouristCore

/// `PixelSquares`: the small squares a perceptual hash is computed from, made from pixels in memory.
@Suite struct PixelSquaresTests {
    /// `width` x `height` pixels of three bands, each (red, green, blue) given by `colour(x, y)`.
    func pixels(_ width: Int, _ height: Int, _ colour: (Int, Int) -> [UInt8]) -> [UInt8] {
        (0..<height).flatMap { y in (0..<width).flatMap { x in colour(x, y) } }
    }

    func squares(_ bytes: [UInt8], _ width: Int, _ height: Int, bands: Int = 3, side: Int, colourSide: Int) -> PixelSquares? {
        bytes.withUnsafeBytes { PixelSquares(pixels: $0, width: width, height: height, bands: bands, side: side, colourSide: colourSide) }
    }

    @Test func eachCellIsTheMeanOfItsPixelsAndGreyMixesLightLinearly() throws {
        // Left half black, right half white; the bottom-right quarter's rows alternate white and black.
        let bytes = pixels(8, 8) { x, y in x < 4 ? [0, 0, 0] : (y >= 4 && y % 2 == 1 ? [0, 0, 0] : [255, 255, 255]) }
        let result = try #require(squares(bytes, 8, 8, side: 2, colourSide: 2))
        #expect(result.grey[0] == 0 && result.grey[2] == 0, "the black half: \(result.grey)")
        #expect(result.grey[1] == 255, "the white quarter: \(result.grey)")
        // Half the light of white is sRGB 188, not 128: light is mixed as light.
        #expect((186...190).contains(result.grey[3]), "half white, half black: \(result.grey)")
        #expect(result.colours == [0, 0, 0, 255, 255, 255, 0, 0, 0, 128, 128, 128], "colours are means of sRGB values")
    }

    @Test func anImageSmallerThanTheSquareFillsEveryCell() throws {
        // 2 x 2 pixels: red, green / blue, white; a square of 4 takes each pixel's colour in its cells.
        let corners: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]
        let result = try #require(squares(pixels(2, 2) { x, y in corners[y * 2 + x] }, 2, 2, side: 4, colourSide: 4))
        #expect(result.grey.count == 16 && result.colours.count == 48)
        for cell in 0..<16 {
            let expected = corners[(cell / 4) / 2 * 2 + (cell % 4) / 2]
            #expect(Array(result.colours[(cell * 3)..<(cell * 3 + 3)]) == expected, "cell \(cell)")
        }
    }

    @Test func transparencyIsFlattenedOntoWhiteAndGreyImagesAreRead() throws {
        // Grey and alpha: fully transparent black is white; half-transparent black over white is
        // sRGB 127, blended as browsers blend, by value.
        let greyAlpha: [UInt8] = [0, 0, 0, 255, 0, 128, 0, 128]
        let flattened = try #require(squares(greyAlpha, 2, 2, bands: 2, side: 2, colourSide: 1))
        #expect(flattened.grey[0] == 255 && flattened.grey[1] == 0, "transparent is white, opaque black stays: \(flattened.grey)")
        #expect(flattened.grey[2] == flattened.grey[3] && (126...128).contains(flattened.grey[2]), "\(flattened.grey)")
        #expect(flattened.colours.count == 3 && flattened.colours[0] == flattened.colours[1], "grey has grey colours")
    }

    @Test func pixelsThatAreNotTheSizeGivenAreRefused() {
        #expect(squares([0, 0, 0], 2, 2, side: 2, colourSide: 1) == nil)
        #expect(squares([], 0, 0, side: 2, colourSide: 1) == nil)
    }
}
