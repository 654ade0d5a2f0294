#!/usr/bin/env python3
"""gen-fortran: writes the Fortran side of simmpi from include/mpi.h.

  smpi/fortran/fortran_bindings.c  one Fortran binding per MPI function (mpi_send_, mpi_send__, mpi_send,
                           MPI_SEND and the pmpi_ twins) converting integer handles, statuses,
                           character arguments (hidden lengths) and the special addresses
  smpi/fortran/fortran_handles.c   the predefined handles in the order of their Fortran integers
  include/mpif.h           the constants, for fixed and free form (the mpi module includes it)

Run from the top of the tree and commit the result (`make fortran-gen` does both):
    python3 smpi/fortran/gen-fortran.py
Functions it cannot map (callbacks, argv lists, the tool interface, attribute values) are listed
in EXCLUDED with the reason; they have no Fortran binding.
"""
import re
import sys

# include/mpi.h with the pieces it includes (include/smpi/mpi_calls_*.h) in place
header = re.sub(r"#include <(smpi/mpi_calls_\w+\.h)>.*",
                lambda m: open("include/" + m.group(1)).read(), open("include/mpi.h").read())
decls = re.findall(r"SMPI_FN\(\s*([^,]+?)\s*,\s*(\w+)\s*,\s*\((.*?)\)\)\s*$", header, re.S | re.M)

# Handle kinds: C type -> the name of its c2f/f2c pair.
HANDLES = {"MPI_Comm": "Comm", "MPI_Datatype": "Type", "MPI_Group": "Group", "MPI_Info": "Info",
           "MPI_Request": "Request", "MPI_Op": "Op", "MPI_Errhandler": "Errhandler",
           "MPI_Win": "Win", "MPI_File": "File", "MPI_Message": "Message",
           "MPI_Session": "Session"}
SCALARS = {"int": "MPI_Fint", "MPI_Aint": "MPI_Aint", "MPI_Offset": "MPI_Offset",
           "MPI_Count": "MPI_Count", "double": "double"}
HAND_WRITTEN = {"Init", "Init_thread", "Wtime", "Wtick", "Info_create_env", "Info_get_string",
                # smpi/fortran/fortran_callbacks.c
                "Comm_create_keyval", "Type_create_keyval", "Win_create_keyval", "Keyval_create",
                "Comm_get_attr", "Attr_get", "Type_get_attr", "Win_get_attr", "Comm_set_attr",
                "Attr_put", "Type_set_attr", "Win_set_attr", "Op_create",
                "Comm_create_errhandler", "Errhandler_create", "Win_create_errhandler",
                "File_create_errhandler", "Alltoallw", "Ialltoallw", "Grequest_start",
                # smpi/fortran/fortran_spawn.c (argv lists of CHARACTER arrays)
                "Comm_spawn", "Comm_spawn_multiple"}
EXCLUDED_PREFIX = ("T_",)
EXCLUDED_WHY = {
    "function": "takes a C callback (needs a Fortran trampoline)",
    "argv": "takes a C argv list",
    "c2f": "C-only conversion",
    "attr": "attribute values are C pointers",
    "tool": "tool interface (MPI_T_) has no Fortran binding in MPI-3.1",
    "pcontrol": "variadic",
}
EXCLUDED = {}
# Length of an array argument: the first integer argument with one of these names.
LENGTH_NAMES = ["count", "incount", "n", "outcount", "max_datatypes", "ndims", "size"]


def parse_param(p):
    p = " ".join(p.split())
    const = p.startswith("const ")
    if const:
        p = p[6:]
    # int ranges[][3] (MPI_Group_range_incl) is an INTEGER array for Fortran too
    m = re.match(r"(\w+)\s*(\**)\s*(\w+)\s*(\[\])?(\[\d+\])?$", p)
    if not m:
        return None
    ctype, stars, name, arr, dim2 = m.groups()
    return {"type": ctype, "ptr": len(stars) + (1 if arr else 0), "arr": bool(arr),
            "name": name, "const": const, "dim2": dim2}


