#include "VipsShim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// libvips' headers are not included: they need glib's include paths, which a package cannot name
// portably, and nothing links against libvips. The few types and enum values used are restated
// here from libvips 8.14's headers (vips/image.h, foreign.h, resample.h, conversion.h).
typedef void VipsImage;
enum { VIPS_ACCESS_SEQUENTIAL = 1 };
enum { VIPS_SIZE_DOWN = 2 };
enum { VIPS_INTERPRETATION_B_W = 1, VIPS_INTERPRETATION_CMYK = 15, VIPS_INTERPRETATION_sRGB = 22 };
enum { VIPS_FORMAT_UCHAR = 0 };
enum { VIPS_FAIL_ON_ERROR = 2 };

/// libvips' and GObject's functions, found by dlsym in `load_once`.
static struct {
    int (*init)(const char *);
    const char *(*error_buffer)(void);
    void (*error_clear)(void);
    void (*block_untrusted_set)(int);
    void (*operation_block_set)(const char *, int);
    void (*cache_set_max)(int);
    VipsImage *(*image_new_from_file)(const char *, ...);
    int (*image_get_width)(const VipsImage *);
    int (*image_get_height)(const VipsImage *);
    int (*image_get_bands)(const VipsImage *);
    int (*image_get_format)(const VipsImage *);
    int (*image_get_interpretation)(const VipsImage *);
    int (*image_get_n_pages)(VipsImage *);
    int (*image_get_int)(const VipsImage *, const char *, int *);
    int (*image_get_string)(const VipsImage *, const char *, const char **);
    int (*image_get_typeof)(const VipsImage *, const char *);
    int (*image_hasalpha)(VipsImage *);
    char **(*image_get_fields)(VipsImage *);
    int (*image_remove)(VipsImage *, const char *);
    void (*strfreev)(char **);
    VipsImage *(*image_copy_memory)(VipsImage *);
    const void *(*image_get_data)(VipsImage *);
    int (*thumbnail)(const char *, VipsImage **, int, ...);
    int (*thumbnail_image)(VipsImage *, VipsImage **, int, ...);
    int (*colourspace)(VipsImage *, VipsImage **, int, ...);
    int (*cast)(VipsImage *, VipsImage **, int, ...);
    int (*flatten)(VipsImage *, VipsImage **, ...);
    void *(*array_double_new)(const double *, int);
    void (*area_unref)(void *);
    int (*jpegsave_buffer)(VipsImage *, void **, size_t *, ...);
    int (*webpsave_buffer)(VipsImage *, void **, size_t *, ...);
    size_t (*tracked_get_mem_highwater)(void);
    void (*object_unref)(void *);
    void *(*object_ref)(void *);
    unsigned (*log_set_handler)(const char *, int, void (*)(const char *, int, const char *, void *), void *);
    void (*g_free)(void *);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[512];

static int find(void *library, const char *name, void **slot) {
    *slot = dlsym(library, name);
    if (*slot == NULL) snprintf(load_error, sizeof load_error, "libvips.so.42 has no %s (libvips 8.13 or newer is needed)", name);
    return *slot != NULL;
}

/// The loaders tourist allows: every other one (ImageMagick's, PDF, SVG, FITS, …) stays blocked.
static const char *allowed_loaders[] = {
    "VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadWebp", "VipsForeignLoadTiff", "VipsForeignLoadHeif",
};

static void drop_message(const char *domain, int level, const char *message, void *context) {
    (void)domain, (void)level, (void)message, (void)context;
}

static void load_once(void) {
    void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(load_error, sizeof load_error, "%s", dlerror());
        return;
    }
    int ok = find(library, "vips_init", (void **)&api.init)
        && find(library, "vips_error_buffer", (void **)&api.error_buffer)
        && find(library, "vips_error_clear", (void **)&api.error_clear)
        && find(library, "vips_block_untrusted_set", (void **)&api.block_untrusted_set)
        && find(library, "vips_operation_block_set", (void **)&api.operation_block_set)
        && find(library, "vips_cache_set_max", (void **)&api.cache_set_max)
        && find(library, "vips_image_new_from_file", (void **)&api.image_new_from_file)
        && find(library, "vips_image_get_width", (void **)&api.image_get_width)
        && find(library, "vips_image_get_height", (void **)&api.image_get_height)
        && find(library, "vips_image_get_bands", (void **)&api.image_get_bands)
        && find(library, "vips_image_get_format", (void **)&api.image_get_format)
        && find(library, "vips_image_get_interpretation", (void **)&api.image_get_interpretation)
        && find(library, "vips_image_get_n_pages", (void **)&api.image_get_n_pages)
        && find(library, "vips_image_get_int", (void **)&api.image_get_int)
        && find(library, "vips_image_get_string", (void **)&api.image_get_string)
        && find(library, "vips_image_get_typeof", (void **)&api.image_get_typeof)
        && find(library, "vips_image_hasalpha", (void **)&api.image_hasalpha)
        && find(library, "vips_image_get_fields", (void **)&api.image_get_fields)
        && find(library, "vips_image_remove", (void **)&api.image_remove)
        && find(library, "g_strfreev", (void **)&api.strfreev)
        && find(library, "vips_image_copy_memory", (void **)&api.image_copy_memory)
        && find(library, "vips_image_get_data", (void **)&api.image_get_data)
        && find(library, "vips_thumbnail", (void **)&api.thumbnail)
        && find(library, "vips_thumbnail_image", (void **)&api.thumbnail_image)
        && find(library, "vips_colourspace", (void **)&api.colourspace)
        && find(library, "vips_cast", (void **)&api.cast)
        && find(library, "vips_flatten", (void **)&api.flatten)
        && find(library, "vips_array_double_new", (void **)&api.array_double_new)
        && find(library, "vips_area_unref", (void **)&api.area_unref)
        && find(library, "vips_jpegsave_buffer", (void **)&api.jpegsave_buffer)
        && find(library, "vips_webpsave_buffer", (void **)&api.webpsave_buffer)
        && find(library, "vips_tracked_get_mem_highwater", (void **)&api.tracked_get_mem_highwater)
        && find(library, "g_object_unref", (void **)&api.object_unref)
        && find(library, "g_object_ref", (void **)&api.object_ref)
        && find(library, "g_log_set_handler", (void **)&api.log_set_handler)
        && find(library, "g_free", (void **)&api.g_free);
    if (!ok) return;
    if (api.init("tourist") != 0) {
        snprintf(load_error, sizeof load_error, "vips_init failed: %s", api.error_buffer());
        return;
    }
    // libvips reports damaged data as warnings on stderr as well as in its errors; tourist says what
    // matters in its own words, so they are dropped (G_LOG_LEVEL_WARNING is 1 << 4).
    api.log_set_handler("VIPS", 1 << 4, drop_message, NULL);
    // Each image is decoded once and dropped: libvips' operation cache would only hold memory.
    api.cache_set_max(0);
    api.block_untrusted_set(1);
    api.operation_block_set("VipsForeignLoad", 1);
    for (size_t i = 0; i < sizeof allowed_loaders / sizeof *allowed_loaders; i++) api.operation_block_set(allowed_loaders[i], 0);
    loaded = 1;
}

