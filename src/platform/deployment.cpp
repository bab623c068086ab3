#include "platform/deployment.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <xbt/parse_units.hpp>

#include "core/error.hpp"
#include "core/input_file.hpp"
#include "core/units.hpp"
#include "core/xml.hpp"

namespace botsim {

namespace pt = boost::property_tree;
namespace fs = std::filesystem;

// Refuses a file whose elements nest deeper than kMaxXmlDepth, before any tree is built of it
// (a tree of very deep XML overflows the stack).
static void check_depth(const std::string& path, const std::string& what) {
  std::ifstream in = open_input_file(path, what);
  if (xml_depth(in, kMaxXmlDepth) > kMaxXmlDepth)
    throw InputError(path, "",
                     fmt::format("elements nested more than {} deep (zones in zones?): more "
                                 "than botsim reads, or SimGrid's parser could",
                                 kMaxXmlDepth));
}

// XML 1.0 allows no control character but tab, newline and carriage return, not even as a
// character reference; Boost's parser lets them through, and deployment_xml could not write
// them back (two ids differing only in one would come back as the same id).
static void check_characters(const std::string& path, const std::string& element,
                             const std::string& what, const std::string& text) {
  for (unsigned char c : text)
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
      throw InputError(path, element,
                       fmt::format("{} has the control character 0x{:02X}, which XML 1.0 does "
                                   "not allow",
                                   what, static_cast<unsigned>(c)));
}

std::string ActorSpec::element() const {
  return "actor #" + std::to_string(index) + " " + quote_text(function) + " on host " +
         quote_text(host);
}

std::vector<ActorSpec> read_deployment(const std::string& path) {
  check_depth(path, "deployment file");
  std::ifstream in = open_input_file(path, "deployment file");
  pt::ptree tree;
  try {
    pt::read_xml(in, tree, pt::xml_parser::no_comments);
  } catch (const pt::xml_parser_error& e) {
    throw InputError(path + ":" + std::to_string(e.line()), "", "malformed XML: " + e.message());
  }
  auto platform = tree.get_child_optional("platform");
  if (!platform) throw InputError(path, "", "no <platform> root element");
  std::vector<ActorSpec> actors;
  for (const auto& [tag, node] : *platform) {
    if (tag == "<xmlattr>") continue;
    if (tag != "actor")
      throw InputError(path, "<" + tag + ">", "unexpected element in a deployment file");
    ActorSpec a;
    a.index = static_cast<int>(actors.size()) + 1;
    a.host = node.get("<xmlattr>.host", "");
    a.function = node.get("<xmlattr>.function", "");
    if (a.host.empty() || a.function.empty())
      throw InputError(path, "actor #" + std::to_string(a.index),
                       "needs both host=\"...\" and function=\"...\"");
    check_characters(path, "actor #" + std::to_string(a.index), "host=", a.host);
    check_characters(path, "actor #" + std::to_string(a.index), "function=", a.function);
    for (const auto& [ctag, child] : node) {
      if (ctag == "<xmlattr>") continue;
      if (ctag == "argument") continue;  // botsim's actors take properties, not arguments
      if (ctag != "prop") throw InputError(path, a.element(), "unexpected child <" + ctag + ">");
      auto id = child.get_optional<std::string>("<xmlattr>.id");
      auto value = child.get_optional<std::string>("<xmlattr>.value");
      if (!id || !value) throw InputError(path, a.element(), "<prop> needs id= and value=");
      check_characters(path, a.element(), "<prop> id " + quote_text(*id), *id);
      check_characters(path, a.element(), "property " + quote_text(*id) + "'s value", *value);
      if (!a.props.emplace(*id, *value).second)
        throw InputError(path, a.element(), "property " + quote_text(*id) + " given twice");
    }
    actors.push_back(std::move(a));
  }
  return actors;
}

std::string deployment_xml(const std::vector<ActorSpec>& actors, const std::string& comment) {
  std::string xml =
      "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n";
  if (!comment.empty()) xml += "<!-- " + comment + " -->\n";
  xml += "<platform version=\"4.1\">\n";
  for (const auto& a : actors) {
    xml +=
        "  <actor host=\"" + xml_escape(a.host) + "\" function=\"" + xml_escape(a.function) + "\"";
    if (a.props.empty()) {
      xml += "/>\n";
      continue;
    }
    xml += ">\n";
    for (const auto& [id, value] : a.props)
      xml += "    <prop id=\"" + xml_escape(id) + "\" value=\"" + xml_escape(value) + "\"/>\n";
    xml += "  </actor>\n";
  }
  return xml + "</platform>\n";
}

PropSetting parse_prop_setting(const std::string& text, const std::string& field) {
  const size_t eq = text.find('=');
  const size_t dot = eq == std::string::npos ? std::string::npos : text.rfind('.', eq);
  if (eq == std::string::npos || dot == std::string::npos || dot == 0 || dot + 1 == eq)
    throw InputError(
        "", field, quote_text(text) + " is not ACTOR.PROP=VALUE (ACTOR: an actor's name or host)");
  return PropSetting{text.substr(0, dot), text.substr(dot + 1, eq - dot - 1), text.substr(eq + 1)};
}

int find_actor(const std::vector<ActorSpec>& actors, const std::string& who,
               const std::string& deployment, const std::string& field) {
  std::vector<const ActorSpec*> named, on_host;
  for (const auto& a : actors) {
    auto name = a.props.find("name");
    if (name != a.props.end() && name->second == who) named.push_back(&a);
    if (a.host == who) on_host.push_back(&a);
  }
  const auto& found = named.empty() ? on_host : named;
  if (found.size() == 1) return found.front()->index;
  if (found.empty())
    throw InputError(deployment, field,
                     "no actor is named " + quote_text(who) + " (by its name prop or its host)");
  std::string which;
  for (const auto* a : found) which += (which.empty() ? "" : ", ") + a->element();
  throw InputError(deployment, field,
                   quote_text(who) + " names several actors (" + which + "); give one's name prop");
}

SetOrigins apply_prop_settings(std::vector<ActorSpec>& actors,
                               const std::vector<PropSetting>& settings,
                               const std::string& deployment, const std::string& field) {
  SetOrigins origins;
  for (const auto& s : settings) {
    const std::string where = field + " " + s.text();
    const int index = find_actor(actors, s.actor, deployment, where);
    ActorSpec& a = actors.at(static_cast<size_t>(index - 1));
    a.props[s.prop] = s.value;
    origins[index][s.prop] = where;
  }
  return origins;
}

namespace {

// "<host id='R0'>": how platform errors name an element.
std::string platform_element(const std::string& tag, const pt::ptree& node) {
  auto id = node.get_optional<std::string>("<xmlattr>.id");
  return "<" + tag + (id ? " id=" + quote_text(*id) : "") + ">";
}

// Above this, in any unit, SimGrid's own computations overflow ("1e308Gbps" aborts it); no
// real speed, bandwidth or latency comes near.
constexpr double kLargestQuantity = 1e100;

// The leading number of a SimGrid quantity ("1050Mf", "1GBps", "10ms"); nullopt if none.
std::optional<double> leading_number(const std::string& text) {
  const char* begin = text.c_str();
  char* end = nullptr;
  double v = std::strtod(begin, &end);
  if (end == begin) return std::nullopt;
  return v;
}

// Speeds are MIPS (1 MI = 1 Mflop): below 1 MIPS is most likely a speed written in flop/s
// ("1000" for 1000 MIPS), which would make every task a million times longer. A warning, not an
// error: such a speed is legal, only implausible.
void warn_if_too_slow(const std::string& path, const std::string& element,
                      const std::string& speed) {
  std::vector<double> flops;
  try {
    flops = xbt_parse_get_all_speeds(path, 0, speed, "");
  } catch (const std::exception&) {
    return;  // SimGrid's parser reports a malformed speed with its line
  }
  for (double f : flops)
    if (f > 0 && f < kMinPlausibleMips * kFlopsPerMI) {
      spdlog::warn(
          "{}: {}: speed='{}' is {} MIPS ({} flop/s), implausibly slow: speed is MIPS per "
          "processing element (speed=\"1000Mf\" is 1000 MIPS)",
          path, element, speed, format_number(flops_to_mi(f)), format_number(f));
      return;
    }
}

// SimGrid 3.32 keeps every profile it reads from a file under the file's name as written, and
// aborts on a second use of that name ("Refusing to define trace ... twice"): two hosts sharing
// one state_file, or one file as a host's state_file and speed_file. Each needs its own copy.
void check_profile_files_named_once(const std::string& path, const std::string& tag,
                                    const pt::ptree& node,
                                    std::map<std::string, std::string>& first_use) {
  if (auto attrs = node.get_child_optional("<xmlattr>"))
    for (const auto& [name, value] : *attrs) {
      const bool names_file = (name == "file" && tag == "trace") ||
                              (name.size() > 5 && name.compare(name.size() - 5, 5, "_file") == 0);
      if (!names_file) continue;
      const std::string here = platform_element(tag, node) + " " + name;
      auto [seen, fresh] = first_use.emplace(value.data(), here);
      if (!fresh)
        throw InputError(path, platform_element(tag, node),
                         name + "=" + quote_text(value.data()) + ": " + seen->second +
                             " already names this file, and SimGrid reads a profile file once "
                             "per platform; give each its own copy");
    }
  for (const auto& [child_tag, child] : node)
    if (child_tag != "<xmlattr>" && child_tag != "<xmlcomment>")
      check_profile_files_named_once(path, child_tag, child, first_use);
}

void check_platform_node(const std::string& path, const std::string& tag, const pt::ptree& node) {
  // The routings of SimGrid's platform DTD 4.1.
  static const std::set<std::string> kRoutings{
      "Full",    "Floyd",        "Dijkstra",       "DijkstraCache",    "None", "Vivaldi",
      "Cluster", "ClusterTorus", "ClusterFatTree", "ClusterDragonfly", "Star", "Wifi"};
  auto attr = [&](const char* name) {
    return node.get_optional<std::string>(std::string("<xmlattr>.") + name);
  };
  auto fail = [&](const std::string& problem) {
    throw InputError(path, platform_element(tag, node), problem);
  };
  if (tag == "actor" || tag == "process")
    fail("actors belong in the deployment file, not in the platform file");
  // Files the platform names (state_file, speed_file, <trace file=>...), where SimGrid looks
  // for them: it would block for ever on a FIFO.
  if (auto attrs = node.get_child_optional("<xmlattr>"))
    for (const auto& [name, value] : *attrs) {
      const std::string file = value.data();
      if (name != "file" && (name.size() < 5 || name.compare(name.size() - 5, 5, "_file") != 0))
        continue;
      for (const auto& candidate :
           {fs::path(file), fs::path(path).parent_path() / fs::path(file)}) {
        std::error_code ec;
        if (fs::exists(candidate, ec) && !fs::is_regular_file(candidate, ec))
          fail(name + "=" + quote_text(file) +
               ": not a regular file (a directory, FIFO or device)");
      }
    }
  if (tag == "zone" || tag == "AS") {
    if (auto routing = attr("routing"); routing && !kRoutings.count(*routing)) {
      std::string known;
      for (const auto& r : kRoutings) known += (known.empty() ? "" : ", ") + r;
      fail("unknown routing " + quote_text(*routing) + " (expected one of: " + known + ")");
    }
  }
  if (tag == "host" || tag == "cluster") {
    if (auto core = attr("core")) {
      char* end = nullptr;
      long n = std::strtol(core->c_str(), &end, 10);
      if (end == core->c_str() || *end != '\0' || n < 1)
        fail("core=" + quote_text(*core) + " must be a whole number >= 1");
    }
    if (auto speed = attr("speed")) {
      warn_if_too_slow(path, platform_element(tag, node), *speed);
      // Several comma-separated values are power states; each must be a positive speed.
      std::string rest = *speed;
      for (size_t pos = 0; pos <= rest.size();) {
        size_t comma = rest.find(',', pos);
        auto v = leading_number(
            rest.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos));
        if (v && !(*v > 0)) fail("speed=" + quote_text(*speed) + " must be > 0");
        if (v && *v > kLargestQuantity)
          fail("speed=" + quote_text(*speed) + " is too large (at most 1e100 in any unit)");
        if (comma == std::string::npos) break;
        pos = comma + 1;
      }
    }
  }
  const char* bandwidth = tag == "cluster" ? "bw" : "bandwidth";
  const char* latency = tag == "cluster" ? "lat" : "latency";
  if (tag == "link" || tag == "cluster" || tag == "backbone") {
    if (auto bw = attr(bandwidth); bw && leading_number(*bw) && !(*leading_number(*bw) > 0))
      fail(std::string(bandwidth) + "=" + quote_text(*bw) + " must be > 0");
    if (auto lat = attr(latency); lat && leading_number(*lat) && *leading_number(*lat) < 0)
      fail(std::string(latency) + "=" + quote_text(*lat) + " must be >= 0");
    for (const char* name : {bandwidth, latency})
      if (auto q = attr(name); q && leading_number(*q) && *leading_number(*q) > kLargestQuantity)
        fail(std::string(name) + "=" + quote_text(*q) +
             " is too large (at most 1e100 in any unit)");
  }
  if (tag == "host") {
    if (auto pstate = attr("pstate")) {
      auto speed = attr("speed");
      long states =
          speed ? 1 + static_cast<long>(std::count(speed->begin(), speed->end(), ',')) : 1;
      char* end = nullptr;
      long n = std::strtol(pstate->c_str(), &end, 10);
      if (end == pstate->c_str() || *end != '\0' || n < 0 || n >= states)
        fail("pstate=" + quote_text(*pstate) + " must be in [0, " + std::to_string(states - 1) +
             "] (one per speed value)");
    }
  }
  for (const auto& [child_tag, child] : node)
    if (child_tag != "<xmlattr>" && child_tag != "<xmlcomment>")
      check_platform_node(path, child_tag, child);
}

}  // namespace

void check_platform_file(const std::string& path) {
  // SimGrid's parser corrupts its heap on elements nested a few hundred deep (500 zones).
  check_depth(path, "platform file");
  std::ifstream in = open_input_file(path, "platform file");
  pt::ptree tree;
  try {
    pt::read_xml(in, tree, pt::xml_parser::no_comments);
  } catch (const pt::xml_parser_error&) {
    return;  // SimGrid's parser reports malformed XML with its own, line-numbered message
  }
  for (const auto& [tag, node] : tree)
    if (tag == "platform") {
      check_platform_node(path, tag, node);
      std::map<std::string, std::string> first_use;
      check_profile_files_named_once(path, tag, node, first_use);
    }
}

}  // namespace botsim
