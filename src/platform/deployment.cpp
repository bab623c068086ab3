#include "platform/deployment.hpp"

#include <boost/property_tree/ptree.hpp>
#include <boost/property_tree/xml_parser.hpp>
#include <fstream>

#include "core/error.hpp"

namespace botsim {

namespace pt = boost::property_tree;

std::string ActorSpec::element() const {
  return "actor #" + std::to_string(index) + " '" + function + "' on host '" + host + "'";
}

std::vector<ActorSpec> read_deployment(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError(path, "", "cannot open deployment file (does it exist?)");
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
    for (const auto& [ctag, child] : node) {
      if (ctag == "<xmlattr>") continue;
      if (ctag == "argument") continue;  // botsim's actors take properties, not arguments
      if (ctag != "prop")
        throw InputError(path, a.element(), "unexpected child <" + ctag + ">");
      auto id = child.get_optional<std::string>("<xmlattr>.id");
      auto value = child.get_optional<std::string>("<xmlattr>.value");
      if (!id || !value) throw InputError(path, a.element(), "<prop> needs id= and value=");
      if (!a.props.emplace(*id, *value).second)
        throw InputError(path, a.element(), "property '" + *id + "' given twice");
    }
    actors.push_back(std::move(a));
  }
  return actors;
}

}  // namespace botsim
