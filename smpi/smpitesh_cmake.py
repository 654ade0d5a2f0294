# smpitesh_cmake: smpitesh's reader of the CMake subset that SimGrid's SMPI CMakeLists.txt use:
# set, unset, list, string(REPLACE), if/elseif/else with SimGrid's conditions, foreach,
# include_directories, add_executable, add_library, set_target_properties, file(MAKE_DIRECTORY),
# and Tests.cmake's ADD_TESH and ADD_TESH_FACTORIES. It records the targets to build and the tesh
# runs, with their arguments as CMake registers them. Installed beside smpitesh's data; not a
# program of its own.
import os
import re
import sys

ALL_FACTORIES = "thread;boost;raw;ucontext"

# Why a configuration variable that is off keeps a run unregistered.
OFF_REASONS = {
    "enable_model-checking": "needs SimGrid's model checker (not built, as in Debian's package)",
    "SIMGRID_HAVE_MC": "needs SimGrid's model checker (not built, as in Debian's package)",
    "HAVE_PAPI": "needs PAPI counters (SimGrid built without PAPI, as in Debian's package)",
    "SMPI_FORTRAN": "needs a Fortran wrapper (no smpif90 found)",
}


def die(msg):
    print("smpitesh: " + msg, file=sys.stderr)
    sys.exit(2)


class _Scanner:
    """A position in CMake source, with its line number."""

    def __init__(self, text, path):
        self.text = text
        self.path = path
        self.i = 0
        self.line = 1

    def at_end(self):
        return self.i >= len(self.text)

    def skip_blanks(self):
        """Skips blanks, newlines and comments; returns the next character ('' at the end)."""
        t = self.text
        while self.i < len(t):
            c = t[self.i]
            if c == "\n":
                self.line += 1
            elif c == "#":
                while self.i < len(t) and t[self.i] != "\n":
                    self.i += 1
                continue
            elif c not in " \t\r":
                return c
            self.i += 1
        return ""

    def quoted(self):
        """A "..." argument (the scanner is on its opening quote)."""
        t = self.text
        j = self.i + 1
        word = []
        while j < len(t) and t[j] != '"':
            if t[j] == "\\" and j + 1 < len(t):
                word.append(t[j:j + 2])
                j += 2
                continue
            if t[j] == "\n":
                self.line += 1
            word.append(t[j])
            j += 1
        self.i = j + 1
        return "".join(word).replace('\\"', '"')

    def unquoted(self):
        """An unquoted argument; parentheses inside it nest."""
        t = self.text
        j = self.i
        depth = 0
        while j < len(t) and t[j] not in " \t\r\n\"#" and not (t[j] == ")" and depth == 0):
            depth += 1 if t[j] == "(" else -1 if t[j] == ")" else 0
            j += 1
        word = t[self.i:j]
        self.i = j
        return word


def tokenize(text, path):
    """Splits CMake source into commands: (name in lower case, [(word, quoted)], line)."""
    sc = _Scanner(text, path)
    ident = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
    cmds = []
    while sc.skip_blanks():
        m = ident.match(text, sc.i)
        if not m:
            die("%s:%d: cannot read '%s'" % (path, sc.line, text[sc.i:sc.i + 20].split("\n")[0]))
        name = m.group(0).lower()
        sc.i = m.end()
        start = sc.line
        if sc.skip_blanks() != "(":
            die("%s:%d: expected '(' after %s" % (path, start, name))
        sc.i += 1
        args = []
        while True:
            c = sc.skip_blanks()
            if not c:
                die("%s:%d: unterminated %s(" % (path, start, name))
            if c == ")":
                sc.i += 1
                break
            args.append((sc.quoted(), True) if c == '"' else (sc.unquoted(), False))
        cmds.append((name, args, start))
    return cmds


