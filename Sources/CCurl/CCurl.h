// libcurl's public API, as a Clang module for Swift (libcurl4-openssl-dev).
#include <curl/curl.h>
