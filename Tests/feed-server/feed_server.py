#!/usr/bin/env python3
"""Local HTTP feed and image server for the WaterfallFeed tests (Python 3 standard library only).

Usage: feed_server.py [--files DIR] [--port N] [--tls CERT KEY] [--ignore-stdin] [PARENT_PID].
Binds 127.0.0.1 on a free port (or N), prints "PORT <n>" on stdout, and serves until its stdin
reaches EOF (unless --ignore-stdin) or its parent process goes away (so it dies with the process
that started it). With --tls it serves HTTPS with the certificate chain CERT and key KEY (PEM).

Every route also takes trickle=MS: the body is sent one byte every MS milliseconds.

Routes (all state is keyed by the request path, so tests use unique path prefixes):

/feed/<key>/<page>.json|.plist  a page of items. Query parameters:
    pages=N      number of non-empty pages (default 3); later pages are empty, 404 or absent
    per=M        items per page (default 4)
    end=empty|404|null   what follows the last page (default empty); null makes every page an
                 object {"items": [...], "next": ...} whose last page has "next": null
    shape=array|object   page shape for end=empty/404 (default array)
    fail=P:S:T   page P answers status S for its first T requests (comma-separate several)
    truncate=P:T page P sends half its body, then closes, for its first T requests
    malformed=P  item 2 of page P has "w": "abc" (P:T: only for its first T requests)
    syntax=P     page P is not valid JSON (P:T: only for its first T requests)
    deep=P       page P is an XML plist of 10,000 nested arrays (P:T: only for its first T
                 requests), which overflows Foundation's plist scanner unless refused first
    bad=P        item 1 of page P has "w": 0 (an invalid size)
    grow=K       request r of page 1 is prefixed with K*(r-1) new items (for refresh tests)
    delay=MS     wait before answering
    ctype=TYPE   Content-Type to send (default application/json or application/x-plist)
    real=1       item images are real PNGs (see /img real=1)
    imgtrickle=MS  item images are sent one byte every MS milliseconds
    nosize=1     items have no "w"/"h" (their images still carry the size in their header)
    escaped=1    image URLs and titles are HTML-escaped ("&amp;", "&#39;"), as Reddit serves them
/chain/<key>/<n>   object pages linked by relative "next" URLs; page `pages` has "next": null
/api/<shape>/<key> pages shaped like a real API (query pages=N, per=M, real=1, nosize=1 as above):
    unsplash   an array of photos {id, width, height, color, blur_hash, description, urls{...}},
               paged by a Link header (rel="next"/"prev"/"first"/"last"; the last page has no next)
    pexels     {page, per_page, photos[{id, width, height, alt, avg_color, src{...}}], next_page}
               (an absolute next_page URL, absent on the last page)
    reddit     {kind: Listing, data: {after, children[{kind: t3, data: {name, title, preview{images
               [{source{url, width, height}}]}}]}}}, HTML-escaped; ?after=CURSOR; last after null
    shopify    {products[{id, title, variants[{price}], images[{src, width, height}]}]}, paged by
               Link: <...?page_info=...>; rel="next" (the last page has only rel="previous")
    pinterest  {items[{id, title, media{images{"600x"{url, width, height}}}}], bookmark}; ?bookmark=
    cursor     {items[...standard items...], next_cursor}; ?cursor=CURSOR. end=null (default:
               null on the last page), missing (no key), empty ("")
    link       standard items in an array, paged only by Link headers (end=prev: the last page
               has a rel="prev" link; none: no Link header; 404: the next link leads to a 404)
    Any shape with repeat=1 ignores its cursor: every page is page 1 with the same next cursor.
/img/<name>.png    a PNG signature + IHDR of w x h (query w, h), padded to `size` bytes.
    Query: delay=MS, fail=S:T (status S for the first T requests), broken=1 (not an image),
    empty=1 (empty body), truncate=1 (half the body, then close), ctype=TYPE,
    real=1 (a decodable w x h PNG of one colour chosen by the name), hold=1 (the PNG header,
    then the rest of the promised `size` bytes one every 50 ms until the client disconnects).
    HTTP caching: cache=VALUE (a Cache-Control header), expires=S (Expires S seconds from now,
    negative for the past), etag=1 (an ETag; If-None-Match with it answers 304), lastmod=1 (a
    Last-Modified; If-Modified-Since with it answers 304)
/files/<name>      a file of the directory given with --files DIR (the image fixtures), with
                   Cache-Control: max-age=3600 and an ETag (If-None-Match answers 304)
/formats/<n>.json  page n (1 only) of a feed of every fixture in --files DIR (its manifest.json)
/hang/<name>       headers promising 100000 bytes, then one byte every 50 ms until the client
                   disconnects (recorded) or 60 s pass
/stall/<name>      headers promising 1000 bytes, then nothing for up to 30 s
/redirect?to=URL   302 Found with Location: URL (any scheme, e.g. file:///etc/hostname)
/doc?json=TEXT     TEXT as an application/json body (a hand-made page, e.g. naming file: URLs)
/_count?path=P       how many requests path P received
/_disconnects?path=P how many /hang (or /img hold=1) requests on path P saw the client disconnect
/_notmodified?path=P how many requests on path P were answered 304 Not Modified
"""
import email.utils
import json
import mimetypes
import os
import plistlib
import ssl
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

