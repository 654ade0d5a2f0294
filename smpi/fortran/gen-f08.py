#!/usr/bin/env python3
"""gen-f08: writes the Fortran 2008 bindings of simmpi (the mpi_f08 module) from include/mpi.h,
with the parser and the constants of gen-fortran.py:

  include/mpi_f08.f90                  the module: handle types (TYPE(MPI_Comm), ... with their
                                       INTEGER MPI_VAL), TYPE(MPI_Status), the constants, == and
                                       /= on handles, and one BIND(C) interface per procedure
  smpi/fortran/fortran_f08_large.c     the C side of the large-count procedures (gen_f08_large.py)
  smpi/fortran/fortran_f08_bindings.c  the C glue those interfaces call: it takes the descriptor
                                       of each TYPE(*), DIMENSION(..) buffer and of each
                                       CHARACTER(LEN=*), calls the Fortran 77 binding of the
                                       function (smpi/fortran/fortran_bindings.c) and stores the
                                       error code only when IERROR is present

A handle of mpi_f08 is a BIND(C) type holding the Fortran integer of the handle, and
TYPE(MPI_Status) has the layout of the Fortran 77 status, so both are passed by reference to the
Fortran 77 bindings unchanged. Buffers go through smpi__f08buf_in (smpi/fortran/fortran_f08.c).

Run from the top of the tree and commit the result (`make fortran-gen` runs both generators):
    python3 smpi/fortran/gen-f08.py
"""
import importlib.util
import os
import re
import sys

import gen_f08_large as gl

_spec = importlib.util.spec_from_file_location(
    "gen_fortran", os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen-fortran.py"))
gf = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gf)

# C handle type -> the Fortran type of mpi_f08 (the same name) and the kind gen-fortran uses.
HANDLE_TYPES = dict(gf.HANDLES)
KIND_TYPE = {v: k for k, v in HANDLE_TYPES.items()}
# Integer arguments that are LOGICAL in Fortran.
LOGICALS = {"flag", "weighted", "commute", "reorder", "periods", "remain_dims"}
# void * arguments that are TYPE(C_PTR) (an address the call returns), not choice buffers.
C_PTRS = {"baseptr", "buffer_addr"}
# Choice buffers whose address is what the call takes (never copied, contiguous or not).
ADDRESSES = {"location", "base"}
KINDS = {"MPI_Aint": "integer(MPI_ADDRESS_KIND)", "MPI_Offset": "integer(MPI_OFFSET_KIND)",
         "MPI_Count": "integer(MPI_COUNT_KIND)", "double": "double precision", "int": "integer"}
