#!/usr/bin/env python3
"""gen-large-count: writes MPI-4.0's large-count ("_c") bindings from the int ones.

Reads the SMPI_FN declarations of include/mpi.h (and of the include/smpi/mpi_*.h pieces it
includes), takes each function of LARGE below whose int form is declared there, and writes
  include/smpi/mpi_large_count.h   the MPI_X_c / PMPI_X_c declarations (mpi.h includes it)
  smpi/bindings/bindings_large.c   their bindings
A binding converts each widened parameter, then calls the int binding (PMPI_X, or the call
named after "=" below): a count above INT_MAX is MPI_ERR_COUNT naming the _c call, except the
capacities of CLAMP, which are cut to INT_MAX (a receive buffer larger than any int-counted
message); count arrays are copied into int arrays that a request created by the call keeps
until it is freed (large_count.c). Outputs widen after the call. A function of LARGE whose int
form is not declared is skipped (named on stderr), so it appears once its int form is merged.

Run from the top of the tree and commit both files (make generate does, with clang-format):
    python3 smpi/bindings/gen-large-count.py
"""
import os
import re
import sys

# The large-count functions of MPI-4.0, by the int function each one widens ("Name=Via": the
# _c binding calls PMPI_Via, whose parameters already have the large types). Hand-written in
# large_count.c: Type_get_envelope_c, Type_get_contents_c, Op_create_c (their shape differs),
# Type_contiguous_c and Type_create_hindexed_c (their internal path takes any count), Get_count_c.
LARGE = """
Send Bsend Ssend Rsend Recv Isend Ibsend Issend Irsend Irecv
Send_init Bsend_init Ssend_init Rsend_init Recv_init Mrecv Imrecv
Sendrecv Sendrecv_replace Isendrecv Isendrecv_replace
Get_elements=Get_elements_x Status_set_elements=Status_set_elements_x
Buffer_attach Buffer_detach
Bcast Gather Gatherv Scatter Scatterv Allgather Allgatherv Alltoall Alltoallv Alltoallw
Reduce Allreduce Reduce_local Reduce_scatter_block Reduce_scatter Scan Exscan
Ibcast Igather Igatherv Iscatter Iscatterv Iallgather Iallgatherv Ialltoall Ialltoallv
Ialltoallw Ireduce Iallreduce Ireduce_scatter_block Ireduce_scatter Iscan Iexscan
Bcast_init Gather_init Gatherv_init Scatter_init Scatterv_init Allgather_init Allgatherv_init
Alltoall_init Alltoallv_init Alltoallw_init Reduce_init Allreduce_init Reduce_scatter_block_init
Reduce_scatter_init Scan_init Exscan_init
Neighbor_allgather Neighbor_allgatherv Neighbor_alltoall Neighbor_alltoallv Neighbor_alltoallw
Ineighbor_allgather Ineighbor_allgatherv Ineighbor_alltoall Ineighbor_alltoallv
Ineighbor_alltoallw Neighbor_allgather_init Neighbor_allgatherv_init Neighbor_alltoall_init
Neighbor_alltoallv_init Neighbor_alltoallw_init
Type_vector Type_create_hvector Type_indexed
Type_create_indexed_block Type_create_hindexed_block Type_create_struct Type_create_subarray
Type_create_darray Type_create_resized Type_size=Type_size_x Type_get_extent=Type_get_extent_x
Type_get_true_extent=Type_get_true_extent_x
Pack Unpack Pack_size Pack_external Unpack_external Pack_external_size
Put Get Accumulate Get_accumulate Rput Rget Raccumulate Rget_accumulate
Win_create Win_allocate Win_allocate_shared Win_shared_query
File_read File_read_all File_read_at File_read_at_all File_read_shared File_read_ordered
File_write File_write_all File_write_at File_write_at_all File_write_shared File_write_ordered
File_iread File_iread_all File_iread_at File_iread_at_all File_iread_shared
File_iwrite File_iwrite_all File_iwrite_at File_iwrite_at_all File_iwrite_shared
File_read_all_begin File_read_at_all_begin File_read_ordered_begin
File_write_all_begin File_write_at_all_begin File_write_ordered_begin
File_get_type_extent
"""

