#include "CurlShim.h"
#include <curl/curl.h>

int tourist_curl_easy_setopt_long(void *easy, int option, long value) {
    return curl_easy_setopt(easy, (CURLoption)option, value);
}

int tourist_curl_easy_setopt_string(void *easy, int option, const char *value) {
    return curl_easy_setopt(easy, (CURLoption)option, value);
}

int tourist_curl_easy_setopt_pointer(void *easy, int option, void *value) {
    return curl_easy_setopt(easy, (CURLoption)option, value);
}

int tourist_curl_easy_setopt_off_t(void *easy, int option, long long value) {
    return curl_easy_setopt(easy, (CURLoption)option, (curl_off_t)value);
}

int tourist_curl_easy_setopt_data_callback(void *easy, int option, tourist_curl_data_callback callback) {
    return curl_easy_setopt(easy, (CURLoption)option, callback);
}

int tourist_curl_easy_getinfo_long(void *easy, int info, long *value) {
    return curl_easy_getinfo(easy, (CURLINFO)info, value);
}

int tourist_curl_easy_getinfo_string(void *easy, int info, char **value) {
    return curl_easy_getinfo(easy, (CURLINFO)info, value);
}

int tourist_curl_easy_getinfo_pointer(void *easy, int info, void **value) {
    return curl_easy_getinfo(easy, (CURLINFO)info, value);
}

int tourist_curl_multi_setopt_long(void *multi, int option, long value) {
    return curl_multi_setopt(multi, (CURLMoption)option, value);
}
