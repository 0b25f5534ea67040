"""What Ferry's Triton tests share: installing Ferry into the test's temporary folder, writing a
model repository, and a tritonserver on 127.0.0.1 with its HTTP and gRPC clients.

Under a sanitizer build (--asan), the installed backend and libferry.so are instrumented with
AddressSanitizer while tritonserver is not: the server runs with clang's ASan runtime preloaded,
and `stop()` fails when ASan reported anything in the server's log."""
import os
import shutil
import signal
import socket
import subprocess
import time

import numpy as np
import tritonclient.grpc as grpcclient
import tritonclient.http as httpclient

TMP = os.environ.get("TEST_TMPDIR", "/tmp")
MODELS = os.path.join(os.environ.get("TEST_SRCDIR", "."), "ferry", "testing", "models", "openvino")
SERVER_STARTUP_S = 60


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_model(repo, name, files, config, versions=(1,)):
    for version in versions:
        os.makedirs(os.path.join(repo, name, str(version)), exist_ok=True)
        for source, target in files:
            shutil.copy(source, os.path.join(repo, name, str(version), target))
    with open(os.path.join(repo, name, "config.pbtxt"), "w") as f:
        f.write('backend: "ferry"\n' + config)


def device(name):
    return 'parameters: { key: "DEVICE" value: { string_value: "%s" } }\n' % name


def shipped(model):
    """The shipped OpenVINO IR `model` as (source, target) files of a repository's version."""
    return [(os.path.join(MODELS, model + ".xml"), "model.xml"), (os.path.join(MODELS, model + ".bin"), "model.bin")]


def run_directly(direct_run, model_file, device_name, inputs):
    """Ferry's own outputs for `inputs` (arrays in the model's input order), through ferry_direct_run."""
    out = os.path.join(TMP, "direct_%d" % time.monotonic_ns())
    os.makedirs(out)
    args = [direct_run, model_file, device_name, out]
    for i, array in enumerate(inputs):
        path = os.path.join(out, "in%d.raw" % i)
        array.tofile(path)
        args.append("%s:%s" % (path, ",".join(str(d) for d in array.shape)))
    subprocess.run(args, check=True, timeout=120)
    return {name[:-4]: np.fromfile(os.path.join(out, name), dtype=np.float32)
            for name in os.listdir(out) if not name.startswith("in")}


def asan_runtime():
    """clang's shared AddressSanitizer runtime, for an uninstrumented server loading an
    instrumented backend."""
    path = subprocess.run(["clang-14", "-print-file-name=libclang_rt.asan-x86_64.so"], check=True,
                          capture_output=True, text=True).stdout.strip()
    if not os.path.isfile(path):
        raise RuntimeError("no ASan runtime at %s: install libclang-rt-14-dev (tools/setup.sh)" % path)
    return path


class TritonServer:
    """tritonserver serving `repo` through Ferry installed from `install` (explicit model control)."""

    def __init__(self, triton_dir, install, repo, name, asan=False):
        self.asan = asan
        prefix = os.path.join(TMP, name + "_prefix")
        subprocess.run([install, "--prefix=" + prefix], check=True, stdout=subprocess.DEVNULL, timeout=120)
        self.http_port, self.grpc_port = free_port(), free_port()
        env = dict(os.environ, POCL_CACHE_DIR=os.path.join(TMP, "pocl"))
        env.pop("FERRY_PLUGINS_XML", None)  # the installed Core finds its own plugins.xml
        if asan:
            env["LD_PRELOAD"] = asan_runtime()
            # Triton's own allocations are not ours to check; abort on the first error in Ferry's.
            env["ASAN_OPTIONS"] = "detect_leaks=0:abort_on_error=1:fast_unwind_on_malloc=1"
            env["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
        self.log_path = os.path.join(os.environ.get("TEST_UNDECLARED_OUTPUTS_DIR", TMP), name + ".log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [os.path.join(triton_dir, "tools", "tritonserver"), "--model-repository=" + repo,
             "--backend-directory=" + os.path.join(prefix, "lib", "triton"), "--model-control-mode=explicit",
             "--http-address=127.0.0.1", "--http-port=%d" % self.http_port, "--grpc-address=127.0.0.1",
             "--grpc-port=%d" % self.grpc_port, "--allow-metrics=false", "--exit-timeout-secs=20"],
            stdout=self.log, stderr=subprocess.STDOUT, env=env)
        self.http = httpclient.InferenceServerClient("127.0.0.1:%d" % self.http_port)
        self.grpc = grpcclient.InferenceServerClient("127.0.0.1:%d" % self.grpc_port)
        deadline = time.monotonic() + SERVER_STARTUP_S
        while True:
            try:
                if self.http.is_server_ready():
                    break
            except Exception:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("tritonserver did not become ready; see %s:\n%s" % (self.log_path, self.log_text()))
            time.sleep(0.1)

    def log_text(self):
        if not self.log.closed:
            self.log.flush()
        with open(self.log_path, errors="replace") as f:
            return f.read()

    def alive(self):
        return self.process.poll() is None

    def stop(self):
        """Stops the server by its process id, as an operator would; raises unless it exits 0
        with no sanitizer report."""
        self.http.close()
        self.grpc.close()
        if self.alive():
            os.kill(self.process.pid, signal.SIGTERM)
        hung_at_exit = False
        try:
            code = self.process.wait(timeout=10 if self.asan else 30)
        except subprocess.TimeoutExpired:
            # With ASan's runtime preloaded, tritonserver 2.51 can deadlock in exit(), after the
            # backend and every model are gone: its bundled libp11-kit's destructor waits in
            # freelocale() for glibc's locale lock (seen with gdb). Not Ferry's code: under
            # --asan a hang after "Found 0 live models" is killed, and the log still checked.
            self.process.kill()
            self.process.wait()
            hung_at_exit = True
        self.log.close()
        text = self.log_text()
        for report in ("ERROR: AddressSanitizer", "runtime error:", "ERROR: LeakSanitizer"):
            if report in text:
                raise RuntimeError("a sanitizer report in %s:\n%s" % (self.log_path, text[text.index(report) - 200:]))
        if hung_at_exit and not (self.asan and "Found 0 live models" in text):
            raise RuntimeError("tritonserver did not exit within its time after SIGTERM; see %s" % self.log_path)
        if not hung_at_exit and code != 0:
            raise RuntimeError("tritonserver exited with %d after SIGTERM; see %s" % (code, self.log_path))
