/* libmicrohttpd through dlopen (#18): the app starts without it (and GnuTLS, which it brings);
   a server's first start loads it. */
#include "shim.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* Every libmicrohttpd function Swift calls by its name: return type, name, parameters,
   arguments. Each forwarder is defined with these parameters under microhttpd.h's own
   declaration, so one that differs from the header is a "conflicting types" build error. */
#define GC_MHD_FORWARDED(X) \
    X(enum MHD_Result, MHD_add_response_header, (struct MHD_Response *r, const char *h, const char *c), (r, h, c)) \
    X(struct MHD_Response *, MHD_create_response_from_buffer, \
      (size_t size, void *buffer, enum MHD_ResponseMemoryMode mode), (size, buffer, mode)) \
    X(struct MHD_Response *, MHD_create_response_from_callback, \
      (uint64_t size, size_t block, MHD_ContentReaderCallback crc, void *cls, MHD_ContentReaderFreeCallback crfc), \
      (size, block, crc, cls, crfc)) \
    X(void, MHD_destroy_response, (struct MHD_Response *r), (r)) \
    X(int, MHD_get_connection_values, \
      (struct MHD_Connection *c, enum MHD_ValueKind kind, MHD_KeyValueIterator it, void *cls), (c, kind, it, cls)) \
    X(const char *, MHD_get_version, (void), ()) \
    X(enum MHD_Result, MHD_queue_response, (struct MHD_Connection *c, unsigned int status, struct MHD_Response *r), \
      (c, status, r)) \
    X(void, MHD_stop_daemon, (struct MHD_Daemon *d), (d))

/* Variadic: called only by the wrappers below. */
#define GC_MHD_INTERNAL(X) \
    X(struct MHD_Daemon *, MHD_start_daemon, (unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback apc, \
      void *apc_cls, MHD_AccessHandlerCallback dh, void *dh_cls, ...), ()) \
    X(const union MHD_DaemonInfo *, MHD_get_daemon_info, (struct MHD_Daemon *d, enum MHD_DaemonInfoType t, ...), ()) \
    X(const union MHD_ConnectionInfo *, MHD_get_connection_info, \
      (struct MHD_Connection *c, enum MHD_ConnectionInfoType t, ...), ())

#define GC_FIELD(ret, name, params, args) ret (*name) params;
static struct {
    GC_MHD_FORWARDED(GC_FIELD)
    GC_MHD_INTERNAL(GC_FIELD)
} gc_mhd;

static pthread_once_t gc_mhd_once = PTHREAD_ONCE_INIT;
static char gc_mhd_failure[512];
static int gc_mhd_loaded;

static void gc_mhd_open(void) {
    const char *file = "libmicrohttpd.so.12";
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(gc_mhd_failure, sizeof gc_mhd_failure, "%s", dlerror());
        return;
    }
