#include "agents/instance_types.hpp"

#include <cctype>
#include <stdexcept>
#include <string>

#include "core/error.hpp"

namespace botsim::agents {

const std::array<InstanceType, 7>& table3_instance_types() {
  static const std::array<InstanceType, 7> kTypes{{
      {"standard-small", "m1.small", 1.0, 0.085},
      {"standard-large", "m1.large", 4.0, 0.34},
      {"standard-extra-large", "m1.xlarge", 8.0, 0.68},
      {"micro", "t1.micro", 2.0, 0.02},
      {"high-memory-extra-large", "m2.xlarge", 6.5, 0.50},
      {"high-memory-double-extra-large", "m2.2xlarge", 13.0, 1.00},
      {"high-cpu-medium", "c1.medium", 5.0, 0.17},
  }};
  return kTypes;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  }
  return true;
}

const InstanceType& find_instance_type(std::string_view name) {
  std::string valid;
  for (const auto& t : table3_instance_types()) {
    if (iequals(name, t.name) || iequals(name, t.ec2_name)) return t;
    valid += (valid.empty() ? "" : ", ") + std::string(t.name);
  }
  throw std::invalid_argument("unknown instance type " + quote_text(std::string(name)) +
                              " (valid: " + valid + ")");
}

double speed_mips(const InstanceType& type) { return type.compute_units * kMipsPerComputeUnit; }

}  // namespace botsim::agents
