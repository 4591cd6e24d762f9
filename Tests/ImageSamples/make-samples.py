#!/usr/bin/env python3
"""Writes the synthetic test images of Tests/ImageSamples (python3 Tests/ImageSamples/make-samples.py).

Every image is made here from known pixels, through libvips itself (libvips.so.42, called with
ctypes, so no Python package is needed; Debian's libvips42 with its HEIF encoder). The files are
committed: building and testing need neither this script nor an encoder.

Most images are 64 × 48 with a red left half (200, 30, 30) and a blue right half (30, 30, 200), so
a test can tell which way a decoded image was turned from its pixels. Those of POSITIONS (every
decodable one but the TIFF, as libvips writes no EXIF into a TIFF, and the P3 JPEG; the truncated
JPEG, whose EXIF block survives the cut; the bombs) are geotagged north of the Eiffel Tower, so a
directory provider finds them: the n-th at latitude 48.8584 + n × 0.001, longitude 2.2945. What
each file is:

  upright.jpg          the two halves, EXIF orientation 1
  progressive.jpg      the two halves, a progressive JPEG (decoded whole by libjpeg)
  interlaced.png       the two halves, an interlaced (Adam7) PNG (decoded whole)
  orientation-6.jpg    the same pixels stored, EXIF orientation 6 (seen 48 × 64, red on top)
  orientation-8.jpg    the same, orientation 8 (seen 48 × 64, blue on top)
  cmyk.jpg             a CMYK JPEG (no profile): cyan left half, white right half
  display-p3.jpg       the two halves converted to Display P3, its profile embedded
  rgb16.png            16-bit RGB PNG of the two halves
  alpha.png            RGBA PNG: left half fully transparent red, right half opaque blue
  animated.webp        three 32 × 24 frames: red, green, blue
  photo.heic           HEIC (HEVC) of the two halves
  photo.webp           a lossless WebP of the two halves: the same picture as upright.jpg,
                       photo.heic and rgb16.png in another format (a lossy one at quality 90
                       was not found alike: two flat halves have almost no layout, and VP8's
                       noise alone turned their perceptual hash too far from the HEIC's)
  photo.tiff           an uncompressed RGB TIFF of the two halves
  truncated.jpg        a 256 × 192 noise JPEG cut at half its length
  garbage.jpg          4 KB of pseudo-random bytes named like a JPEG
  blocked.gif          a GIF of the two halves (a format tourist does not decode)
  blocked.bmp          a BMP of the two halves (which only ImageMagick's loader reads)
  blocked.ppm          a PPM of the two halves (libvips' own loader, not allowed)
  blocked.svg          an SVG drawing (librsvg's loader, untrusted)
  bomb.png             a 400-megapixel PNG header (20,000 × 20,000) with a few KB of data
  bomb.jpg             a JPEG whose frame header declares 65,000 × 65,000 pixels, 1 KB long
"""
import ctypes
import os
import random
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
vips = ctypes.CDLL("libvips.so.42")
vips.vips_image_new_from_memory_copy.restype = ctypes.c_void_p
vips.vips_image_new_from_memory_copy.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
vips.vips_image_set_int.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
vips.vips_image_set_blob_copy.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
vips.vips_error_buffer.restype = ctypes.c_char_p
vips.g_object_unref.argtypes = [ctypes.c_void_p]
if vips.vips_init(b"make-samples") != 0:
    sys.exit("vips_init failed")

UCHAR, USHORT = 0, 2
CMYK, RGB16 = 15, 25
RED, BLUE = (200, 30, 30), (30, 30, 200)
POSITIONS = [
    "upright.jpg", "orientation-6.jpg", "orientation-8.jpg", "cmyk.jpg", "rgb16.png", "alpha.png", "animated.webp", "photo.heic",
    "truncated.jpg", "progressive.jpg", "interlaced.png", "photo.webp", "bomb.png", "bomb.jpg",
]


def check(failed, what):
    if failed:
        sys.exit(f"{what}: {vips.vips_error_buffer().decode()}")


def image(pixels, width, height, bands, format=UCHAR):
    """A libvips image from raw interleaved pixels (bytes)."""
    made = vips.vips_image_new_from_memory_copy(pixels, len(pixels), width, height, bands, format)
    check(not made, "vips_image_new_from_memory_copy")
    return made


