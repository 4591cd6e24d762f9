#include "CurlShim.h"
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/// libcurl's functions, found by dlsym in `load_once`.
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    const char *(*multi_strerror)(CURLMcode);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[512];

static int find(void *library, const char *name, void **slot) {
    *slot = dlsym(library, name);
    if (*slot == NULL) snprintf(load_error, sizeof load_error, "libcurl.so.4 has no %s (libcurl 7.85 or newer is needed)", name);
    return *slot != NULL;
}

static void load_once(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(load_error, sizeof load_error, "%s", dlerror());
        return;
    }
    int ok = find(library, "curl_global_init", (void **)&api.global_init)
        && find(library, "curl_easy_init", (void **)&api.easy_init)
        && find(library, "curl_easy_cleanup", (void **)&api.easy_cleanup)
        && find(library, "curl_easy_strerror", (void **)&api.easy_strerror)
        && find(library, "curl_easy_setopt", (void **)&api.easy_setopt)
        && find(library, "curl_easy_getinfo", (void **)&api.easy_getinfo)
        && find(library, "curl_multi_init", (void **)&api.multi_init)
        && find(library, "curl_multi_cleanup", (void **)&api.multi_cleanup)
        && find(library, "curl_multi_add_handle", (void **)&api.multi_add_handle)
        && find(library, "curl_multi_remove_handle", (void **)&api.multi_remove_handle)
        && find(library, "curl_multi_perform", (void **)&api.multi_perform)
        && find(library, "curl_multi_info_read", (void **)&api.multi_info_read)
        && find(library, "curl_multi_poll", (void **)&api.multi_poll)
        && find(library, "curl_multi_wakeup", (void **)&api.multi_wakeup)
        && find(library, "curl_multi_strerror", (void **)&api.multi_strerror)
        && find(library, "curl_multi_setopt", (void **)&api.multi_setopt)
        && find(library, "curl_slist_append", (void **)&api.slist_append)
        && find(library, "curl_slist_free_all", (void **)&api.slist_free_all);
    if (!ok) return;
    CURLcode code = api.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed: %s", api.easy_strerror(code));
        return;
    }
    loaded = 1;
}

int tourist_curl_load(char *error, size_t size) {
    pthread_once(&once, load_once);
    if (!loaded && error != NULL && size > 0) snprintf(error, size, "%s", load_error);
    return loaded ? 0 : -1;
}

void *tourist_curl_easy_init(void) { return api.easy_init(); }
void tourist_curl_easy_cleanup(void *easy) { api.easy_cleanup(easy); }
const char *tourist_curl_easy_strerror(int code) { return api.easy_strerror((CURLcode)code); }

void *tourist_curl_multi_init(void) { return api.multi_init(); }
int tourist_curl_multi_cleanup(void *multi) { return api.multi_cleanup(multi); }
int tourist_curl_multi_add_handle(void *multi, void *easy) { return api.multi_add_handle(multi, easy); }
int tourist_curl_multi_remove_handle(void *multi, void *easy) { return api.multi_remove_handle(multi, easy); }
int tourist_curl_multi_perform(void *multi, int *running) { return api.multi_perform(multi, running); }
void *tourist_curl_multi_info_read(void *multi, int *left) { return api.multi_info_read(multi, left); }
int tourist_curl_multi_poll(void *multi, int timeout_ms) { return api.multi_poll(multi, NULL, 0, timeout_ms, NULL); }
int tourist_curl_multi_wakeup(void *multi) { return api.multi_wakeup(multi); }
const char *tourist_curl_multi_strerror(int code) { return api.multi_strerror((CURLMcode)code); }

int tourist_curl_easy_setopt_long(void *easy, int option, long value) {
    return api.easy_setopt(easy, (CURLoption)option, value);
}

int tourist_curl_easy_setopt_string(void *easy, int option, const char *value) {
    return api.easy_setopt(easy, (CURLoption)option, value);
}

int tourist_curl_easy_setopt_pointer(void *easy, int option, void *value) {
    return api.easy_setopt(easy, (CURLoption)option, value);
}

int tourist_curl_easy_setopt_off_t(void *easy, int option, long long value) {
    return api.easy_setopt(easy, (CURLoption)option, (curl_off_t)value);
}

int tourist_curl_easy_setopt_data_callback(void *easy, int option, tourist_curl_data_callback callback) {
    return api.easy_setopt(easy, (CURLoption)option, callback);
}

int tourist_curl_easy_getinfo_long(void *easy, int info, long *value) {
    return api.easy_getinfo(easy, (CURLINFO)info, value);
}

int tourist_curl_easy_getinfo_string(void *easy, int info, char **value) {
    return api.easy_getinfo(easy, (CURLINFO)info, value);
}

int tourist_curl_easy_getinfo_pointer(void *easy, int info, void **value) {
    return api.easy_getinfo(easy, (CURLINFO)info, value);
}

void *tourist_curl_slist_append(void *list, const char *line) { return api.slist_append(list, line); }
void tourist_curl_slist_free_all(void *list) { api.slist_free_all(list); }

int tourist_curl_multi_setopt_long(void *multi, int option, long value) {
    return api.multi_setopt(multi, (CURLMoption)option, value);
}
