#ifndef GUESTCRAFT_CMICROHTTPD_SHIM_H
#define GUESTCRAFT_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <string.h>
#include <unistd.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

typedef enum MHD_Result (*gc_mhd_access_handler)(void *cls, struct MHD_Connection *connection,
    const char *url, const char *method, const char *version, const char *upload_data,
    size_t *upload_data_size, void **con_cls);
typedef void (*gc_mhd_completed)(void *cls, struct MHD_Connection *connection, void **con_cls,
    enum MHD_RequestTerminationCode toe);
typedef void (*gc_mhd_connection_notify)(void *cls, struct MHD_Connection *connection,
    void **socket_context, enum MHD_ConnectionNotificationCode toe);

/* Everything the daemon is started with; strings are borrowed for the call only. */
struct gc_mhd_config {
    const char *host_ipv4;
    uint16_t port;
    /* 0: one thread per connection (handlers may block freely); otherwise a pool of this size. */
    unsigned int pool_size;
    unsigned int connection_limit;   /* 0: libmicrohttpd's default */
    size_t memory_limit;             /* per-connection memory pool (headers, buffers) */
    unsigned int timeout_seconds;    /* idle connection timeout; 0: none */
    const char *tls_key_pem;         /* both set: HTTPS */
    const char *tls_cert_pem;
};

/* A listening IPv4 socket with SO_REUSEADDR only (libmicrohttpd's own binding also sets
   SO_REUSEPORT, which would let a second server share a port in use). -1 on failure. */
static inline int gc_mhd_listen_ipv4(const char *host_ipv4, uint16_t port) {
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
static inline struct MHD_Daemon *gc_mhd_start(const struct gc_mhd_config *config,
    gc_mhd_access_handler handler, void *handler_cls,
    gc_mhd_completed completed, void *completed_cls,
    gc_mhd_connection_notify notify, void *notify_cls) {
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
    struct MHD_Daemon *daemon = MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
        MHD_OPTION_ARRAY, ops, MHD_OPTION_END);
    if (!daemon) close(fd);
    return daemon;
}

/* The port the daemon bound (for port 0). */
static inline uint16_t gc_mhd_bound_port(struct MHD_Daemon *d) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_LISTEN_FD);
    if (!info) return 0;
    struct sockaddr_in addr;
    socklen_t length = sizeof(addr);
    if (getsockname(info->listen_fd, (struct sockaddr *)&addr, &length) != 0) return 0;
    return ntohs(addr.sin_port);
}

/* The client's IP address as text and its port (MHD_get_connection_info is variadic).
   Returns 0 on success. */
static inline int gc_mhd_client_address(struct MHD_Connection *c, char *buffer, size_t length, uint16_t *port) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
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

/* MHD_SIZE_UNKNOWN and the content reader's end markers are macros with casts. */
static inline uint64_t gc_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }
static inline ssize_t gc_mhd_reader_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline ssize_t gc_mhd_reader_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }
#endif