int tourist_vips_load(char *error, size_t size) {
    pthread_once(&once, load_once);
    if (!loaded && error != NULL && size > 0) snprintf(error, size, "%s", load_error);
    return loaded ? 0 : -1;
}

/// libvips keeps one error buffer for the whole process, so a call's reason could be another
/// thread's. Calls run side by side holding `calls` shared and never read or clear the buffer; a
/// call on a file that fails (a damaged or refused photo: rare) runs once more holding `calls`
/// alone, the buffer cleared first, so the reason read after it is its own.
static pthread_rwlock_t calls = PTHREAD_RWLOCK_INITIALIZER;

/// Moves libvips' error text into `error` (its first line: the cause), and clears it. Only while
/// holding `calls` alone.
static void take_error(const char *fallback, char *error, size_t size) {
    const char *text = api.error_buffer();
    if (error != NULL && size > 0) {
        if (text == NULL || *text == '\0') {
            snprintf(error, size, "%s", fallback);
        } else {
            // The buffer holds one line per failure on the way out; the first is the cause.
            size_t length = strcspn(text, "\n");
            snprintf(error, size, "%.*s", (int)length, text);
        }
    }
    api.error_clear();
}

/// Writes `reason` into `error`: for a call on an image in memory, whose failure (out of memory)
/// says nothing more in libvips' words.
static void say(const char *reason, char *error, size_t size) {
    if (error != NULL && size > 0) snprintf(error, size, "%s", reason);
}

/// `attempt(context)` beside other calls; when it fails (NULL), once more alone, to read its own
/// reason into `error` (`fallback` when libvips gave none).
static VipsImage *attempted(VipsImage *(*attempt)(const void *), const void *context, const char *fallback, char *error, size_t size) {
    pthread_rwlock_rdlock(&calls);
    VipsImage *result = attempt(context);
    pthread_rwlock_unlock(&calls);
    if (result != NULL) return result;
    pthread_rwlock_wrlock(&calls);
    api.error_clear();
    result = attempt(context);
    if (result == NULL) take_error(fallback, error, size);
    pthread_rwlock_unlock(&calls);
    return result;
}

