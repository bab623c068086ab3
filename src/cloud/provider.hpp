#pragma once
// The utility-cloud provider (docs/cloud.md): an S4U actor that starts and stops instances at
// run time by turning the hosts of an instance type's zone on and off, bills each instance by
// its type's billing rule and records it in instances.csv and invoice.csv.
#include <map>
#include <optional>
#include <simgrid/s4u/Host.hpp>
#include <string>
#include <unordered_map>
#include <vector>

#include "cloud/billing.hpp"
#include "cloud/free_hosts.hpp"
#include "cloud/messages.hpp"
#include "platform/faults.hpp"
#include "platform/scenario.hpp"

namespace botsim::cloud {

/// Every instance type of the run's loaded platform: zones (or clusters) with an
/// `instance_type` prop. Read once per run, however many users and checks ask (each spot
/// trace file then read once: a big export shared by many users was read again by each).
/// Throws InputError naming the platform file and zone on a bad property.
const std::vector<InstanceType>& instance_types(Run& run);
/// How many spot trace files the run has read so far (each once).
std::size_t spot_trace_files_read(const Run& run);
/// The type named `name`; throws InputError via `props.fail(key, ...)` listing known types.
InstanceType find_instance_type(const std::string& name, const PropReader& props,
                                const std::string& key, Run& run);
/// The mailbox of the provider actor deployed on `host`.
std::string provider_mailbox(const std::string& host);

class CloudProvider {
 public:
  struct Params {
    std::vector<InstanceType> types;
    static Params read(const PropReader& props, const ActorSite& site);
  };
  CloudProvider(Params params, Run& run);
  void operator()();

 private:
  struct Running {
    std::string user, type, host;
    InstanceOwner owner;
    double start_s = 0;
    size_t record = 0;       // in results_.timeline<InstanceRecord>()
    size_t invoice = 0;      // in results_.timeline<InvoiceRecord>() (a spot one's first row)
    size_t spot_record = 0;  // in results_.timeline<SpotInstanceRecord>(), spot only
    Market market = Market::OnDemand;
    bool reserved = false;  // on its owner's reserved slot: charged nothing
    bool ready = false;
  };
  void start(const StartInstance& m);
  void stop(const StopInstance& m);
  void boot_done(const BootDone& m);
  void host_changed(const HostChanged& m);
  /// A spot instance's notice (tells its owner, sets the reclaim timer) or its reclaim.
  void spot_timer(const SpotTimer& m);
  /// Bills `instance` up to now, completes its instances.csv row and tells its owner.
  /// `instance` by value: a caller may pass the key of the running_ entry this erases.
  /// `interrupted`: a spot instance reclaimed.
  void end_instance(std::string instance, bool failed, bool interrupted = false);
  /// Writes a spot instance's invoice rows as it stops: the first over its row `first` (the
  /// one written at its start), the others added.
  void spot_rows(const std::string& user, const std::string& instance, const std::string& type,
                 const SpotCharge& c, std::size_t first);
  /// Turns one of its hosts on or off itself (its HostWatch ignores that change).
  void switch_host(const std::string& host, bool on);
  const InstanceType& type(const std::string& name) const;
  const InstanceType* type_of_host(const std::string& host) const;
  std::size_t index_of(const InstanceType& t) const {
    return static_cast<std::size_t>(&t - params_.types.data());
  }

  Params params_;
  Results& results_;
  const HostFates& fates_;
  simgrid::s4u::Mailbox* inbox_ = nullptr;
  std::map<std::string, Running> running_;
  std::map<std::string, FreeHosts> free_hosts_;  // per type
  // Indexes, so that no request or host change walks every host or instance.
  std::unordered_map<std::string, std::size_t> host_type_;  // host -> index in params_.types
  std::unordered_map<std::string, std::string> on_host_;    // host -> the instance running there
  std::vector<long> failed_per_type_;                       // hosts in failed_hosts_, per type
  /// Why a start request is refused for good, if it is: every host of type `t` has failed and
  /// none will come back (Run::host_fates).
  std::optional<std::string> gone_for_good(const InstanceType& t) const;

  // Failed hosts not repaired yet, rented to nobody, and when each failed.
  std::map<std::string, double> failed_hosts_;
  std::string switching_;           // the host it is turning on or off itself
  std::optional<HostWatch> watch_;  // failures of its hosts (docs/cloud.md)
};

}  // namespace botsim::cloud
