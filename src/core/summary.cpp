#include "core/summary.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>

namespace botsim {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

namespace {

template <class T>
Json opt(const std::optional<T>& v) {
  return v ? Json(*v) : Json(nullptr);
}
template <class T>
std::optional<T> opt_of(const Json& v) {
  return v.is_null() ? std::nullopt : std::optional<T>(v.get<T>());
}

// A field kept in a member of UserRecord: written as it is, read back into it.
template <class T>
UserField member(const char* key, T UserRecord::*m, FieldUnit unit = FieldUnit::None) {
  return UserField{key,
                   unit,
                   true,
                   false,
                   [m](const UserRecord& u) { return Json(u.*m); },
                   [m](UserRecord& u, const Json& v) { u.*m = v.get<T>(); }};
}
template <class T>
UserField member(const char* key, std::optional<T> UserRecord::*m,
                 FieldUnit unit = FieldUnit::None) {
  return UserField{key,
                   unit,
                   true,
                   false,
                   [m](const UserRecord& u) { return opt(u.*m); },
                   [m](UserRecord& u, const Json& v) { u.*m = opt_of<T>(v); }};
}
UserField derived(const char* key, FieldUnit unit, std::function<Json(const UserRecord&)> get) {
  return UserField{key, unit, false, false, std::move(get), nullptr};
}

// The common fields before the models' (docs/reference.md's order, as written since 1.0).
std::vector<UserField> common_head() {
  using U = FieldUnit;
  return {
      member("name", &UserRecord::name),
      member("model", &UserRecord::model),
      member("policy", &UserRecord::policy),
      member("vo", &UserRecord::vo),
      member("tasks_total", &UserRecord::tasks_total),
      member("tasks_done", &UserRecord::tasks_done),
      member("start_s", &UserRecord::start_s, U::Seconds),
      member("finish_s", &UserRecord::finish_s, U::Seconds),
      // Derived, but read back as written: the written value is the exact one rounded.
      {"makespan_s", U::Seconds, false, false,
       [](const UserRecord& u) { return opt(u.makespan_s()); },
       [](UserRecord& u, const Json& v) { u.written_makespan_s = opt_of<double>(v); }},
      member("deadline_s", &UserRecord::deadline_s, U::Seconds),
      derived("met_deadline", U::None, [](const UserRecord& u) { return opt(u.met_deadline()); })};
}

// The common fields after the models'.
std::vector<UserField> common_tail() {
  using U = FieldUnit;
  std::vector<UserField> f{member("budget", &UserRecord::budget, U::Money),
                           member("spent", &UserRecord::spent, U::Money),
                           member("instances", &UserRecord::instances),
                           member("charged_units", &UserRecord::charged_units, U::ChargedUnits),
                           member("messages", &UserRecord::messages)};
  // status() derives done/done_late/unfinished again from what it reads back.
  f.push_back({"status", U::None, false, false,
               [](const UserRecord& u) { return Json(u.status()); },
               [](UserRecord& u, const Json& v) { u.stopped_as = v.get<std::string>(); }});
  f.push_back(
      {"status_reason", U::None, false, false,
       [](const UserRecord& u) {
         return u.stop_reason.empty() ? Json(nullptr) : Json(u.stop_reason);
       },
       [](UserRecord& u, const Json& v) { u.stop_reason = opt_of<std::string>(v).value_or(""); }});
  UserField rerun = member("tasks_rerun", &UserRecord::tasks_rerun);
  UserField lost = member("spent_on_lost_work", &UserRecord::spent_on_lost_work, U::Money);
  for (UserField* g : {&rerun, &lost}) {
    g->required = false;
    g->faults_only = true;
  }
  f.push_back(std::move(rerun));
  f.push_back(std::move(lost));
  return f;
}

// A field of one model's own (register_model_field).
struct ModelField {
  std::string key;
  FieldUnit unit = FieldUnit::None;
};

struct Schema {
  std::vector<UserField> models;                       // registered, in order
  std::vector<UserField> all;                          // head, models, tail
  std::map<std::string, std::vector<ModelField>> own;  // by model, in order
  std::map<std::string, std::string> currencies;
  void rebuild() {
    all = common_head();
    all.insert(all.end(), models.begin(), models.end());
    for (auto& f : common_tail()) all.push_back(std::move(f));
  }
};

Schema& schema() {
  static Schema s = [] {
    Schema init;
    init.rebuild();
    return init;
  }();
  return s;
}

const UserField* find_field(const std::string& key) {
  for (const auto& f : user_fields())
    if (f.key == key) return &f;
  return nullptr;
}

const std::vector<ModelField>* own_fields(const std::string& model) {
  const auto& own = schema().own;
  auto it = own.find(model);
  return it == own.end() ? nullptr : &it->second;
}

UserRecord user_from_json(const Json& j) {
  UserRecord u;
  for (const auto& f : user_fields()) {
    auto it = j.find(f.key);
    if (it == j.end()) {
      if (f.required) j.at(f.key);  // throws: "key 'X' not found"
      continue;                     // absent in older results, or a faults-only field
    }
    if (f.set) f.set(u, *it);
  }
  for (const auto& [key, value] : j.items())
    if (!find_field(key)) u.extra[key] = value;
  return u;
}

}  // namespace

UserField number_field(const std::string& key, FieldUnit unit) {
  return UserField{key,
                   unit,
                   false,
                   false,
                   [key](const UserRecord& u) { return opt(extra_number(u, key)); },
                   [key](UserRecord& u, const Json& v) {
                     if (!v.is_null()) u.extra[key] = v.get<double>();
                   }};
}

std::optional<double> extra_number(const UserRecord& u, const std::string& key) {
  auto it = u.extra.find(key);
  if (it == u.extra.end() || it->is_null()) return std::nullopt;
  return it->get<double>();
}

void register_user_field(UserField field) {
  Schema& s = schema();
  field.required = false;  // older results have no model fields
  bool replaced = false;
  for (auto& f : s.models)
    if (f.key == field.key) {
      f = field;
      replaced = true;
    }
  if (!replaced) s.models.push_back(std::move(field));
  s.rebuild();
}

void register_model_field(const std::string& model, const std::string& key, FieldUnit unit) {
  std::vector<ModelField>& own = schema().own[model];
  for (auto& f : own)
    if (f.key == key) {
      f.unit = unit;
      return;
    }
  own.push_back({key, unit});
}

void register_currency(const std::string& model, const std::string& currency) {
  schema().currencies[model] = currency;
}

const std::vector<UserField>& user_fields() { return schema().all; }

std::string currency_of(const std::string& model) {
  const auto& c = schema().currencies;
  auto it = c.find(model);
  return it == c.end() ? "$" : it->second;  // the cloud models: the instance types' price unit
}

std::string field_unit(const std::string& field, const std::string& model) {
  std::optional<FieldUnit> unit;
  if (const UserField* f = find_field(field)) unit = f->unit;
  if (const std::vector<ModelField>* own = own_fields(model); own && !unit)
    for (const ModelField& f : *own)
      if (f.key == field) unit = f.unit;
  if (unit) {
    switch (*unit) {
      case FieldUnit::Seconds:
        return "s";
      case FieldUnit::Money:
        return currency_of(model);
      case FieldUnit::ChargedUnits:
        return "ATUs";
      case FieldUnit::None:
        return "";
    }
  }
  if (field.size() > 2 && field.compare(field.size() - 2, 2, "_s") == 0) return "s";
  return "";
}

Json summary_json(const RunInfo& info, const std::vector<UserRecord>& users,
                  const std::vector<Json>& resources, bool faults) {
  Json summary;
  summary["botsim_version"] = info.version;
  summary["platform"] = info.platform;
  summary["deployment"] = info.deployment;
  summary["seed"] = info.seed;
  if (!info.settings.empty()) summary["set"] = info.settings;
  summary["simulated_time_s"] = info.simulated_time_s;
  Json js = Json::array();
  for (const auto& u : users) {
    Json j;
    for (const auto& f : user_fields())
      if (faults || !f.faults_only) j[f.key] = f.get(u);
    if (const std::vector<ModelField>* own = own_fields(u.model))
      for (const ModelField& f : *own)  // in the model's order, where the record has them
        if (auto it = u.extra.find(f.key); it != u.extra.end()) j[f.key] = *it;
    for (const auto& [key, value] : u.extra.items())
      if (!find_field(key) && !j.contains(key)) j[key] = value;  // a registered one is in place
    js.push_back(std::move(j));
  }
  summary["users"] = std::move(js);
  Json rs = Json::array();
  for (const auto& r : resources) rs.push_back(r);
  summary["resources"] = std::move(rs);
  return summary;
}

RunSummary read_summary(const std::string& dir) {
  const std::string path = (fs::path(dir) / "summary.json").string();
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  try {
    Json j = Json::parse(in);
    RunSummary s;
    s.info =
        RunInfo{j.at("botsim_version").get<std::string>(), j.at("platform").get<std::string>(),
                j.at("deployment").get<std::string>(),     j.at("seed").get<unsigned long long>(),
                j.at("simulated_time_s").get<double>(),    {}};
    if (j.contains("set")) s.info.settings = j.at("set").get<std::vector<std::string>>();
    for (const auto& u : j.at("users")) s.users.push_back(user_from_json(u));
    s.resources = j.at("resources").get<std::vector<Json>>();
    return s;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

}  // namespace botsim
