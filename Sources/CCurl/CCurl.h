// libcurl's types and constants, as a Clang module for Swift (libcurl4-openssl-dev). Nothing links
// against libcurl: CurlShim loads it with dlopen when a command first needs HTTP, so the commands
// that never do (pin list, album, …) don't pay the ~7 ms it takes to load libcurl and its 30 libraries.
#include <curl/curl.h>
