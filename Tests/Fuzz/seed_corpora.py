#!/usr/bin/env python3
"""Writes the seed inputs of each fuzz target into Tests/Fuzz/Corpus/<target>/ (docs/fuzzing.md).

Seeds come from docs/examples/ (the contract's own documents) and a few hand-made edge cases per
target. `make fuzz-merge` then keeps the inputs that add coverage; the seeds named `seed-*` are
rewritten by this script, what the fuzzers found is kept under the hash names libFuzzer gives.
"""
import hashlib, json, os, pathlib, sqlite3, sys

root = pathlib.Path(__file__).resolve().parents[2]
examples = sorted((root / "docs/examples").glob("*.json"))
corpus = root / "Tests/Fuzz/Corpus"

def put(target, name, data):
    folder = corpus / target
    folder.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    (folder / f"seed-{name}").write_bytes(data)

# json: every example, and numbers, strings and nesting at the subset's edges.
for path in examples:
    put("json", path.stem, path.read_bytes())
for name, text in {
    "integers": '[0,-0,1,-1,9223372036854775807,-9223372036854775807,10,0.5,1e3,-1E-2]',
    "overflow": '[9223372036854775808,-9223372036854775808]',
    "strings": '["","é","😀","a\\"b","\\u00e9","\\ud83d\\ude00","\u007f"]',
    "literals": '[true,false,null]',
    "duplicate": '{"a":1,"a":2}',
    "nested": "[" * 70 + "]" * 70,
    "spaces": ' \t\r\n{ "a" : [ 1 , 2 ] }\n',
    "fragment": '"just a string"',
    "bom": '\ufeff{"a":1}',
    "trailing": '{"a":1},',
}.items():
    put("json", name, text)

# rooms: the room list and Today, alone and as saved answers.
for stem in ["units.list.response", "today.get.response", "today.get.response.overdue", "units.get.response"]:
    body = (root / f"docs/examples/{stem}.json").read_text()
    put("rooms", stem, body)
    put("rooms", stem + ".saved", '{"etag":"\\"e1\\"","value":' + body + "}")
    put("rooms", stem + ".saved-null", '{"etag":null,"value":' + body + "}")
put("rooms", "saved-escaped-etag", '{"etag":"W/\\"a\\\\\\"b\\"","value":{"business_date":"2026-12-02","units":[]}}')
put("rooms", "empty-list", '{"business_date":"2026-12-02","units":[]}')

# problem: status byte, header lines, an empty line, the body.
headers = "Content-Type: application/problem+json\nRetry-After: 3\nX-Request-Id: req_1\n\n"
for path in examples:
    if ".problem." in path.name:
        doc = json.loads(path.read_text())
        status = int(doc.get("status", 400))
        put("problem", path.stem, bytes([(status - 400) % 200]) + headers.encode() + path.read_bytes())
put("problem", "html", bytes([102]) + b"Content-Type: text/html\n\n<html>Bad gateway</html>")
put("problem", "date", bytes([29]) + b"Content-Type: application/json; charset=utf-8\nRetry-After: Wed, 21 Oct 2015 07:28:00 GMT\n\n"
    + (root / "docs/examples/units.housekeeping.problem.rate_limited.json").read_bytes())

# retry-after: seconds and HTTP dates.
for name, text in {"seconds": "120", "zero": "0", "spaces": "  7 ", "negative": "-1", "plus": "+5",
                   "date": "Wed, 21 Oct 2015 07:28:00 GMT", "future": "Fri, 31 Dec 9999 23:59:59 GMT",
                   "huge": "99999999999999999999", "fraction": "1.5"}.items():
    put("retry-after", name, text)

# address: what people type in Connect.
for index, text in enumerate(["hotel.example.com", "https://Hotel.Example.com:443/path?q=1#f", "http://127.0.0.1:8080",
                              "[::1]:8443", "http://localhost", "user:pw@hotel.example.com", "ftp://hotel.example.com",
                              "https://münchen.example", " hotel.example.com\n", "https://hotel.example.com:0",
                              "https://a%2Fb.example", "http://[fe80::1%25eth0]:80"]):
    put("address", f"{index:02}", text)

# pairing: links as the web's "Pair a device" shows them, and near misses.
code = "gcp_" + "A" * 21 + "b-_" + "9" * 19
for index, text in enumerate([f"https://hotel.example.com/mobile/pair#{code}", f"http://127.0.0.1:8080/mobile/pair#{code}",
                              f"HTTPS://HOTEL.example.com:443/mobile/pair#{code}", f"https://hotel.example.com/mobile/pair?x=1#{code}",
                              f"https://[::1]:8443/mobile/pair#{code}", f"https://u@hotel.example.com/mobile/pair#{code}",
                              f"  https://hotel.example.com/mobile/pair#{code}\r\n", "https://hotel.example.com/mobile/pair#gcp_"]):
    put("pairing", f"{index:02}", text)