LOCK = threading.Lock()
COUNTS = {}
DISCONNECTS = {}
NOT_MODIFIED = {}
FILES = None  # the --files directory
LAST_MODIFIED = "Mon, 01 Jan 2024 00:00:00 GMT"


def bump(table, path):
    with LOCK:
        table[path] = table.get(path, 0) + 1
        return table[path]


def png_header(width, height):
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk + struct.pack(">I", zlib.crc32(chunk))


def solid_png(width, height, rgb):
    """A decodable RGB PNG of one colour."""
    row = b"\0" + bytes(rgb) * width
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(row * height))
            + chunk(b"IEND", b""))


def broken_now(spec, page, number):
    """Whether a 'P' or 'P:T' fault spec breaks request `number` of page `page`."""
    fault = faults(spec or "").get(page)
    return fault is not None and (not fault or number <= fault[0])


def faults(spec):
    """'2:500:1,3:503:2' -> {2: (500, 1), 3: (503, 2)}"""
    result = {}
    for part in filter(None, spec.split(",")):
        fields = [int(x) for x in part.split(":")]
        result[fields[0]] = tuple(fields[1:])
    return result


def maybe_escape(text, query):
    return text.replace("&", "&amp;").replace("'", "&#39;") if query.get("escaped") else text


def make_items(key, page, per, query, request_number):
    items = []
    grow = int(query.get("grow", "0"))
    if page == 1 and grow:
        for j in range(grow * (request_number - 1), 0, -1):
            items.append({"id": f"{key}-new-{j}", "img": f"/img/{key}-new-{j}.png?w=100&h=150",
                          "w": 100, "h": 150})
    for i in range(per):
        ident = f"{key}-p{page}-{i}"
        item = {"img": f"/img/{ident}.png?w={100 + i}&h={200 + page}", "w": 100 + i, "h": 200 + page,
                "title": f"Item {page}.{i}"}
        if i % 2 == 0:
            item["img"] = "../../img/" + item["img"][len("/img/"):]  # relative to /feed/<key>/<page>
            item["price"] = 10 + i
            item["id"] = page * 1000 + i
        else:
            item["price"] = f"{i}.99"
            item["id"] = ident
        items.append(item)
    if query.get("real"):
        for item in items:
            item["img"] += "&real=1"
    if query.get("imgtrickle"):
        for item in items:
            item["img"] += "&trickle=" + query["imgtrickle"]
    if query.get("nosize"):
        for item in items:
            item.pop("w", None)
            item.pop("h", None)
    if query.get("escaped"):
        for item in items:
            item["img"] = maybe_escape(item["img"] + "&tag=a'b", query)
            item["title"] = maybe_escape(item["title"] + " & 'more'", query)
    if broken_now(query.get("malformed"), page, request_number) and len(items) > 2:
        items[2]["w"] = "abc"
    if str(page) == query.get("bad") and len(items) > 1:
        items[1]["w"] = 0
    return items


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def send_body(self, status, body, ctype, truncate=False, headers=None):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        sent = body[: len(body) // 2] if truncate else body
        if self.trickle:
            for at in range(len(sent)):
                self.wfile.write(sent[at:at + 1])
                self.wfile.flush()
                time.sleep(self.trickle)
        else:
            self.wfile.write(sent)
        self.wfile.flush()
        if truncate:
            self.close_connection = True

    def do_GET(self):
        parts = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        path = parts.path
        number = bump(COUNTS, path)
        self.trickle = int(query.get("trickle", "0")) / 1000
        if "delay" in query:
            time.sleep(int(query["delay"]) / 1000)
        segments = path.strip("/").split("/")
        try:
            if path == "/_count":
                with LOCK:
                    return self.send_body(200, str(COUNTS.get(query["path"], 0)).encode(), "text/plain")
            if path == "/_disconnects":
                with LOCK:
                    return self.send_body(200, str(DISCONNECTS.get(query["path"], 0)).encode(), "text/plain")
            if path == "/_notmodified":
                with LOCK:
                    return self.send_body(200, str(NOT_MODIFIED.get(query["path"], 0)).encode(), "text/plain")
            if path == "/redirect":
                self.send_response(302)
                self.send_header("Location", query["to"])
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if path == "/doc":
                return self.send_body(200, query["json"].encode(), "application/json")
            if segments[0] == "files" and len(segments) == 2 and FILES:
                return self.file(path, segments[1])
            if segments[0] == "formats" and len(segments) == 2 and FILES:
                return self.formats(segments[1])
            if segments[0] == "feed" and len(segments) == 3:
                return self.feed(segments[1], segments[2], query, number)
            if segments[0] == "api" and len(segments) == 3:
                return self.api(segments[1], segments[2], query)
            if segments[0] == "chain" and len(segments) == 3:
                return self.chain(segments[1], int(segments[2]), query)
            if segments[0] == "img":
                return self.image(query, number)
            if segments[0] == "hang":
                return self.hang(path)
            if segments[0] == "stall":
                return self.stall()
            if segments[0] == "flood":
                return self.flood(path)
            self.send_body(404, b"not found", "text/plain")
        except (BrokenPipeError, ConnectionResetError):
            pass

    def feed(self, key, name, query, number):
        stem, _, ext = name.partition(".")
        page = int(stem)
        pages = int(query.get("pages", "3"))
        per = int(query.get("per", "4"))
        end = query.get("end", "empty")
        fault = faults(query.get("fail", "")).get(page)
        if fault and number <= fault[1]:
            return self.send_body(fault[0], b"injected failure", "text/plain")
        if page > pages and end == "404":
            return self.send_body(404, b"no such page", "text/plain")
        items = make_items(key, page, per, query, number) if page <= pages else []
        if end == "null":
            doc = {"items": items}
            if page >= pages:
                doc["next"] = None
        elif query.get("shape") == "object":
            doc = {"items": items}
        else:
            doc = items
        if ext == "plist":
            # Property lists have no null: an object page there simply has no "next".
            body = plistlib.dumps({"items": items} if isinstance(doc, dict) else doc)
            ctype = "application/x-plist"
        else:
            body = json.dumps(doc, indent=1).encode()
            ctype = "application/json"
        if broken_now(query.get("syntax"), page, number):
            body = body[:-5] + b"}}oops"
        if broken_now(query.get("deep"), page, number):
            body = (b'<?xml version="1.0"?><plist version="1.0">' + b"<array>" * 10000
                    + b"</array>" * 10000 + b"</plist>")
        truncate = faults(query.get("truncate", "")).get(page)
        self.send_body(200, body, query.get("ctype", ctype),
                       truncate=bool(truncate) and number <= truncate[0])

    def chain(self, key, page, query):
        pages = int(query.get("pages", "3"))
        per = int(query.get("per", "4"))
        items = make_items(key, page, per, query, 1)
        nxt = f"{page + 1}?{urlsplit(self.path).query}" if page < pages else None
        self.send_body(200, json.dumps({"items": items, "next": nxt}).encode(), "application/json")

    def cache_headers(self, path, query):
        """The caching headers the query asks for, and whether the request's validators match."""
        headers = {}
        if "cache" in query:
            headers["Cache-Control"] = query["cache"]
        if "expires" in query:
            headers["Expires"] = email.utils.formatdate(time.time() + int(query["expires"]), usegmt=True)
        etag = '"%08x"' % zlib.crc32(path.encode())
        matches = False
        if query.get("etag"):
            headers["ETag"] = etag
            matches = self.headers.get("If-None-Match") == etag
        if query.get("lastmod"):
            headers["Last-Modified"] = LAST_MODIFIED
            matches = matches or self.headers.get("If-Modified-Since") == LAST_MODIFIED
        return headers, matches

    def not_modified(self, path, headers):
        bump(NOT_MODIFIED, path)
        self.send_response(304)
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()

    def file(self, path, name):
        target = os.path.join(FILES, os.path.basename(name))
        if not os.path.isfile(target):
            return self.send_body(404, b"no such file", "text/plain")
        headers, matches = self.cache_headers(path, {"cache": "max-age=3600", "etag": "1"})
        if matches:
            return self.not_modified(path, headers)
        with open(target, "rb") as f:
            body = f.read()
        self.send_body(200, body, mimetypes.guess_type(target)[0] or "application/octet-stream", headers=headers)

    def formats(self, name):
        with open(os.path.join(FILES, "manifest.json")) as f:
            manifest = json.load(f)
        items = []
        if name.partition(".")[0] == "1":
            for entry in manifest:
                items.append({"id": entry["file"], "img": f"/files/{entry['file']}", "w": entry["display"][0],
                              "h": entry["display"][1], "title": entry["file"]})
            # A missing image: the error placeholder, requested once (the negative cache).
            items.append({"id": "missing", "img": "/files/missing.png", "w": 300, "h": 200, "title": "missing.png"})
        self.send_body(200, json.dumps(items).encode(), "application/json")
    def api(self, shape, key, query):
        """A page shaped like a real API (see the module notes)."""
        pages = int(query.get("pages", "3"))
        per = int(query.get("per", "4"))
        cursor_name = {"reddit": "after", "pinterest": "bookmark", "cursor": "cursor",
                       "shopify": "page_info"}.get(shape, "page")
        raw = query.get(cursor_name, "1")
        page = 1 if query.get("repeat") else int(raw.rsplit("_", 1)[-1]) if raw else 1
        base = f"http://{self.headers['Host']}{urlsplit(self.path).path}"
        keep = "&".join(f"{k}={v}" for k, v in sorted(query.items()) if k != cursor_name)

        def page_url(n):
            return f"{base}?{keep}&{cursor_name}={cursor(n)}" if keep else f"{base}?{cursor_name}={cursor(n)}"

        def cursor(n):
            return str(n) if cursor_name == "page" else f"c{'x' * n}_{n}"
        if page > pages and query.get("end") == "404":
            return self.send_body(404, b"no such page", "text/plain")
        photos = []
        for i in range(per if page <= pages else 0):
            ident = f"{key}-{shape}-p{page}-{i}"
            width, height = 100 + 10 * i, 150 + 20 * page + (67 * i) % 230
            url = f"http://{self.headers['Host']}/img/{ident}.png?w={width}&h={height}"
            if query.get("real"):
                url += "&real=1"
            photos.append({"id": ident, "url": url, "w": width, "h": height,
                           "title": f"{shape} {page}.{i}" + (" with a much longer title that wraps"
                                                            " over several lines" * (i % 3))})
        last = page >= pages
        nosize = bool(query.get("nosize"))
        headers = {}
        if shape == "unsplash":
            doc = [{"id": p["id"], "width": None if nosize else p["w"], "height": None if nosize else p["h"],
                    "color": "#60544D", "blur_hash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
                    "description": None if i % 2 else p["title"], "alt_description": p["title"],
                    "urls": {"raw": p["url"], "full": p["url"], "regular": p["url"], "small": p["url"],
                             "thumb": p["url"]}, "links": {"self": "https://api.unsplash.com/photos/x"},
                    "user": {"name": "someone"}} for i, p in enumerate(photos)]
            links = [f'<{page_url(1)}>; rel="first"']
            if page > 1:
                links.append(f'<{page_url(page - 1)}>; rel="prev"')
            if not last:
                links.append(f'<{page_url(page + 1)}>; rel="next"')
            links.append(f'<{page_url(pages)}>; rel="last"')
            headers["Link"] = ", ".join(links)
        elif shape == "pexels":
            doc = {"page": page, "per_page": per, "total_results": pages * per,
                   "photos": [{"id": 1000 * page + i, "width": str(p["w"]) if i % 2 else p["w"],
                               "height": str(p["h"]) if i % 2 else p["h"], "url": "https://www.pexels.com/photo/x",
                               "photographer": "someone", "avg_color": "#978E82", "alt": p["title"],
                               "src": {"original": p["url"], "large": p["url"], "medium": p["url"],
                                       "small": p["url"], "tiny": p["url"]}, "liked": False}
                              for i, p in enumerate(photos)]}
            if nosize:
                for photo in doc["photos"]:
                    del photo["width"], photo["height"]
            if not last:
                doc["next_page"] = page_url(page + 1)
            if page > 1:
                doc["prev_page"] = page_url(page - 1)
        elif shape == "reddit":
            children = []
            for p in photos:
                source = {"url": p["url"].replace("&", "&amp;"), "width": p["w"], "height": p["h"]}
                if nosize:
                    source = {"url": source["url"]}
                children.append({"kind": "t3", "data": {
                    "name": "t3_" + p["id"], "id": p["id"], "title": p["title"] + " &amp; friends&#39; pics",
                    "thumbnail": "self", "url": "https://example.com/article",
                    "preview": {"images": [{"source": source, "resolutions": [], "id": "x"}], "enabled": True}}})
            children.append({"kind": "t3", "data": {"name": f"t3_text{page}", "title": "a text post",
                                                    "thumbnail": "self", "is_self": True}})
            doc = {"kind": "Listing", "data": {"after": None if last else cursor(page + 1), "dist": len(children),
                                               "children": children, "before": None}}
        elif shape == "shopify":
            doc = {"products": [{"id": 632910392 + 100 * page + i, "title": p["title"], "vendor": "Apple",
                                 "variants": [{"id": 1, "price": f"{19 + i}.99"}],
                                 "images": [{"id": 2, "position": 1, "src": p["url"],
                                             "width": None if nosize else p["w"],
                                             "height": None if nosize else p["h"]}],
                                 "image": {"src": p["url"]}} for i, p in enumerate(photos)]}
            links = []
            if page > 1:
                links.append(f'<{page_url(page - 1)}>; rel="previous"')
            if not last:
                links.append(f'<{page_url(page + 1)}>; rel="next"')
            if links:
                headers["Link"] = ", ".join(links)
        elif shape == "pinterest":
            doc = {"items": [{"id": p["id"], "title": p["title"], "description": "", "dominant_color": "#aabbcc",
                              "media": {"media_type": "image", "images": {
                                  "150x150": {"url": p["url"], "width": 150, "height": 150},
                                  "600x": {"url": p["url"]} if nosize else {"url": p["url"], "width": p["w"],
                                                                            "height": p["h"]}}}}
                             for p in photos],
                   "bookmark": None if last else cursor(page + 1)}
        elif shape == "cursor":
            doc = {"items": [{"id": p["id"], "img": p["url"], "w": p["w"], "h": p["h"], "title": p["title"]}
                             for p in photos]}
            end = query.get("end", "null")
            if not last:
                doc["next_cursor"] = cursor(page + 1)
            elif end != "missing":
                doc["next_cursor"] = "" if end == "empty" else None
        elif shape == "link":
            doc = [{"id": p["id"], "img": p["url"], "w": p["w"], "h": p["h"], "title": p["title"]} for p in photos]
            end = query.get("end", "prev")
            links = []
            if page > 1 and end != "none":
                links.append(f'<{page_url(page - 1)}>; rel="prev"; title="page, before"')
            if not last or end == "404":
                links.append(f'<{page_url(page + 1)}>; rel=next')
            if links:
                headers["Link"] = ", ".join(links)
        else:
            return self.send_body(404, b"unknown shape", "text/plain")
        self.send_body(200, json.dumps(doc, indent=1).encode(), "application/json", headers=headers)

    def image(self, query, number):
        headers, matches = self.cache_headers(urlsplit(self.path).path, query)
        if matches:
            return self.not_modified(urlsplit(self.path).path, headers)
        fail = query.get("fail")
        if fail:
            status, times = (int(x) for x in fail.split(":"))
            if number <= times:
                return self.send_body(status, b"injected failure", "text/plain")
        if query.get("empty"):
            return self.send_body(200, b"", "image/png")
        if query.get("hold"):
            return self.hold(urlsplit(self.path).path, int(query.get("w", "10")), int(query.get("h", "10")),
                             int(query.get("size", "100000")))
        if query.get("broken"):
            body = b"this is not an image" * 10
        elif query.get("real"):
            digest = zlib.crc32(self.path.encode())
            rgb = (digest & 0xFF, (digest >> 8) & 0xFF, (digest >> 16) & 0xFF)
            body = solid_png(int(query.get("w", "10")), int(query.get("h", "10")), rgb)
        else:
            body = png_header(int(query.get("w", "10")), int(query.get("h", "10")))
            body += b"\0" * max(0, int(query.get("size", "0")) - len(body))
        self.send_body(200, body, query.get("ctype", "image/png"), truncate=bool(query.get("truncate")), headers=headers)

    def hold(self, path, width, height, size):
        header = png_header(width, height)
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(max(size, len(header) + 1)))
        self.end_headers()
        try:
            self.wfile.write(header)
            self.wfile.flush()
            for _ in range(1200):
                time.sleep(0.05)
                self.wfile.write(b"\0")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            bump(DISCONNECTS, path)
        self.close_connection = True

    def hang(self, path):
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", "100000")
        self.end_headers()
        try:
            for _ in range(1200):
                self.wfile.write(b"\0")
                self.wfile.flush()
                time.sleep(0.05)
        except (BrokenPipeError, ConnectionResetError):
            bump(DISCONNECTS, path)
        self.close_connection = True

    def flood(self, path):
        # A body without an end (no Content-Length; HTTP/1.0 ends it by closing): a PNG header
        # for a .png path, a JSON array's start otherwise, then 64 KB chunks — up to 1 GB, or
        # until the client hangs up (counted in DISCONNECTS).
        image = path.endswith(".png")
        self.send_response(200)
        self.send_header("Content-Type", "image/png" if image else "application/json")
        self.end_headers()
        chunk = b" " * 65536
        try:
            self.wfile.write(png_header(4000, 3000) if image else b'{"items": [')
            for _ in range(16384):
                self.wfile.write(chunk)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            bump(DISCONNECTS, path)
        self.close_connection = True

    def stall(self):
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", "1000")
        self.end_headers()
        self.wfile.flush()
        time.sleep(30)
        self.close_connection = True


