#ifndef GUESTCRAFT_CCURL_SHIM_H
#define GUESTCRAFT_CCURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic: one typed wrapper per argument kind. */
static inline CURLcode gc_curl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode gc_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode gc_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode gc_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode gc_curl_setopt_share(CURL *h, CURLoption o, CURLSH *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode gc_curl_setopt_write(CURL *h, CURLoption o, size_t (*f)(char *, size_t, size_t, void *)) { return curl_easy_setopt(h, o, f); }
static inline CURLcode gc_curl_setopt_xferinfo(CURL *h, CURLoption o, int (*f)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)) { return curl_easy_setopt(h, o, f); }
static inline CURLSHcode gc_curl_share_setopt_long(CURLSH *s, CURLSHoption o, long v) { return curl_share_setopt(s, o, v); }
static inline CURLSHcode gc_curl_share_setopt_lock(CURLSH *s, void (*f)(CURL *, curl_lock_data, curl_lock_access, void *)) { return curl_share_setopt(s, CURLSHOPT_LOCKFUNC, f); }
static inline CURLSHcode gc_curl_share_setopt_unlock(CURLSH *s, void (*f)(CURL *, curl_lock_data, void *)) { return curl_share_setopt(s, CURLSHOPT_UNLOCKFUNC, f); }
static inline CURLSHcode gc_curl_share_setopt_userdata(CURLSH *s, void *p) { return curl_share_setopt(s, CURLSHOPT_USERDATA, p); }
static inline CURLcode gc_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode gc_curl_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode gc_curl_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode gc_curl_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLMcode gc_curl_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }
static inline CURLcode gc_curl_setopt_prereq(CURL *h, CURLoption o, int (*f)(void *, char *, char *, int, int)) { return curl_easy_setopt(h, o, f); }
static inline CURLcode gc_curl_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode gc_curl_setopt_bytes(CURL *h, CURLoption o, const void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode gc_curl_setopt_buffer(CURL *h, CURLoption o, char *v) { return curl_easy_setopt(h, o, v); }

/* CURL_GLOBAL_DEFAULT is a macro of macros. */
static inline CURLcode gc_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }
/* The libcurl in use (CURLVERSION_NOW is a macro). */
static inline const char *gc_curl_version(void) { return curl_version_info(CURLVERSION_NOW)->version; }
/* Size CURLOPT_ERRORBUFFER needs. */
static inline size_t gc_curl_error_size(void) { return CURL_ERROR_SIZE; }
/* The result of a finished transfer (a union member of CURLMsg). */
static inline CURLcode gc_curl_msg_result(const CURLMsg *m) { return m->data.result; }
#endif
