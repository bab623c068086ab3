#include "bats/records.hpp"

#include "core/results.hpp"

namespace botsim::bats {

namespace {

template <class T>
void add(const Field<T>& f) {
  register_model_field(kModel, f.key, f.unit);
}

}  // namespace

void register_fields() {
  using namespace fields;
  add(schedule);
  add(schedule_budget);
  add(raise);
  add(cushion);
  add(risk);
  add(machines);
  add(expected_makespan_s);
  add(real_mu_s);
  add(real_sigma_s);
  add(ns);
  add(sampling_spent);
  add(sampling_end_s);
  add(total_spent);
  add(sampling_s);
  add(execution_spent);
  add(execution_makespan_s);
  add(reconfigurations);
  add(violation_signals);
  add(first_signal_s);
  add(replanned_makespan_s);
  add(incomplete_reason);
}

ProposedRecord ProposedRecord::of(const Schedule& s) {
  return ProposedRecord{s.name,
                        s.budget,
                        s.raise,
                        s.cushion,
                        to_string(s.risk),
                        s.config.machines,
                        s.config.makespan_atus,
                        s.expected_makespan_s,
                        s.config.cost,
                        s.delta_n,
                        s.delta_n_initial};
}

nlohmann::json SchedulesRecord::to_json() const {
  nlohmann::json j;
  j["atu_s"] = atu_s;
  j["ns"] = ns;
  j["nlr"] = nlr;
  j["base_cluster"] = base_cluster ? nlohmann::json(*base_cluster) : nlohmann::json(nullptr);
  for (const ClusterRecord& c : clusters) {
    nlohmann::json cj{
        {"name", c.name}, {"price_per_atu", c.price_per_atu}, {"max_machines", c.max_machines}};
    if (c.ti_s) cj["ti_s"] = *c.ti_s;
    if (c.beta) cj["beta"] = {{"beta0", c.beta->beta0}, {"beta1", c.beta->beta1}};
    if (c.sample) cj["sample"] = {{"mu_s", c.sample->mu}, {"sigma_s", c.sample->sigma}};
    j["clusters"].push_back(std::move(cj));
  }
  for (const ProposedRecord& s : schedules)
    j["schedules"].push_back({{"name", s.name},
                              {"budget", s.budget},
                              {"raise", s.raise},
                              {"cushion", s.cushion},
                              {"risk", s.risk},
                              {"machines", s.machines},
                              {"makespan_atus", s.makespan_atus},
                              {"expected_makespan_s", s.expected_makespan_s},
                              {"cost", s.cost},
                              {"delta_n", s.delta_n},
                              {"delta_n_initial", s.delta_n_initial}});
  round_results_numbers(j);  // the results files' precision (docs/units.md)
  return j;
}

SchedulesRecord SchedulesRecord::from_json(const nlohmann::json& j) {
  SchedulesRecord r;
  r.atu_s = j.at("atu_s").get<double>();
  r.ns = j.at("ns").get<long>();
  r.nlr = j.at("nlr").get<int>();
  if (!j.at("base_cluster").is_null()) r.base_cluster = j.at("base_cluster").get<std::string>();
  for (const auto& cj : j.at("clusters")) {
    ClusterRecord c{cj.at("name").get<std::string>(),
                    cj.at("price_per_atu").get<double>(),
                    cj.at("max_machines").get<int>(),
                    std::nullopt,
                    std::nullopt,
                    std::nullopt};
    if (cj.contains("ti_s")) c.ti_s = cj.at("ti_s").get<double>();
    if (cj.contains("beta"))
      c.beta = LinearDependency{cj.at("beta").at("beta0").get<double>(),
                                cj.at("beta").at("beta1").get<double>()};
    if (cj.contains("sample"))
      c.sample = Moments{cj.at("sample").at("mu_s").get<double>(),
                         cj.at("sample").at("sigma_s").get<double>()};
    r.clusters.push_back(std::move(c));
  }
  for (const auto& sj : j.at("schedules"))
    r.schedules.push_back(
        ProposedRecord{sj.at("name").get<std::string>(), sj.at("budget").get<double>(),
                       sj.at("raise").get<double>(), sj.at("cushion").get<double>(),
                       sj.at("risk").get<std::string>(), sj.at("machines").get<std::vector<int>>(),
                       sj.at("makespan_atus").get<long>(),
                       sj.at("expected_makespan_s").get<double>(), sj.at("cost").get<double>(),
                       sj.at("delta_n").get<long>(), sj.at("delta_n_initial").get<long>()});
  return r;
}

nlohmann::json schedules_json(const std::vector<Schedule>& schedules,
                              const std::vector<Cluster>& clusters, double atu_s,
                              const SamplingSummary& sampling) {
  SchedulesRecord r;
  r.atu_s = atu_s;
  r.ns = sampling.ns;
  r.nlr = sampling.nlr;
  if (sampling.base < static_cast<int>(clusters.size()))
    r.base_cluster = clusters[static_cast<std::size_t>(sampling.base)].name;
  for (std::size_t i = 0; i < clusters.size(); ++i) {
    ClusterRecord c{clusters[i].name,
                    clusters[i].price_per_atu,
                    clusters[i].max_machines,
                    std::nullopt,
                    std::nullopt,
                    std::nullopt};
    if (i < sampling.ti_s.size()) c.ti_s = sampling.ti_s[i];
    if (i < sampling.against_base.size()) c.beta = sampling.against_base[i];
    if (i < sampling.sample_moments.size()) c.sample = sampling.sample_moments[i];
    r.clusters.push_back(std::move(c));
  }
  for (const Schedule& s : schedules) r.schedules.push_back(ProposedRecord::of(s));
  return r.to_json();
}

}  // namespace botsim::bats
