#ifndef TOURIST_CBUILDINFO_H
#define TOURIST_CBUILDINFO_H

/// The git commit tourist was built from, as `make` records it ("1a2b3c4d5e6f", with "-dirty"
/// when the tree had changes), or "" when it was built without make (a plain `swift build`).
const char *tourist_build_commit(void);

#endif
