"""Generates a plugins.xml (OpenVINO's schema) whose locations are relative to the XML's folder."""

def _relative(from_dir, path):
    from_parts = [p for p in from_dir.split("/") if p]
    parts = [p for p in path.split("/") if p]
    common = 0
    for i in range(min(len(from_parts), len(parts))):
        if from_parts[i] != parts[i]:
            break
        common = i + 1
    relative = "/".join([".."] * (len(from_parts) - common) + parts[common:])

    # A bare file name would be searched for on the library path: "./" keeps it next to the XML.
    return relative if "/" in relative else "./" + relative

def _plugins_xml_impl(ctx):
    out = ctx.actions.declare_file(ctx.attr.out)
    lines = ["<ie>", "    <plugins>"]
    for target, name in ctx.attr.plugins.items():
        library = target.files.to_list()[0]
        location = _relative(out.short_path.rpartition("/")[0], library.short_path)
        lines.append('        <plugin name="%s" location="%s"/>' % (name, location))
    lines += ["    </plugins>", "</ie>", ""]
    ctx.actions.write(out, "\n".join(lines))
    return [DefaultInfo(files = depset([out]), runfiles = ctx.runfiles(files = [out]))]

_plugins_xml = rule(
    implementation = _plugins_xml_impl,
    attrs = {
        "out": attr.string(mandatory = True),
        "plugins": attr.label_keyed_string_dict(allow_files = True),
    },
)

def by_library(plugins):
    """device name -> plugin library label, as plugins_xml's `libraries` wants it."""
    return {label: device for device, label in plugins.items()}

def plugins_xml(name, out, plugins = None, libraries = None, **kwargs):
    """plugins: device name -> plugin library label; or libraries: library label -> device name
    (by_library(plugins)), which may be a select()."""
    _plugins_xml(name = name, out = out, plugins = by_library(plugins) if plugins != None else libraries, **kwargs)