def build_tree(cmds, path):
    """Nests if/foreach blocks: ('cmd', name, args, line), ('if', [(args, body)], else, line),
    ('foreach', args, body, line)."""
    pos = 0

    def block(stops):
        nonlocal pos
        body = []
        while pos < len(cmds):
            name, args, line = cmds[pos]
            if name in stops:
                return body
            pos += 1
            if name == "if":
                branches = [(args, block(("elseif", "else", "endif")))]
                other = None
                while True:
                    if pos >= len(cmds):
                        die("%s:%d: if() without endif()" % (path, line))
                    stop, sargs, _ = cmds[pos]
                    pos += 1
                    if stop == "elseif":
                        branches.append((sargs, block(("elseif", "else", "endif"))))
                    elif stop == "else":
                        other = block(("endif",))
                    else:
                        break
                body.append(("if", branches, other, line))
            elif name == "foreach":
                inner = block(("endforeach",))
                if pos >= len(cmds):
                    die("%s:%d: foreach() without endforeach()" % (path, line))
                pos += 1
                body.append(("foreach", args, inner, line))
            else:
                body.append(("cmd", name, args, line))
        return body

    tree = block(())
    if pos != len(cmds):
        die("%s:%d: unexpected %s()" % (path, cmds[pos][2], cmds[pos][0]))
    return tree


FALSE_WORDS = {"", "0", "OFF", "NO", "FALSE", "N", "IGNORE", "NOTFOUND"}
TRUE_WORDS = {"1", "ON", "YES", "TRUE", "Y"}


def is_false_constant(text):
    up = text.upper()
    return up in FALSE_WORDS or up.endswith("-NOTFOUND")


class Target:
    def __init__(self, name, kind, sources, srcdir, bindir, includes, active):
        self.name = name
        self.kind = kind  # "exe" or "lib"
        self.sources = sources
        self.srcdir = srcdir
        self.outdir = bindir
        self.includes = list(includes)
        self.flags = ""
        self.suffix = ".so" if kind == "lib" else ""
        self.active = active

    def output(self):
        prefix = "lib" if self.kind == "lib" and self.suffix == ".so" else ""
        return os.path.join(self.outdir, prefix + self.name + self.suffix)


class Run:
    def __init__(self, name, tesh_args, cwd, reason, per_algorithm):
        self.name = name
        self.tesh_args = tesh_args
        self.cwd = cwd
        self.skip = reason  # None, or why the run is not run
        self.per_algorithm = per_algorithm
        self.verdict = None
        self.seconds = 0.0
        self.log = None


