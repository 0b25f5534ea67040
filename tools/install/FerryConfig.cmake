# Ferry's CMake package: find_package(Ferry) gives the imported target Ferry::ferry (libferry.so,
# the public and plugin SDK headers, C++17). The package is relocatable: every path is found
# from this file's own location, <prefix>/lib/cmake/Ferry.
get_filename_component(_ferry_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)

if(NOT TARGET Ferry::ferry)
  add_library(Ferry::ferry SHARED IMPORTED)
  set_target_properties(Ferry::ferry PROPERTIES
    IMPORTED_LOCATION "${_ferry_prefix}/lib/libferry.so"
    IMPORTED_SONAME "libferry.so"
    INTERFACE_INCLUDE_DIRECTORIES "${_ferry_prefix}/include"
    INTERFACE_COMPILE_FEATURES cxx_std_17)
endif()

# Where the installed plugins are listed (the Core reads it by itself: it sits next to libferry.so).
set(Ferry_PLUGINS_XML "${_ferry_prefix}/lib/plugins.xml")
set(Ferry_INCLUDE_DIRS "${_ferry_prefix}/include")
set(Ferry_LIBRARIES Ferry::ferry)
set(Ferry_FOUND TRUE)
unset(_ferry_prefix)
