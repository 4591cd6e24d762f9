#include "CShims.h"
#include <sys/file.h>

int tourist_flock(int fd, int operation) { return flock(fd, operation); }

const int TOURIST_LOCK_EX = LOCK_EX;
const int TOURIST_LOCK_NB = LOCK_NB;
const int TOURIST_LOCK_UN = LOCK_UN;
