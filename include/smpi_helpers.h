/* smpi_helpers.h: smpicc and smpicxx force-include this header (-include) into every file of
 * an MPI application. It redirects the libc calls that must see simulated time, or must end only
 * the calling rank, to their simmpi versions in libsimmpi, as SMPI's smpi_helpers.h does:
 *   sleep usleep nanosleep gettimeofday clock_gettime exit
 * getopt getopt_long getopt_long_only (whose state is then per rank, as in SMPI; <getopt.h> is
 * included, as SMPI's header includes it) and, as SMPI 3.32's does, malloc calloc realloc free, so
 * that allocations of at least smpi/auto-shared-malloc-thresh bytes fold like SMPI_SHARED_MALLOC
 * (the threshold is 0, off, by default: then they are the libc calls). With TRACE_CALL_LOCATION
 * (smpicc -trace-call-location) the sleeps also record their file and line, as MPI calls do. It
 * also brings SimGrid's xbt API (<xbt/sysdep.h>: allocation, assertions, logging), as SMPI's
 * <mpi.h> does.
 * The redirections are function-like macros, so only calls change: `&sleep` or a struct member
 * named `exit` are untouched. exit is redirected in C only: C++ code keeps the libc exit (a
 * macro would also rename member functions and std::exit); the allocation calls are redirected
 * in C++ too, as SMPI 3.32 does (std::malloc included).
 * Define SMPI_NO_REDIRECT before including it to get the declarations without the macros, or
 * SMPI_NO_OVERRIDE_MALLOC (SMPI's name) to keep only the libc allocation calls. */
#ifndef SMPI_HELPERS_H
#define SMPI_HELPERS_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

/* The system headers come first, so that their own prototypes are not rewritten. */
#include <getopt.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
/* SimGrid's xbt API (xbt_malloc, xbt_assert, XBT_LOG_NEW_DEFAULT_CATEGORY, XBT_INFO, ...), which
 * SMPI's <mpi.h> brings to every MPI program. */
#include <xbt/sysdep.h>
#ifdef __cplusplus
#include <cstdlib>
#else
#include <stdlib.h>
#endif
/* glibc's other declaration of malloc, calloc, realloc and free, which the allocation macros
 * below would rewrite if a program included it later (the Intel MPI Benchmarks do; SMPI 3.32's
 * header breaks them there). */
#if defined(__has_include)
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
#endif

#ifndef SMPI_API
#define SMPI_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Outside a simulated rank these call the libc function; inside one they use simulated time. */
SMPI_API unsigned int smpi_sleep(unsigned int secs);
SMPI_API int smpi_usleep(useconds_t usecs);
SMPI_API int smpi_nanosleep(const struct timespec *req, struct timespec *rem);
SMPI_API int smpi_gettimeofday(struct timeval *tv, void *tz);
SMPI_API int smpi_clock_gettime(clockid_t clk, struct timespec *tp);
/* Ends the calling rank (status 0 after MPI_Finalize or before MPI_Init) or the whole job. */
SMPI_API void smpi_exit(int status) __attribute__((noreturn));
/* malloc, calloc and realloc that fold sizes of at least smpi/auto-shared-malloc-thresh (file
 * and line name the call site, as for SMPI_SHARED_MALLOC); free that unmaps folded memory. */
SMPI_API void *smpi_shared_malloc_intercept(size_t size, const char *file, int line);
SMPI_API void *smpi_shared_calloc_intercept(size_t num_elm, size_t elem_size, const char *file,
                                            int line);
SMPI_API void *smpi_shared_realloc_intercept(void *data, size_t size, const char *file, int line);
SMPI_API void smpi_shared_free(void *data);
SMPI_API void smpi_trace_set_call_location(const char *file, int line);
/* getopt, getopt_long and getopt_long_only with a state per rank (optind, optarg, opterr, optopt
 * and the scanning state); glibc's behaviour and messages. Outside a rank: the libc calls. */
SMPI_API int smpi_getopt(int argc, char *const *argv, const char *optstring);
SMPI_API int smpi_getopt_long(int argc, char *const *argv, const char *optstring,
                              const struct option *longopts, int *longind);
SMPI_API int smpi_getopt_long_only(int argc, char *const *argv, const char *optstring,
                                   const struct option *longopts, int *longind);

#ifdef __cplusplus
} /* extern "C" */
/* std::malloc(n) and friends become std::smpi_shared_malloc_intercept(...) under the macros. */
namespace std
{
using ::smpi_shared_calloc_intercept;
using ::smpi_shared_free;
using ::smpi_shared_malloc_intercept;
using ::smpi_shared_realloc_intercept;
} // namespace std
#endif

#ifndef SMPI_NO_REDIRECT
#ifndef TRACE_CALL_LOCATION
#define sleep(secs) smpi_sleep(secs)
#define usleep(usecs) smpi_usleep(usecs)
#define nanosleep(req, rem) smpi_nanosleep((req), (rem))
#else
#define sleep(secs) (smpi_trace_set_call_location(__FILE__, __LINE__), smpi_sleep(secs))
#define usleep(usecs) (smpi_trace_set_call_location(__FILE__, __LINE__), smpi_usleep(usecs))
#define nanosleep(req, rem)                                                                        \
    (smpi_trace_set_call_location(__FILE__, __LINE__), smpi_nanosleep((req), (rem)))
#endif
/* glibc turns gettimeofday into a macro itself when time_t is 64-bit on a 32-bit target. */
#undef gettimeofday
#define gettimeofday(tv, tz) smpi_gettimeofday((tv), (tz))
#define clock_gettime(clk, tp) smpi_clock_gettime((clk), (tp))
#ifndef __cplusplus
#define exit(status) smpi_exit(status)
#endif
#define getopt(argc, argv, optstring) smpi_getopt((argc), (argv), (optstring))
#define getopt_long(argc, argv, optstring, longopts, longind)                                      \
    smpi_getopt_long((argc), (argv), (optstring), (longopts), (longind))
#define getopt_long_only(argc, argv, optstring, longopts, longind)                                 \
    smpi_getopt_long_only((argc), (argv), (optstring), (longopts), (longind))
#ifndef SMPI_NO_OVERRIDE_MALLOC
#define malloc(size) smpi_shared_malloc_intercept((size), __FILE__, __LINE__)
#define calloc(n, size) smpi_shared_calloc_intercept((n), (size), __FILE__, __LINE__)
#define realloc(data, size) smpi_shared_realloc_intercept((data), (size), __FILE__, __LINE__)
#define free(data) smpi_shared_free(data)
#endif
#endif /* SMPI_NO_REDIRECT */

#endif /* SMPI_HELPERS_H */