def watch_parent(parent):
    # Bounded by the parent's lifetime: exits as soon as the given process is gone or this
    # server has been re-parented.
    original = os.getppid()
    while os.getppid() == original:
        try:
            os.kill(parent, 0)
        except ProcessLookupError:
            break
        time.sleep(0.5)
    os._exit(0)


def watch_stdin():
    while sys.stdin.buffer.read(4096):
        pass
    os._exit(0)


def main():
    global FILES
    arguments = sys.argv[1:]
    port = 0
    if "--files" in arguments:
        at = arguments.index("--files")
        FILES = arguments[at + 1]
        del arguments[at:at + 2]
    watch_input = "--ignore-stdin" not in arguments
    if not watch_input:
        arguments.remove("--ignore-stdin")
    if "--port" in arguments:
        at = arguments.index("--port")
        port = int(arguments[at + 1])
        del arguments[at:at + 2]
    tls = None
    if "--tls" in arguments:
        at = arguments.index("--tls")
        tls = (arguments[at + 1], arguments[at + 2])
        del arguments[at:at + 3]
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    if tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(*tls)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    # The parent pid comes from the command line when given, so a parent that exits before this
    # line runs is still noticed.
    parent = int(arguments[0]) if arguments else os.getppid()
    threading.Thread(target=watch_parent, args=(parent,), daemon=True).start()
    if watch_input:
        threading.Thread(target=watch_stdin, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