# Bound by hand in Fortran 77 with these C-side arguments (the argc/argv of MPI_Init are not
# Fortran's; attribute values are INTEGER(KIND=MPI_ADDRESS_KIND)).
HAND_PARAMS = {
    "Init": [],
    "Init_thread": ["int required", "int *provided"],
    "Info_create_env": ["MPI_Info *info"],
    "Comm_get_attr": ["MPI_Comm comm", "int comm_keyval", "MPI_Aint *attribute_val", "int *flag"],
    "Type_get_attr": ["MPI_Datatype datatype", "int type_keyval", "MPI_Aint *attribute_val",
                      "int *flag"],
    "Win_get_attr": ["MPI_Win win", "int win_keyval", "MPI_Aint *attribute_val", "int *flag"],
    "Comm_set_attr": ["MPI_Comm comm", "int comm_keyval", "MPI_Aint attribute_val"],
    "Type_set_attr": ["MPI_Datatype datatype", "int type_keyval", "MPI_Aint attribute_val"],
    "Win_set_attr": ["MPI_Win win", "int win_keyval", "MPI_Aint attribute_val"],
}
# Bound by hand in Fortran 77 and taking procedures: "@INTERFACE name" is a procedure argument of
# that abstract interface (ABSTRACT below). A BIND(C) interface cannot take a procedure, so these
# are generic names whose specific procedure MPI_<Name>_f08 is an ordinary external one (the C
# glue is mpi_<name>_f08_, gfortran's name for it); the procedures are passed on as they are,
# since the Fortran 2008 callbacks take their arguments as the Fortran 77 ones do (handles are
# BIND(C) types of one INTEGER; MPI_User_function's TYPE(C_PTR), VALUE is a buffer's address).
PROC_PARAMS = {
    "Comm_create_keyval": ["@MPI_Comm_copy_attr_function comm_copy_attr_fn",
                           "@MPI_Comm_delete_attr_function comm_delete_attr_fn",
                           "int *comm_keyval", "MPI_Aint extra_state"],
    "Type_create_keyval": ["@MPI_Type_copy_attr_function type_copy_attr_fn",
                           "@MPI_Type_delete_attr_function type_delete_attr_fn",
                           "int *type_keyval", "MPI_Aint extra_state"],
    "Win_create_keyval": ["@MPI_Win_copy_attr_function win_copy_attr_fn",
                          "@MPI_Win_delete_attr_function win_delete_attr_fn",
                          "int *win_keyval", "MPI_Aint extra_state"],
    "Op_create": ["@MPI_User_function user_fn", "int commute", "MPI_Op *op"],
    "Comm_create_errhandler": ["@MPI_Comm_errhandler_function comm_errhandler_fn",
                               "MPI_Errhandler *errhandler"],
    "Win_create_errhandler": ["@MPI_Win_errhandler_function win_errhandler_fn",
                              "MPI_Errhandler *errhandler"],
    "File_create_errhandler": ["@MPI_File_errhandler_function file_errhandler_fn",
                               "MPI_Errhandler *errhandler"],
    "Grequest_start": ["@MPI_Grequest_query_function query_fn",
                       "@MPI_Grequest_free_function free_fn",
                       "@MPI_Grequest_cancel_function cancel_fn", "MPI_Aint extra_state",
                       "MPI_Request *request"],
}
# The callbacks' abstract interfaces (MPI-3.1 section 17.1.2 and A.4): name -> (dummy arguments,
# their declarations).
ABSTRACT = {
    "MPI_User_function": ("invec, inoutvec, len, datatype",
                          ["type(c_ptr), value :: invec, inoutvec", "integer :: len",
                           "type(MPI_Datatype) :: datatype"]),
    "MPI_Grequest_query_function": ("extra_state, status, ierror",
                                    ["integer(MPI_ADDRESS_KIND) :: extra_state",
                                     "type(MPI_Status) :: status", "integer :: ierror"]),
    "MPI_Grequest_free_function": ("extra_state, ierror",
                                   ["integer(MPI_ADDRESS_KIND) :: extra_state",
                                    "integer :: ierror"]),
    "MPI_Grequest_cancel_function": ("extra_state, complete, ierror",
                                     ["integer(MPI_ADDRESS_KIND) :: extra_state",
                                      "logical :: complete", "integer :: ierror"]),
}
for _o in ("Comm", "Type", "Win"):
    _h = "MPI_Datatype" if _o == "Type" else "MPI_" + _o
    _n = "datatype" if _o == "Type" else _o.lower()
    _k = _o.lower() + "_keyval"
    ABSTRACT["MPI_%s_copy_attr_function" % _o] = (
        "old%s, %s, extra_state, attribute_val_in, attribute_val_out, flag, ierror" % (_n, _k),
        ["type(%s) :: old%s" % (_h, _n), "integer :: %s, ierror" % _k,
         "integer(MPI_ADDRESS_KIND) :: extra_state, attribute_val_in, attribute_val_out",
         "logical :: flag"])
    ABSTRACT["MPI_%s_delete_attr_function" % _o] = (
        "%s, %s, attribute_val, extra_state, ierror" % (_n, _k),
        ["type(%s) :: %s" % (_h, _n), "integer :: %s, ierror" % _k,
         "integer(MPI_ADDRESS_KIND) :: attribute_val, extra_state"])
for _o in ("Comm", "Win", "File"):
    ABSTRACT["MPI_%s_errhandler_function" % _o] = (
        "%s, error_code" % _o.lower(), ["type(MPI_%s) :: %s" % (_o, _o.lower()),
                                        "integer :: error_code"])
