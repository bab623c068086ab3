#include "support/agents_sim_support.hpp"

#include "support/sim_support.hpp"

namespace botsim::test {

std::string agents_resource_zone(const std::string& id, const std::string& type,
                                 const std::string& speed, const std::string& price,
                                 const std::string& props, const std::string& host_extra,
                                 const std::string& latency) {
  return "<zone id=\"" + id + "\" routing=\"Full\"><prop id=\"spa\" value=\"a-3\"/>" +
         "<prop id=\"resource_type\" value=\"" + type + "\"/><prop id=\"price\" value=\"" + price +
         "\"/>" + props + "<host id=\"" + id + "-0\" speed=\"" + speed + "\"" + host_extra +
         "/><router id=\"" + id + "-r\"/><link id=\"" + id +
         "-l\" bandwidth=\"10Gbps\" latency=\"" + latency + "\"/><route src=\"" + id +
         "-0\" dst=\"" + id + "-r\"><link_ctn id=\"" + id + "-l\"/></route></zone>\n";
}

std::string agents_platform(const std::string& dir, const std::string& resources,
                            const std::vector<std::string>& zones) {
  std::string routes;
  for (const std::string& zone : zones)
    routes += "<zoneRoute src=\"agents\" dst=\"" + zone + "\" gw_src=\"agents-r\" gw_dst=\"" +
              zone + "-r\"><link_ctn id=\"bb\"/></zoneRoute>\n";
  return write_file(dir, "platform.xml",
                    platform_xml("<zone id=\"w\" routing=\"Full\">\n"
                                 "<cluster id=\"agents\" prefix=\"a-\" radical=\"0-5\" suffix=\"\" "
                                 "speed=\"1Gf\" bw=\"10Gbps\" lat=\"0\" router_id=\"agents-r\"/>\n"
                                 "<link id=\"bb\" bandwidth=\"10Gbps\" latency=\"0\"/>\n" +
                                 resources + routes + "</zone>"));
}

std::string agents_deployment(const std::string& dir, const std::string& props) {
  return write_file(dir, "deployment.xml",
                    platform_xml(R"(
    <actor host="a-0" function="CloudDirectory"/>
    <actor host="a-1" function="BrokerAgent"/>
    <actor host="a-3" function="ServiceProviderAgent"/>
    <actor host="a-5" function="ConsumerAgent">
      <prop id="name" value="CA0"/><prop id="contractors" value="1"/>)" +
                                 props + R"(
    </actor>)"));
}

}  // namespace botsim::test
