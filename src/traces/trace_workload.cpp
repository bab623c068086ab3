#include "traces/trace_workload.hpp"

#include <stdexcept>

#include "core/error.hpp"
#include "core/props.hpp"
#include "core/units.hpp"
#include "core/workload.hpp"
#include "traces/bags.hpp"

namespace botsim::traces {

bool names_trace(const PropReader& props) {
  if (!props.has("workload")) return false;
  TraceFormat format;
  return props.has("trace_format") || trace_format_of_path(props.text("workload"), format);
}

std::vector<double> read_trace_workload(const PropReader& props, const std::string& base_dir,
                                        const std::string& size_key, bool mi) {
  if (props.has("tasks") || props.has(size_key))
    props.fail("workload",
               "give either 'workload' or 'tasks' with " + quote_text(size_key) + ", not both");
  std::string path = props.text("workload");
  if (!path.empty() && path[0] != '/' && !base_dir.empty()) path = base_dir + "/" + path;
  TraceFormat format = TraceFormat::Swf;
  if (props.has("trace_format")) {
    format = parse_trace_format(props.choice("trace_format", {"swf", "gwf"}));
  } else if (!trace_format_of_path(path, format)) {
    props.fail("workload", "name the trace's format with 'trace_format' (swf or gwf)");
  }
  std::string user = props.text("trace_user");
  if (user.empty()) props.fail("trace_user", "must name a user of the trace");
  long long wanted = props.integer("trace_bag", 1, 1, kMaxTraceJobs);
  BagOptions options;
  options.delta_s = props.duration("trace_delta", kDefaultBagDelta);
  options.users = {user};
  double mips = mi ? props.number("trace_mips", kDefaultReferenceMips, 1e-9, 1e12) : 1;

  const std::vector<TraceJob> jobs = read_trace(path, format);
  const std::vector<Bag> bags = identify_bags(jobs, options);
  if (bags.empty())
    props.fail("trace_user", "the trace " + quote_text(path) + " has no job of user " +
                                 quote_text(user) + " with a known run time");
  if (wanted > static_cast<long long>(bags.size()))
    props.fail("trace_bag", "user " + quote_text(user) + " has " + std::to_string(bags.size()) +
                                " bag(s) at Δ = " + format_number(options.delta_s) + " s, not " +
                                std::to_string(wanted));
  std::vector<double> sizes;
  for (size_t i : bags[static_cast<size_t>(wanted - 1)].jobs) {
    double size = job_work_s(jobs[i]) * mips;
    if (size > kMaxTaskSize)
      throw InputError(path + ":" + std::to_string(jobs[i].line), "run time",
                       "the job's work, " + format_number(size) + (mi ? " MI" : " s") +
                           ", is beyond the largest task size, " + format_number(kMaxTaskSize));
    sizes.push_back(size);
  }
  return sizes;
}

}  // namespace botsim::traces
