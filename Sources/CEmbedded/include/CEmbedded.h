#ifndef TOURIST_CEMBEDDED_H
#define TOURIST_CEMBEDDED_H

/// One file built into the binary: its name (`gazetteer.bin`, `web/app.js`, `demo/manifest.json`),
/// its bytes (read-only, for the whole life of the process) and how many there are.
typedef struct {
    const char *name;
    const unsigned char *bytes;
    unsigned long size;
} tourist_embedded_file;

/// Every file built into the binary, in byte order of their names; `count` receives how many.
const tourist_embedded_file *tourist_embedded_files(unsigned long *count);

#endif
