/* part_model: the closed form of a message under the default platform and network model, for
 * the partitioned tests. Ranks 0 and 1 run on node-0 and node-1 of the built-in cluster: the
 * route is two private links of 10 Gbps (1.25e9 B/s) and 1 us each, plus the 15 Gbps limiters
 * and the backbone, which do not bind. The SMPI model scales the latency by lat_factor(b) and
 * the rate by bw_factor(b), b the bytes on the wire (the data and SMPI's 16-byte envelope),
 * with SimGrid 3.32's default tables: a factor applies to the sizes above its bound, up to the
 * next bound. k equal messages leaving together share the 1.25e9 B/s equally. */
#ifndef PART_MODEL_H
#define PART_MODEL_H

#define PART_LAT 2e-6  /* two 1 us links */
#define PART_BW 1.25e9 /* the private link, bytes/s */
#define PART_ENVELOPE 16.0

static double part_factor(double b, const double *values)
{
    static const double bounds[] = { 0, 257, 732, 1426, 3484, 5776, 9376, 15424, 65472 };
    double f = 1.0;

    for (int i = 0; i < 9 && b > bounds[i]; i++)
        f = values[i];
    return f;
}

/* The duration of each of k messages of `bytes` user bytes that leave together. */
static inline double part_transfer(double bytes, int k)
{
    static const double lat[] = { 2.01467, 1.95341, 1.9503,  1.61075, 1.88101,
                                  2.18796, 2.59299, 3.48845, 11.6436 };
    static const double bw[] = { 0.812084, 0.338112, 0.341987, 0.608902, 0.77493,
                                 1.08739,  0.58729,  0.697866, 0.940694 };
    double b = bytes + PART_ENVELOPE;

    return PART_LAT * part_factor(b, lat) + k * b / (PART_BW * part_factor(b, bw));
}

#endif /* PART_MODEL_H */
