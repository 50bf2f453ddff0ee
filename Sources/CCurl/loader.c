/* libcurl through dlopen (#18): the app starts and draws its first frame without libcurl and the
   thirty libraries it brings; the network's first use loads it. */
/* Plain calls through the table: curl.h's type-checking macros would expand its fields. */
#define CURL_DISABLE_TYPECHECK
#include "shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* Every libcurl function Swift calls by its name: return type, name, parameters, arguments.
   Each forwarder below is defined with these parameters under curl.h's own declaration, so a
   parameter or return type that differs from the header is a "conflicting types" build error
   (CCurlLoaderTests compiles a wrong one to show it). */
#define GC_CURL_FORWARDED(X) \
    X(CURL *, curl_easy_init, (void), ()) \
    X(void, curl_easy_cleanup, (CURL *h), (h)) \
    X(const char *, curl_easy_strerror, (CURLcode c), (c)) \
    X(struct curl_slist *, curl_slist_append, (struct curl_slist *l, const char *s), (l, s)) \
    X(void, curl_slist_free_all, (struct curl_slist *l), (l)) \
    X(CURLSH *, curl_share_init, (void), ()) \
    X(CURLSHcode, curl_share_cleanup, (CURLSH *s), (s)) \
    X(CURLM *, curl_multi_init, (void), ()) \
    X(CURLMcode, curl_multi_cleanup, (CURLM *m), (m)) \
    X(CURLMcode, curl_multi_add_handle, (CURLM *m, CURL *h), (m, h)) \
    X(CURLMcode, curl_multi_remove_handle, (CURLM *m, CURL *h), (m, h)) \
    X(CURLMcode, curl_multi_perform, (CURLM *m, int *running), (m, running)) \
    X(CURLMsg *, curl_multi_info_read, (CURLM *m, int *left), (m, left)) \
    X(CURLMcode, curl_multi_poll, (CURLM *m, struct curl_waitfd extra[], unsigned int n, int ms, int *fds), \
      (m, extra, n, ms, fds)) \
    X(CURLMcode, curl_multi_wakeup, (CURLM *m), (m))

/* Called only here: variadic ones through the typed wrappers, the rest by the wrappers below. */
#define GC_CURL_INTERNAL(X) \
    X(CURLcode, curl_easy_setopt, (CURL *h, CURLoption o, ...), ()) \
    X(CURLcode, curl_easy_getinfo, (CURL *h, CURLINFO i, ...), ()) \
    X(CURLSHcode, curl_share_setopt, (CURLSH *s, CURLSHoption o, ...), ()) \
    X(CURLMcode, curl_multi_setopt, (CURLM *m, CURLMoption o, ...), ()) \
    X(CURLcode, curl_global_init, (long flags), ())

#define GC_FIELD(ret, name, params, args) ret (*name) params;
static struct {
    GC_CURL_FORWARDED(GC_FIELD)
    GC_CURL_INTERNAL(GC_FIELD)
} gc_curl;

static pthread_once_t gc_curl_once = PTHREAD_ONCE_INIT;
static char gc_curl_failure[512];
static int gc_curl_loaded;

static void gc_curl_open(void) {
    const char *file = "libcurl.so.4";
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(gc_curl_failure, sizeof gc_curl_failure, "%s", dlerror());
        return;
    }
#define GC_RESOLVE(ret, name, params, args) \
    *(void **)&gc_curl.name = dlsym(library, #name); \
    if (!gc_curl.name) { \
        snprintf(gc_curl_failure, sizeof gc_curl_failure, "%s has no %s", file, #name); \
        return; \
    }
    GC_CURL_FORWARDED(GC_RESOLVE)
    GC_CURL_INTERNAL(GC_RESOLVE)
    gc_curl_loaded = 1;
}

const char *gc_curl_load(void) {
    pthread_once(&gc_curl_once, gc_curl_open);
    return gc_curl_loaded ? NULL : gc_curl_failure;
}

/* A call before gc_curl_load succeeded is the app's own mistake: stop with a sentence. */
static void gc_curl_require(const char *name) {
    if (gc_curl_load() == NULL) return;
    fprintf(stderr, "guestcraft: %s called without libcurl (%s)\n", name, gc_curl_failure);
    abort();
}

#define GC_FORWARD(ret, name, params, args) \
    ret name params { gc_curl_require(#name); return gc_curl.name args; }
GC_CURL_FORWARDED(GC_FORWARD)

#define GC_SETOPT(suffix, type) \
    CURLcode gc_curl_setopt_##suffix(CURL *h, CURLoption o, type v) { \
        gc_curl_require("curl_easy_setopt"); return gc_curl.curl_easy_setopt(h, o, v); }
GC_SETOPT(long, long)
GC_SETOPT(string, const char *)
GC_SETOPT(pointer, void *)
GC_SETOPT(slist, struct curl_slist *)
GC_SETOPT(share, CURLSH *)
typedef size_t (*gc_curl_write_fn)(char *, size_t, size_t, void *);
typedef int (*gc_curl_xferinfo_fn)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);
typedef int (*gc_curl_prereq_fn)(void *, char *, char *, int, int);
GC_SETOPT(write, gc_curl_write_fn)
GC_SETOPT(xferinfo, gc_curl_xferinfo_fn)
GC_SETOPT(prereq, gc_curl_prereq_fn)
GC_SETOPT(off, curl_off_t)
GC_SETOPT(bytes, const void *)
GC_SETOPT(buffer, char *)

#define GC_GETINFO(suffix, type) \
    CURLcode gc_curl_getinfo_##suffix(CURL *h, CURLINFO i, type *v) { \
        gc_curl_require("curl_easy_getinfo"); return gc_curl.curl_easy_getinfo(h, i, v); }
GC_GETINFO(long, long)
GC_GETINFO(off, curl_off_t)

CURLSHcode gc_curl_share_setopt_long(CURLSH *s, CURLSHoption o, long v) {
    gc_curl_require("curl_share_setopt");
    return gc_curl.curl_share_setopt(s, o, v);
}

CURLMcode gc_curl_multi_setopt_long(CURLM *m, CURLMoption o, long v) {
    gc_curl_require("curl_multi_setopt");
    return gc_curl.curl_multi_setopt(m, o, v);
}

CURLcode gc_curl_global_init(void) {
    gc_curl_require("curl_global_init");
    return gc_curl.curl_global_init(CURL_GLOBAL_DEFAULT);
}
