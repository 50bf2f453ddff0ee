#!/usr/bin/env bash
# Issue #35: a hotel's instance with a private CA, then an expired certificate. The demo serves
# TLS with certificates made here by openssl (a CA and its leaves for 127.0.0.1: good, expired,
# for another host). `guestcraft pair` and `guestcraft send` name what is wrong with the
# certificate on stderr and exit non-zero; the CA given as ca_bundle in the system configuration
# file (GUESTCRAFT_SYSTEM_CONFIG stands in for /etc/guestcraft/guestcraft.conf) is trusted by
# both — so by the send timer too — and by the app; the app in use names an expired certificate.
source "$(dirname "$0")/lib.sh" "$1"
command -v openssl >/dev/null || fail "openssl is needed (make deps installs it)"

PKI="$E2E_TMP/pki"
mkdir -p "$PKI/db"
: >"$PKI/db/index.txt"
echo 01 >"$PKI/db/serial"
cat >"$PKI/ca.cnf" <<EOF
[ca]
default_ca = test
[test]
database = $PKI/db/index.txt
new_certs_dir = $PKI/db
serial = $PKI/db/serial
default_md = sha256
policy = any
unique_subject = no
[any]
commonName = supplied
[here]
subjectAltName = IP:127.0.0.1,DNS:localhost
[elsewhere]
subjectAltName = DNS:other.test
EOF
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=GuestCraft-Test-CA \
  -keyout "$PKI/ca.key" -out "$PKI/ca.pem" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj /CN=127.0.0.1 \
  -keyout "$PKI/leaf.key" -out "$PKI/leaf.csr" 2>/dev/null
# leaf NAME EXTENSIONS START END: a leaf for the one key, signed by the CA.
leaf() {
  openssl ca -batch -notext -config "$PKI/ca.cnf" -cert "$PKI/ca.pem" -keyfile "$PKI/ca.key" -in "$PKI/leaf.csr" \
    -extensions "$2" -startdate "$3" -enddate "$4" -out "$PKI/$1.pem" 2>/dev/null || fail "openssl ca: $1"
}
leaf good here "$(date -u -d '-1 hour' +%Y%m%d%H%M%SZ)" "$(date -u -d '+2 days' +%Y%m%d%H%M%SZ)"
leaf expired here 20200101000000Z 20200102000000Z
leaf elsewhere elsewhere "$(date -u -d '-1 hour' +%Y%m%d%H%M%SZ)" "$(date -u -d '+2 days' +%Y%m%d%H%M%SZ)"

CONF="$E2E_TMP/guestcraft.conf"
printf '# as an administrator writes it\nrequire_lock = no\nca_bundle = %s\n' "$PKI/ca.pem" >"$CONF"
# demo CERT [args…]: the demo serving CERT; its admin calls trust the CA (curl's CURL_CA_BUNDLE).
demo() { local cert="$1"; shift; start_demo "$E2E_TMP/demo" --tls-cert "$PKI/$cert.pem" --tls-key "$PKI/leaf.key" "$@"; }
link() { CURL_CA_BUNDLE="$PKI/ca.pem" pairing_link "$1"; }
# gc ARGS…: guestcraft with the configuration file; plain: without it (no file at the path).
gc() { GUESTCRAFT_SYSTEM_CONFIG="$CONF" "$BIN_DIR/guestcraft" "$@"; }
plain() { GUESTCRAFT_SYSTEM_CONFIG="$E2E_TMP/none.conf" "$BIN_DIR/guestcraft" "$@"; }
UNTRUSTED="The certificate of 127.0.0.1 is not signed by an authority this device trusts"

