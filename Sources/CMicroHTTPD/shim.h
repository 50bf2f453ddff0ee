#ifndef GUESTCRAFT_CMICROHTTPD_SHIM_H
#define GUESTCRAFT_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <string.h>
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

/* MHD_start_daemon is variadic: one fixed wrapper for plain HTTP with a thread pool. */
static inline struct MHD_Daemon *gc_mhd_start(const char *host_ipv4, uint16_t port, unsigned int pool_size,
    size_t memory_limit, unsigned int timeout_seconds, gc_mhd_access_handler handler, void *handler_cls,
    gc_mhd_completed completed, gc_mhd_connection_notify notify, void *notify_cls,
    const char *tls_key_pem, const char *tls_cert_pem) {
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof(addr));
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    if (inet_pton(AF_INET, host_ipv4, &addr.sin_addr) != 1) return NULL;
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ERROR_LOG;
    if (tls_key_pem && tls_cert_pem) {
        flags |= MHD_USE_TLS;
        return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
            MHD_OPTION_THREAD_POOL_SIZE, pool_size,
            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
            MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
            MHD_OPTION_NOTIFY_CONNECTION, notify, notify_cls,
            MHD_OPTION_HTTPS_MEM_KEY, tls_key_pem,
            MHD_OPTION_HTTPS_MEM_CERT, tls_cert_pem,
            MHD_OPTION_END);
    }
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
        MHD_OPTION_THREAD_POOL_SIZE, pool_size,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
        MHD_OPTION_NOTIFY_CONNECTION, notify, notify_cls,
        MHD_OPTION_END);
}

/* The port the daemon bound (for port 0). */
static inline uint16_t gc_mhd_bound_port(struct MHD_Daemon *d) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}
#endif
