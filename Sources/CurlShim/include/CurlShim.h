#ifndef TOURIST_CURL_SHIM_H
#define TOURIST_CURL_SHIM_H

// Typed wrappers around libcurl's variadic calls (curl_easy_setopt, curl_easy_getinfo,
// curl_multi_setopt), which Swift cannot call. Handles are passed as `void *` (CURL and CURLM are
// void typedefs); options and info codes are libcurl's enum values as ints. Each returns libcurl's
// result code (CURLcode or CURLMcode).

#include <stddef.h>
#include <sys/types.h>

/// The signature of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*tourist_curl_data_callback)(char *data, size_t size, size_t count, void *context);

int tourist_curl_easy_setopt_long(void *easy, int option, long value);
int tourist_curl_easy_setopt_string(void *easy, int option, const char *value);
int tourist_curl_easy_setopt_pointer(void *easy, int option, void *value);
int tourist_curl_easy_setopt_off_t(void *easy, int option, long long value);
int tourist_curl_easy_setopt_data_callback(void *easy, int option, tourist_curl_data_callback callback);

int tourist_curl_easy_getinfo_long(void *easy, int info, long *value);
int tourist_curl_easy_getinfo_string(void *easy, int info, char **value);
int tourist_curl_easy_getinfo_pointer(void *easy, int info, void **value);

int tourist_curl_multi_setopt_long(void *multi, int option, long value);

#endif