/// Opens the image file at `context` (a path), its header read, no pixel decoded.
static VipsImage *open_file(const void *context) {
    return api.image_new_from_file((const char *)context, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

int tourist_vips_read_header(const char *path, tourist_vips_header *header, char *error, size_t size) {
    VipsImage *image = attempted(open_file, path, "not an image libvips can read", error, size);
    if (image == NULL) return -1;
    header->width = api.image_get_width(image);
    header->height = api.image_get_height(image);
    header->bands = api.image_get_bands(image);
    header->pages = api.image_get_n_pages(image);
    int orientation = 1;
    if (api.image_get_typeof(image, "orientation") != 0 && api.image_get_int(image, "orientation", &orientation) != 0) orientation = 1;
    header->orientation = (orientation >= 1 && orientation <= 8) ? orientation : 1;
    int interlaced = 0;
    if (api.image_get_typeof(image, "interlaced") != 0 && api.image_get_int(image, "interlaced", &interlaced) != 0) interlaced = 0;
    header->interlaced = interlaced != 0;
    header->managed = api.image_get_typeof(image, "icc-profile-data") != 0 || api.image_get_interpretation(image) == VIPS_INTERPRETATION_CMYK;
    const char *loader = NULL;
    if (api.image_get_string(image, "vips-loader", &loader) != 0 || loader == NULL) loader = "";
    snprintf(header->loader, sizeof header->loader, "%s", loader);
    api.object_unref(image);
    return 0;
}

/// `image` as 8-bit sRGB (or 8-bit greyscale), consuming the caller's reference; NULL on failure.
static VipsImage *as_8bit_srgb(VipsImage *image) {
    int interpretation = api.image_get_interpretation(image);
    if (interpretation != VIPS_INTERPRETATION_sRGB && interpretation != VIPS_INTERPRETATION_B_W) {
        VipsImage *converted = NULL;
        int failed = api.colourspace(image, &converted, VIPS_INTERPRETATION_sRGB, NULL);
        api.object_unref(image);
        if (failed) return NULL;
        image = converted;
    }
    if (api.image_get_format(image) != VIPS_FORMAT_UCHAR) {
        VipsImage *cast = NULL;
        int failed = api.cast(image, &cast, VIPS_FORMAT_UCHAR, NULL);
        api.object_unref(image);
        if (failed) return NULL;
        image = cast;
    }
    return image;
}

/// `image` decoded into memory, consuming the caller's reference; NULL on failure.
static VipsImage *in_memory(VipsImage *image) {
    if (image == NULL) return NULL;
    VipsImage *copy = api.image_copy_memory(image);
    api.object_unref(image);
    return copy;
}

/// `image` without the metadata it was read with (EXIF, XMP, IPTC, its ICC profile, all applied
/// already), so no encoder reads a stranger's EXIF again: libvips 8.14's WebP encoder parses it
/// even when stripping, and a damaged Exif item of a HEIC made it read freed memory (found by the
/// image-decode fuzzing door). Returns `image`.
static VipsImage *without_metadata(VipsImage *image) {
    if (image == NULL) return NULL;
    char **fields = api.image_get_fields(image);
    for (char **field = fields; field != NULL && *field != NULL; field++) {
        if (strncmp(*field, "exif-", 5) == 0 || strcmp(*field, "xmp-data") == 0 || strcmp(*field, "iptc-data") == 0
            || strcmp(*field, "icc-profile-data") == 0)
            api.image_remove(image, *field);
    }
    if (fields != NULL) api.strfreev(fields);
    return image;
}

/// What `thumbnail` is asked for.
struct thumbnail_request {
    const char *path;
    const tourist_vips_header *header;
    int width, height;
};

/// The thumbnail a `struct thumbnail_request` asks for, in memory; NULL on failure.
static VipsImage *thumbnail(const void *context) {
    const struct thumbnail_request *request = context;
    VipsImage *image = NULL;
    // An embedded profile (Display P3, Adobe RGB, a CMYK press profile) is converted to sRGB; an
    // untagged CMYK image gets libvips' CMYK profile. An untagged colour image is sRGB already and
    // is taken as it is: an sRGB-to-sRGB transform would cost a third of the time of a small
    // thumbnail (lcms builds its curves per image), and with an export profile alone libvips 8.14
    // shifts its colours (red 200,30,30 came out 196,14,23). A greyscale image with a profile is
    // left to libvips: an sRGB input profile cannot read one channel.
    const tourist_vips_header *header = request->header;
    int failed = !header->managed
        ? api.thumbnail(request->path, &image, request->width, "height", request->height, "size", VIPS_SIZE_DOWN, "fail_on",
              VIPS_FAIL_ON_ERROR, NULL)
        : header->bands >= 3
        ? api.thumbnail(request->path, &image, request->width, "height", request->height, "size", VIPS_SIZE_DOWN, "import_profile", "srgb",
              "export_profile", "srgb", "fail_on", VIPS_FAIL_ON_ERROR, NULL)
        : api.thumbnail(request->path, &image, request->width, "height", request->height, "size", VIPS_SIZE_DOWN, "export_profile", "srgb",
              "fail_on", VIPS_FAIL_ON_ERROR, NULL);
    return failed ? NULL : without_metadata(in_memory(as_8bit_srgb(image)));
}

void *tourist_vips_thumbnail_file(const char *path, const tourist_vips_header *header, int width, int height, char *error, size_t size) {
    struct thumbnail_request request = {path, header, width, height};
    return attempted(thumbnail, &request, "the image could not be decoded", error, size);
}

void *tourist_vips_shrink(void *image, int width, int height, char *error, size_t size) {
    pthread_rwlock_rdlock(&calls);
    VipsImage *shrunk = NULL;
    VipsImage *result = NULL;
    if (api.thumbnail_image(image, &shrunk, width, "height", height, "size", VIPS_SIZE_DOWN, NULL) == 0) result = in_memory(shrunk);
    pthread_rwlock_unlock(&calls);
    if (result == NULL) say("the image could not be resized", error, size);
    return result;
}

void tourist_vips_size(void *image, int *width, int *height) {
    *width = api.image_get_width(image);
    *height = api.image_get_height(image);
}

/// `image` without transparency, flattened onto white, as a new reference; NULL on failure.
static VipsImage *opaque(VipsImage *image) {
    if (!api.image_hasalpha(image)) {
        api.object_ref(image);
        return image;
    }
    static const double white[] = {255.0};
    void *background = api.array_double_new(white, 1);
    VipsImage *flat = NULL;
    int failed = api.flatten(image, &flat, "background", background, NULL);
    api.area_unref(background);
    return failed ? NULL : flat;
}

/// libwebp's effort (0-6; libvips' default is 4): at 2 a thumbnail of 533 x 400 took 45-55 % of
/// the time (5-16 ms where 12-32) and came out 1-6 % larger, on the corpus's photos.
static const int webp_effort = 2;

int tourist_vips_encode(void *image, tourist_vips_encoding encoding, int quality, void **bytes, size_t *length, char *error, size_t size) {
    pthread_rwlock_rdlock(&calls);
    VipsImage *flat = encoding == TOURIST_VIPS_JPEG ? opaque(image) : NULL;
    int failed = (encoding == TOURIST_VIPS_JPEG && flat == NULL)
        || (encoding == TOURIST_VIPS_JPEG
                ? api.jpegsave_buffer(flat, bytes, length, "Q", quality, "strip", 1, "optimize_coding", 1, "interlace", 1, NULL)
                : api.webpsave_buffer(image, bytes, length, "Q", quality, "strip", 1, "effort", webp_effort, NULL));
    if (flat != NULL) api.object_unref(flat);
    pthread_rwlock_unlock(&calls);
    if (failed) say("the image could not be encoded", error, size);
    return failed ? -1 : 0;
}

const void *tourist_vips_pixels(void *image, int *bands, size_t *length, char *error, size_t size) {
    pthread_rwlock_rdlock(&calls);
    *bands = api.image_get_bands(image);
    // Every image handed out is in memory already (`in_memory`): its pixels are lent, not copied.
    const void *pixels = api.image_get_format(image) == VIPS_FORMAT_UCHAR ? api.image_get_data(image) : NULL;
    *length = (size_t)api.image_get_width(image) * (size_t)api.image_get_height(image) * (size_t)*bands;
    pthread_rwlock_unlock(&calls);
    if (pixels == NULL) say("the image's pixels could not be read", error, size);
    return pixels;
}

void tourist_vips_release(void *image) { api.object_unref(image); }

void tourist_vips_free(void *bytes) { api.g_free(bytes); }

size_t tourist_vips_memory_highwater(void) { return api.tracked_get_mem_highwater(); }