# Which parameters widen, by name (MPI-4.0 section 2.5.8, the rules of its "_c" forms): the
# counts become MPI_Count, the displacement arrays of the collectives MPI_Aint, everything a
# datatype constructor takes or returns MPI_Count.
COUNTS = {"count", "sendcount", "recvcount", "origin_count", "target_count", "result_count",
          "incount", "outcount", "outsize", "insize", "blocklength", "stride", "position",
          "recvcounts", "sendcounts", "array_of_blocklengths", "array_of_sizes",
          "array_of_subsizes", "array_of_starts", "array_of_gsizes"}
COLL_DISPLS = {"displs", "sdispls", "rdispls"}
# (function, parameter) pairs that widen though their name is not above, or do not though it is.
EXTRA = {("Buffer_attach", "size"): "MPI_Count", ("Buffer_detach", "size"): "MPI_Count",
         ("Pack_size", "size"): "MPI_Count", ("Pack_external_size", "size"): "MPI_Count",
         ("Type_create_resized", "lb"): "MPI_Count",
         ("Type_create_resized", "extent"): "MPI_Count",
         ("File_get_type_extent", "extent"): "MPI_Count"}
# Capacities in bytes: the packed data of int counts always fits INT_MAX, so larger ones are cut.
CLAMP = {("Pack", "outsize"), ("Unpack", "insize"), ("Pack_external", "outsize"),
         ("Unpack_external", "insize")}
# The datatype of each count of a (buffer, count, datatype) triple: in the calls on a
# communicator, a count above INT_MAX becomes one element of a contiguous type of that many
# (the int internals then carry it); elsewhere (windows, files) it is MPI_ERR_COUNT.
ELEMENT_TYPE = {"count": "datatype", "sendcount": "sendtype", "recvcount": "recvtype"}
SEND_ARRAYS = {"sendcounts", "sdispls"}
# The _c calls written by hand in large_count.c, with their parameters.
HAND = [
    ("Type_get_envelope_c", "MPI_Datatype datatype, MPI_Count *num_integers, "
     "MPI_Count *num_addresses, MPI_Count *num_large_counts, MPI_Count *num_datatypes, "
     "int *combiner"),
    ("Type_get_contents_c", "MPI_Datatype datatype, MPI_Count max_integers, "
     "MPI_Count max_addresses, MPI_Count max_large_counts, MPI_Count max_datatypes, "
     "int array_of_integers[], MPI_Aint array_of_addresses[], "
     "MPI_Count array_of_large_counts[], MPI_Datatype array_of_datatypes[]"),
    ("Type_contiguous_c", "MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype"),
    ("Type_create_hindexed_c", "MPI_Count count, const MPI_Count array_of_blocklengths[], "
     "const MPI_Count array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype"),
    ("Get_count_c", "const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count"),
    ("Op_create_c", "MPI_User_function_c *user_fn, int commute, MPI_Op *op"),
]


def read_decls():
    """The SMPI_FN declarations of mpi.h and of the pieces it includes (not our own output)."""
    text = open("include/mpi.h").read()
    for piece in re.findall(r"^#include <(smpi/mpi_\w+\.h)>", text, re.M):
        path = os.path.join("include", piece)
        if piece != "smpi/mpi_large_count.h" and os.path.exists(path):
            text += open(path).read()
    found = re.findall(r"SMPI_FN\(\s*([^,]+?)\s*,\s*(\w+)\s*,\s*\((.*?)\)\)\s*$", text, re.S | re.M)
    return {name: (ret, params) for ret, name, params in found}


def split_params(params):
    """[(type, name, array)] of a parameter list: array is True for `T name[]`."""
    out = []
    for p in " ".join(params.split()).split(","):
        p = p.strip()
        array = p.endswith("[]")
        if array:
            p = p[:-2].strip()
        m = re.match(r"(.*?)(\w+)$", p)
        out.append((m.group(1).strip(), m.group(2), array))
    return out