# The predefined callbacks (Fortran 77 procedures of fortran_callbacks.c): interface -> names.
PREDEFINED_FN = {"MPI_%s_%s_attr_function" % (o, k): ["MPI_%s_%s" % (o.upper(), f) for f in fns]
                 for o in ("Comm", "Type", "Win")
                 for k, fns in (("copy", ("NULL_COPY_FN", "DUP_FN")), ("delete", ("NULL_DELETE_FN",)))}
# Hand-written Fortran 77 bindings whose C declaration maps as it is.
HAND_AS_DECLARED = {"Info_get_string", "Alltoallw", "Ialltoallw", "Comm_spawn",
                    "Comm_spawn_multiple"}
# Their C side written by hand too (smpi/fortran/fortran_spawn.c: mpi_f08 keeps the leading
# blanks of the strings, which the Fortran 77 binding strips).
HAND_GLUE = {"Comm_spawn", "Comm_spawn_multiple"}
# Not in mpi_f08: the MPI-1 functions removed in MPI-3.0 (their addresses are INTEGERs) and the
# deprecated attribute calls (MPI-3.1 section 17.2.1 gives them no mpi_f08 binding).
REMOVED = gf.INT_ADDRESS | {"Attr_get", "Attr_put", "Attr_delete", "Keyval_free", "Errhandler_get",
                            "Errhandler_set"}
# Nonblocking calls and one-sided communication: their buffers are ASYNCHRONOUS (MPI-3.1 section
# 17.1.2) and used after the call returns, so never copied.
ASYNC = re.compile(r"^(I[a-z].*|R(get|put|accumulate|get_accumulate)|Get|Put|Accumulate|"
                   r"Get_accumulate|Fetch_and_op|Compare_and_swap|.*_init|File_i.*|"
                   r"File_.*_(begin|end)|Buffer_attach)$")


def pairing(params, buf):
    """The count and datatype arguments that describe buffer `buf`: (count or None, type or
    None); no datatype means the buffer is only an address."""
    names = {p["name"]: p for p in params}
    stem = re.sub(r"(buf|_addr)$", "", buf)
    count = None
    for c in (stem + "count", stem + "_count", "count"):
        p = names.get(c)
        if p and p["type"] == "int" and p["ptr"] == 0:
            count = c
            break
    dtype = None
    for t in (stem + "type", stem + "_datatype", stem + "_type", "datatype"):
        p = names.get(t)
        if p and p["type"] == "MPI_Datatype" and p["ptr"] == 0:
            dtype = t
            break
    if dtype is None:
        return None, None
    return count, dtype


