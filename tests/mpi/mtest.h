/* mtest: the shared verdict of simmpi's MPI test programs. A test counts its errors with
 * mtest_expect and ends with mtest_finish, which sums them over MPI_COMM_WORLD with
 * point-to-point only (so that it does not depend on the collectives under test) and prints
 * "No Errors" from rank 0 when the sum is 0, as MPICH's test suite does. */
#ifndef MTEST_H
#define MTEST_H

#include <stdbool.h>

/* Returns 0 if ok; otherwise prints "rank R: <message>" on stderr and returns 1. */
int mtest_expect(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Sums errs over all ranks on rank 0, prints the verdict, calls MPI_Finalize; returns the exit
 * status for main (0 when every rank passed). */
int mtest_finish(int errs);
/* Expects rc to be of error class want (MPI_SUCCESS: to succeed); prints what, the class got and
 * the class expected on a mismatch. */
int mtest_expect_class(int rc, int want, const char *what);
/* Compares two simulated dates with a relative tolerance of 1e-9 (plus 1e-15 absolute);
 * prints both on a mismatch. */
int mtest_expect_time(double got, double want, const char *what);
/* The process's proportional set size in KiB (/proc/self/smaps_rollup), or -1 if unreadable:
 * what memory folding saves. */
long mtest_pss_kib(void);

#endif /* MTEST_H */
