#ifndef TOURIST_VIPS_SHIM_H
#define TOURIST_VIPS_SHIM_H

// libvips for Swift, loaded on first use: `tourist_vips_load` dlopens libvips.so.42 (with its ~100
// libraries: only the commands that read pixels pay for them), runs vips_init once and allows only
// the loaders tourist needs (JPEG, PNG, WebP, TIFF, HEIF) with every untrusted one blocked. The
// variadic vips calls, which Swift cannot make, are made here. Images are passed as `void *`
// (a VipsImage, one reference owned by the caller: release it with `tourist_vips_release`).
// Call `tourist_vips_load` (successfully) before any other function.

#include <stddef.h>

/// Loads libvips and sets it up, once per process; later calls return the first result.
/// Returns 0, or -1 with the reason written to `error` (at most `size` bytes, NUL-terminated).
int tourist_vips_load(char *error, size_t size);

/// What an image's header says, read without decoding its pixels.
typedef struct tourist_vips_header {
    /// The first page's size as stored (before its EXIF orientation is applied).
    int width;
    int height;
    /// The EXIF orientation, 1 to 8 (1 when the image has none).
    int orientation;
    /// Frames of an animation or pages of a document (1 for a still image).
    int pages;
    int bands;
    /// 1 for a progressive JPEG or an interlaced PNG (which libvips decodes whole), else 0.
    int interlaced;
    /// 1 when its colours need converting to sRGB: it embeds an ICC profile, or it is CMYK; else 0.
    int managed;
    /// libvips' name of the loader that read it: "jpegload", "pngload", "webpload", "tiffload", "heifload".
    char loader[32];
} tourist_vips_header;

/// Reads the header of the image file at `path`. Returns 0, or -1 with the reason in `error`
/// (not an image, a format whose loader is not allowed, a damaged header).
int tourist_vips_read_header(const char *path, tourist_vips_header *header, char *error, size_t size);

/// Decodes the image file at `path` into memory, fitted inside `width` x `height` (never enlarged),
/// shrinking on load where the format allows (a JPEG at 1/2, 1/4 or 1/8 scale), with its EXIF
/// orientation applied, in 8-bit sRGB (CMYK and 16-bit images converted), its first frame only.
/// A damaged image (truncated, corrupt data) is an error, not a grey part. `header` is the file's
/// (`tourist_vips_read_header`): an image that needs no colour management (`managed` 0) is taken
/// as it is, untagged colour being sRGB already. Returns the image, or NULL with the reason in `error`.
void *tourist_vips_thumbnail_file(const char *path, const tourist_vips_header *header, int width, int height, char *error, size_t size);

/// `image` fitted inside `width` x `height` (never enlarged), in memory. NULL with the reason in `error`.
void *tourist_vips_shrink(void *image, int width, int height, char *error, size_t size);

/// The image's size in pixels.
void tourist_vips_size(void *image, int *width, int *height);

/// The encodings `tourist_vips_encode` makes.
typedef enum { TOURIST_VIPS_JPEG = 0, TOURIST_VIPS_WEBP = 1 } tourist_vips_encoding;

/// Encodes `image` (metadata stripped, transparency flattened onto white for JPEG) at `quality`
/// (1-100). On success returns 0 and sets `*bytes` (free it with `tourist_vips_free`) and `*length`;
/// else -1 with the reason in `error`.
int tourist_vips_encode(void *image, tourist_vips_encoding encoding, int quality, void **bytes, size_t *length, char *error, size_t size);

/// `image`'s pixels (8-bit, as decoded), row by row with their bands interleaved, lent: valid while
/// the image is, never freed by the caller. Returns them with `*bands` and `*length` set, or NULL
/// with the reason in `error`.
const void *tourist_vips_pixels(void *image, int *bands, size_t *length, char *error, size_t size);

/// Drops the caller's reference to `image`.
void tourist_vips_release(void *image);

/// Frees bytes `tourist_vips_encode` returned.
void tourist_vips_free(void *bytes);

/// The most memory libvips has held for pixels at once in this process, in bytes.
size_t tourist_vips_memory_highwater(void);

#endif
