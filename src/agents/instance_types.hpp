#pragma once
// Table 3 of Gutierrez-Garcia & Sim (2012): the seven EC2 instance types of every experiment,
// and the speed botsim gives an EC2 compute unit (docs/gutierrez2012.md).
#include <array>
#include <string>
#include <string_view>

namespace botsim::agents {

/// MI/s of one EC2 compute unit. Table 3's note reads "1 EC2 compute unit = 1,000,000 million
/// of instructions per second"; that makes a 4000 MI task last 4 ms, while Figs. 6-9 report
/// makespans of tens to hundreds of minutes. One million instructions per second (1 MIPS) per
/// compute unit gives those orders and Section 5.3's costs (docs/gutierrez2012.md).
constexpr double kMipsPerComputeUnit = 1.0;

/// Length of an allocation slot (s): Amazon EC2's hour (Section 1).
constexpr double kSlotSeconds = 3600.0;

struct InstanceType {
  std::string_view name;      // Table 3's name, lower case, words joined by '-'
  std::string_view ec2_name;  // the EC2 API name of that type in 2011
  double compute_units;       // EC2 compute units (Table 3, "computing capacity")
  double hourly_price;        // USD per started hour (Table 3)
};

/// Table 3's rows, in its order.
const std::array<InstanceType, 7>& table3_instance_types();

/// The type named `name` (Table 3's name or the EC2 name, case-insensitive).
/// Throws std::invalid_argument listing the valid names.
const InstanceType& find_instance_type(std::string_view name);

/// Speed in MI/s of one resource of `type`.
double speed_mips(const InstanceType& type);

/// "a" or "A" equal ignoring ASCII case.
bool iequals(std::string_view a, std::string_view b);

}  // namespace botsim::agents