class F08:
    """One procedure: its Fortran interface lines and its C glue."""

    def __init__(self, name, params, ret):
        self.name = name
        self.params = params
        self.ret = ret
        self.decl = []      # Fortran declarations of the dummies
        self.cargs = []     # C glue parameters
        self.pre = []
        self.post = []
        self.call = []      # arguments to the Fortran 77 binding
        self.lens = []      # its hidden lengths
        self.f77args = []   # its parameter types, for the prototype
        self.f77lens = []
        self.bufs = []      # choice buffers
        self.proc = False   # takes a procedure: not BIND(C)

    def build(self):
        async_ = bool(ASYNC.match(self.name))
        # A count and datatype that describe one buffer only are replaced by the datatype that
        # smpi__f08buf_in builds for a non-contiguous buffer of a nonblocking call.
        pairs = {}
        for p in self.params:
            if p["type"] == "void" and p["ptr"] == 1 and p["name"] not in C_PTRS | ADDRESSES:
                pairs[p["name"]] = pairing(self.params, p["name"])
        used = [x for pair in pairs.values() for x in pair if x]
        subst = {}
        for p in self.params:
            t, n, ptr = p["type"], p["name"], p["ptr"]
            if t == "PROC":
                self.proc = True
                self.decl.append("procedure(%s) :: %s" % (p["iface"], n))
                self.cargs.append("void (*%s)(void)" % n)
                self.call.append(n)
                self.f77args.append("void (*)(void)")
            elif t == "void" and ptr == 1 and n in C_PTRS:
                self.decl.append("type(c_ptr) :: " + n)
                self.cargs.append("void *" + n)
                self.call.append(n)
                self.f77args.append("void *")
            elif t == "void" and ptr == 1:
                self.decl.append("type(*), dimension(..)%s :: %s"
                                 % (", asynchronous" if async_ else "", n))
                self.cargs.append("CFI_cdesc_t *" + n)
                count, dtype = pairs.get(n, (None, None))
                if n in ADDRESSES:
                    mode = "SMPI_F08_ADDRESS"
                elif not async_:
                    mode = "SMPI_F08_COPY_IN" if p["const"] else "SMPI_F08_COPY_INOUT"
                elif count and dtype and used.count(dtype) == 1 and used.count(count) == 1:
                    mode = "SMPI_F08_DATATYPE"
                    subst[count] = "b_%s.count" % n
                    subst[dtype] = "b_%s.type" % n
                else:
                    mode = "SMPI_F08_CONTIGUOUS"
                if mode != "SMPI_F08_DATATYPE":
                    count = dtype = None
                self.bufs.append(n)
                self.pre.append("ok = ok && smpi__f08buf_in(\"MPI_%s\", %s, %s, %s, %s, &b_%s, &err);"
                                % (self.name, n, mode, count or "NULL", dtype or "NULL", n))
                self.post.append("smpi__f08buf_out(&b_%s);" % n)
                self.call.append("b_%s.addr" % n)
                self.f77args.append("void *")
            elif t == "char" and ptr <= 3:
                # an argv is an array of strings, array_of_argv an array (count, *) of them
                dims = {1: "", 2: "(*)", 3: "(count, *)"}[ptr]
                self.decl.append("character(len=*) :: " + n + dims)
                self.cargs.append("CFI_cdesc_t *" + n)
                self.call.append("(char *)%s->base_addr" % n)
                self.lens.append("%s->elem_len" % n)
                self.f77args.append("char *")
                self.f77lens.append("size_t")
            elif t in gf.SCALARS or t in HANDLE_TYPES or t == "MPI_Status":
                if t in HANDLE_TYPES or t == "MPI_Status":
                    ftype = "type(%s)" % t
                elif t == "int" and n in LOGICALS:
                    ftype = "logical"
                else:
                    ftype = KINDS[t]
                dims = ""
                if p["arr"]:
                    dims = "(%s*)" % (p["dim2"][1:-1] + "," if p["dim2"] else "")
                self.decl.append("%s :: %s%s" % (ftype, n, dims))
                ctype = "double" if t == "double" else gf.SCALARS.get(t, "MPI_Fint")
                self.cargs.append("%s *%s" % (ctype, n))
                self.call.append(n)
                self.f77args.append(ctype + " *")
            else:
                return False
        names = [p["name"] for p in self.params]
        self.call = [subst.get(names[i], c) for i, c in enumerate(self.call)]
        return True


def cname(g):
    return "mpi_%s_f08_" % g.name.lower() if g.proc else "smpi_f08_" + g.name.lower()


def wrap(line, indent):
    """Free-form continuation lines of at most 100 columns."""
    out = []
    line = " " * indent + line
    while len(line) > 100:
        cut = line.rfind(", ", 0, 96) + 1
        if cut <= indent:
            cut = 96
        out.append(line[:cut] + " &")
        line = " " * (indent + 4) + line[cut:].lstrip()
    out.append(line)
    return "\n".join(out) + "\n"


