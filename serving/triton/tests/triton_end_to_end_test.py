"""Ferry's Triton backend end to end: installs Ferry into the test's temporary folder, serves a
model repository of shipped models (OpenVINO IR and ONNX) on TEMPLATE and GPU (PoCL here) with
tritonserver on 127.0.0.1, and checks over HTTP and gRPC with tritonclient that:
  - outputs equal Ferry's own, run directly (ferry_direct_run), at batch 1 and batched;
  - concurrent clients get their own answers;
  - bad requests get a 400 naming what is wrong, and the server keeps serving;
  - models that cannot load (missing or malformed model file, unknown device or property,
    a configuration that contradicts the model) fail with Ferry's message, the others serve;
  - a model unloads and loads again; statistics count the inferences;
  - the server stops on SIGTERM, by its process id.
Usage (Bazel runs it): triton_end_to_end_test.py TRITON_DIR FERRY_DIRECT_RUN INSTALL"""
import concurrent.futures
import os
import sys
import time
import unittest

import numpy as np
import tritonclient.grpc as grpcclient
import tritonclient.http as httpclient
from tritonclient.utils import InferenceServerException

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from triton_harness import MODELS, TMP, TritonServer, device, run_directly, write_model  # noqa: E402

TRITON_DIR, DIRECT_RUN, INSTALL = sys.argv[1:4]
ONNX_CONV = "/usr/share/libonnx-testdata/data/pytorch-converted/test_Conv2d/model.onnx"


def cnn_files():
    return [(os.path.join(MODELS, "cnn.xml"), "model.xml"), (os.path.join(MODELS, "cnn.bin"), "model.bin")]


def make_repository(repo):
    batched = "max_batch_size: 8\ndynamic_batching { max_queue_delay_microseconds: 5000 }\n"
    # Auto-completed from the model: no input or output listed.
    write_model(repo, "cnn_template", cnn_files(),
                batched + device("TEMPLATE") + 'instance_group [{ count: 2, kind: KIND_CPU }]\n')
    # Waits up to 2 s to gather 4 requests: one execution of batch 4, whatever the threads' timing.
    write_model(repo, "cnn_batching", cnn_files(), device("TEMPLATE") + """max_batch_size: 8
dynamic_batching { preferred_batch_size: [4] max_queue_delay_microseconds: 2000000 }
""")
    write_model(repo, "cnn_gpu", cnn_files(), batched + device("GPU") + """
input [{ name: "image", data_type: TYPE_FP32, dims: [3, 16, 16] }]
output [{ name: "probs", data_type: TYPE_FP32, dims: [5] }]
parameters: { key: "PERFORMANCE_HINT" value: { string_value: "LATENCY" } }
""")
    write_model(repo, "conv_onnx", [(ONNX_CONV, "model.onnx")], device("TEMPLATE"))
    # tokens [?,1..10,8]: Triton's checks pass any length, Ferry's refuse 11 and more.
    dynamic = [(os.path.join(MODELS, "dynamic.xml"), "model.xml"), (os.path.join(MODELS, "dynamic.bin"), "model.bin")]
    write_model(repo, "dynamic", dynamic, device("TEMPLATE") + 'instance_group [{ count: 2, kind: KIND_CPU }]\n')
    mlp = [(os.path.join(MODELS, "mlp.xml"), "model.xml"), (os.path.join(MODELS, "mlp.bin"), "model.bin")]
    write_model(repo, "mlp", mlp, device("TEMPLATE") + "version_policy: { all {} }\n", versions=(1, 2))
    # Models that cannot load.
    os.makedirs(os.path.join(repo, "no_file", "1"))
    with open(os.path.join(repo, "no_file", "config.pbtxt"), "w") as f:
        f.write('backend: "ferry"\n' + device("TEMPLATE"))
    os.makedirs(os.path.join(repo, "malformed", "1"))
    with open(os.path.join(repo, "malformed", "1", "model.xml"), "w") as f:
        f.write("<net name='broken'><layers><layer id='0'")
    with open(os.path.join(repo, "malformed", "config.pbtxt"), "w") as f:
        f.write('backend: "ferry"\n' + device("TEMPLATE"))
    write_model(repo, "unknown_device", cnn_files(), device("NO_SUCH_DEVICE"))
    write_model(repo, "unknown_property", cnn_files(),
                device("TEMPLATE") + 'parameters: { key: "NO_SUCH_PROPERTY" value: { string_value: "1" } }\n')
    write_model(repo, "contradicting", cnn_files(), batched + device("TEMPLATE") + """
input [{ name: "image", data_type: TYPE_FP32, dims: [3, 32, 32] }]
output [{ name: "probs", data_type: TYPE_FP32, dims: [5] }]
""")


def direct(model_file, device_name, inputs):
    return run_directly(DIRECT_RUN, model_file, device_name, inputs)


class TritonBackendTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.repo = os.path.join(TMP, "models")
        make_repository(cls.repo)
        cls.server = TritonServer(TRITON_DIR, INSTALL, cls.repo, "tritonserver")
        cls.http, cls.grpc, cls.http_port = cls.server.http, cls.server.grpc, cls.server.http_port
        for name in ("cnn_template", "cnn_batching", "cnn_gpu", "conv_onnx", "dynamic", "mlp"):
            cls.http.load_model(name)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def infer_http(self, model, array, name="image", output="probs"):
        tensor = httpclient.InferInput(name, list(array.shape), "FP32")
        tensor.set_data_from_numpy(array)
        return self.http.infer(model, [tensor]).as_numpy(output)

    def images(self, batch, seed):
        return np.random.default_rng(seed).uniform(-1, 1, (batch, 3, 16, 16)).astype(np.float32)

    def test_outputs_equal_ferrys_own_over_http_and_grpc(self):
        image = np.fromfile(os.path.join(MODELS, "cnn.in.0.raw"), dtype=np.float32).reshape(1, 3, 16, 16)
        expected = direct(os.path.join(MODELS, "cnn.xml"), "TEMPLATE", [image])["probs"].reshape(1, 5)
        np.testing.assert_allclose(self.infer_http("cnn_template", image), expected, rtol=0, atol=1e-6)
        # And OpenVINO's answer, the shipped reference.
        openvino = np.fromfile(os.path.join(MODELS, "cnn.out.0.raw"), dtype=np.float32).reshape(1, 5)
        np.testing.assert_allclose(self.infer_http("cnn_template", image), openvino, rtol=0, atol=1e-5)

        batch = self.images(3, seed=1)
        expected = direct(os.path.join(MODELS, "cnn.xml"), "GPU", [batch])["probs"].reshape(3, 5)
        tensor = grpcclient.InferInput("image", list(batch.shape), "FP32")
        tensor.set_data_from_numpy(batch)
        got = self.grpc.infer("cnn_gpu", [tensor]).as_numpy("probs")
        np.testing.assert_allclose(got, expected, rtol=0, atol=1e-5)

    def test_onnx_model_with_completed_configuration(self):
        config = self.http.get_model_config("conv_onnx")
        self.assertEqual(len(config["input"]), 1)
        name, dims = config["input"][0]["name"], [int(d) for d in config["input"][0]["dims"]]
        array = np.random.default_rng(2).uniform(-1, 1, dims).astype(np.float32)
        output = config["output"][0]["name"]
        expected = direct(ONNX_CONV, "TEMPLATE", [array])[output]
        got = self.infer_http("conv_onnx", array, name=name, output=output)
        np.testing.assert_allclose(got.reshape(-1), expected, rtol=0, atol=1e-5)

    def test_concurrent_clients_get_their_own_answers(self):
        images = self.images(8, seed=3)
        expected = direct(os.path.join(MODELS, "cnn.xml"), "TEMPLATE", [images])["probs"].reshape(8, 5)
        before = self.http.get_inference_statistics("cnn_template")["model_stats"][0]

        def client(first_row):  # a client per thread: tritonclient's are not thread-safe
            http = httpclient.InferenceServerClient("127.0.0.1:%d" % self.http_port)
            answers = []
            for i in range(8):
                row = (first_row + i) % 8
                tensor = httpclient.InferInput("image", [1, 3, 16, 16], "FP32")
                tensor.set_data_from_numpy(images[row:row + 1].copy())
                answers.append((row, http.infer("cnn_template", [tensor]).as_numpy("probs")))
            http.close()
            return answers

        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            for answers in pool.map(client, range(4)):
                for row, got in answers:
                    np.testing.assert_allclose(got, expected[row:row + 1], rtol=0, atol=1e-5)
        after = self.http.get_inference_statistics("cnn_template")["model_stats"][0]
        self.assertEqual(int(after["inference_count"]) - int(before["inference_count"]), 32)
        self.assertGreater(int(after["inference_stats"]["compute_infer"]["ns"]),
                           int(before["inference_stats"]["compute_infer"]["ns"]))

    def test_requests_run_together_as_one_batch(self):
        images = self.images(4, seed=7)
        expected = direct(os.path.join(MODELS, "cnn.xml"), "TEMPLATE", [images])["probs"].reshape(4, 5)

        def send(row):
            http = httpclient.InferenceServerClient("127.0.0.1:%d" % self.http_port)
            tensor = httpclient.InferInput("image", [1, 3, 16, 16], "FP32")
            tensor.set_data_from_numpy(images[row:row + 1].copy())
            try:
                return http.infer("cnn_batching", [tensor]).as_numpy("probs")
            finally:
                http.close()

        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            for row, got in enumerate(pool.map(send, range(4))):
                np.testing.assert_allclose(got, expected[row:row + 1], rtol=0, atol=1e-5)
        # Triton records statistics after it has sent the responses: wait (boundedly) for them.
        deadline = time.monotonic() + 10
        while True:
            stats = self.http.get_inference_statistics("cnn_batching")["model_stats"][0]
            if int(stats["inference_count"]) >= 4 or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        self.assertEqual(int(stats["inference_count"]), 4)
        self.assertEqual(int(stats["execution_count"]), 1)
        self.assertEqual([int(b["batch_size"]) for b in stats["batch_stats"]], [4])

    def assert_bad_request(self, inputs, message):
        with self.assertRaises(InferenceServerException) as caught:
            self.http.infer("cnn_template", inputs)
        self.assertEqual(caught.exception.status(), "400", caught.exception.message())
        self.assertIn(message, caught.exception.message())
        # The server keeps serving.
        self.assertEqual(self.infer_http("cnn_template", self.images(1, seed=4)).shape, (1, 5))

    def test_bad_requests_get_400_and_the_server_keeps_serving(self):
        image = self.images(1, seed=5)
        unknown = httpclient.InferInput("picture", [1, 3, 16, 16], "FP32")
        unknown.set_data_from_numpy(image)
        self.assert_bad_request([unknown], "picture")
        shape = httpclient.InferInput("image", [1, 3, 8, 16], "FP32")
        shape.set_data_from_numpy(image[:, :, :8, :].copy())
        self.assert_bad_request([shape], "unexpected shape for input 'image'")
        datatype = httpclient.InferInput("image", [1, 3, 16, 16], "FP64")
        datatype.set_data_from_numpy(image.astype(np.float64))
        self.assert_bad_request([datatype], "FP64")
        oversized = httpclient.InferInput("image", [9, 3, 16, 16], "FP32")
        oversized.set_data_from_numpy(np.repeat(image, 9, axis=0))
        self.assert_bad_request([oversized], "batch-size must be <= 8")

    def test_a_request_ferry_refuses_fails_alone(self):
        def tokens(length, seed):
            return np.random.default_rng(seed).uniform(-1, 1, (2, length, 8)).astype(np.float32)

        good = [tokens(length, seed) for seed, length in enumerate((5, 10, 1, 7))]
        expected = [direct(os.path.join(MODELS, "dynamic.xml"), "TEMPLATE", [t])["probs"] for t in good]

        def send(array):
            http = httpclient.InferenceServerClient("127.0.0.1:%d" % self.http_port)
            tensor = httpclient.InferInput("tokens", list(array.shape), "FP32")
            tensor.set_data_from_numpy(array)
            try:
                return http.infer("dynamic", [tensor]).as_numpy("probs")
            except InferenceServerException as error:
                return error
            finally:
                http.close()

        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            answers = list(pool.map(send, [good[0], tokens(11, 9), good[1], good[2], tokens(12, 8), good[3]]))
        for got, want in zip([answers[0], answers[2], answers[3], answers[5]], expected):
            np.testing.assert_allclose(got.reshape(-1), want, rtol=0, atol=1e-6)
        for refused in (answers[1], answers[4]):
            self.assertIsInstance(refused, InferenceServerException)
            self.assertEqual(refused.status(), "400", refused.message())
            self.assertIn("tokens", refused.message())

    def test_models_that_cannot_load_report_ferrys_message(self):
        cases = {
            "no_file": "no model file in",
            "malformed": "malformed",
            "unknown_device": "NO_SUCH_DEVICE",
            "unknown_property": "NO_SUCH_PROPERTY",
            "contradicting": "input 'image': dims [3,32,32] do not fit the model's shape [1,3,16,16]",
        }
        for name, message in cases.items():
            with self.subTest(model=name):
                with self.assertRaises(InferenceServerException) as caught:
                    self.http.load_model(name)
                self.assertIn(message, caught.exception.message())
                self.assertFalse(self.http.is_model_ready(name))
        self.assertEqual(self.infer_http("cnn_template", self.images(2, seed=6)).shape, (2, 5))

    def test_versions_unload_and_reload(self):
        data = np.fromfile(os.path.join(MODELS, "mlp.in.0.raw"), dtype=np.float32)
        with open(os.path.join(MODELS, "mlp.io.txt")) as f:
            manifest = f.read().split("\n")
        fields = [line.split() for line in manifest if line.startswith("input")][0]
        input_name, shape = fields[1], [int(d) for d in fields[4:4 + int(fields[3])]]
        output_name = [line.split() for line in manifest if line.startswith("output")][0][1]
        data = data.reshape(shape)
        expected = direct(os.path.join(MODELS, "mlp.xml"), "TEMPLATE", [data])[output_name].reshape(-1)

        def infer(version):
            tensor = httpclient.InferInput(input_name, shape, "FP32")
            tensor.set_data_from_numpy(data)
            return self.http.infer("mlp", [tensor], model_version=version).as_numpy(output_name).reshape(-1)

        for version in ("1", "2"):
            self.assertTrue(self.http.is_model_ready("mlp", version))
            np.testing.assert_allclose(infer(version), expected, rtol=0, atol=1e-6)
        self.http.unload_model("mlp")
        deadline = time.monotonic() + 30
        while self.http.is_model_ready("mlp", "1") and time.monotonic() < deadline:
            time.sleep(0.1)
        self.assertFalse(self.http.is_model_ready("mlp", "1"))
        self.http.load_model("mlp")
        np.testing.assert_allclose(infer("2"), expected, rtol=0, atol=1e-6)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]], verbosity=2)