def exclusion(name, params, ret):
    if name.startswith(EXCLUDED_PREFIX):
        return "tool"
    if name.endswith(("_c2f", "_f2c")):
        return "c2f"
    if name == "Pcontrol":
        return "pcontrol"
    for p in params:
        if p is None:
            return "argument"
        if p["type"].endswith(("_function", "_fn")) or p["type"] == "MPI_User_function":
            return "function"
        if p["type"] == "char" and p["ptr"] > 1:
            return "argv"
    if ret not in ("int",):
        return "function" if ret not in SCALARS else None
    return None


# MPI-1 functions whose address arguments are default INTEGERs in Fortran (MPI-1 bindings).
INT_ADDRESS = {"Address", "Type_extent", "Type_lb", "Type_ub", "Type_hvector", "Type_hindexed",
               "Type_struct"}


class Gen:
    def __init__(self, name, params):
        self.name = name
        self.params = params
        self.fargs = []   # Fortran-visible C parameters
        self.hidden = []  # hidden lengths
        self.pre = []
        self.post = []
        self.call = []

    def length_of(self, idx):
        ints = [p for p in self.params[:idx] if p["type"] == "int" and p["ptr"] == 0]
        for want in LENGTH_NAMES:
            for p in ints:
                if p["name"] == want:
                    return "*" + p["name"]
        return None

    def build(self):
        for i, p in enumerate(self.params):
            t, n, ptr = p["type"], p["name"], p["ptr"]
            if t == "MPI_Aint" and self.name in INT_ADDRESS:
                if ptr == 0:
                    self.fargs.append("MPI_Fint *" + n)
                    self.call.append("(MPI_Aint)*" + n)
                elif p["arr"]:
                    ln = self.length_of(i)
                    self.fargs.append("MPI_Fint *" + n)
                    self.pre.append("int l_%s = %s > 0 ? %s : 0;" % (n, ln, ln))
                    self.pre.append("MPI_Aint *c_%s = smpi__fcalloc(l_%s, sizeof(MPI_Aint));" % (n, n))
                    self.pre.append("for (int i = 0; i < l_%s; i++)\n        c_%s[i] = %s[i];" % (n, n, n))
                    self.call.append("c_" + n)
                    self.post.append("free(c_%s);" % n)
                else:
                    self.fargs.append("MPI_Fint *" + n)
                    self.pre.append("MPI_Aint c_%s = 0;" % n)
                    self.call.append("&c_" + n)
                    self.post.append("*%s = (MPI_Fint)c_%s;" % (n, n))
                continue
            if t == "void" and ptr == 1:
                self.fargs.append("void *" + n)
                self.call.append("smpi__fbuf(%s)" % n)
            elif t in SCALARS and ptr == 0:
                self.fargs.append("%s *%s" % (SCALARS[t], n))
                self.call.append("*" + n)
            elif t == "int" and n == "index" and ptr == 1:
                # Fortran indices start at 1
                self.fargs.append("MPI_Fint *" + n)
                self.call.append(n)
                self.post.append("if (err == MPI_SUCCESS && *%s >= 0)\n        (*%s)++;" % (n, n))
            elif t == "int" and n == "array_of_indices":
                self.fargs.append("MPI_Fint *" + n)
                self.call.append(n)
                self.post.append("for (int i = 0; err == MPI_SUCCESS && *outcount != MPI_UNDEFINED && "
                                 "i < *outcount; i++)\n        %s[i]++;" % n)
            elif t == "int" and ptr == 1 and n.endswith("weights"):
                # MPI_UNWEIGHTED and MPI_WEIGHTS_EMPTY are members of mpif.h's COMMON block
                self.fargs.append("MPI_Fint *" + n)
                self.call.append("smpi__fweights(%s)" % n)
            elif t in SCALARS and ptr == 1:
                self.fargs.append("%s *%s" % (SCALARS[t], n))
                self.call.append("(%s(*)%s)%s" % (t, p["dim2"], n) if p["dim2"] else n)
            elif t in HANDLES and ptr == 0:
                self.fargs.append("MPI_Fint *" + n)
                self.call.append("PMPI_%s_f2c(*%s)" % (HANDLES[t], n))
            elif t in HANDLES and ptr == 1 and not p["arr"]:
                self.fargs.append("MPI_Fint *" + n)
                self.pre.append("%s c_%s = PMPI_%s_f2c(*%s);" % (t, n, HANDLES[t], n))
                self.call.append("&c_" + n)
                if not p["const"]:
                    self.post.append("*%s = PMPI_%s_c2f(c_%s);" % (n, HANDLES[t], n))
            elif t in HANDLES and p["arr"]:
                ln = self.length_of(i)
                if ln is None:
                    return False
                self.fargs.append("MPI_Fint *" + n)
                self.pre.append("int l_%s = %s > 0 ? %s : 0;" % (n, ln, ln))
                self.pre.append("%s *c_%s = smpi__fcalloc(l_%s, sizeof(%s));" % (t, n, n, t))
                self.pre.append("for (int i = 0; i < l_%s; i++)\n        c_%s[i] = PMPI_%s_f2c(%s[i]);"
                                % (n, n, HANDLES[t], n))
                self.call.append("c_" + n)
                if not p["const"]:
                    self.post.append("for (int i = 0; i < l_%s; i++)\n        %s[i] = PMPI_%s_c2f(c_%s[i]);"
                                     % (n, n, HANDLES[t], n))
                self.post.append("free(c_%s);" % n)
            elif t == "MPI_Status" and not p["arr"]:
                self.fargs.append("MPI_Fint *" + n)
                self.pre.append("MPI_Status s_%s, *c_%s = smpi__fstatus_in(%s, &s_%s);" % (n, n, n, n))
                self.call.append("c_" + n)
                if not p["const"]:
                    self.post.append("smpi__fstatus_out(c_%s, %s);" % (n, n))
            elif t == "MPI_Status" and p["arr"]:
                ln = self.length_of(i)
                if ln is None:
                    return False
                self.fargs.append("MPI_Fint *" + n)
                self.pre.append("MPI_Status *c_%s = smpi__fstatuses_in(%s, %s);" % (n, n, ln))
                self.call.append("c_" + n)
                self.post.append("smpi__fstatuses_out(c_%s, %s, %s);" % (n, n, ln))
            elif t == "char" and ptr == 1:
                self.fargs.append("char *" + n)
                self.hidden.append("size_t len_" + n)
                if p["const"]:
                    self.pre.append("char *c_%s = smpi__fstr_in(%s, len_%s, %d);"
                                    % (n, n, n, self.name.startswith("Info_")))
                    self.post.append("free(c_%s);" % n)
                else:
                    self.pre.append("char *c_%s = smpi__fstr_buf(%s, len_%s);" % (n, n, n))
                    self.post.append("smpi__fstr_out(c_%s, %s, len_%s);" % (n, n, n))
                    self.post.append("free(c_%s);" % n)
                self.call.append("c_" + n)
            else:
                return False
        return True


