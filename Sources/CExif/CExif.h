// libexif (libexif-dev) as a Clang module for Swift: it reads EXIF/TIFF tag structures.
// Finding the EXIF block inside a container is done in Swift (Providers/Directory/ExifLocator).
#include <libexif/exif-data.h>
