#!/usr/bin/env python3
"""Checks a page written by --cfg=smpi/timeline (run by smpitest as a post= command).

Structure (always): the HTML is well formed, the data object decodes, it has one row of bars per
rank, the calls named with --call, the bars given with --bar (exact simulated dates), at least
--messages messages. Rendering (--render): headless Chromium loads the page; its DOM must hold
one row label per rank (and --hosts host labels when given) and bars; its screenshot must not be
blank and must show the bar colours. Without Chromium the check exits 77 (smpitest: SKIP)."""
import argparse
import html.parser
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

VOID = {"meta", "input", "br", "img", "link", "hr"}


class Balance(html.parser.HTMLParser):
    """Fails on a closing tag that does not match the open one (SVG and HTML alike)."""

    def __init__(self):
        super().__init__()
        self.stack = []
        self.errors = []

    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append("unexpected </%s> (open: %s)" % (tag, self.stack[-3:]))
            return
        self.stack.pop()


def fail(msg):
    print("check_timeline: " + msg)
    sys.exit(1)


def load_data(text):
    """The run's data: the JavaScript object literal after 'const TL = ', as JSON."""
    m = re.search(r"const TL = (\{.*?\n\});", text, re.S)
    if not m:
        fail("no data object 'const TL = {...};' in the page")
    js = re.sub(r"^(\w+):", r'"\1":', m.group(1), flags=re.M)
    js = re.sub(r",\s*([\]}])", r"\1", js)
    try:
        return json.loads(js)
    except ValueError as e:
        fail("the data object does not decode: %s" % e)


def check_structure(path, args):
    text = open(path, encoding="utf-8").read()
    if re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", text):
        fail("the page refers to the network")
    parser = Balance()
    parser.feed(text)
    parser.close()
    if parser.errors or parser.stack:
        fail("the HTML is not well formed: %s" % (parser.errors[:3] or parser.stack))
    d = load_data(text)
    tick = d["tick"]
    n, ev = d["ranks"], d["ev"]
    if n != args.ranks or len(d["host"]) != args.ranks:
        fail("expected %d ranks, the page has %d" % (args.ranks, n))
    if len(ev) % 6 or len(ev) // 6 != d["nbars"]:
        fail("%d numbers of bars, not 6 for each of the %d bars" % (len(ev), d["nbars"]))
    bars, last = [], [0] * n
    for j in range(0, len(ev), 6):
        r, c, ds, dur = ev[j:j + 4]
        if not 0 <= r < n or not 0 <= c < len(d["calls"]) or dur < 0:
            fail("bad bar %s" % ev[j:j + 6])
        last[r] += ds
        bars.append((r, d["calls"][c], last[r] * tick, (last[r] + dur) * tick))
    if any(x[2] < 0 or x[3] > d["end"] * tick * (1 + 1e-12) for x in bars):
        fail("a bar lies outside the run [0, %g s]" % (d["end"] * tick))
    for c in args.call:
        if c not in d["calls"]:
            fail("call %s is not in the page (calls: %s)" % (c, d["calls"]))
    for b in args.bar:
        r, call, start, end = b.split(",")
        want = (int(r), call, float(start), float(end))
        if not any(x[0] == want[0] and x[1] == call and abs(x[2] - want[2]) <= 2 * tick
                   and abs(x[3] - want[3]) <= 2 * tick for x in bars):
            have = [x for x in bars if x[0] == want[0] and x[1] == call]
            fail("no bar %s; rank %s has %s" % (b, r, have))
    nmsg = len(d["msg"]) // 6
    if len(d["msg"]) % 6 or nmsg != d["nmsgs"] or nmsg < args.messages:
        fail("expected at least %d messages, the page has %d" % (args.messages, nmsg))
    print("check_timeline: %s: %d ranks, %d bars, %d messages, well formed"
          % (path, d["ranks"], len(bars), nmsg))


def png_pixels(path):
    """(width, height, rows of RGB tuples) of an 8-bit RGB or RGBA PNG, decoded with zlib."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("%s is not a PNG" % path)
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    if depth != 8 or ctype not in (2, 6):
        fail("unexpected PNG format (depth %d, colour type %d)" % (depth, ctype))
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    rows = []
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + ((a + b) >> 1)) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
        prev = line
    return w, h, rows


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def check_render(path, args):
    exe = find_chromium()
    if not exe:
        print("check_timeline: no headless Chromium (Debian package chromium): rendering not checked")
        sys.exit(77)
    url = "file://" + os.path.abspath(path) + ("#t=" + args.view if args.view else "")
    flags = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--window-size=1000,600", "--virtual-time-budget=5000"]
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, HOME=tmp)
        dom = subprocess.run(flags + ["--user-data-dir=" + tmp + "/a", "--dump-dom", url],
                             capture_output=True, text=True, timeout=120, env=env).stdout
        shot = os.path.join(tmp, "shot.png")
        subprocess.run(flags + ["--user-data-dir=" + tmp + "/b", "--screenshot=" + shot, url],
                       capture_output=True, timeout=120, env=env)
        if not os.path.exists(shot):
            fail("Chromium wrote no screenshot")
        w, h, rows = png_pixels(shot)
    labels = len(re.findall(r'<div class="row-label" data-rank="\d+"', dom))
    if labels != args.ranks:
        fail("the rendered DOM has %d row labels, expected one per rank (%d)" % (labels, args.ranks))
    hosts = len(re.findall(r'<div class="host-label" style="top:\d', dom))
    if args.hosts is not None and hosts != args.hosts:
        fail("the rendered DOM has %d host labels, expected %d" % (hosts, args.hosts))
    for t in args.text:
        if t not in dom:
            fail("the rendered page does not show '%s'" % t)
    nbars = len(re.findall(r'<rect class="(?:bar|agg)" data-[ia]="\d', dom))
    if nbars == 0:
        fail("the rendered DOM has no bars")
    fills = set(re.findall(r'<rect class="(?:bar|agg)" data-[ia]="\d[^>]* fill="#([0-9a-f]{6})"', dom))
    colours = {tuple(int(f[i:i + 2], 16) for i in (0, 2, 4)) for f in fills}
    seen = set()
    plain = 0
    for row in rows:
        for px in row:
            if px in colours:
                seen.add(px)
            if px == (255, 255, 255):
                plain += 1
    if plain > 0.99 * w * h:
        fail("the screenshot is blank (%d of %d pixels white)" % (plain, w * h))
    if not seen:
        fail("no bar colour (%s) shows in the screenshot" % sorted(fills))
    print("check_timeline: rendered: %d row labels, %d host labels, %d bars, %d bar colours "
          "on screen, %.0f%% of the screenshot not white"
          % (labels, hosts, nbars, len(seen), 100.0 - 100.0 * plain / (w * h)))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("page")
    ap.add_argument("--ranks", type=int, required=True)
    ap.add_argument("--hosts", type=int, help="host labels expected in the rendered page")
    ap.add_argument("--call", action="append", default=[], help="a call the page must show")
    ap.add_argument("--bar", action="append", default=[],
                    help="RANK,CALL,START,END: a bar with these simulated dates (seconds)")
    ap.add_argument("--messages", type=int, default=0, help="at least this many messages")
    ap.add_argument("--render", action="store_true", help="check it in headless Chromium")
    ap.add_argument("--view", help="START,END: render this span (seconds) of the run")
    ap.add_argument("--text", action="append", default=[], help="text the rendered page shows")
    args = ap.parse_args()
    if not os.path.exists(args.page):
        fail("no page %s" % args.page)
    check_structure(args.page, args)
    if args.render:
        check_render(args.page, args)


main()