def emit(out, name, ret, g):
    low = "mpi_" + name.lower()
    args = g.fargs + ([] if ret != "int" else ["MPI_Fint *ierr"]) + g.hidden
    cret = "void" if ret == "int" else SCALARS[ret]
    out.write("\nSMPI_API %s p%s_(%s)\n{\n" % (cret, low, ", ".join(args) or "void"))
    for line in g.pre:
        out.write("    " + line + "\n")
    callexpr = "PMPI_%s(%s)" % (name, ", ".join(g.call))
    if ret == "int":
        out.write("    int err = %s;\n" % callexpr)
    else:
        out.write("    %s r = %s;\n" % (cret, callexpr))
    for line in g.post:
        out.write("    " + line + "\n")
    out.write("    *ierr = err;\n}\n" if ret == "int" else "    return r;\n}\n")
    aliases(out, low, cret, args)


def aliases(out, low, cret, args):
    """The other spellings a Fortran compiler may use, and the profiling twins."""
    for alias in (low + "_", low + "__", low, low.upper(), "p" + low + "__", "p" + low,
                  "P" + low.upper()):
        out.write("#pragma weak %s = p%s_\n" % (alias, low))


def bindings():
    out = open("smpi/fortran/fortran_bindings.c", "w")
    out.write("""/* fortran_bindings: the Fortran 77/90 bindings of every MPI function that has a mapping (see
 * smpi/fortran/gen-fortran.py for the excluded ones). Generated by smpi/fortran/gen-fortran.py from include/mpi.h;
 * do not edit, regenerate with `make fortran-gen`. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>

#include "smpi/fortran/fortran.h"
""")
    n = 0
    seen = set()
    for ret, name, params in decls:
        ret = " ".join(ret.split())
        if name in seen or name in HAND_WRITTEN:
            continue
        seen.add(name)
        plist = [] if params.strip() == "void" else [parse_param(x) for x in params.split(",")]
        why = exclusion(name, plist, ret)
        if why is None:
            g = Gen(name, plist)
            if not g.build():
                why = "argument"
        if why:
            EXCLUDED[name] = why
            continue
        emit(out, name, ret, g)
        n += 1
    out.write("\n/* Hand-written: MPI_Init takes no argc/argv in Fortran; MPI_Wtime is a function. */\n")
    out.write("""SMPI_API void pmpi_init_(MPI_Fint *ierr)
{
    *ierr = PMPI_Init(NULL, NULL);
}
""")
    aliases(out, "mpi_init", "void", ["MPI_Fint *ierr"])
    out.write("""
SMPI_API void pmpi_init_thread_(MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierr)
{
    *ierr = PMPI_Init_thread(NULL, NULL, *required, provided);
}
""")
    aliases(out, "mpi_init_thread", "void", ["MPI_Fint *required", "MPI_Fint *provided", "MPI_Fint *ierr"])
    out.write("""
/* MPI_Info_create_env takes no argc/argv in Fortran; MPI_Info_get_string's buflen counts no
 * terminating null there (MPI-4.0 section 10.2): n characters fit a buffer of n, and the length
 * returned is the value's. */
SMPI_API void pmpi_info_create_env_(MPI_Fint *info, MPI_Fint *ierr)
{
    MPI_Info c_info = MPI_INFO_NULL;

    *ierr = PMPI_Info_create_env(0, NULL, &c_info);
    *info = PMPI_Info_c2f(c_info);
}
""")
    aliases(out, "mpi_info_create_env", "void", ["MPI_Fint *info", "MPI_Fint *ierr"])
    out.write("""
SMPI_API void pmpi_info_get_string_(MPI_Fint *info, char *key, MPI_Fint *buflen, char *value,
                                    MPI_Fint *flag, MPI_Fint *ierr, size_t len_key,
                                    size_t len_value)
{
    char *c_key = smpi__fstr_in(key, len_key, 1);
    char *c_value = smpi__fstr_buf(value, len_value);
    int c_buflen = *buflen <= 0 ? 0 : (*buflen < (int)len_value ? *buflen : (int)len_value) + 1;

    *ierr = PMPI_Info_get_string(PMPI_Info_f2c(*info), c_key, &c_buflen, c_value, flag);
    free(c_key);
    if (*ierr == MPI_SUCCESS && *flag)
        *buflen = c_buflen - 1;
    smpi__fstr_out(c_value, value, len_value);
    free(c_value);
}
""")
    aliases(out, "mpi_info_get_string", "void",
            ["MPI_Fint *info", "char *key", "MPI_Fint *buflen", "char *value", "MPI_Fint *flag",
             "MPI_Fint *ierr", "size_t len_key", "size_t len_value"])
    for f in ("wtime", "wtick"):
        out.write("\nSMPI_API double pmpi_%s_(void)\n{\n    return PMPI_W%s();\n}\n" % (f, f[1:]))
        aliases(out, "mpi_" + f, "double", [])
    out.write("\n/* Not bound (%d): %s */\n" % (len(EXCLUDED), ", ".join(
        "MPI_%s (%s)" % (k, EXCLUDED_WHY.get(v, "argument not mapped")) for k, v in sorted(EXCLUDED.items()))))
    out.close()
    sys.stderr.write("gen-fortran: %d bindings, %d not bound\n" % (n + 6, len(EXCLUDED)))


