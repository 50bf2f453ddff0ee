# Debian's nginx as a hotel's reverse proxy in front of guestcraft-demo, on loopback, for
# AppFlowTests/ReverseProxyFlowTests, HTTPClientTests/ReverseProxyTests and Benchmarks/proxy_refresh.sh (sourced):
# a private CA and a server certificate made here, TLS with HTTP/2, gzip for JSON, every file
# (configuration, pid, logs, temporary files) under one directory, run as the current user in
# the foreground of its own process.
# Usage: source this file; nginx_tls DIR; NGINX_PORT=$(nginx_free_port);
#        nginx_configure DIR UPSTREAM_PORT; nginx_start DIR; …; nginx_stop

NGINX_BIN="${NGINX_BIN:-$(command -v nginx || echo /usr/sbin/nginx)}"
NGINX_PID=""

# nginx_available: whether Debian's nginx is installed (nginx-light is enough).
nginx_available() { [ -x "$NGINX_BIN" ]; }

# nginx_free_port: a TCP port of 127.0.0.1 nothing listens on now.
nginx_free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# nginx_tls DIR: DIR/ca.pem (a private CA, what GUESTCRAFT_CA_BUNDLE names) and DIR/server.pem,
# DIR/server.key (P-256, for IP 127.0.0.1 and localhost, signed by that CA).
nginx_tls() {
  local dir="$1"
  mkdir -p "$dir"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
    -subj "/CN=GuestCraft test CA" -addext "basicConstraints=critical,CA:TRUE" \
    -addext "keyUsage=critical,keyCertSign,cRLSign" -keyout "$dir/ca.key" -out "$dir/ca.pem" 2>/dev/null
  openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=127.0.0.1" \
    -keyout "$dir/server.key" -out "$dir/server.csr" 2>/dev/null
  printf '%s\n' "subjectAltName=IP:127.0.0.1,DNS:localhost" "basicConstraints=CA:FALSE" \
    "extendedKeyUsage=serverAuth" >"$dir/server.ext"
  openssl x509 -req -in "$dir/server.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" -CAcreateserial -days 2 \
    -extfile "$dir/server.ext" -out "$dir/server.pem" 2>/dev/null
}

# nginx_configure DIR UPSTREAM_PORT: DIR/nginx.conf for https://127.0.0.1:$NGINX_PORT (HTTP/2,
# gzip for JSON and problem documents) in front of http://127.0.0.1:UPSTREAM_PORT, with the
# access log DIR/access.log: method, path, protocol, status, bytes sent, gzip ratio and
# Content-Encoding of each answer. With NGINX_BOMB_PORT set, a second server there answers every
# path with DIR/bomb/bomb.json.gz (a small gzip that expands past the client's cap) as gzip JSON.
nginx_configure() {
  local dir="$1" upstream="$2" user=""
  mkdir -p "$dir/tmp"
  # Workers run as the user who runs the test (as root nginx would switch them to nobody).
  [ "$(id -u)" = 0 ] && user="user root root;"
  local bomb=""
  if [ -n "${NGINX_BOMB_PORT:-}" ]; then
    mkdir -p "$dir/bomb"
    [ -f "$dir/bomb/bomb.json.gz" ] || head -c $((64 << 20)) /dev/zero | gzip -9 >"$dir/bomb/bomb.json.gz"
    bomb="server {
    listen 127.0.0.1:$NGINX_BOMB_PORT ssl http2;
    ssl_certificate $dir/server.pem;
    ssl_certificate_key $dir/server.key;
    root $dir/bomb;
    location / { default_type application/json; gzip_static always; rewrite ^ /bomb.json break; }
  }"
  fi
  cat >"$dir/nginx.conf" <<EOF
$user
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 128; }
http {
  log_format guestcraft '\$request_method \$request_uri \$server_protocol \$status \$body_bytes_sent '
                        'gzip_ratio=\$gzip_ratio content_encoding=\$sent_http_content_encoding';
  access_log $dir/access.log guestcraft;
  client_body_temp_path $dir/tmp/body;
  proxy_temp_path $dir/tmp/proxy;
  fastcgi_temp_path $dir/tmp/fastcgi;
  uwsgi_temp_path $dir/tmp/uwsgi;
  scgi_temp_path $dir/tmp/scgi;
  # Photos are up to 5 MB (docs/api.md); nginx's default is 1 MB.
  client_max_body_size 6m;
  gzip on;
  gzip_types application/json application/problem+json;
  gzip_min_length 64;
  gzip_proxied any;
  server {
    listen 127.0.0.1:$NGINX_PORT ssl http2;
    ssl_certificate $dir/server.pem;
    ssl_certificate_key $dir/server.key;
    ssl_protocols TLSv1.2 TLSv1.3;
    location / {
      proxy_pass http://127.0.0.1:$upstream;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For \$remote_addr;
      proxy_set_header X-Forwarded-Proto https;
    }
  }
  $bomb
}
EOF
  "$NGINX_BIN" -t -q -p "$dir" -e "$dir/error.log" -c "$dir/nginx.conf"
}

# nginx_start DIR: runs nginx on DIR/nginx.conf in the foreground of a background process
# (NGINX_PID) and waits until it answers on $NGINX_PORT.
nginx_start() {
  local dir="$1"
  "$NGINX_BIN" -p "$dir" -e "$dir/error.log" -c "$dir/nginx.conf" -g "daemon off;" 2>>"$dir/error.log" &
  NGINX_PID=$!
  local deadline=$((SECONDS + 10))
  until curl -s -o /dev/null --cacert "$dir/ca.pem" "https://127.0.0.1:$NGINX_PORT/.well-known/guestcraft"; do
    kill -0 "$NGINX_PID" 2>/dev/null || { cat "$dir/error.log" >&2; echo "nginx exited" >&2; return 1; }
    [ $SECONDS -lt $deadline ] || { echo "nginx did not answer on $NGINX_PORT" >&2; return 1; }
    sleep 0.05
  done
}

# nginx_stop: stops the nginx nginx_start started (SIGQUIT: a graceful stop) and waits for it.
nginx_stop() {
  [ -n "$NGINX_PID" ] || return 0
  kill -QUIT "$NGINX_PID" 2>/dev/null || true
  wait "$NGINX_PID" 2>/dev/null || true
  NGINX_PID=""
}
