/* rt_platform: the numbers of two_hosts.xml and SMPI's message envelope, for the closed-form
 * oracles of the runtime tests. */
#ifndef RT_PLATFORM_H
#define RT_PLATFORM_H

#define RT_LAT 10e-6     /* link latency, s */
#define RT_BW 1e9        /* link bandwidth, bytes/s */
#define RT_ENVELOPE 16.0 /* bytes SMPI adds to every message */

/* Duration of one message of `bytes` on the idle link under network/model:raw. */
static inline double rt_raw_transfer(double bytes)
{
    return RT_LAT + (bytes + RT_ENVELOPE) / RT_BW;
}

#endif /* RT_PLATFORM_H */
