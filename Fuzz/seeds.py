"""Writes small valid geotagged JPEG, PNG, WebP, HEIF and TIFF files (both byte orders) into the
folder given as the only argument: the photo reader's seeds, in the layouts GeotaggedPhotos writes
for the tests (EXIF IFD0 -> EXIF IFD + GPS IFD; HEIF meta with iinf, iloc and ispe). Their output is
kept in Fuzz/Seeds/photo-reader: python3 Fuzz/seeds.py Fuzz/Seeds/photo-reader writes it again."""
import struct
import sys
import zlib


def exif(big, width=640, height=480):
    e = ">" if big else "<"
    def entry(tag, typ, count, value):
        return (tag, typ, count, value)
    ascii_ = lambda tag, text: entry(tag, 2, len(text) + 1, text.encode() + b"\0")
    long_ = lambda tag, v: entry(tag, 4, 1, struct.pack(e + "I", v))
    rationals = lambda tag, vs: entry(tag, 5, len(vs), b"".join(struct.pack(e + "II", n, d) for n, d in vs))
    taken = "2021:04:11 15:47:53"
    ifd0 = [long_(0x100, width), long_(0x101, height), ascii_(0x132, taken)]
    exif_ifd = [ascii_(0x9003, taken), long_(0xA002, width), long_(0xA003, height)]
    gps = [entry(0, 1, 4, bytes([2, 3, 0, 0])), ascii_(1, "S"), rationals(2, [(33, 1), (51, 1), (246, 10)]),
           ascii_(3, "E"), rationals(4, [(151, 1), (12, 1), (553, 10)])]
    size = lambda entries: 2 + 12 * len(entries) + 4
    ifd0 += [long_(0x8769, 0), long_(0x8825, 0)]
    exif_at = 8 + size(ifd0)
    gps_at = exif_at + size(exif_ifd)
    data_at = gps_at + size(gps)
    data = b""
    def table(entries):
        nonlocal data, data_at
        out = struct.pack(e + "H", len(entries))
        for tag, typ, count, value in entries:
            if tag == 0x8769 and typ == 4 and len(entries) == len(ifd0):
                value = struct.pack(e + "I", exif_at)
            if tag == 0x8825 and len(entries) == len(ifd0):
                value = struct.pack(e + "I", gps_at)
            out += struct.pack(e + "HHI", tag, typ, count)
            if len(value) <= 4:
                out += value.ljust(4, b"\0")
            else:
                out += struct.pack(e + "I", data_at)
                data += value
                data_at += len(value)
        return out + b"\0\0\0\0"
    header = (b"MM\0*" if big else b"II*\0") + struct.pack(e + "I", 8)
    return header + table(ifd0) + table(exif_ifd) + table(gps) + data


IMAGE = bytes(range(16))


def jpeg(block):
    seg = lambda marker, data: bytes([0xFF, marker]) + struct.pack(">H", len(data) + 2) + data
    return (b"\xFF\xD8" + seg(0xE0, b"JFIF\0\1\1\0\0\1\0\1\0\0") + seg(0xE1, b"Exif\0\0" + block)
            + seg(0xC0, bytes([8]) + struct.pack(">HH", 480, 640) + bytes([1, 1, 0x11, 0]))
            + seg(0xDA, bytes([1, 1, 0, 0, 63, 0])) + IMAGE + b"\xFF\xD9")


def png(block):
    chunk = lambda typ, data: struct.pack(">I", len(data)) + typ + data + struct.pack(">I", zlib.crc32(typ + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">II", 640, 480) + bytes([8, 2, 0, 0, 0]))
            + chunk(b"eXIf", block) + chunk(b"IDAT", IMAGE) + chunk(b"IEND", b""))


def webp(block):
    chunk = lambda typ, data: typ + struct.pack("<I", len(data)) + data + (b"\0" if len(data) % 2 else b"")
    le24 = lambda v: struct.pack("<I", v)[:3]
    body = (b"WEBP" + chunk(b"VP8X", bytes([8, 0, 0, 0]) + le24(639) + le24(479))
            + chunk(b"VP8L", b"\x2F" + struct.pack("<I", 639 | 479 << 14) + IMAGE) + chunk(b"EXIF", block))
    return b"RIFF" + struct.pack("<I", len(body)) + body


def heif(block, idat=False):
    box = lambda typ, body: struct.pack(">I", 8 + len(body)) + typ + body
    full = lambda typ, version, body: box(typ, bytes([version, 0, 0, 0]) + body)
    item = struct.pack(">I", 6) + b"Exif\0\0" + block
    infe = lambda id_, typ: full(b"infe", 2, struct.pack(">HH", id_, 0) + typ + b"\0")
    ispe = lambda w, h: full(b"ispe", 0, struct.pack(">II", w, h))
    ftyp = box(b"ftyp", b"heic\0\0\0\0mif1heic")
    hdlr = full(b"hdlr", 0, b"\0\0\0\0pict" + bytes(13))
    iinf = full(b"iinf", 0, struct.pack(">H", 2) + infe(1, b"hvc1") + infe(2, b"Exif"))
    iprp = box(b"iprp", box(b"ipco", ispe(320, 240) + ispe(640, 480)) + full(b"ipma", 0, struct.pack(">I", 1) + bytes([0, 1, 1, 0x81])))
    def iloc(image_at, exif_at):
        entry = lambda id_, method, at, length: struct.pack(">HHHHII", id_, method, 0, 1, at, length)
        return full(b"iloc", 1, bytes([0x44, 0]) + struct.pack(">H", 2) + entry(1, 0, image_at, len(IMAGE))
                    + entry(2, 1 if idat else 0, 0 if idat else exif_at, len(item)))
    tail = box(b"idat", item) if idat else b""
    meta_size = 12 + len(hdlr) + len(iinf) + len(iloc(0, 0)) + len(iprp) + len(tail)
    image_at = len(ftyp) + meta_size + 8
    meta = full(b"meta", 0, hdlr + iinf + iloc(image_at, image_at + len(IMAGE)) + iprp + tail)
    return ftyp + meta + box(b"mdat", IMAGE + (b"" if idat else item))


def main():
    folder = sys.argv[1]
    for big in (False, True):
        block = exif(big)
        order = "be" if big else "le"
        files = {"jpg": jpeg(block), "png": png(block), "webp": webp(block), "heic": heif(block), "tif": block + IMAGE}
        files["idat.heic"] = heif(block, idat=True)
        for name, data in files.items():
            with open(f"{folder}/seed-{order}.{name}", "wb") as out:
                out.write(data)


main()
