#pragma once

// Runtime info (AnyMap) in IR XML.
//  - <net>'s <rt_info>: nested elements, <key value="text"/> or <info name="any key" value=.../>,
//    and elements holding children for nested maps (read back as AnyMap).
//  - a layer's or port's <rt_info>: <attribute name="key" version="0" value="text"/>, and for a
//    port's layout <attribute name="layout" version="0" layout="[N,C,H,W]"/>.
// Values are written as text; values that cannot print themselves are skipped.
#include <string>

#include <pugixml.hpp>

#include "ferry/value/any.hpp"

namespace ferry {
namespace ir {

void read_model_rt_info(const pugi::xml_node& rt_info, AnyMap& out, const std::string& where);
void write_model_rt_info(const AnyMap& info, pugi::xml_node parent);

void read_node_rt_info(const pugi::xml_node& rt_info, AnyMap& out, const std::string& where);
void write_node_rt_info(const AnyMap& info, pugi::xml_node parent);

}  // namespace ir
}  // namespace ferry
