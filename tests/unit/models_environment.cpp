// Every model registered, as the program has them: a model's own summary.json fields and
// currency (core/summary.hpp) are known to the results code only once it registered them.
#include <gtest/gtest.h>

#include "cli/models.hpp"

namespace {
class ModelsRegistered : public ::testing::Environment {
 public:
  void SetUp() override { botsim::register_models(); }
};
const auto* const kModelsRegistered =
    ::testing::AddGlobalTestEnvironment(new ModelsRegistered);  // gtest owns it
}  // namespace
