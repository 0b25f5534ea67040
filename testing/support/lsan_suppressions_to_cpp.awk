# lsan_suppressions.txt (first file) into lsan_default_suppressions.cpp.in (second file): the
# lines that are not comments become the C string that replaces "@SUPPRESSIONS@;".
FNR == NR {
  if ($0 !~ /^#/ && NF) lines = lines "      \"" $0 "\\n\"\n"
  next
}
$0 == "@SUPPRESSIONS@;" {
  printf "%s;\n", substr(lines, 1, length(lines) - 1)
  next
}
{ print }
