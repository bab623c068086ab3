// The shipped render-like workload is the generator's output (no simulation runs here).
#include <gtest/gtest.h>

#include <string>

#include "core/workload.hpp"
#include "silva/jobs.hpp"
#include "support/files.hpp"

using namespace botsim::silva;

TEST(SilvaRenderLike, ShippedWorkloadIsTheGeneratorsOutput) {
  auto shipped =
      botsim::read_workload_file(botsim::test::source_path("workloads/silva2008-render.txt"));
  auto generated = render_like_job(2008);
  ASSERT_EQ(shipped.size(), generated.size());
  for (size_t i = 0; i < shipped.size(); ++i) EXPECT_DOUBLE_EQ(shipped[i], generated[i]) << i;
}
