"""The header list of Ferry's developer package: which files go where under <prefix>/include."""

def _headers_manifest_impl(ctx):
    lines = []
    files = []
    seen = {}

    # core/include/ferry/x.hpp -> ferry/x.hpp, from every header the core libraries export.
    for dep in ctx.attr.core_deps:
        for header in dep[CcInfo].compilation_context.headers.to_list():
            path = header.short_path
            if not path.startswith(ctx.attr.core_include_dir) or path in seen:
                continue
            seen[path] = True
            files.append(header)
            lines.append("%s %s" % (path, path[len(ctx.attr.core_include_dir):]))

    # Device headers: each file of the label into the given include folder.
    for target, include_dir in ctx.attr.device_headers.items():
        for header in target.files.to_list():
            files.append(header)
            lines.append("%s %s/%s" % (header.short_path, include_dir, header.basename))

    out = ctx.actions.declare_file(ctx.label.name + ".txt")
    ctx.actions.write(out, "\n".join(sorted(lines)) + "\n")
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out] + files))]

headers_manifest = rule(
    implementation = _headers_manifest_impl,
    doc = "A text file of '<runfiles path> <path under include/>' lines, with the headers in its runfiles.",
    attrs = {
        "core_deps": attr.label_list(providers = [CcInfo]),
        "core_include_dir": attr.string(default = "core/include/"),
        "device_headers": attr.label_keyed_string_dict(allow_files = [".hpp", ".h"]),
    },
)