def with_interpretation(made, interpretation):
    out = ctypes.c_void_p()
    check(vips.vips_copy(ctypes.c_void_p(made), ctypes.byref(out), b"interpretation", ctypes.c_int(interpretation), None), "vips_copy")
    vips.g_object_unref(made)
    return out.value


def save(made, name, *options):
    check(vips.vips_image_write_to_file(ctypes.c_void_p(made), os.path.join(HERE, name).encode(), *options, None), name)
    vips.g_object_unref(made)


def halves(width, height, left, right, scale=1, pack="B"):
    """Rows of `width` pixels, the left half `left`, the right half `right`, as bytes."""
    row = [value * scale for value in left] * (width // 2) + [value * scale for value in right] * (width - width // 2)
    return struct.pack(f"<{len(row)}{pack}", *row) * height


def exif_block(orientation=None, latitude=None, longitude=None):
    """An EXIF block ("Exif\\0\\0" and a little-endian TIFF) with an orientation and/or a GPS position."""
    entries, gps = [], []
    if orientation is not None:
        entries.append((0x0112, 3, 1, struct.pack("<HH", orientation, 0)))

    def degrees(value):
        value = abs(value)
        whole = int(value)
        minutes = int((value - whole) * 60)
        seconds = round(((value - whole) * 60 - minutes) * 60 * 10000)
        return struct.pack("<6I", whole, 1, minutes, 1, seconds, 10000)

    if latitude is not None:
        gps = [
            (0x0001, 2, 2, (b"N" if latitude >= 0 else b"S") + b"\0\0\0"),
            (0x0002, 5, 3, degrees(latitude)),
            (0x0003, 2, 2, (b"E" if longitude >= 0 else b"W") + b"\0\0\0"),
            (0x0004, 5, 3, degrees(longitude)),
        ]
        entries.append((0x8825, 4, 1, None))  # the GPS IFD's offset, filled in below

    def ifd(tags, start, next_offset=0):
        """An IFD at offset `start` with its out-of-line values after it."""
        data_offset = start + 2 + 12 * len(tags) + 4
        head, tail = struct.pack("<H", len(tags)), b""
        for tag, kind, count, value in tags:
            if len(value) <= 4:
                head += struct.pack("<HHI", tag, kind, count) + value.ljust(4, b"\0")
            else:
                head += struct.pack("<HHII", tag, kind, count, data_offset + len(tail))
                tail += value
        return head + struct.pack("<I", next_offset) + tail

    size_of_ifd0 = 2 + 12 * len(entries) + 4 + sum(len(v) for _, _, _, v in entries if v is not None and len(v) > 4)
    gps_offset = 8 + size_of_ifd0
    entries = [(t, k, c, struct.pack("<I", gps_offset) if v is None else v) for t, k, c, v in entries]
    tiff = b"II*\0" + struct.pack("<I", 8) + ifd(entries, 8)
    if gps:
        tiff += ifd(gps, gps_offset)
    return b"Exif\0\0" + tiff


def with_exif(made, block):
    vips.vips_image_set_blob_copy(ctypes.c_void_p(made), b"exif-data", block, len(block))
    return made


def two_halves():
    return image(halves(64, 48, RED, BLUE), 64, 48, 3)


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def geotagged(made, name, orientation=None):
    """`made` with an EXIF block placing it at its position in POSITIONS."""
    return with_exif(made, exif_block(orientation=orientation, latitude=48.8584 + POSITIONS.index(name) * 0.001, longitude=2.2945))


def main():
    quality = (b"Q", ctypes.c_int(90))
    save(geotagged(two_halves(), "upright.jpg", orientation=1), "upright.jpg", *quality)
    save(geotagged(two_halves(), "progressive.jpg"), "progressive.jpg", *quality, b"interlace", ctypes.c_int(1))
    save(geotagged(two_halves(), "interlaced.png"), "interlaced.png", b"interlace", ctypes.c_int(1))
    for orientation in (6, 8):
        name = f"orientation-{orientation}.jpg"
        save(geotagged(two_halves(), name, orientation=orientation), name, *quality)
    cmyk = with_interpretation(image(halves(64, 48, (255, 0, 0, 0), (0, 0, 0, 0)), 64, 48, 4), CMYK)
    save(geotagged(cmyk, "cmyk.jpg"), "cmyk.jpg", *quality)
    p3 = ctypes.c_void_p()
    check(vips.vips_icc_transform(ctypes.c_void_p(two_halves()), ctypes.byref(p3), b"p3", b"input_profile", b"srgb", b"embedded",
        ctypes.c_int(1), None), "vips_icc_transform")
    save(p3.value, "display-p3.jpg", *quality)
    rgb16 = with_interpretation(image(halves(64, 48, RED, BLUE, scale=257, pack="H"), 64, 48, 3, USHORT), RGB16)
    save(geotagged(rgb16, "rgb16.png"), "rgb16.png")
    save(geotagged(image(halves(64, 48, RED + (0,), BLUE + (255,)), 64, 48, 4), "alpha.png"), "alpha.png")
    frames = b"".join(halves(32, 24, colour, colour) for colour in (RED, (30, 200, 30), BLUE))
    animated = geotagged(image(frames, 32, 72, 3), "animated.webp")
    vips.vips_image_set_int(ctypes.c_void_p(animated), b"page-height", 24)
    vips.vips_image_set_int(ctypes.c_void_p(animated), b"n-pages", 3)
    save(animated, "animated.webp", b"lossless", ctypes.c_int(1))
    save(geotagged(two_halves(), "photo.heic"), "photo.heic", b"compression", ctypes.c_int(1))
    save(geotagged(two_halves(), "photo.webp"), "photo.webp", b"lossless", ctypes.c_int(1))
    save(two_halves(), "photo.tiff")
    save(image(halves(64, 48, RED, BLUE), 64, 48, 3), "blocked.gif")
    save(image(halves(64, 48, RED, BLUE), 64, 48, 3), "blocked.ppm")
    # BMP rows are bottom-up, BGR, padded to four bytes (64 × 3 already is).
    pixels = b"".join(bytes(reversed(halves(64, 1, RED, BLUE)[i : i + 3])) for i in range(0, 64 * 3, 3)) * 48
    header = struct.pack("<IiiHHIIiiII", 40, 64, 48, 1, 24, 0, len(pixels), 2835, 2835, 0, 0)
    open(os.path.join(HERE, "blocked.bmp"), "wb").write(b"BM" + struct.pack("<IHHI", 14 + len(header) + len(pixels), 0, 0, 54) + header + pixels)
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="32" height="48" fill="#c81e1e"/></svg>\n'
    open(os.path.join(HERE, "blocked.svg"), "w").write(svg)

    noise = random.Random(37)
    save(geotagged(image(bytes(noise.randrange(256) for _ in range(256 * 192 * 3)), 256, 192, 3), "truncated.jpg"), "truncated.jpg", *quality)
    whole = open(os.path.join(HERE, "truncated.jpg"), "rb").read()
    open(os.path.join(HERE, "truncated.jpg"), "wb").write(whole[: len(whole) // 2])
    open(os.path.join(HERE, "garbage.jpg"), "wb").write(bytes(noise.randrange(256) for _ in range(4096)))

    # 20,000 × 20,000 greyscale: the first rows' data (all zero) and no more, a few KB.
    side = 20000
    rows = zlib.compress(b"\0" * ((side + 1) * 200), 9)
    header = png_chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0))
    exif = png_chunk(b"eXIf", exif_block(latitude=48.8584 + POSITIONS.index("bomb.png") * 0.001, longitude=2.2945)[len(b"Exif\0\0") :])
    open(os.path.join(HERE, "bomb.png"), "wb").write(
        b"\x89PNG\r\n\x1a\n" + header + exif + png_chunk(b"IDAT", rows) + png_chunk(b"IEND", b""))

    # A small real JPEG whose frame header (SOF0) is rewritten to 65,000 × 65,000.
    save(geotagged(image(halves(16, 16, RED, BLUE), 16, 16, 3), "bomb.jpg"), "bomb.jpg", b"Q", ctypes.c_int(50))
    data = bytearray(open(os.path.join(HERE, "bomb.jpg"), "rb").read())
    frame = data.find(b"\xff\xc0", data.find(b"\xff\xdb"))  # after the EXIF block, at the frame header
    struct.pack_into(">HH", data, frame + 5, 65000, 65000)
    open(os.path.join(HERE, "bomb.jpg"), "wb").write(bytes(data))


if __name__ == "__main__":
    main()
