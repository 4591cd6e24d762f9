#include "CBuildInfo.h"

// `make` writes tourist-build-commit.h (`#define TOURIST_COMMIT "…"`) into .build/make-info/ and
// adds that folder to the include path (-Xcc -I): a plain `swift build` does not see it, so its
// binary says the commit is unknown instead of naming one it was not built from. The header is
// not in git, so recording the commit does not change the tree. When its text changes, the
// Makefile touches this file too, so SwiftPM compiles it again (and only it).
#if __has_include("tourist-build-commit.h")
#include "tourist-build-commit.h"
#endif

#ifndef TOURIST_COMMIT
#define TOURIST_COMMIT ""
#endif

const char *tourist_build_commit(void) {
    return TOURIST_COMMIT;
}