class CMakeReader:
    """Evaluates the CMake commands these files use; records targets and tesh runs. Branches that
    are not taken are still walked, in shadow mode, so that the runs they would register are
    listed with the condition that keeps them out."""

    def __init__(self, src, build, factories, config):
        self.src = src
        self.build = build
        self.factories = factories
        self.scopes = [dict(config)]
        self.scopes[0].update({"CMAKE_HOME_DIRECTORY": src, "CMAKE_BINARY_DIR": build,
                               "CMAKE_SOURCE_DIR": src})
        self.targets = {}
        self.runs = []
        self.shadow = []  # the conditions of the untaken branches being walked
        self.includes = []
        self.path = ""

    # Variables
    def get(self, name):
        return self.scopes[-1].get(name)

    def set(self, name, value, parent=False):
        scope = self.scopes[-2] if parent and len(self.scopes) > 1 else self.scopes[-1]
        if value is None:
            scope.pop(name, None)
        else:
            scope[name] = value

    def expand(self, text):
        ref = re.compile(r"\$\{([^${}]*)\}")
        while True:
            new = ref.sub(lambda m: self.get(m.group(1)) or "", text)
            if new == text:
                return new
            text = new

    def words(self, args):
        """Expanded arguments: an unquoted argument holding ';' is a list."""
        out = []
        for text, quoted in args:
            value = self.expand(text)
            if quoted:
                out.append(value)
            else:
                out.extend(w for w in value.split(";") if w != "")
        return out

    # Conditions of if()
    def condition(self, args, line):
        toks = [(self.expand(t), q) for t, q in args]
        pos = 0

        def peek():
            return toks[pos][0] if pos < len(toks) and not toks[pos][1] else None

        def value(tok):
            text, quoted = tok
            if not quoted and self.get(text) is not None:
                return self.get(text)
            return text

        def truth(tok):
            text, quoted = tok
            if text.upper() in TRUE_WORDS or re.fullmatch(r"-?[0-9.]+", text) and float(text) != 0:
                return True
            if is_false_constant(text):
                return False
            if quoted:
                return False
            v = self.get(text)
            return v is not None and not is_false_constant(v)

        def primary():
            nonlocal pos
            if pos >= len(toks):
                die("%s:%d: incomplete if() condition" % (self.path, line))
            if peek() == "(":
                pos += 1
                r = disjunction()
                pos += 1  # ')'
                return r
            if peek() == "DEFINED":
                pos += 2
                return self.get(toks[pos - 1][0]) is not None
            left = toks[pos]
            pos += 1
            op = peek()
            if op in ("STREQUAL", "MATCHES", "IN_LIST", "EQUAL"):
                right = toks[pos + 1]
                pos += 2
                if op == "STREQUAL":
                    return value(left) == value(right)
                if op == "EQUAL":
                    return float(value(left)) == float(value(right))
                if op == "MATCHES":
                    return re.search(right[0], value(left)) is not None
                return value(left) in (self.get(right[0]) or "").split(";")
            return truth(left)

        def negation():
            nonlocal pos
            if peek() == "NOT":
                pos += 1
                return not negation()
            return primary()

        def chain(op, operand, combine):
            """operand (op operand)*, every operand evaluated as CMake does."""
            nonlocal pos
            r = operand()
            while peek() == op:
                pos += 1
                r = combine(r, operand())
            return r

        def conjunction():
            return chain("AND", negation, lambda a, b: a and b)

        def disjunction():
            return chain("OR", conjunction, lambda a, b: a or b)

        return disjunction()

    # Evaluation
    def run_file(self, folder):
        path = os.path.join(self.src, folder, "CMakeLists.txt")
        with open(path, encoding="utf-8") as f:
            tree = build_tree(tokenize(f.read(), path), path)
        self.scopes.append(dict(self.scopes[-1]))
        self.set("CMAKE_CURRENT_SOURCE_DIR", os.path.join(self.src, folder))
        self.set("CMAKE_CURRENT_BINARY_DIR", os.path.join(self.build, folder))
        saved_includes, saved_path = self.includes, self.path
        self.includes, self.path = [], path
        self.execute(tree)
        self.includes, self.path = saved_includes, saved_path
        self.scopes.pop()

    def execute(self, body):
        for node in body:
            if node[0] == "if":
                self.run_if(node)
            elif node[0] == "foreach":
                self.run_foreach(node)
            else:
                self.command(node[1], node[2], node[3])

    def run_if(self, node):
        _, branches, other, line = node
        taken = False
        for args, body in branches:
            text = " ".join(t for t, _ in args)
            if not taken and self.condition(args, line):
                taken = True
                self.execute(body)
            else:
                self.walk_shadow(body, text if not taken else None)
        if other is not None:
            if taken:
                self.walk_shadow(other, None)
            else:
                self.execute(other)

    def walk_shadow(self, body, cond):
        """Walks an untaken branch; what it sets is undone afterwards."""
        saved = dict(self.scopes[-1])
        self.shadow.append(cond)
        self.execute(body)
        self.shadow.pop()
        self.scopes[-1].clear()
        self.scopes[-1].update(saved)

    def run_foreach(self, node):
        _, args, body, _ = node
        words = self.words(args)
        var, items = words[0], words[1:]
        if items[:2] == ["IN", "LISTS"]:
            items = [w for name in items[2:] for w in (self.get(name) or "").split(";") if w]
        elif items[:2] == ["IN", "ITEMS"]:
            items = items[2:]
        saved = self.get(var)
        for item in items:
            self.set(var, item)
            self.execute(body)
        self.set(var, saved)

    def shadow_reason(self):
        """Why the branch being walked is not taken, or None when every branch is taken."""
        if not self.shadow:
            return None
        for cond in self.shadow:
            if cond is None:
                return "not registered in this configuration (an else branch)"
            for var, why in OFF_REASONS.items():
                if re.search(r"(^|\W)" + re.escape(var) + r"($|\W)", cond):
                    return why
            return "not registered in this configuration (if(%s) is false)" % cond
        return None

    def command(self, name, args, line):
        w = self.words(args)
        if name == "set":
            if not w:
                return
            parent = "PARENT_SCOPE" in w[1:]
            vals = [x for x in w[1:] if x != "PARENT_SCOPE"]
            if "CACHE" in vals:
                vals = vals[:vals.index("CACHE")]
            self.set(w[0], ";".join(vals) if vals else None, parent)
        elif name == "unset":
            self.set(w[0], None)
        elif name == "list":
            cur = [x for x in (self.get(w[1]) or "").split(";") if x]
            if w[0] == "APPEND":
                cur += w[2:]
            elif w[0] == "REMOVE_ITEM":
                cur = [x for x in cur if x not in w[2:]]
            elif w[0] == "REMOVE_AT":
                drop = {int(x) % len(cur) for x in w[2:]} if cur else set()
                cur = [x for k, x in enumerate(cur) if k not in drop]
            self.set(w[1], ";".join(cur))
        elif name == "string" and w and w[0] == "REPLACE":
            self.set(w[3], "".join(w[4:]).replace(w[1], w[2]))
        elif name == "include_directories":
            dirs = [x for x in w if x not in ("BEFORE", "AFTER", "SYSTEM")]
            self.includes = dirs + self.includes if "BEFORE" in w else self.includes + dirs
        elif name in ("add_executable", "add_library"):
            self.add_target(name, w)
        elif name == "set_target_properties":
            k = w.index("PROPERTIES")
            for t in w[:k]:
                props = dict(zip(w[k + 1::2], w[k + 2::2]))
                tg = self.targets.get(t)
                if tg is None:
                    continue
                tg.outdir = props.get("RUNTIME_OUTPUT_DIRECTORY", tg.outdir)
                tg.flags = props.get("COMPILE_FLAGS", tg.flags)
                tg.suffix = props.get("SUFFIX", tg.suffix)
        elif name == "file" and w and w[0] == "MAKE_DIRECTORY":
            if not self.shadow:
                for d in w[1:]:
                    os.makedirs(d, exist_ok=True)
        elif name == "add_tesh":
            self.add_run(w[0], w[1:])
        elif name == "add_tesh_factories":
            self.add_factory_runs(w)

    def add_target(self, cmd, w):
        name = w[0]
        rest = [x for x in w[1:] if x not in ("EXCLUDE_FROM_ALL", "WIN32", "SHARED", "STATIC",
                                               "MODULE")]
        srcdir = self.get("CMAKE_CURRENT_SOURCE_DIR")
        kind = "lib" if cmd == "add_library" else "exe"
        outdir = (os.path.join(self.build, "lib") if kind == "lib"
                  else self.get("CMAKE_CURRENT_BINARY_DIR"))
        sources = [s if os.path.isabs(s) else os.path.join(srcdir, s) for s in rest]
        self.targets[name] = Target(name, kind, sources, srcdir, outdir, self.includes,
                                    not self.shadow)

    def add_factory_runs(self, w):
        name, spec = w[0], w[1]
        rest = w[1 + len([x for x in spec.split(";") if x]):]
        known = ALL_FACTORIES.split(";")
        if spec == "*":
            chosen = list(known)
        elif spec.startswith("^"):
            chosen = [f for f in known if f not in spec[1:].split(";")]
        else:
            chosen = spec.split(";")
        for f in chosen:
            if f in self.factories:
                self.add_run("%s-%s" % (name, f), ["--cfg", "contexts/factory:" + f] + rest)

    def add_run(self, name, args):
        reason = self.shadow_reason()
        # A per-algorithm collective run forces one algorithm and is named after it.
        per_algo = any(args[k] == "--cfg" and re.fullmatch(r"smpi/[a-z_]+:(\S+)", args[k + 1])
                       and name.endswith("-" + args[k + 1].split(":", 1)[1])
                       for k in range(len(args) - 1))
        self.runs.append(Run(name, args, self.get("CMAKE_CURRENT_BINARY_DIR"), reason, per_algo))
