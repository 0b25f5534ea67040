"""The header list of Ferry's developer package: which files go where under <prefix>/include."""

def _headers_manifest_impl(ctx):
    lines = []
    files = []
    seen = {}

    # <package>/include/ferry/x.hpp -> ferry/x.hpp, for every header the given libraries export
    # from an include/ folder of this repository (core/include, plugins/<device>/include).
    for dep in ctx.attr.deps:
        for header in dep[CcInfo].compilation_context.headers.to_list():
            path = header.short_path
            if path.startswith("../") or "/include/ferry/" not in path or path in seen:
                continue
            seen[path] = True
            files.append(header)
            lines.append("%s %s" % (path, path[path.index("/include/ferry/") + len("/include/"):]))

    out = ctx.actions.declare_file(ctx.label.name + ".txt")
    ctx.actions.write(out, "\n".join(sorted(lines)) + "\n")
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out] + files))]

headers_manifest = rule(
    implementation = _headers_manifest_impl,
    doc = "A text file of '<runfiles path> <path under include/>' lines, with the headers in its runfiles.",
    attrs = {
        "deps": attr.label_list(providers = [CcInfo]),
    },
)