def widened(fn, ptype, name, array):
    """The large type of parameter `name` of fn (without const/pointer), or None."""
    base = ptype.replace("const", "").replace("*", "").strip()
    if (fn, name) in EXTRA:
        return EXTRA[(fn, name)]
    if fn.startswith("Type_") or fn.startswith("Pack") or fn.startswith("Unpack"):
        if name in COUNTS or name == "array_of_displacements":
            return "MPI_Count"
    elif name in COUNTS and base == "int":
        return "MPI_Count"
    elif name in COLL_DISPLS and base == "int":
        return "MPI_Aint"
    elif name == "disp_unit" and base == "int":
        return "MPI_Aint"
    return None


def array_length(fn, name, params):
    """C expression: how many entries of array parameter `name` the call reads at this rank."""
    names = {p[1] for p in params}
    if fn.startswith("Type_create_subarray") or fn.startswith("Type_create_darray"):
        return "ndims"
    if fn.startswith("Type_"):
        return "count"
    if "eighbor_" in fn:
        return "smpi__large_degree(comm, %s)" % ("false" if name in SEND_ARRAYS else "true")
    if fn.startswith("Reduce_scatter") or fn.startswith("Ireduce_scatter"):
        return "smpi__large_local(comm)"
    # the arrays of the root's side of a rooted collective count at the root only
    root_side = ("gatherv" in fn.lower() and name not in SEND_ARRAYS) or \
        ("scatterv" in fn.lower() and (name in SEND_ARRAYS or name == "displs"))
    if "root" in names and root_side:
        return "(smpi__large_root(comm, root) ? smpi__large_peers(comm) : 0)"
    return "smpi__large_peers(comm)"


def binding(fn, via, ret, params):
    """(declaration, body) of MPI_<fn>_c."""
    ps = split_params(params)
    names = {p[1] for p in ps}
    on = "comm" if "comm" in names else "win" if "win" in names else "fh" if "fh" in names \
        else None
    decl_params = []
    locals_ = []
    checks = []
    args = []
    after = []
    has_arrays = False
    retype = {}
    for ptype, name, array in ps:
        large = widened(fn, ptype, name, array) if not via else None
        pointer = ptype.endswith("*")
        base = ptype.replace("const", "").replace("*", "").strip()
        const = "const " if ptype.startswith("const") else ""
        if large is None or large == base:
            decl_params.append("%s %s%s" % (ptype, name, "[]" if array else ""))
            args.append(name)
            continue
        if array:
            has_arrays = True
            decl_params.append("const %s %s[]" % (large, name))
            locals_.append("%s *%s_ = NULL;" % (base, name))
            conv = {("MPI_Count", "int"): "ints", ("MPI_Aint", "int"): "ints_of_aints",
                    ("MPI_Count", "MPI_Aint"): "aints"}[(large, base)]
            checks.append("smpi__large_%s(&tmp, call, \"%s\", %s, %s, &%s_)" % (
                conv, name, name, array_length(fn, name, ps), name))
            args.append("%s_" % name)
        elif pointer:
            decl_params.append("%s%s *%s" % (const, large, name))
            locals_.append("%s %s_ = 0;" % (base, name))
            if name == "position":  # in and out
                conv = "int" if base == "int" else "aint"
                checks.append("(%s == NULL ? MPI_SUCCESS : smpi__large_%s(&tmp, call, \"*%s\", "
                              "*%s, &%s_))" % (name, conv, name, name, name))
            args.append("%s == NULL ? NULL : &%s_" % (name, name))
            after.append("if (rc == MPI_SUCCESS && %s != NULL)\n        *%s = %s_;" %
                         (name, name, name))
        else:
            decl_params.append("%s %s" % (large, name))
            if base == "int" and (fn, name) in CLAMP:
                args.append("smpi__large_clamp(%s)" % name)
            elif base == "int" and on == "comm" and ELEMENT_TYPE.get(name) in names:
                dtype = ELEMENT_TYPE[name]
                locals_.append("int %s_ = 0;" % name)
                locals_.append("MPI_Datatype %s_ = %s;" % (dtype, dtype))
                checks.append("smpi__large_elements(&tmp, call, \"%s\", %s, %s, &%s_, &%s_)" % (
                    name, name, dtype, name, dtype))
                args.append("%s_" % name)
                retype[dtype] = "%s_" % dtype
            elif base == "int":
                locals_.append("int %s_ = 0;" % name)
                checks.append("smpi__large_int(&tmp, call, \"%s\", %s, &%s_)" % (name, name, name))
                args.append("%s_" % name)
            else:  # MPI_Aint <- MPI_Count: the same width (large_count.c checks it)
                args.append("(%s)%s" % (base, name))
    args = [retype.get(a, a) for a in args]
    if via:
        decl_params = ["%s %s%s" % (t, n, "[]" if a else "") for t, n, a in ps]
    decl = "%s PMPI_%s_c(%s)" % (ret, fn, ", ".join(decl_params))
    target = via or fn
    lines = ["%s\n{" % decl]
    if not checks and not after and not has_arrays:
        lines.append("    return PMPI_%s(%s);\n}" % (target, ", ".join(args)))
    else:
        if checks:
            lines.append("    static const char call[] = \"MPI_%s_c\";" % fn)
        lines.append("    struct smpi_large_tmp tmp = {.%s = %s};" % (on, on) if on else
                     "    struct smpi_large_tmp tmp = {0};")
        lines += ["    " + l for l in locals_]
        lines.append("    int rc = MPI_SUCCESS;\n")
        for c in checks:
            lines.append("    if (rc == MPI_SUCCESS)\n        rc = %s;" % c)
        lines.append("    if (rc == MPI_SUCCESS)\n        rc = PMPI_%s(%s);" % (target, ", ".join(args)))
        lines += ["    " + a for a in after]
        keep = "request" if "request" in names and (has_arrays or retype) else "NULL"
        if keep != "NULL":
            keep = "rc == MPI_SUCCESS && request != NULL ? *request : NULL"
        lines.append("    smpi__large_done(&tmp, %s);" % keep)
        lines.append("    return rc;\n}")
    body = "\n".join(lines) + "\n#pragma weak MPI_%s_c = PMPI_%s_c\n" % (fn, fn)
    return "SMPI_API %s MPI_%s_c(%s);\nSMPI_API %s PMPI_%s_c(%s);" % (
        ret, fn, ", ".join(decl_params), ret, fn, ", ".join(decl_params)), body


