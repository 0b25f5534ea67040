#include "ferry/base/layout.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <sstream>
#include <string>

#include "ferry/base/exception.hpp"
#include "ferry/base/partial_shape.hpp"
#include "ferry/testing/error_of.hpp"

namespace {

using ferry::Layout;
namespace layout = ferry::layout;

using ::ferry::testing::error_of;

TEST(Layout, SimpleSpelling) {
  const Layout nchw("NCHW");
  EXPECT_FALSE(nchw.empty());
  EXPECT_EQ(layout::batch_idx(nchw), 0);
  EXPECT_EQ(layout::channels_idx(nchw), 1);
  EXPECT_EQ(layout::height_idx(nchw), 2);
  EXPECT_EQ(layout::width_idx(nchw), 3);
  EXPECT_FALSE(layout::has_depth(nchw));
  EXPECT_EQ(nchw.to_string(), "[N,C,H,W]");
  EXPECT_TRUE(nchw.has_name("c"));  // names are case-insensitive
  EXPECT_EQ(Layout("nhwc").get_index_by_name("C"), 3);
}

TEST(Layout, UnnamedAxes) {
  const Layout nc("NC?");
  EXPECT_EQ(nc.to_string(), "[N,C,?]");
  EXPECT_TRUE(layout::has_channels(nc));
  EXPECT_FALSE(layout::has_height(nc));
  EXPECT_EQ(Layout("[N,?,H]").get_index_by_name("H"), 2);
}

TEST(Layout, BracketSpellingWithLongNames) {
  const Layout l("[batch, seq_len, C]");
  EXPECT_EQ(l.get_index_by_name("BATCH"), 0);
  EXPECT_EQ(l.get_index_by_name("seq_len"), 1);
  EXPECT_EQ(l.to_string(), "[BATCH,SEQ_LEN,C]");
  EXPECT_EQ(Layout("[N,C,H,W]"), Layout("NCHW"));
  EXPECT_NE(Layout("NCHW"), Layout("NHWC"));
}

TEST(Layout, EllipsisCountsFromTheEnd) {
  const Layout c_last("...C");
  EXPECT_EQ(layout::channels_idx(c_last), -1);
  EXPECT_EQ(c_last.to_string(), "[...,C]");
  const Layout n_c("N...C");
  EXPECT_EQ(layout::batch_idx(n_c), 0);
  EXPECT_EQ(layout::channels_idx(n_c), -1);
  const Layout hw("NC...HW");
  EXPECT_EQ(layout::height_idx(hw), -2);
  EXPECT_EQ(layout::width_idx(hw), -1);
  EXPECT_EQ(hw.to_string(), "[N,C,...,H,W]");
  EXPECT_EQ(Layout("[N,...,?,W]").get_index_by_name("W"), -1);
  EXPECT_EQ(Layout("[N,...,?,W]").to_string(), "[N,...,?,W]");
  EXPECT_EQ(Layout("NC...").to_string(), "[N,C,...]");
  EXPECT_FALSE(Layout("...").empty());
  EXPECT_EQ(Layout("...").to_string(), "[...]");
}

TEST(Layout, EmptyLayout) {
  EXPECT_TRUE(Layout().empty());
  EXPECT_TRUE(Layout("").empty());
  EXPECT_EQ(Layout().to_string(), "");
  EXPECT_EQ(Layout(), Layout(""));
  EXPECT_FALSE(layout::has_batch(Layout()));
}

TEST(Layout, ErrorsNameTheLayout) {
  const std::string twice = error_of([] { Layout("NCHN"); });
  EXPECT_NE(twice.find("'NCHN'"), std::string::npos) << twice;
  EXPECT_NE(twice.find("twice"), std::string::npos) << twice;
  EXPECT_NE(error_of([] { Layout("N...C..."); }).find("once"), std::string::npos);
  EXPECT_NE(error_of([] { Layout("NC1"); }).find("'NC1'"), std::string::npos);
  EXPECT_NE(error_of([] { Layout("[N,C"); }).find("']'"), std::string::npos);
  EXPECT_NE(error_of([] { Layout("[N,,C]"); }).find("empty"), std::string::npos);
  EXPECT_NE(error_of([] { Layout("[N,C-D]"); }).find("C-D"), std::string::npos);
  const std::string missing = error_of([] { (void)layout::height_idx(Layout("NC")); });
  EXPECT_NE(missing.find("[N,C]"), std::string::npos) << missing;
  EXPECT_NE(missing.find("'H'"), std::string::npos) << missing;
}

TEST(Layout, Prints) {
  std::ostringstream out;
  out << Layout("NHWC");
  EXPECT_EQ(out.str(), "[N,H,W,C]");
}

TEST(Layout, CompatibilityWithAShape) {
  using ferry::Dimension;
  using ferry::PartialShape;
  using layout::utils::is_compatible;
  EXPECT_TRUE(is_compatible(Layout("NCHW"), PartialShape{1, 3, 4, 4}));
  EXPECT_FALSE(is_compatible(Layout("NCHW"), PartialShape{1, 3}));
  EXPECT_TRUE(is_compatible(Layout("N...C"), PartialShape{1, 3}));
  EXPECT_TRUE(is_compatible(Layout("N...C"), PartialShape{1, 5, 5, 3}));
  EXPECT_FALSE(is_compatible(Layout("N...C"), PartialShape{3}));
  EXPECT_TRUE(is_compatible(Layout("NC"), PartialShape::dynamic()));
  EXPECT_TRUE(is_compatible(Layout("NC"), PartialShape{Dimension::dynamic(), 3}));
}

}  // namespace