def interface(g, specific=None):
    """g's interface, named `specific` inside a generic MPI_<Name> (None: the name itself)."""
    args = [p["name"] for p in g.params]
    fname = specific or "MPI_" + g.name
    if g.ret != "int":
        fret = KINDS[g.ret]
        s = wrap("function %s(%s) bind(C, name=\"p%s_\")" % ("MPI_" + g.name, ", ".join(args),
                                                             "mpi_" + g.name.lower()), 8)
        s += "            import\n"
        s += "            %s :: %s\n" % (fret, "MPI_" + g.name)
        for d in g.decl:
            s += wrap(d, 12)
        return s + "        end function %s\n" % ("MPI_" + g.name)
    if g.proc:
        head = "subroutine MPI_%s_f08(%s)" % (g.name, ", ".join(args + ["ierror"]))
        s = "    end interface\n    interface MPI_%s\n" % g.name + wrap(head, 8)
    else:
        s = wrap("subroutine %s(%s) bind(C, name=\"%s\")"
                 % (fname, ", ".join(args + ["ierror"]), cname(g)), 8)
    s += "            import\n"
    for d in g.decl:
        s += wrap(d, 12)
    s += "            integer, optional :: ierror\n"
    if g.proc:
        return s + "        end subroutine MPI_%s_f08\n    end interface MPI_%s\n    interface\n" % (
            g.name, g.name)
    return s + "        end subroutine %s\n" % fname


def glue(out, g):
    low = "pmpi_" + g.name.lower() + "_"
    out.write("\nvoid %s(%s);\n" % (low, ", ".join(g.f77args + ["MPI_Fint *"] + g.f77lens)))
    out.write("\nSMPI_API void %s(%s)\n{\n" % (cname(g), ", ".join(g.cargs + ["MPI_Fint *ierror"])))
    gl.glue_body(out, g.bufs, g.pre if g.bufs else [],
                 "%s(%s)" % (low, ", ".join(g.call + ["&err"] + g.lens)), g.post)


def procedures():
    res = []
    seen = set()
    for ret, name, params in gf.decls:
        ret = " ".join(ret.split())
        if name in seen or name in REMOVED:
            continue
        seen.add(name)
        if name in ("Wtime", "Wtick"):
            continue
        if name in PROC_PARAMS:
            plist = [{"type": "PROC", "iface": x.split()[0][1:], "name": x.split()[1], "ptr": 0,
                      "arr": False, "const": False, "dim2": None} if x.startswith("@")
                     else gf.parse_param(x) for x in PROC_PARAMS[name]]
        elif name in HAND_PARAMS:
            plist = [gf.parse_param(x) for x in HAND_PARAMS[name]]
        else:
            plist = [] if params.strip() == "void" else [gf.parse_param(x) for x in params.split(",")]
            if name in gf.HAND_WRITTEN and name not in HAND_AS_DECLARED:
                continue
            if name not in HAND_AS_DECLARED and gf.exclusion(name, plist, ret):
                continue
            if name not in HAND_AS_DECLARED and not gf.Gen(name, plist).build():
                continue
        g = F08(name, plist, ret)
        if g.build():
            res.append(g)
    return res


def constants():
    pre = gf.predefined()
    d = gf.defines()
    kind_of = {}
    for kind, name, _ in pre:
        kind_of[name] = KIND_TYPE[kind]
    for k, v in d.items():
        m = re.fullmatch(r"\(\((MPI_\w+)\)0\)", v)
        if m and not k.startswith("MPI_T_") and m.group(1) in HANDLE_TYPES:
            kind_of[k] = m.group(1)
        elif v == "MPI_DATATYPE_NULL":
            kind_of[k] = "MPI_Datatype"
    lines = []
    names = set()
    skip = {"MPI_STATUS_IGNORE", "MPI_STATUSES_IGNORE", "MPI_ADDRESS_KIND", "MPI_OFFSET_KIND",
            "MPI_COUNT_KIND", "MPI_INTEGER_KIND"}
    for k, v in gf.constants(pre):
        if k in names or k in skip:
            continue
        names.add(k)
        if k in kind_of:
            lines.append("type(%s), parameter :: %s = %s(%d)" % (kind_of[k], k, kind_of[k], v))
        elif k == "MPI_DISPLACEMENT_CURRENT":
            lines.append("integer(MPI_OFFSET_KIND), parameter :: %s = %d" % (k, v))
        elif k not in kind_of and (re.match(r"MPI_(COMM|GROUP|REQUEST|OP|WIN|FILE|INFO|"
                                            r"ERRHANDLER|MESSAGE|SESSION|DATATYPE)_NULL$", k)):
            continue
        else:
            lines.append("integer, parameter :: %s = %d" % (k, v))
    return lines