def defines():
    d = {}
    for m in re.finditer(r"^#define (MPI_\w+) (.+?)\s*$", header, re.M):
        d[m.group(1)] = m.group(2)
    return d


def predefined():
    """(kind, name, C object) of every predefined handle, in the order of the Fortran integers."""
    d = defines()
    res = []
    for k, v in d.items():
        m = re.match(r"\(&smpi_mpi_(\w+)\)$", v)
        if not m:
            continue
        obj = "smpi_mpi_" + m.group(1)
        kind = None
        if re.search(r"struct smpi_comm %s;" % obj, header): kind = "Comm"
        elif re.search(r"struct smpi_datatype", header) and ("SMPI_DECLARE_TYPE(%s)" % m.group(1)) in header: kind = "Type"
        elif re.search(r"struct smpi_op %s;" % obj, header): kind = "Op"
        elif re.search(r"struct smpi_errhandler %s;" % obj, header): kind = "Errhandler"
        elif re.search(r"struct smpi_group %s;" % obj, header): kind = "Group"
        elif re.search(r"struct smpi_info %s;" % obj, header): kind = "Info"
        elif re.search(r"struct smpi_message %s;" % obj, header): kind = "Message"
        if kind:
            res.append((kind, k, obj))
    return res


def handles_c(pre):
    out = open("smpi/fortran/fortran_handles.c", "w")
    out.write("""/* fortran_handles: the predefined handles in the order of their Fortran integers (include/mpif.h):
 * handles.c gives them the integers 1, 2, ... of their kind before any other. Generated by
 * smpi/fortran/gen-fortran.py from include/mpi.h; do not edit. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "smpi/fortran/fortran.h"
""")
    for kind in sorted(set(k for k, _, _ in pre)):
        objs = [o for k, _, o in pre if k == kind]
        out.write("\nvoid *const smpi__fpredef_%s[] = {\n" % kind.lower())
        seen = []
        for o in objs:
            if o not in seen:
                seen.append(o)
                out.write("    &%s,\n" % o)
        out.write("    NULL,\n};\n")
    out.close()