# input: a seed byte for the splits, then terminal bytes (0xFE k: a key code; 0xFD x y: the mouse).
ESC = b"\x1b"
for index, data in enumerate([
    ESC + b"[A" + ESC + b"[B" + ESC + b"[C" + ESC + b"[D",
    ESC + b"OP" + ESC + b"OQ" + ESC + b"[15~" + ESC + b"[24~" + ESC + b"[1;5A",
    ESC + b"[200~pasted\r\ntext" + ESC + b"[31m red" + ESC + b"[201~",
    "é😀中文 naïve".encode(),
    ESC + b"x" + ESC + ESC + b"[Z\t\r\x7f\x08\x01\x1a",
    b"\xfe\x0d" + b"paste by key\xfe\x0e" + b"\xfd\x05\x03" + b"\xfd\x01\xfa",
    ESC + b"[200~" + "unterminated é".encode(),
    b"\xc3" + b"\xa9\xe2\x82" + b"\xac\xf0\x9f\x98\x80\xff\xc0\x80",
]):
    put("input", f"{index:02}", bytes([index * 37 % 256]) + data)

# text: what an instance might send in a guest's name or a problem's detail.
for index, text in enumerate(["Zoë Ångström", "山田 太郎", "e\u0301 a\u0308", "👨\u200d👩\u200d👧 🇫🇷 👍🏽 ❤\ufe0f",
                              "\u202eevil\u202c text \u2066x\u2069", "\x1b]0;title\x07\x1b[31mred\x1b[0m\x1bPdcs\x1b\\",
                              "\u009b31m C1 \u0085 next\u2028line", "a\r\nb\rc\nd\te", "\u1100\u1161\u11a8 \u3164 \ufeff\u200b",
                              "क्षि தமிழ் ไทย", "\u200ca\u200cb\u200d", "\x00\x07\x7f"]):
    put("text", f"{index:02}", text)

# files: a byte for the file (0 credentials, 1 preferences, 2 PINs, 3 the offline database), then its bytes.
origin = "https://hotel.example.com"
credentials = {"version": 1, "instances": [], "sessions": []}
put("files", "credentials-empty", b"\x00" + json.dumps(credentials).encode())
put("files", "credentials-truncated", b"\x00" + b'{"version":1,"instances":[{"origin":"' + origin.encode())
put("files", "preferences", b"\x01" + json.dumps({"lastInstanceKey": origin, "choices": {}}).encode())
put("files", "preferences-garbage", b"\x01" + b"\xff\xfe not json")
put("files", "pins", b"\x02" + f"{origin}/usr_1 $argon2id$v=19$m=65536,t=2,p=1$c2FsdA$aGFzaA\n".encode())
put("files", "pins-damaged", b"\x02" + b"no space here\n\x00\xff")
db = corpus / "files" / "tmp.db"
connection = sqlite3.connect(db)
connection.executescript("PRAGMA user_version = 1; CREATE TABLE t (x); INSERT INTO t VALUES (1);")
connection.close()
put("files", "database-small", b"\x03" + db.read_bytes())
put("files", "database-truncated", b"\x03" + db.read_bytes()[:200])
put("files", "database-text", b"\x03" + b"SQLite format 3\x00" + b"\x00" * 84)
db.unlink()

# demo: a request line, header lines, an empty line, a body ($ADMIN, $TOKEN: the harness's credentials).
auth = "Authorization: Bearer $TOKEN\n"
json_type = "Content-Type: application/json\n"
prop = "/api/v1/properties/prp_harbour"
for index, text in enumerate([
    "GET /.well-known/guestcraft\n\n",
    "GET /api/v1/instance\nIf-None-Match: \"x\"\n\n",
    f"GET /api/v1/workspaces\n{auth}\n",
    f"GET {prop}/units\n{auth}\n",
    f"GET {prop}/today\n{auth}\n",
    f"GET {prop}/search?q=ok\n{auth}\n",
    f"PUT {prop}/units/unt_h101/housekeeping\n{auth}{json_type}Idempotency-Key: k1\n\n"
    + (root / "docs/examples/units.housekeeping.request.json").read_text(),
    f"POST /api/v1/device_sessions\n{json_type}\n" + (root / "docs/examples/device_sessions.create.request.pairing.json").read_text(),
    f"POST /demo/pairings\nX-Demo-Admin-Key: $ADMIN\n{json_type}\n" + (root / "docs/examples/demo.pairings.request.json").read_text(),
    f"PATCH {prop}/tasks/tsk_0003/status\n{auth}{json_type}If-Match: \"1\"\n\n" + (root / "docs/examples/tasks.status.request.json").read_text(),
    f"PUT {prop}/maintenance_tickets/mtk_1\n{auth}{json_type}\n" + (root / "docs/examples/maintenance_tickets.put.request.json").read_text(),
    "DELETE /nowhere\n\n",
    "GET /mobile/authorize?client_id=x&code_challenge=y\n\n",
]):
    put("demo", f"{index:02}", text)
print("seeds written to", corpus)