def abstract():
    s = ""
    for name, (args, decls) in sorted(ABSTRACT.items()):
        s += wrap("subroutine %s(%s)" % (name, args), 8)
        s += "            import\n"
        for d in decls:
            s += wrap(d, 12)
        s += "        end subroutine %s\n" % name
    return s


MODULE_HEAD = """! mpi_f08: the Fortran 2008 bindings of simmpi (MPI-3.1 section 17.1.2). Generated by
! smpi/fortran/gen-f08.py from include/mpi.h; do not edit, regenerate with `make fortran-gen`.
! Every procedure is an interface to a C function of libsimmpi (smpi/fortran/fortran_f08*.c), so
! that a program needs this module's .mod file only (no object to link), as with `use mpi`.
module mpi_f08
    use, intrinsic :: iso_c_binding, only: c_ptr
    implicit none

    integer, parameter :: MPI_ADDRESS_KIND = 8, MPI_OFFSET_KIND = 8, MPI_COUNT_KIND = 8
    integer, parameter :: MPI_INTEGER_KIND = 4
    ! Array sections are valid buffers (TS 29113 descriptors); ASYNCHRONOUS is not relied upon:
    ! MPI_F_sync_reg orders accesses around nonblocking calls (MPI-3.1 section 17.1.17).
    logical, parameter :: MPI_SUBARRAYS_SUPPORTED = .true.
    logical, parameter :: MPI_ASYNC_PROTECTS_NONBLOCKING = .false.
"""


