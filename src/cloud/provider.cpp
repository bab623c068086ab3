#include "cloud/provider.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/NetZone.hpp>

#include "cloud/messages.hpp"
#include "cloud/records.hpp"
#include "cloud/run_end.hpp"
#include "cloud/spot_market.hpp"
#include "core/error.hpp"
#include "core/results.hpp"
#include "core/units.hpp"
#include "platform/messaging.hpp"
#include "platform/timers.hpp"

namespace sg4 = simgrid::s4u;

namespace botsim::cloud {

// A file a platform prop names: an absolute path as it is, a relative one from the platform
// file's directory (where a platform's files live with it).
static std::string platform_file(const std::string& name, const std::string& platform) {
  namespace fs = std::filesystem;
  if (fs::path(name).is_absolute()) return name;
  return (fs::path(platform).parent_path() / name).string();
}

// The type's spot market (docs/cloud.md, "Spot instances"), if it offers one: its props are
// read here, all of them, so that a bad one names the platform file and the zone.
static std::shared_ptr<const SpotMarket> read_spot(const PropReader& p, const std::string& type,
                                                   const std::string& platform,
                                                   SpotTraceFiles& traces) {
  if (!p.has("spot_prices")) {
    for (const char* key : {"spot_zone", "spot_availability", "spot_notice"})
      if (p.has(key)) p.fail(key, "needs spot_prices (the type's spot price trace)");
    return nullptr;
  }
  const std::string zone = p.text("spot_zone", "");
  const double notice = p.duration("spot_notice", 120.0);
  auto read = [&](const char* key, auto reader) {
    const std::string name = p.text(key);
    if (name.empty()) p.fail(key, "must name a file");
    try {
      return reader(platform_file(name, platform));
    } catch (const InputError& e) {
      p.fail(key, e.what());
    }
  };
  auto prices =
      read("spot_prices", [&](const std::string& path) { return traces.prices(path, type, zone); });
  SpotAvailability availability;
  if (p.has("spot_availability"))
    availability = read("spot_availability",
                        [&](const std::string& path) { return traces.availability(path); });
  return std::make_shared<const SpotMarket>(
      SpotMarket{std::move(prices), std::move(availability), notice});
}

static InstanceType read_type(const sg4::NetZone& zone, const std::string& platform,
                              SpotTraceFiles& traces) {
  PropReader p = zone_props(zone, platform);
  InstanceType t;
  t.name = p.text("instance_type");
  if (t.name.empty()) p.fail("instance_type", "must not be empty");
  t.price = p.money("price");
  t.atu_s = p.duration("atu", 3600.0, -1e300);
  // At least a second: an ATU of 1e-3 s gave a billing event every millisecond for ever.
  if (!(t.atu_s >= 1)) p.fail("atu", "must be at least 1 s (the accountable time unit, e.g. 1h)");
  t.billing_minimum_s = p.duration("billing_minimum", 0.0);
  t.billing = billing_rule_of(
      p.choice("billing", {"per_started_unit", "per_second"}, std::string("per_started_unit")));
  t.boot_s = p.duration("boot_time", 0.0, -1e300);
  if (t.boot_s < 0) p.fail("boot_time", "must be >= 0");
  auto hosts = zone.get_all_hosts();
  if (hosts.empty()) p.fail("instance_type", "the zone has no host to run instances on");
  std::sort(hosts.begin(), hosts.end(),
            [](const sg4::Host* a, const sg4::Host* b) { return a->get_name() < b->get_name(); });
  t.speed = hosts.front()->get_speed();
  t.cores = hosts.front()->get_core_count();
  std::vector<std::string> names;
  for (const auto* h : hosts) {
    if (h->get_speed() != t.speed || h->get_core_count() != t.cores)
      p.fail("instance_type", "host " + quote_text(h->get_name()) +
                                  " differs in speed or cores from the type's other hosts");
    names.push_back(h->get_name());
  }
  t.hosts = std::make_shared<const std::vector<std::string>>(std::move(names));
  t.max_count = static_cast<int>(p.integer("max_count", static_cast<long long>(hosts.size()), 1,
                                           static_cast<long long>(hosts.size())));
  t.spot = read_spot(p, t.name, platform, traces);
  p.reject_unknown();
  return t;
}

static void collect(const sg4::NetZone* zone, const std::string& platform, SpotTraceFiles& traces,
                    std::vector<InstanceType>& out) {
  if (zone->get_property("instance_type")) out.push_back(read_type(*zone, platform, traces));
  for (const auto* child : zone->get_children()) collect(child, platform, traces, out);
}

static std::vector<InstanceType> read_instance_types(const std::string& platform,
                                                     SpotTraceFiles& traces) {
  std::vector<InstanceType> out;
  collect(sg4::Engine::get_instance()->get_netzone_root(), platform, traces, out);
  for (size_t i = 0; i < out.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (out[i].name == out[j].name)
        throw InputError(platform, "instance_type " + quote_text(out[i].name),
                         "declared by two zones");
  return out;
}

namespace {
// The run's instance types, read once for the run, and the spot trace files read for them.
struct RunInstanceTypes {
  std::optional<std::vector<InstanceType>> types;
  std::size_t trace_files_read = 0;
};
}  // namespace

const std::vector<InstanceType>& instance_types(Run& run) {
  auto& kept = run.kept<RunInstanceTypes>();
  if (!kept.types) {
    SpotTraceFiles traces;  // its tables go once the types are read
    kept.types = read_instance_types(run.paths().platform, traces);
    kept.trace_files_read += traces.files_read();
  }
  return *kept.types;
}

std::size_t spot_trace_files_read(const Run& run) {
  return run.has<RunInstanceTypes>() ? run.get<RunInstanceTypes>().trace_files_read : 0;
}

InstanceType find_instance_type(const std::string& name, const PropReader& props,
                                const std::string& key, Run& run) {
  const std::string& platform = run.paths().platform;
  std::string known;
  for (const auto& t : instance_types(run)) {
    if (t.name == name) return t;
    known += (known.empty() ? "" : ", ") + t.name;
  }
  props.fail(key, "unknown instance type " + quote_text(name) + " (platform " + platform +
                      " offers: " + (known.empty() ? "none" : known) + ")");
}

namespace {
// Marks a run whose bills are checked at its end (Run::set).
struct BillsChecked {};
}  // namespace

std::string provider_mailbox(const std::string& host) { return "cloud-provider@" + host; }

CloudProvider::Params CloudProvider::Params::read(const PropReader&, const ActorSite& site) {
  Params p;
  p.types = instance_types(site.run);
  return p;
}

CloudProvider::CloudProvider(Params params, Run& run)
    : params_(std::move(params)),
      results_(run.results()),
      fates_(run.host_fates()),
      failed_per_type_(params_.types.size(), 0) {
  for (std::size_t i = 0; i < params_.types.size(); ++i) {
    for (const auto& h : params_.types[i].host_names()) host_type_.emplace(h, i);  // the first type's
    // A spot market interrupts instances as a failure does: lost attempts are reported.
    if (params_.types[i].spot) run.results().model_faults();
  }
  // Every renter's spent is what its instances were billed (cloud/run_end.hpp): once per run,
  // over every provider's instances.
  if (!run.has<BillsChecked>()) {
    run.set(std::make_shared<const BillsChecked>());
    run.at_end([&results = run.results()] {
      check_bills(results.records<InstanceRecord>(), results.records<InvoiceRecord>(),
                  results.users());
    });
  }
}

const InstanceType& CloudProvider::type(const std::string& name) const {
  for (const auto& t : params_.types)
    if (t.name == name) return t;
  throw std::logic_error("no instance type " + name);  // owners validated it
}

void CloudProvider::operator()() {
  sg4::Actor::self()->daemonize();  // serves owners for as long as they run
  Inbox<ProviderMessage> inbox(provider_mailbox(sg4::this_actor::get_host()->get_name()));
  inbox_ = inbox.mailbox();
  // Hosts of instance types are the provider's idle capacity: off until rented.
  for (const auto& t : params_.types)
    for (const auto& h : t.host_names()) {
      switch_host(h, false);
      free_hosts_[t.name].add_initial(h);
    }
  // A host of an instance type that fails (a FailureInjector, a state profile) or comes back.
  watch_.emplace(
      sg4::this_actor::get_host(),
      [this](const sg4::Host& h) {
        return h.get_name() != switching_ && type_of_host(h.get_name());
      },
      [mailbox = inbox_](const std::string& host, bool on) {
        send<ProviderMessage>(mailbox, HostChanged{host, on}, 0);
      });
  for (;;) {
    auto msg = inbox.receive();
    std::visit(
        [this](const auto& m) {
          using M = std::decay_t<decltype(m)>;
          if constexpr (std::is_same_v<M, StartInstance>)
            start(m);
          else if constexpr (std::is_same_v<M, StopInstance>)
            stop(m);
          else if constexpr (std::is_same_v<M, HostChanged>)
            host_changed(m);
          else if constexpr (std::is_same_v<M, SpotTimer>)
            spot_timer(m);
          else
            boot_done(m);
        },
        *msg);
  }
}

void CloudProvider::start(const StartInstance& m) {
  const auto& t = type(m.type);
  const bool spot = m.market == Market::Spot;
  const double now = sg4::Engine::get_clock();
  if (spot) {
    // A spot request the market cannot take now is refused; it may take it later.
    if (!t.spot) {
      m.owner.send(InstanceRefused{m.instance,
                                   "instance type " + quote_text(t.name) +
                                       " offers no spot instances (no spot_prices)",
                                   true},
                   0);
      return;
    }
    const double price = t.spot->prices.price_at(now);
    if (m.max_price && price > *m.max_price) {
      m.owner.send(
          InstanceRefused{m.instance, "the spot price of " + t.name + " (" + format_number(price) +
                                          ") is above the maximum " + format_number(*m.max_price)},
          0);
      return;
    }
    if (!t.spot->availability.available(now)) {
      m.owner.send(
          InstanceRefused{m.instance, "the spot capacity of " + t.name + " is withdrawn now"}, 0);
      return;
    }
  }
  auto& free = free_hosts_[t.name];
  long failed = failed_per_type_[index_of(t)];
  long in_use = static_cast<long>(t.host_names().size() - free.size()) - failed;
  if (free.empty() || in_use >= t.max_count) {
    if (auto why = gone_for_good(t)) {
      m.owner.send(InstanceRefused{m.instance, *why, true}, 0);
      return;
    }
    std::string why =
        "no more " + t.name + " instances (max_count " + std::to_string(t.max_count) + ")";
    if (failed > 0) why += ", " + std::to_string(failed) + " host(s) failed";
    m.owner.send(InstanceRefused{m.instance, why}, 0);
    return;
  }
  Running r;
  r.user = m.user;
  r.owner = m.owner;
  r.type = t.name;
  r.host = free.take();
  r.start_s = now;
  r.market = m.market;
  r.reserved = m.reserved && !spot;
  switch_host(r.host, true);
  if (spot) {
    // The first unit at the price in force now; the rows are completed when it stops.
    const SpotCharge c = spot_charge(r.start_s, r.start_s, t.terms(), t.spot->prices, false);
    r.record = results_.timeline<InstanceRecord>().add(InstanceRecord{
        m.user, m.instance, t.name, r.start_s, std::nullopt, c.units_begun, c.amount});
    const PricedInterval& first = c.rows.front();
    r.invoice = results_.timeline<InvoiceRecord>().add(
        InvoiceRecord{m.user, m.instance, t.name, InvoiceRecord::kSpot, first.from_s, first.to_s,
                      first.units, first.unit_price, first.amount});
    SpotInstanceRecord s;
    s.user = m.user;
    s.instance = m.instance;
    s.type = t.name;
    s.max_price = m.max_price;
    s.start_s = r.start_s;
    r.spot_record = results_.timeline<SpotInstanceRecord>().add(s);
    // One timer per instance, found in O(log n) in the traces (cloud/spot_market.hpp).
    const double notice = next_interruption(t.spot->prices, t.spot->availability, r.start_s,
                                            m.max_price.value_or(kNever));
    if (notice < kNever) send_at<ProviderMessage>(inbox_, notice, SpotTimer{m.instance, false});
  } else {
    // The first ATU (or second, or the minimum) is charged at the start request; nothing
    // on a reserved slot, which the reservation pays for.
    const double price = r.reserved ? 0.0 : t.price;
    const Charge c = charge(r.start_s, r.start_s, t.terms(), price);
    r.record = results_.timeline<InstanceRecord>().add(InstanceRecord{
        m.user, m.instance, t.name, r.start_s, std::nullopt, c.units_begun, c.amount});
    r.invoice = results_.timeline<InvoiceRecord>().add(
        InvoiceRecord{m.user, m.instance, t.name,
                      r.reserved ? InvoiceRecord::kReserved : InvoiceRecord::kOnDemand, c.from_s,
                      c.to_s, c.units, price, c.amount});
  }
  spdlog::debug("provider: start {} ({}) on {} for {}", m.instance, t.name, r.host, m.user);
  on_host_[r.host] = m.instance;
  running_[m.instance] = r;
  if (t.boot_s <= 0) {
    boot_done(BootDone{m.instance});
  } else {
    send_after<ProviderMessage>(inbox_, t.boot_s, BootDone{m.instance});
  }
}

void CloudProvider::boot_done(const BootDone& m) {
  auto it = running_.find(m.instance);
  if (it == running_.end() || it->second.ready) return;  // stopped while booting
  it->second.ready = true;
  it->second.owner.send(
      InstanceReady{m.instance, it->second.host, it->second.start_s, sg4::Engine::get_clock()}, 0);
}

void CloudProvider::stop(const StopInstance& m) {
  if (running_.count(m.instance)) end_instance(m.instance, false);  // else already stopped
}

void CloudProvider::spot_rows(const std::string& user, const std::string& instance,
                              const std::string& type, const SpotCharge& c, std::size_t first) {
  auto& invoice = results_.timeline<InvoiceRecord>();
  for (std::size_t k = 0; k < c.rows.size(); ++k) {
    const auto& r = c.rows[k];
    InvoiceRecord row{user,    instance,     type,    InvoiceRecord::kSpot, r.from_s, r.to_s,
                      r.units, r.unit_price, r.amount};
    if (k == 0)
      invoice.at(first) = row;
    else
      invoice.add(row);
  }
}

void CloudProvider::spot_timer(const SpotTimer& m) {
  auto it = running_.find(m.instance);
  if (it == running_.end()) return;  // stopped by its owner (or failed) before
  const double now = sg4::Engine::get_clock();
  auto& rec = results_.timeline<SpotInstanceRecord>().at(it->second.spot_record);
  if (!m.reclaim) {
    const double reclaim = now + type(it->second.type).spot->notice_s;
    rec.notice_s = now;
    rec.reclaim_s = reclaim;
    spdlog::info("provider: spot instance {} to be reclaimed at {} s", m.instance,
                 format_number(reclaim));
    it->second.owner.send(InterruptionNotice{m.instance, now, reclaim}, 0);
    send_at<ProviderMessage>(inbox_, reclaim, SpotTimer{m.instance, true});
    return;
  }
  spdlog::info("provider: spot instance {} reclaimed", m.instance);
  end_instance(m.instance, false, true);
}

void CloudProvider::end_instance(std::string instance, bool failed, bool interrupted) {
  auto it = running_.find(instance);
  const Running r = it->second;
  running_.erase(it);
  on_host_.erase(r.host);
  const auto& t = type(r.type);
  double now = sg4::Engine::get_clock();
  // A host that failed as its owner stopped it is out of service all the same.
  if (failed || !sg4::Host::by_name(r.host)->is_on()) {
    // Out of service until repaired; the ATUs started until the failure are charged.
    if (failed_hosts_.emplace(r.host, now).second) ++failed_per_type_[index_of(t)];
  } else {
    // Turning the host off kills the instance's actors: a running task is lost (its owner
    // records it), never silently finished.
    switch_host(r.host, false);
    free_hosts_[t.name].give_back(r.host);
  }
  auto& rec = results_.timeline<InstanceRecord>().at(r.record);
  rec.stop_s = now;
  if (r.market == Market::Spot) {
    const SpotCharge c = spot_charge(r.start_s, now, t.terms(), t.spot->prices, interrupted);
    spot_rows(r.user, instance, t.name, c, r.invoice);
    rec.charged_units = c.units_begun;
    rec.cost = c.amount;
    auto& spot = results_.timeline<SpotInstanceRecord>().at(r.spot_record);
    spot.stop_s = now;
    spot.interrupted = interrupted;
    spot.cost = c.amount;
  } else {
    const Charge c = charge(r.start_s, now, t.terms(), r.reserved ? 0.0 : t.price);
    rec.charged_units = c.units_begun;
    rec.cost = c.amount;
    auto& row = results_.timeline<InvoiceRecord>().at(r.invoice);
    row.to_s = c.to_s;
    row.units = c.units;
    row.amount = c.amount;
  }
  spdlog::debug("provider: {} {} after {} unit(s)",
                failed ? "lost" : (interrupted ? "reclaimed" : "stop"), instance,
                rec.charged_units);
  InstanceStopped stopped{instance, now, rec.charged_units, rec.cost, failed};
  stopped.interrupted = interrupted;
  r.owner.send(stopped, 0);
}

void CloudProvider::host_changed(const HostChanged& m) {
  const InstanceType* t = type_of_host(m.host);
  auto& free = free_hosts_[t->name];
  if (!m.on) {
    auto running = on_host_.find(m.host);
    if (running != on_host_.end()) {
      spdlog::info("provider: instance {} lost: host {} failed", running->second, m.host);
      end_instance(running->second, true);
    }
    return;
  }
  // Back on: a repaired host (or one a state profile turned on while nobody rented it) is idle
  // capacity again, off until rented.
  if (on_host_.count(m.host)) return;
  switch_host(m.host, false);
  if (failed_hosts_.erase(m.host) > 0) {
    --failed_per_type_[index_of(*t)];
    free.give_back(m.host);
  }
}

void CloudProvider::switch_host(const std::string& host, bool on) {
  switching_ = host;
  if (on)
    sg4::Host::by_name(host)->turn_on();
  else
    sg4::Host::by_name(host)->turn_off();
  switching_.clear();
}

std::optional<std::string> CloudProvider::gone_for_good(const InstanceType& t) const {
  const double now = sg4::Engine::get_clock();
  double last = 0;
  for (const auto& h : t.host_names()) {
    auto failed = failed_hosts_.find(h);
    if (failed == failed_hosts_.end() || !fates_.off_for_good(h, now)) return std::nullopt;
    last = std::max(last, failed->second);
  }
  return "every host of instance type " + quote_text(t.name) + " failed for good (the last at " +
         format_number(last) + " s)";
}

const InstanceType* CloudProvider::type_of_host(const std::string& host) const {
  auto it = host_type_.find(host);
  return it == host_type_.end() ? nullptr : &params_.types[it->second];
}

}  // namespace botsim::cloud
