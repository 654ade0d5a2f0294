/* platform_default: the built-in platform used when smpirun gets no -platform: a homogeneous
 * cluster of 4096 single-core 1 Gf nodes, parsed from the XML text below by the same parser. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "simcore/simcore.h"

/* Each node: a 10 Gbps / 1 us SPLITDUPLEX private link, a 15 Gbps limiter shared by both
 * directions, a 50 GBps / 0.1 us loopback; nodes meet on a 10 Tbps FATPIPE backbone. */
static const char default_xml[] =
    "<?xml version='1.0'?>\n"
    "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
    "<platform version=\"4.1\">\n"
    "  <cluster id=\"cluster\" prefix=\"node-\" suffix=\"\" radical=\"0-4095\"\n"
    "           speed=\"1Gf\" core=\"1\"\n"
    "           bw=\"10Gbps\" lat=\"1us\" sharing_policy=\"SPLITDUPLEX\" limiter_link=\"15Gbps\"\n"
    "           loopback_bw=\"50GBps\" loopback_lat=\"0.1us\"\n"
    "           bb_bw=\"10Tbps\" bb_lat=\"0us\" bb_sharing_policy=\"FATPIPE\"/>\n"
    "</platform>\n";

const char *sim_platform_default_xml(void)
{
    return default_xml;
}

struct sim_platform *sim_platform_default(void)
{
    return sim_platform_load_string(default_xml, "<default platform>");
}
