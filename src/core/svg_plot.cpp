#include "core/svg_plot.hpp"
// Placeholder: replaced by the full renderer.
#include <fstream>
#include <stdexcept>
namespace botsim {
std::string render_svg(const Chart&, int, int) { return "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"; }
void write_svg(const std::string& path, const Chart& chart) {
  std::ofstream out(path);
  out << render_svg(chart);
  if (!out) throw std::runtime_error("cannot write " + path);
}
}  // namespace botsim
