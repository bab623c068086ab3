#pragma once
// What a policy sees, made by hand for unit tests of policies (policy/*.hpp): views whose every
// field a test sets, and props read from a map.
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "policy/auction.hpp"
#include "policy/props.hpp"
#include "policy/provisioning.hpp"

namespace botsim::test {

/// Props from a map of texts; a bad or missing value throws std::invalid_argument naming it.
class MapProps final : public policy::Props {
 public:
  MapProps() = default;
  MapProps(std::initializer_list<std::pair<const std::string, std::string>> values) : v_(values) {}
  bool has(const std::string& key) const override { return v_.count(key) > 0; }
  std::string text(const std::string& key,
                   const std::optional<std::string>& fallback) const override {
    if (auto it = v_.find(key); it != v_.end()) return it->second;
    if (fallback) return *fallback;
    bad(key, "missing");
  }
  std::string choice(const std::string& key, const std::vector<std::string>&,
                     const std::optional<std::string>& fallback) const override {
    return text(key, fallback);
  }
  double number(const std::string& key, std::optional<double> fallback, double min,
                double max) const override {
    const double x = has(key)   ? std::stod(v_.at(key))
                     : fallback ? *fallback
                                : (bad(key, "missing"), 0);
    if (x < min || x > max) bad(key, "out of range");
    return x;
  }
  long long integer(const std::string& key, std::optional<long long> fallback, long long min,
                    long long max) const override {
    const long long x = has(key)   ? std::stoll(v_.at(key))
                        : fallback ? *fallback
                                   : (bad(key, "missing"), 0);
    if (x < min || x > max) bad(key, "out of range");
    return x;
  }
  double duration(const std::string& key, std::optional<double> fallback, double min,
                  double max) const override {
    return number(key, fallback, min, max);
  }
  double money(const std::string& key, std::optional<double> fallback, double min) const override {
    return number(key, fallback, min, 1e12);
  }
  [[noreturn]] void fail(const std::string& key, const std::string& problem) const override {
    bad(key, problem);
  }
  [[noreturn]] static void bad(const std::string& key, const std::string& problem) {
    throw std::invalid_argument(key + ": " + problem);
  }

 private:
  std::map<std::string, std::string> v_;
};

class FakeCloudView : public policy::CloudView {
 public:
  double now_ = 0, start_ = 0, done_seconds_ = 0, spent_ = 0;
  std::string user_ = "U0";
  long total_ = 0, done_ = 0, running_ = 0, waiting_ = 0, active_ = 0;
  policy::InstanceType type_;
  std::vector<policy::InstanceType> types_;
  std::vector<policy::Instance> instances_;
  std::optional<double> budget_, deadline_;
  std::map<std::string, double> spot_prices_;  // by type; absent: no spot
  Rng rng_ = make_rng(1, "test");
  mutable policy::Random random_{rng_};

  double now() const override { return now_; }
  const std::string& user() const override { return user_; }
  double start_s() const override { return start_; }
  long tasks_total() const override { return total_; }
  long tasks_done() const override { return done_; }
  long tasks_running() const override { return running_; }
  long tasks_waiting() const override { return waiting_; }
  double done_seconds() const override { return done_seconds_; }
  const policy::InstanceType& task_type() const override { return type_; }
  const std::vector<policy::InstanceType>& types() const override { return types_; }
  const std::vector<policy::Instance>& instances() const override { return instances_; }
  const std::vector<policy::Instance>& idle_instances() const override {
    idle_.clear();
    for (const auto& i : instances_)
      if (i.ready && !i.stopping && i.idle()) idle_.push_back(i);
    return idle_;
  }
  long live() const override { return static_cast<long>(instances_.size()); }
  long active() const override { return active_; }
  double spent() const override { return spent_; }
  std::optional<double> budget() const override { return budget_; }
  std::optional<double> deadline_s() const override { return deadline_; }
  policy::Random& random() const override { return random_; }
  std::optional<double> spot_price(const std::string& type) const override {
    auto it = spot_prices_.find(type);
    return it == spot_prices_.end() ? std::nullopt : std::optional<double>(it->second);
  }

 private:
  mutable std::vector<policy::Instance> idle_;
};

class FakeAuctionView : public policy::AuctionView {
 public:
  double now_ = 0, start_ = 0, deadline_ = 3600, interval_ = 600, fund_ = 0, wallet_ = 0,
         spent_ = 0;
  std::string user_ = "U0";
  std::vector<double> lengths_;
  std::vector<bool> done_;
  std::vector<long> held_;
  std::vector<policy::AuctionResource> resources_;
  Rng rng_ = make_rng(1, "test");
  mutable policy::Random random_{rng_};

  double now() const override { return now_; }
  const std::string& user() const override { return user_; }
  double start_s() const override { return start_; }
  double deadline_s() const override { return deadline_; }
  double time_left() const override { return deadline_ + start_ - now_; }
  double bid_interval_s() const override { return interval_; }
  double fund() const override { return fund_; }
  double wallet() const override { return wallet_; }
  double spent() const override { return spent_; }
  const std::vector<double>& lengths() const override { return lengths_; }
  long tasks_done() const override { return 0; }
  bool task_done(long) const override { return false; }
  std::vector<long> held() const override { return held_; }
  size_t held_count() const override { return held_.size(); }
  const std::vector<policy::AuctionResource>& resources() const override { return resources_; }
  policy::Random& random() const override { return random_; }

  /// A resource of `pe` x `mips` MIPS taking bids in [min_bid, max_bid], with an account.
  policy::AuctionResource& add(const std::string& name, int pe, double mips, double min_bid,
                               double max_bid, bool local = true) {
    policy::AuctionResource r;
    r.index = resources_.size();
    r.name = name;
    r.pe = pe;
    r.mips_per_pe = mips;
    r.min_bid = min_bid;
    r.max_bid = max_bid;
    r.local = local;
    r.open = true;
    resources_.push_back(r);
    return resources_.back();
  }
};

}  // namespace botsim::test
