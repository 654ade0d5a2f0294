#!/usr/bin/env python3
"""compare-categories.py BUILDDIR SRCDIR: tracing categories against SimGrid SMPI 3.32.

Builds tests/mpi/trace/tr_paje_category.c with simmpi's smpicc and SMPI's, runs it on
tests/mpi/trace/tr_paje_shared.xml with -trace, tracing/precision:9 and computation timing off,
and reads the traces with pajeng's pj_dump:

  SMPI, --cfg=tracing/uncategorized:yes                       (A: the true usage)
  SMPI, --cfg=tracing/categorized:yes --cfg=tracing/uncategorized:yes  (B)
  simmpi, the same options as B                               (C)

SMPI 3.32 adds the share of an activity with a category to speed_used / bandwidth_used a second
time instead of to its category's variable (its resource_set_utilization names the wrong
variable), and aborts when tracing/uncategorized is off. So the check is: C's speed_used and
bandwidth_used equal A's, and at every date B's equal C's plus the sum of C's category variables
(p<category> on hosts, b<category> on links); the categories' type definitions (name, parent,
colour) are B's. Prints one line per check and exits 1 on a difference, 77 when SMPI or pj_dump
is missing."""
import os
import re
import shutil
import subprocess
import sys

FLAGS = ["--cfg=tracing/precision:9", "--cfg=smpi/simulate-computation:no"]


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, **kw).stdout


def series(trace):
    """{(container, variable): [(start, end, value)]} from pj_dump."""
    out = {}
    for line in run(["pj_dump", "-l", "9", trace]).splitlines():
        f = [x.strip() for x in line.split(",")]
        if f[0] == "Variable":
            out.setdefault((f[1], f[2]), []).append((float(f[3]), float(f[4]), float(f[6])))
    return out


def value_at(segs, t):
    for start, end, v in segs:
        if start <= t < end:
            return v
    return 0.0


def category_defs(trace):
    """The definitions of category variables: (name, parent type name, colour)."""
    names = {}
    defs = []
    with open(trace) as f:
        for line in f:
            m = re.match(r'^0 (\d+) \d+ (\S+)$', line.strip())
            if m:
                names[m.group(1)] = m.group(2)
            m = re.match(r'^1 \d+ (\d+) ([pb]\S+) "([^"]*)"$', line.strip())
            if m and m.group(2) not in ("bandwidth", "bandwidth_used"):
                defs.append((m.group(2), names.get(m.group(1), "?"), m.group(3)))
    return defs


def near(a, b):
    return abs(a - b) <= 1e-6 * max(abs(a), abs(b)) + 1e-3


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: compare-categories.py BUILDDIR SRCDIR")
    build, src = sys.argv[1], sys.argv[2]
    if not shutil.which("pj_dump") or not os.access("/usr/bin/smpirun", os.X_OK):
        print("compare-categories: needs SimGrid's SMPI (/usr/bin/smpirun) and pj_dump; skipped")
        sys.exit(77)
    out = os.path.join(build, "tests", "compare-out", "categories")
    os.makedirs(out, exist_ok=True)
    prog = os.path.join(src, "tests", "mpi", "trace", "tr_paje_category.c")
    helper = os.path.join(src, "tests", "mpi", "mtest.c")
    plat = os.path.join(src, "tests", "mpi", "trace", "tr_paje_shared.xml")
    hosts = os.path.join(out, "hosts")
    with open(hosts, "w") as f:
        f.write("a\nb\n")
    inc = "-I" + os.path.join(src, "tests", "mpi")
    run([os.path.join(build, "smpi", "smpicc"), inc, "-o", out + "/simmpi", prog, helper])
    run(["/usr/bin/smpicc", inc, "-o", out + "/smpi", prog, helper])
    traces = {}
    for name, smpirun, binary, cats in (
            ("A", "/usr/bin/smpirun", "smpi", False),
            ("B", "/usr/bin/smpirun", "smpi", True),
            ("C", os.path.join(build, "smpi", "smpirun"), "simmpi", True)):
        trace = os.path.join(out, name + ".trace")
        opts = ["--cfg=tracing/uncategorized:yes"] + (["--cfg=tracing/categorized:yes"] if cats
                                                       else [])
        run([smpirun, "-np", "2", "-platform", plat, "-hostfile", hosts, "-trace", "-trace-file",
             trace] + opts + FLAGS + [os.path.join(out, binary)])
        traces[name] = trace
    a, b, c = (series(traces[k]) for k in "ABC")
    bad = 0
    for key in sorted(k for k in a if k[1] in ("speed_used", "bandwidth_used")):
        same = len(a[key]) == len(c.get(key, [])) and all(
            near(x[0], y[0]) and near(x[1], y[1]) and near(x[2], y[2])
            for x, y in zip(a[key], c[key]))
        print("%-4s %s %s of simmpi = SMPI's uncategorized (%d segments)"
              % ("ok" if same else "DIFF", key[0], key[1], len(a[key])))
        bad |= not same
    for key in sorted(k for k in b if k[1] in ("speed_used", "bandwidth_used")):
        prefix = "p" if key[1] == "speed_used" else "b"
        cats = [k for k in c if k[0] == key[0] and k[1].startswith(prefix)
                and k[1] not in ("bandwidth", "bandwidth_used")]
        dates = sorted({s[0] for s in b[key]} | {s[0] for k in cats + [key] for s in c.get(k, [])})
        wrong = [t for t in dates
                 if not near(value_at(b[key], t),
                             value_at(c.get(key, []), t) + sum(value_at(c[k], t) for k in cats))]
        print("%-4s %s: SMPI's categorized %s = simmpi's %s + %s (%d dates)"
              % ("ok" if not wrong else "DIFF", key[0], key[1], key[1],
                 " + ".join(sorted(k[1] for k in cats)) or "nothing", len(dates)))
        bad |= bool(wrong)
    same = category_defs(traces["B"]) == category_defs(traces["C"])
    print("%-4s category types (name, parent, colour): %s"
          % ("ok" if same else "DIFF", "; ".join("%s under %s \"%s\"" % d
                                                 for d in category_defs(traces["C"]))))
    bad |= not same
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