def fixed(line):
    """Splits a statement into lines valid in both fixed and free form: at most 72 columns, a
    continued line ends with '&' in column 73 (ignored in fixed form) and the next one has '&' in
    column 6."""
    parts = []
    while line:
        parts.append(line[:66])
        line = line[66:]
    res = []
    for i, part in enumerate(parts):
        text = ("      " if i == 0 else "     &") + part
        if i < len(parts) - 1:
            text = text.ljust(72) + "&"
        res.append(text)
    return "\n".join(res) + "\n"


def constants(pre):
    """(name, value) of every integer constant of mpif.h, handles included (gen-f08.py too)."""
    d = defines()
    ints = []
    for k, v in d.items():
        if k.startswith("MPI_T_") and "ERR" not in k:
            continue
        vv = v.strip("()")
        if re.fullmatch(r"-?\d+", vv):
            ints.append((k, int(vv)))
    # Handles: integers from the predefined order; null handles are 0.
    index = {}
    for kind, name, obj in pre:
        objs = index.setdefault(kind, [])
        if obj not in objs:
            objs.append(obj)
        ints.append((name, objs.index(obj) + 1))
    for k, v in d.items():
        if re.fullmatch(r"\(\(MPI_\w+\)0\)", v) and not k.startswith("MPI_T_"):
            ints.append((k, 0))
        elif v == "MPI_DATATYPE_NULL":
            ints.append((k, 0))
    ints.append(("MPI_STATUS_SIZE", int(d["MPI_F_STATUS_SIZE"])))
    ints.append(("MPI_SOURCE", int(d["MPI_F_SOURCE"]) + 1))
    ints.append(("MPI_TAG", int(d["MPI_F_TAG"]) + 1))
    ints.append(("MPI_ERROR", int(d["MPI_F_ERROR"]) + 1))
    ints.append(("MPI_ADDRESS_KIND", 8))
    ints.append(("MPI_OFFSET_KIND", 8))
    ints.append(("MPI_COUNT_KIND", 8))
    ints.append(("MPI_INTEGER_KIND", 4))
    return ints


