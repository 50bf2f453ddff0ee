#ifndef GUESTCRAFT_CSODIUM_SHIM_H
#define GUESTCRAFT_CSODIUM_SHIM_H
#include <sodium.h>

/* Constants that are macros in sodium.h. */
static inline size_t gc_sha256_bytes(void) { return crypto_hash_sha256_BYTES; }
static inline size_t gc_pwhash_strbytes(void) { return crypto_pwhash_STRBYTES; }
static inline unsigned long long gc_pwhash_opslimit_interactive(void) { return crypto_pwhash_OPSLIMIT_INTERACTIVE; }
static inline size_t gc_pwhash_memlimit_interactive(void) { return crypto_pwhash_MEMLIMIT_INTERACTIVE; }
static inline int gc_base64_variant_urlsafe_no_padding(void) { return sodium_base64_VARIANT_URLSAFE_NO_PADDING; }
static inline size_t gc_pwhash_passwd_max(void) { return crypto_pwhash_PASSWD_MAX; }
#endif