def module(procs):
    out = open("include/mpi_f08.f90", "w")
    out.write(MODULE_HEAD)
    out.write("\n    ! The handles: the integer of the handle in `use mpi` and mpif.h.\n")
    for t in sorted(HANDLE_TYPES):
        out.write("    type, bind(C) :: %s\n        integer :: MPI_VAL\n    end type %s\n" % (t, t))
    nres = int(gf.defines()["MPI_F_STATUS_SIZE"]) - 3
    out.write("""
    ! The layout of the INTEGER status of `use mpi` (MPI_Status_f2f08 copies it).
    type, bind(C) :: MPI_Status
        integer :: MPI_SOURCE, MPI_TAG, MPI_ERROR
        integer :: smpi_reserved(%d)
    end type MPI_Status

""" % nres)
    for line in constants():
        out.write(wrap(line, 4))
    out.write("""
    ! The special addresses: the COMMON block of mpif.h, with the same layout, so that the
    ! bindings recognise its members by address in programs that use either module.
    integer :: MPI_BOTTOM, MPI_IN_PLACE, MPI_ERRCODES_IGNORE(1), MPI_UNWEIGHTED(1)
    integer :: MPI_WEIGHTS_EMPTY(1)
    type(MPI_Status) :: MPI_STATUS_IGNORE, MPI_STATUSES_IGNORE(1)
    common /SMPI_FSPECIAL/ MPI_BOTTOM, MPI_IN_PLACE, MPI_STATUS_IGNORE, MPI_STATUSES_IGNORE, &
        MPI_ERRCODES_IGNORE, MPI_UNWEIGHTED, MPI_WEIGHTS_EMPTY
    save /SMPI_FSPECIAL/
    character(len=1) :: MPI_ARGV_NULL(1), MPI_ARGVS_NULL(1, 1)
    common /SMPI_FSPECIALC/ MPI_ARGV_NULL, MPI_ARGVS_NULL
    save /SMPI_FSPECIALC/
""")
    for op, c in (("==", "eq"), ("/=", "ne")):
        out.write("\n    interface operator(%s)\n" % op)
        for t in sorted(HANDLE_TYPES):
            out.write("        logical function smpi_%s_%s(a, b) bind(C, name=\"smpi_f08_%s_%s\")\n"
                      "            import\n            type(%s), intent(in) :: a, b\n"
                      "        end function smpi_%s_%s\n"
                      % (t[4:].lower(), c, t[4:].lower(), c, t, t[4:].lower(), c))
        out.write("    end interface operator(%s)\n" % op)
    out.write("""
    abstract interface
%s    end interface
%s
    interface
%s        subroutine MPI_Status_f2f08(f_status, f08_status, ierror) bind(C, name="smpi_f08_status_f2f08")
            import
            integer :: f_status(*)
            type(MPI_Status) :: f08_status
            integer, optional :: ierror
        end subroutine MPI_Status_f2f08
        subroutine MPI_Status_f082f(f08_status, f_status, ierror) bind(C, name="smpi_f08_status_f082f")
            import
            type(MPI_Status) :: f08_status
            integer :: f_status(*)
            integer, optional :: ierror
        end subroutine MPI_Status_f082f
        subroutine MPI_F_sync_reg(buf) bind(C, name="smpi_f08_f_sync_reg")
            type(*), dimension(..) :: buf
        end subroutine MPI_F_sync_reg
        subroutine MPI_Sizeof(x, size, ierror) bind(C, name="smpi_f08_sizeof")
            type(*), dimension(..) :: x
            integer :: size
            integer, optional :: ierror
        end subroutine MPI_Sizeof
""" % (abstract(), "".join("    procedure(%s) :: %s\n" % (k, ", ".join(v))
                           for k, v in sorted(PREDEFINED_FN.items())),
       "".join("        function %s() bind(C, name=\"%s_\")\n            double precision :: %s\n"
               "        end function %s\n" % (f, f.lower(), f, f)
               for f in ("MPI_Wtime", "MPI_Wtick", "PMPI_Wtime", "PMPI_Wtick"))))
    for g in procs:
        if g.name in LARGE:
            # the generic MPI_<Name>: the default procedure and the large-count one
            buf = bool(g.bufs)
            out.write("    end interface\n    interface MPI_%s\n" % g.name)
            out.write(interface(g, gl.specific(g.name, buf, False)))
            out.write(gl.interface(sys.modules[__name__], LARGE[g.name]))
            out.write("    end interface MPI_%s\n    interface\n" % g.name)
        else:
            out.write(interface(g))
    out.write("    end interface\nend module mpi_f08\n")
    out.close()


C_HEAD = """/* fortran_f08_bindings: the C side of the mpi_f08 module (include/mpi_f08.f90): one function per
 * procedure, which takes the descriptors of the choice buffers and CHARACTER arguments and calls
 * the Fortran 77 binding. Generated by smpi/fortran/gen-f08.py from include/mpi.h; do not edit,
 * regenerate with `make fortran-gen`. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "smpi/fortran/fortran_f08.h"
"""


def c_glue(procs):
    out = open("smpi/fortran/fortran_f08_bindings.c", "w")
    out.write(C_HEAD)
    for t in sorted(HANDLE_TYPES):
        s = t[4:].lower()
        out.write("\nSMPI_API MPI_Fint smpi_f08_%s_eq(const MPI_Fint *a, const MPI_Fint *b)\n{\n"
                  "    return *a == *b;\n}\n" % s)
        out.write("\nSMPI_API MPI_Fint smpi_f08_%s_ne(const MPI_Fint *a, const MPI_Fint *b)\n{\n"
                  "    return *a != *b;\n}\n" % s)
    for g in procs:
        if g.ret == "int" and g.name not in HAND_GLUE:
            glue(out, g)
    out.close()


LARGE = {}

if __name__ == "__main__":
    procs = procedures()
    LARGE = gl.procedures(sys.modules[__name__], procs)
    module(procs)
    c_glue(procs)
    gl.c_glue(LARGE)
    # and MPI_Wtime, MPI_Wtick, MPI_Status_f2f08, MPI_Status_f082f, MPI_Sizeof, MPI_F_sync_reg
    sys.stderr.write("gen-f08: %d procedures\n" % (len(procs) + 6))
