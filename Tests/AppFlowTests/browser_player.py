#!/usr/bin/env python3
"""Plays the browser of a sign-in for end-to-end tests: opens the instance's sign-in page with
the URL the app gave, signs in as $E2E_MEMBER (password "demo"), chooses Allow, and follows the
redirect to the app's loopback listener. Run by the app as $BROWSER."""
import http.cookiejar
import os
import sys
import urllib.parse
import urllib.request


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


def main():
    url = sys.argv[-1]
    parts = urllib.parse.urlsplit(url)
    origin = f"{parts.scheme}://{parts.netloc}"
    fields = dict(urllib.parse.parse_qsl(parts.query))
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)
    opener.open(url).read()
    sign_in = dict(fields, member=os.environ.get("E2E_MEMBER", "frontdesk"), password="demo")
    opener.open(origin + "/mobile/authorize", urllib.parse.urlencode(sign_in).encode()).read()
    allow = dict(fields, decision=os.environ.get("E2E_DECISION", "allow"))
    try:
        opener.open(origin + "/mobile/authorize", urllib.parse.urlencode(allow).encode())
        raise SystemExit("no redirect after Allow")
    except urllib.error.HTTPError as redirect:
        location = redirect.headers["Location"]
    urllib.request.urlopen(location).read()


if __name__ == "__main__":
    main()
