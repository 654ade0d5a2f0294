/* rt_privbuf_big: rt_privbuf with 256 KiB more globals, above the 64 KiB that mmap
 * privatization switches by copying: each switch between ranks remaps them. */
#define PRIVBUF_PAD (256 * 1024)
#include "rt_privbuf.c"
