/* xbt/replay.hpp: SimGrid's C++ API for replayer programs (xbt_replay_action_register and
 * friends, SimGrid 3.32's names), on simmpi's C table of replay actions (<smpi/smpi.h>). An
 * action is the vector of the fields of its trace line: its rank, its name, then its arguments. */
#ifndef SIMMPI_XBT_REPLAY_HPP
#define SIMMPI_XBT_REPLAY_HPP

#include <functional>
#include <string>
#include <vector>

#include <smpi/smpi.h>

namespace simgrid
{
namespace xbt
{
using ReplayAction = std::vector<std::string>;
} // namespace xbt
} // namespace simgrid

using action_fun = std::function<void(simgrid::xbt::ReplayAction &)>;

namespace simgrid
{
namespace xbt
{
namespace detail
{
inline void replay_call(void *data, int nfields, const char *const *fields)
{
    ReplayAction action(fields, fields + nfields);
    (*static_cast<action_fun *>(data))(action);
}
inline void replay_free(void *data)
{
    delete static_cast<action_fun *>(data);
}
} // namespace detail
} // namespace xbt
} // namespace simgrid

/* Runs `function` for every action named action_name, instead of the current handler. */
inline void xbt_replay_action_register(const char *action_name, const action_fun &function)
{
    smpi_replay_action_register(action_name, simgrid::xbt::detail::replay_call,
                                new action_fun(function), simgrid::xbt::detail::replay_free);
}

/* The current handler of action_name (an empty function when there is none). */
inline action_fun xbt_replay_action_get(const char *action_name)
{
    smpi_replay_action_fn *fn;
    void *data;

    if (!smpi_replay_action_get(action_name, &fn, &data))
        return action_fun();
    return [fn, data](simgrid::xbt::ReplayAction &action) {
        std::vector<const char *> fields;
        for (const auto &f : action)
            fields.push_back(f.c_str());
        fn(data, static_cast<int>(fields.size()), fields.data());
    };
}

/* The trace that the ranks replaying a shared trace read. */
inline void xbt_replay_set_tracefile(const std::string &filename)
{
    smpi_replay_set_tracefile(filename.c_str());
}

#endif /* SIMMPI_XBT_REPLAY_HPP */