demo good
[[ "$DEMO_URL" == https://127.0.0.1:* ]] || fail "the demo does not serve https: $DEMO_URL"
PORT="${DEMO_URL##*:}"
set +e
OUT="$(plain pair "$(link housekeeper)" --yes 2>&1)"; CODE=$?
set -e
[ "$CODE" != 0 ] || fail "pairing with an untrusted certificate succeeded: $OUT"
[[ "$OUT" == *"$UNTRUSTED"* ]] || fail "pair without the CA said: $OUT"
[[ "$OUT" == *"ca_bundle in /etc/guestcraft/guestcraft.conf"* && "$OUT" == *"update-ca-certificates"* ]] \
  || fail "the sentence does not say what to do: $OUT"
grep -qF "unable to get local issuer certificate" "$GUESTCRAFT_HOME/guestcraft.log" || fail "the log lacks OpenSSL's reason"
pass "guestcraft pair without the CA: the untrusted sentence naming ca_bundle, exit $CODE"

OUT="$(gc pair "$(link housekeeper)" --yes 2>&1)" || fail "pair with ca_bundle in the configuration failed: $OUT"
grep -qF "ca_bundle $PKI/ca.pem" "$GUESTCRAFT_HOME/guestcraft.log" || fail "the log does not say which CA file is used"
pass "guestcraft pair with ca_bundle in the configuration file connects"

app_start -- env GUESTCRAFT_SYSTEM_CONFIG="$CONF" "$BIN_DIR/guestcraft"
wait_for "Harbour View Hotel" 20
keys j Enter
wait_for "3 Housekeeping" 20
quit_app
app_stop
pass "the app trusts the CA of the configuration file: the property chosen, the tabs shown"

stop_demo
demo expired --port "$PORT"
app_start -- env GUESTCRAFT_SYSTEM_CONFIG="$CONF" "$BIN_DIR/guestcraft"
wait_for "3 Housekeeping" 20
wait_for "The certificate of 127.0.0.1 has expired" 20
keys F3
wait_for "Offline" 20
jump_to 101
keys c
wait_for "1 to send"
quit_app
app_stop
pass "the app in use says the certificate has expired; the change waits"

set +e
OUT="$(gc send 2>&1)"; CODE=$?
set -e
[ "$CODE" != 0 ] || fail "send against an expired certificate exited 0: $OUT"
[[ "$OUT" == *"The certificate of 127.0.0.1 has expired"* ]] || fail "send said: $OUT"
pass "guestcraft send against an expired certificate says so, exit $CODE"

stop_demo
demo good --port "$PORT"
set +e
OUT="$(plain send 2>&1)"; CODE=$?
set -e
[ "$CODE" != 0 ] || fail "send without the CA exited 0: $OUT"
[[ "$OUT" == *"$UNTRUSTED"* ]] || fail "send without the CA said: $OUT"
printf 'ca_bundle = %s\n' "$E2E_TMP/missing.pem" >"$E2E_TMP/missing.conf"
set +e
OUT="$(GUESTCRAFT_SYSTEM_CONFIG="$E2E_TMP/missing.conf" "$BIN_DIR/guestcraft" send 2>&1)"; CODE=$?
set -e
[ "$CODE" != 0 ] || fail "send with a missing ca_bundle exited 0: $OUT"
[[ "$OUT" == *"The CA file $E2E_TMP/missing.pem cannot be read"* ]] || fail "send with a missing ca_bundle said: $OUT"
grep -qF "ca_bundle $E2E_TMP/missing.pem cannot be read" "$GUESTCRAFT_HOME/guestcraft.log" || fail "the log does not name the missing CA file"
OUT="$(gc send)" || fail "send with ca_bundle did not send: $OUT"
[[ "$OUT" == *"1 sent, 0 to send"* ]] || fail "send printed: $OUT"
pass "send without the CA: untrusted; a missing ca_bundle is named; with it, the change is sent"

# The admin calls cannot reach the demo with a certificate for other.test: the link comes first.
LINK="$(link supervisor)"
stop_demo
demo elsewhere --port "$PORT"
set +e
OUT="$(GUESTCRAFT_HOME="$E2E_TMP/other-home" gc pair "$LINK" --yes 2>&1)"; CODE=$?
set -e
[ "$CODE" != 0 ] || fail "pairing with a certificate for another host succeeded: $OUT"
[[ "$OUT" == *"The certificate of 127.0.0.1 is made out for another address"* ]] || fail "pair said: $OUT"
pass "a certificate for other.test at 127.0.0.1: the wrong-host sentence"
