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

/* libmicrohttpd is not linked: `gc_mhd_load` opens it with dlopen the first time a server
   starts (the sign-in's loopback listener, `--demo`'s instance), and the functions Swift calls
   by their own names (MHD_queue_response, ...) are loader.c's, which forward to it. Call
   nothing else of libmicrohttpd before `gc_mhd_load` answered NULL. */

/* NULL once libmicrohttpd is loaded and every function the app calls resolved; else why not. */
const char *gc_mhd_load(void);

/* MHD_start_daemon is variadic: the options are built as an MHD_OPTION_ARRAY from the struct.
   The socket is bound here with SO_REUSEADDR only (libmicrohttpd's own binding also sets
   SO_REUSEPORT, which would let a second server share a port in use); on success
   libmicrohttpd owns it (MHD_stop_daemon closes it). NULL on failure. */
struct MHD_Daemon *gc_mhd_start(const struct gc_mhd_config *config,
    gc_mhd_access_handler handler, void *handler_cls,
    gc_mhd_completed completed, void *completed_cls,
    gc_mhd_connection_notify notify, void *notify_cls);

/* The port the daemon bound (for port 0). */
uint16_t gc_mhd_bound_port(struct MHD_Daemon *d);

/* The client's IP address as text and its port (MHD_get_connection_info is variadic).
   Returns 0 on success. */
int gc_mhd_client_address(struct MHD_Connection *c, char *buffer, size_t length, uint16_t *port);

/* The libmicrohttpd the app was built against (MHD_VERSION): needs no library. */
static inline unsigned int gc_mhd_built_version(void) { return MHD_VERSION; }

/* MHD_SIZE_UNKNOWN and the content reader's end markers are macros with casts. */
static inline uint64_t gc_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }
static inline ssize_t gc_mhd_reader_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline ssize_t gc_mhd_reader_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }
#endif
