// A shared library without Ferry's entry point.
extern "C" int some_unrelated_function() { return 42; }
