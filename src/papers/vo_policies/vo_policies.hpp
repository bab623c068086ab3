#pragma once
// `botsim experiment vo-policies`: the global against the local domain policy of Sulistio &
// Buyya 2005 over generated grids that vary the number of VO domains, the speed of each
// domain's resources, the surcharge on users of other domains and the deadline's tightness
// (docs/vo-policies.md). The settings, and the tables, figures and findings from the runs'
// results files: no SimGrid, no process (experiment.hpp plans and runs them).
#include <string>
#include <vector>

#include "campaign/findings.hpp"

namespace botsim::papers {

/// One point of the experiment's grid.
struct VoSetting {
  int domains = 2;         // VO domains A, B, ...
  bool spread = false;     // false: every resource 1050 MIPS; true: 0.5x to 1.5x by domain
  double surcharge = 0.2;  // fraction added to the bids of users of other domains
  double tightness = 1.5;  // deadline = tightness x the whole load's makespan at full capacity
  /// "V4-spread-s20-d1.25": names the setting's files.
  std::string tag() const;
};

/// The grid the experiment runs: domains {2, 4, 8} x speeds {equal, spread} x surcharge
/// {0, 0.2, 0.5} x tightness {1.1, 1.5, 2.5}.
std::vector<VoSetting> vo_settings();

/// Resources per domain, PEs per resource, users per domain and policy, tasks per user.
constexpr int kVoResources = 2, kVoPes = 2, kVoUsersPerPolicy = 2, kVoTasks = 20;

/// MIPS of the resources of domain `d` (0-based): 1050, or 525 to 1575 in even steps
/// (rounded to whole MIPS).
double vo_domain_mips(const VoSetting& s, int d);
/// The users' deadline in seconds: tightness x (all users' mean work / whole platform MIPS).
double vo_deadline_s(const VoSetting& s);
/// The name of domain `d` (0-based): "A", "B", ...
std::string vo_name(int d);

/// One user of one run, as read back from its summary.json.
struct VoUserResult {
  std::string policy;  // "global" or "local"
  int domain = 0;
  double spent = 0, makespan_s = 0;  // makespan: +inf when unfinished
  bool met_deadline = false;
};

/// The two policies of one setting side by side (costs in G$ per user, lateness = makespan/D).
struct VoComparison {
  double global_cost = 0, global_cost_sd = 0, local_cost = 0, local_cost_sd = 0;
  double global_met = 0, local_met = 0;            // fraction of users that met D
  double global_lateness = 0, local_lateness = 0;  // mean makespan / D (finished users)
  double cost_ratio() const { return local_cost / global_cost; }
};
VoComparison compare_policies(const std::vector<VoUserResult>& users, double deadline_s);

/// The experiment's findings (section 4.2 of the paper), each with its threshold and margin:
/// local users cheaper where a surcharge applies, more so with a higher one; as punctual as
/// global users when the deadline leaves room, less so in some tight settings.
std::vector<campaign::Finding> vo_policies_findings(const std::vector<VoSetting>& settings,
                                                    const std::vector<VoComparison>& cmp);

/// Reads the runs of every setting (dirs[i]: settings[i]'s run directories) and writes
/// comparison.csv, by_domain.csv, findings.csv and the figures' data and scripts into `out_dir`
/// (which must exist); returns what the experiment prints: a line per setting, and the findings.
std::string write_vo_policies_tables(const std::vector<VoSetting>& settings,
                                     const std::vector<std::vector<std::string>>& dirs,
                                     const std::string& out_dir);

}  // namespace botsim::papers
