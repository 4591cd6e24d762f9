#ifndef TOURIST_CURL_SHIM_H
#define TOURIST_CURL_SHIM_H

// libcurl for Swift, loaded on first use: `tourist_curl_load` dlopens libcurl.so.4 and runs
// curl_global_init once; every other function here calls libcurl through the pointers it found.
// The variadic calls (curl_easy_setopt, curl_easy_getinfo, curl_multi_setopt), which Swift cannot
// call, get one typed wrapper per argument kind. Handles are passed as `void *` (CURL and CURLM are
// void typedefs); options, info and result codes are libcurl's enum values as ints.
// Call `tourist_curl_load` (successfully) before any other function.

#include <stddef.h>
#include <sys/types.h>

/// The signature of CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION and CURLOPT_READFUNCTION.
typedef size_t (*tourist_curl_data_callback)(char *data, size_t size, size_t count, void *context);

/// Loads libcurl and initialises it, once per process; later calls return the first result.
/// Returns 0, or -1 with the reason written to `error` (at most `size` bytes, NUL-terminated).
int tourist_curl_load(char *error, size_t size);

void *tourist_curl_easy_init(void);
void tourist_curl_easy_cleanup(void *easy);
const char *tourist_curl_easy_strerror(int code);

void *tourist_curl_multi_init(void);
int tourist_curl_multi_cleanup(void *multi);
int tourist_curl_multi_add_handle(void *multi, void *easy);
int tourist_curl_multi_remove_handle(void *multi, void *easy);
int tourist_curl_multi_perform(void *multi, int *running);
/// The next message (a `CURLMsg *`), or NULL.
void *tourist_curl_multi_info_read(void *multi, int *left);
/// Waits up to `timeout_ms` for activity on the transfers' sockets or a wakeup.
int tourist_curl_multi_poll(void *multi, int timeout_ms);
int tourist_curl_multi_wakeup(void *multi);
const char *tourist_curl_multi_strerror(int code);

int tourist_curl_easy_setopt_long(void *easy, int option, long value);
int tourist_curl_easy_setopt_string(void *easy, int option, const char *value);
int tourist_curl_easy_setopt_pointer(void *easy, int option, void *value);
int tourist_curl_easy_setopt_off_t(void *easy, int option, long long value);
int tourist_curl_easy_setopt_data_callback(void *easy, int option, tourist_curl_data_callback callback);

int tourist_curl_easy_getinfo_long(void *easy, int info, long *value);
int tourist_curl_easy_getinfo_string(void *easy, int info, char **value);
int tourist_curl_easy_getinfo_pointer(void *easy, int info, void **value);

/// curl_slist_append: `list` (NULL for a new one) with a copy of `line` added; NULL when out of memory.
void *tourist_curl_slist_append(void *list, const char *line);
/// curl_slist_free_all.
void tourist_curl_slist_free_all(void *list);

int tourist_curl_multi_setopt_long(void *multi, int option, long value);

#endif