def mpif(pre):
    ints = constants(pre)
    out = open("include/mpif.h", "w")
    out.write("! mpif.h: the MPI constants of simmpi for Fortran (fixed and free form). Generated by\n"
              "! smpi/fortran/gen-fortran.py from include/mpi.h; do not edit.\n")
    names = set()
    for k, v in ints:
        if k in names or k in ("MPI_STATUS_IGNORE", "MPI_STATUSES_IGNORE"):
            continue
        names.add(k)
        # MPI-3.1 section 13.3: INTEGER(KIND=MPI_OFFSET_KIND), passed where the binding reads 8 bytes
        out.write(fixed("%s %s" % ("INTEGER*8" if k == "MPI_DISPLACEMENT_CURRENT" else "INTEGER", k)))
        out.write(fixed("PARAMETER (%s=%d)" % (k, v)))
    out.write(fixed("DOUBLE PRECISION MPI_WTIME, MPI_WTICK, PMPI_WTIME, PMPI_WTICK"))
    out.write(fixed("EXTERNAL MPI_WTIME, MPI_WTICK, PMPI_WTIME, PMPI_WTICK"))
    # MPI-3.1 section 17.1.5: mpif.h declares the address functions' result kind too
    out.write(fixed("INTEGER(KIND=MPI_ADDRESS_KIND) MPI_AINT_ADD, MPI_AINT_DIFF"))
    out.write(fixed("INTEGER(KIND=MPI_ADDRESS_KIND) PMPI_AINT_ADD, PMPI_AINT_DIFF"))
    out.write(fixed("EXTERNAL MPI_AINT_ADD, MPI_AINT_DIFF, PMPI_AINT_ADD, PMPI_AINT_DIFF"))
    callbacks = ["MPI_%s_%s" % (o, f) for o in ("COMM", "TYPE", "WIN")
                 for f in ("NULL_COPY_FN", "DUP_FN", "NULL_DELETE_FN")]
    callbacks += ["MPI_NULL_COPY_FN", "MPI_DUP_FN", "MPI_NULL_DELETE_FN"]
    out.write(fixed("EXTERNAL " + ", ".join(callbacks)))
    out.write("! Special addresses: the bindings recognise this block's members by address.\n")
    out.write(fixed("INTEGER MPI_BOTTOM, MPI_IN_PLACE, MPI_ERRCODES_IGNORE(1)"))
    out.write(fixed("INTEGER MPI_STATUS_IGNORE(MPI_STATUS_SIZE)"))
    out.write(fixed("INTEGER MPI_STATUSES_IGNORE(MPI_STATUS_SIZE,1)"))
    out.write(fixed("INTEGER MPI_UNWEIGHTED(1), MPI_WEIGHTS_EMPTY(1)"))
    out.write(fixed("COMMON /SMPI_FSPECIAL/ MPI_BOTTOM, MPI_IN_PLACE, MPI_STATUS_IGNORE, "
                    "MPI_STATUSES_IGNORE, MPI_ERRCODES_IGNORE, MPI_UNWEIGHTED, MPI_WEIGHTS_EMPTY"))
    out.write(fixed("SAVE /SMPI_FSPECIAL/"))
    out.write(fixed("CHARACTER*1 MPI_ARGV_NULL(1), MPI_ARGVS_NULL(1,1)"))
    out.write(fixed("COMMON /SMPI_FSPECIALC/ MPI_ARGV_NULL, MPI_ARGVS_NULL"))
    out.write(fixed("SAVE /SMPI_FSPECIALC/"))
    out.close()


if __name__ == "__main__":
    pre = predefined()
    bindings()
    handles_c(pre)
    mpif(pre)
