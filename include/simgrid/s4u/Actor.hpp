/* simgrid/s4u/Actor.hpp: of SimGrid's S4U Actor class, only what replayer programs written for
 * SMPI ask about the calling rank (SimGrid's examples/smpi/replay): Actor::self(), its pid,
 * name and the properties SMPI's deployment sets (instance_id, rank, smpi_replay, tracefile).
 * simmpi runs MPI ranks, not S4U actors: nothing else of S4U is provided. */
#ifndef SIMMPI_SIMGRID_S4U_ACTOR_HPP
#define SIMMPI_SIMGRID_S4U_ACTOR_HPP

#include <map>
#include <string>
#include <unordered_map>

#include <simgrid/actor.h>

namespace simgrid
{
namespace s4u
{

class Actor
{
  public:
    /* The calling rank. */
    static Actor *self()
    {
        static Actor me;
        return &me;
    }
    aid_t get_pid() const
    {
        return sg_actor_self_get_pid();
    }
    const char *get_cname() const
    {
        return sg_actor_self_get_name();
    }
    std::string get_name() const
    {
        return get_cname();
    }
    /* Its properties (a map kept per rank, so that a pointer stays valid for the run). */
    const std::unordered_map<std::string, std::string> *get_properties() const
    {
        static std::map<aid_t, std::unordered_map<std::string, std::string>> all;
        auto &mine = all[get_pid()];

        for (int i = 0; const char *name = smpi_actor_self_property_name(i); i++)
            mine[name] = smpi_actor_self_property_value(name);
        return &mine;
    }
    /* A property's value, or nullptr. */
    const char *get_property(const std::string &key) const
    {
        return smpi_actor_self_property_value(key.c_str());
    }
};

namespace this_actor
{
inline aid_t get_pid()
{
    return sg_actor_self_get_pid();
}
inline void sleep_for(double duration)
{
    sg_actor_sleep_for(duration);
}
} // namespace this_actor

} // namespace s4u
} // namespace simgrid

#endif /* SIMMPI_SIMGRID_S4U_ACTOR_HPP */