#define GC_RESOLVE(ret, name, params, args) \
    *(void **)&gc_mhd.name = dlsym(library, #name); \
    if (!gc_mhd.name) { \
        snprintf(gc_mhd_failure, sizeof gc_mhd_failure, "%s has no %s", file, #name); \
        return; \
    }
    GC_MHD_FORWARDED(GC_RESOLVE)
    GC_MHD_INTERNAL(GC_RESOLVE)
    gc_mhd_loaded = 1;
}

const char *gc_mhd_load(void) {
    pthread_once(&gc_mhd_once, gc_mhd_open);
    return gc_mhd_loaded ? NULL : gc_mhd_failure;
}

/* A call before gc_mhd_load succeeded is the app's own mistake: stop with a sentence. */
static void gc_mhd_require(const char *name) {
    if (gc_mhd_load() == NULL) return;
    fprintf(stderr, "guestcraft: %s called without libmicrohttpd (%s)\n", name, gc_mhd_failure);
    abort();
}

#define GC_FORWARD(ret, name, params, args) \
    ret name params { gc_mhd_require(#name); return gc_mhd.name args; }
GC_MHD_FORWARDED(GC_FORWARD)

/* A listening IPv4 socket with SO_REUSEADDR only (libmicrohttpd's own binding also sets
   SO_REUSEPORT, which would let a second server share a port in use). -1 on failure. */
static int gc_mhd_listen_ipv4(const char *host_ipv4, uint16_t port) {
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof(addr));
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    if (inet_pton(AF_INET, host_ipv4, &addr.sin_addr) != 1) return -1;
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    int on = 1;
    (void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
    if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) != 0 || listen(fd, 128) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* MHD_start_daemon is variadic: build the options as an MHD_OPTION_ARRAY from a plain struct.
   On success libmicrohttpd owns the listening socket (MHD_stop_daemon closes it). */
struct MHD_Daemon *gc_mhd_start(const struct gc_mhd_config *config,
    gc_mhd_access_handler handler, void *handler_cls,
    gc_mhd_completed completed, void *completed_cls,
    gc_mhd_connection_notify notify, void *notify_cls) {
    gc_mhd_require("MHD_start_daemon");
    int fd = gc_mhd_listen_ipv4(config->host_ipv4, config->port);
    if (fd < 0) return NULL;

    struct MHD_OptionItem ops[16];
    int n = 0;
    ops[n++] = (struct MHD_OptionItem){ MHD_OPTION_LISTEN_SOCKET, (intptr_t)fd, NULL };
    ops[n++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)config->timeout_seconds, NULL };
    if (config->memory_limit > 0)
        ops[n++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)config->memory_limit, NULL };
    if (config->connection_limit > 0)
        ops[n++] = (struct MHD_OptionItem){ MHD_OPTION_CONNECTION_LIMIT, (intptr_t)config->connection_limit, NULL };
    ops[n++] = (struct MHD_OptionItem){ MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, completed_cls };
    ops[n++] = (struct MHD_OptionItem){ MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)notify, notify_cls };

    unsigned int flags;
    if (config->pool_size == 0) {
        flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL;
    } else {
        flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL;
        if (config->pool_size > 1)
            ops[n++] = (struct MHD_OptionItem){ MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)config->pool_size, NULL };
    }
    if (config->tls_key_pem && config->tls_cert_pem) {
        flags |= MHD_USE_TLS;
        ops[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)config->tls_key_pem };
        ops[n++] = (struct MHD_OptionItem){ MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)config->tls_cert_pem };
    }
    ops[n++] = (struct MHD_OptionItem){ MHD_OPTION_END, 0, NULL };
    struct MHD_Daemon *daemon = gc_mhd.MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
        MHD_OPTION_ARRAY, ops, MHD_OPTION_END);
    if (!daemon) close(fd);
    return daemon;
}

/* The port the daemon bound (for port 0). */
uint16_t gc_mhd_bound_port(struct MHD_Daemon *d) {
    const union MHD_DaemonInfo *info = gc_mhd.MHD_get_daemon_info(d, MHD_DAEMON_INFO_LISTEN_FD);
    if (!info) return 0;
    struct sockaddr_in addr;
    socklen_t length = sizeof(addr);
    if (getsockname(info->listen_fd, (struct sockaddr *)&addr, &length) != 0) return 0;
    return ntohs(addr.sin_port);
}

/* The client's IP address as text and its port (MHD_get_connection_info is variadic).
   Returns 0 on success. */
int gc_mhd_client_address(struct MHD_Connection *c, char *buffer, size_t length, uint16_t *port) {
    const union MHD_ConnectionInfo *info = gc_mhd.MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr || length == 0) return -1;
    const struct sockaddr *sa = info->client_addr;
    if (sa->sa_family == AF_INET) {
        const struct sockaddr_in *in4 = (const struct sockaddr_in *)sa;
        if (!inet_ntop(AF_INET, &in4->sin_addr, buffer, (socklen_t)length)) return -1;
        *port = ntohs(in4->sin_port);
        return 0;
    }
    if (sa->sa_family == AF_INET6) {
        const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)sa;
        if (!inet_ntop(AF_INET6, &in6->sin6_addr, buffer, (socklen_t)length)) return -1;
        *port = ntohs(in6->sin6_port);
        return 0;
    }
    return -1;
}

