#ifndef GUESTCRAFT_CCURL_SHIM_H
#define GUESTCRAFT_CCURL_SHIM_H
#include <curl/curl.h>

/* libcurl is not linked: `gc_curl_load` opens it with dlopen the first time the network is
   needed (after the first frame, on the thread that needs it), and the functions Swift calls by
   their own names (curl_easy_init, curl_multi_perform, ...) are loader.c's, which forward to it.
   Call nothing else of libcurl before `gc_curl_load` answered NULL. */

/* NULL once libcurl is loaded and every function the app calls resolved; else why not (kept). */
const char *gc_curl_load(void);

/* curl_easy_setopt and curl_easy_getinfo are variadic: one typed wrapper per argument kind. */
CURLcode gc_curl_setopt_long(CURL *h, CURLoption o, long v);
CURLcode gc_curl_setopt_string(CURL *h, CURLoption o, const char *v);
CURLcode gc_curl_setopt_pointer(CURL *h, CURLoption o, void *v);
CURLcode gc_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v);
CURLcode gc_curl_setopt_share(CURL *h, CURLoption o, CURLSH *v);
CURLcode gc_curl_setopt_write(CURL *h, CURLoption o, size_t (*f)(char *, size_t, size_t, void *));
CURLcode gc_curl_setopt_xferinfo(CURL *h, CURLoption o, int (*f)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t));
CURLcode gc_curl_setopt_prereq(CURL *h, CURLoption o, int (*f)(void *, char *, char *, int, int));
CURLcode gc_curl_setopt_off(CURL *h, CURLoption o, curl_off_t v);
CURLcode gc_curl_setopt_bytes(CURL *h, CURLoption o, const void *v);
CURLcode gc_curl_setopt_buffer(CURL *h, CURLoption o, char *v);
CURLSHcode gc_curl_share_setopt_long(CURLSH *s, CURLSHoption o, long v);
CURLcode gc_curl_getinfo_long(CURL *h, CURLINFO i, long *v);
CURLcode gc_curl_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v);
CURLMcode gc_curl_multi_setopt_long(CURLM *m, CURLMoption o, long v);

/* CURL_GLOBAL_DEFAULT is a macro of macros. */
CURLcode gc_curl_global_init(void);
/* The libcurl the app was built against (LIBCURL_VERSION): needs no library. */
static inline const char *gc_curl_built_version(void) { return LIBCURL_VERSION; }
/* Size CURLOPT_ERRORBUFFER needs. */
static inline size_t gc_curl_error_size(void) { return CURL_ERROR_SIZE; }
/* The result of a finished transfer (a union member of CURLMsg). */
static inline CURLcode gc_curl_msg_result(const CURLMsg *m) { return m->data.result; }
#endif