def main():
    decls = read_decls()
    heads = []
    bodies = []
    skipped = []
    for word in LARGE.split():
        fn, _, via = word.partition("=")
        if fn not in decls or (via and via not in decls):
            skipped.append(fn)
            continue
        ret, params = decls[via or fn]
        h, b = binding(fn, via, ret, params)
        heads.append(h)
        bodies.append(b)
    with open("include/smpi/mpi_large_count.h", "w") as out:
        out.write("""/* mpi_large_count: MPI-4.0's large-count ("_c") functions. Generated by
 * smpi/bindings/gen-large-count.py from include/mpi.h; do not edit. <mpi.h> includes it. */
#ifndef SMPI_MPI_LARGE_COUNT_H
#define SMPI_MPI_LARGE_COUNT_H

/* MPI_Op_create_c's user function: MPI_User_function with an MPI_Count length. */
typedef void MPI_User_function_c(void *invec, void *inoutvec, MPI_Count *len,
                                 MPI_Datatype *datatype);

/* Written by hand in smpi/bindings/large_count.c */
""")
        for name, params in HAND:
            out.write("SMPI_API int MPI_%s(%s);\nSMPI_API int PMPI_%s(%s);\n" % (name, params, name,
                                                                          params))
        out.write("""
/* Generated from the int forms */
""")
        out.write("\n".join(heads) + "\n\n#endif /* SMPI_MPI_LARGE_COUNT_H */\n")
    with open("smpi/bindings/bindings_large.c", "w") as out:
        out.write("""/* bindings_large: MPI-4.0's large-count ("_c") bindings, each calling the int binding after
 * converting its counts (smpi/bindings/large_count.c). Generated by
 * smpi/bindings/gen-large-count.py from include/mpi.h; do not edit. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <limits.h>

#include "smpi/bindings/large_count.h"

""")
        out.write("\n".join(bodies))
    sys.stderr.write("gen-large-count: %d functions%s\n" % (
        len(bodies), "; int form not declared, skipped: " + " ".join(skipped) if skipped else ""))


main()
