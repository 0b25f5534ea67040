"""Ferry's Triton backend against what a client or a model repository can send it, served by
tritonserver with the backend built as the test is (under --config=sanitize: AddressSanitizer and
UBSan, the server running with ASan's runtime preloaded; any report fails the test):
  - a configuration that enables allow_ragged_batch is refused at load, naming it;
  - requests of different lengths queued together each get their own answer;
  - a request whose bytes do not match its shape and type (oversize, undersize, another data
    type) gets a 400 naming the input, and the server keeps serving.
Usage (Bazel runs it): triton_untrusted_requests_test.py TRITON_DIR FERRY_DIRECT_RUN INSTALL [--asan]
[unittest arguments, e.g. -k ragged]"""
import concurrent.futures
import http.client
import json
import os
import sys
import unittest

import numpy as np
import tritonclient.http as httpclient
from tritonclient.utils import InferenceServerException

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from triton_harness import MODELS, TMP, TritonServer, device, run_directly, shipped, write_model  # noqa: E402

TRITON_DIR, DIRECT_RUN, INSTALL = sys.argv[1:4]
ASAN = "--asan" in sys.argv[4:]
# Gathers up to 2 s for 4 requests: requests sent together land in one execute() call.
BATCHING = "max_batch_size: 8\ndynamic_batching { preferred_batch_size: [4] max_queue_delay_microseconds: 2000000 }\n"
# tokens [batch, 1..10, 8] -> probs [batch, 6]
TOKENS = """output [{ name: "probs", data_type: TYPE_FP32, dims: [6] }]
instance_group [{ count: 1, kind: KIND_CPU }]
"""


def make_repository(repo):
    write_model(repo, "ragged", shipped("dynamic"), BATCHING + device("TEMPLATE") + TOKENS + """
input [{ name: "tokens", data_type: TYPE_FP32, dims: [-1, 8], allow_ragged_batch: true }]
""")
    write_model(repo, "tokens", shipped("dynamic"), BATCHING + device("TEMPLATE") + TOKENS + """
input [{ name: "tokens", data_type: TYPE_FP32, dims: [-1, 8] }]
""")
    write_model(repo, "cnn", shipped("cnn"), "max_batch_size: 8\n" + device("TEMPLATE"))


def tokens(length, seed):
    return np.random.default_rng(seed).uniform(-1, 1, (1, length, 8)).astype(np.float32)


class UntrustedRequestsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.repo = os.path.join(TMP, "untrusted_models")
        make_repository(cls.repo)
        cls.server = TritonServer(TRITON_DIR, INSTALL, cls.repo, "tritonserver_untrusted", asan=ASAN)
        cls.http = cls.server.http
        for name in ("tokens", "cnn"):
            cls.http.load_model(name)

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()  # fails on a sanitizer report in the server's log

    def send_together(self, model, arrays):
        """Sends the arrays as concurrent requests; each answer's probs, or its error."""
        def send(array):
            client = httpclient.InferenceServerClient("127.0.0.1:%d" % self.server.http_port)
            tensor = httpclient.InferInput("tokens", list(array.shape), "FP32")
            tensor.set_data_from_numpy(array)
            try:
                return client.infer(model, [tensor]).as_numpy("probs")
            except InferenceServerException as error:
                return error
            finally:
                client.close()

        with concurrent.futures.ThreadPoolExecutor(len(arrays)) as pool:
            return list(pool.map(send, arrays))

    def assert_serving(self):
        self.assertTrue(self.server.alive(), self.server.log_text()[-3000:])
        image = np.fromfile(os.path.join(MODELS, "cnn.in.0.raw"), dtype=np.float32).reshape(1, 3, 16, 16)
        tensor = httpclient.InferInput("image", [1, 3, 16, 16], "FP32")
        tensor.set_data_from_numpy(image)
        expected = np.fromfile(os.path.join(MODELS, "cnn.out.0.raw"), dtype=np.float32).reshape(1, 5)
        np.testing.assert_allclose(self.http.infer("cnn", [tensor]).as_numpy("probs"), expected, rtol=0, atol=1e-5)

    def test_ragged_batching_is_refused_at_load(self):
        try:
            self.http.load_model("ragged")
        except InferenceServerException as error:
            self.assertIn("input 'tokens': allow_ragged_batch is not supported", error.message())
            self.assertFalse(self.http.is_model_ready("ragged"))
            self.assert_serving()
            return
        # It loaded: what any client can then do, lengths 5 and 10 in one batch.
        answers = self.send_together("ragged", [tokens(5, 1), tokens(10, 2), tokens(5, 3), tokens(10, 4)])
        self.fail("a configuration with allow_ragged_batch loaded; mixed lengths then got %s; server alive: %s"
                  % ([type(a).__name__ for a in answers], self.server.alive()))

    def test_requests_of_different_lengths_get_their_own_answers(self):
        arrays = [tokens(length, seed) for seed, length in enumerate((5, 10, 5, 10, 3, 7, 3, 1))]
        expected = [run_directly(DIRECT_RUN, os.path.join(MODELS, "dynamic.xml"), "TEMPLATE", [a])["probs"]
                    for a in arrays]
        for got, want in zip(self.send_together("tokens", arrays), expected):
            self.assertNotIsInstance(got, InferenceServerException)
            np.testing.assert_allclose(got.reshape(-1), want, rtol=0, atol=1e-6)
        self.assert_serving()

    def post_raw(self, model, inputs, binary):
        """POSTs an inference with a JSON header and raw binary input data, as any HTTP client can
        (tritonclient checks sizes before sending); returns (status, message)."""
        header = json.dumps({"inputs": inputs, "outputs": [{"name": "probs"}]}).encode()
        connection = http.client.HTTPConnection("127.0.0.1", self.server.http_port, timeout=30)
        try:
            connection.request("POST", "/v2/models/%s/infer" % model, body=header + binary,
                               headers={"Inference-Header-Content-Length": str(len(header)),
                                        "Content-Type": "application/octet-stream"})
            response = connection.getresponse()
            return response.status, response.read().decode(errors="replace")
        finally:
            connection.close()

    def test_bytes_that_do_not_match_the_shape_get_400_and_the_server_keeps_serving(self):
        image = np.zeros((1, 3, 16, 16), np.float32).tobytes()
        shape = [1, 3, 16, 16]
        cases = {
            "oversize": (shape, "FP32", image + image),
            "undersize": (shape, "FP32", image[:100]),
            "one byte short": (shape, "FP32", image[:-1]),
            "batch 2 with batch 1's bytes": ([2, 3, 16, 16], "FP32", image),
            "FP64": (shape, "FP64", image + image),
            "INT32, FP32's byte size": (shape, "INT32", image),
        }
        for name, (dims, datatype, data) in cases.items():
            with self.subTest(case=name):
                inputs = [{"name": "image", "shape": dims, "datatype": datatype,
                           "parameters": {"binary_data_size": len(data)}}]
                status, message = self.post_raw("cnn", inputs, data)
                self.assertEqual(status, 400, message)
                self.assertIn("image", message)
                self.assert_serving()
        # JSON data with fewer values than the shape holds: Triton's HTTP frontend refuses it before
        # the backend sees it (tritonserver 2.51 answers 500 "Unable to parse 'data'").
        inputs = [{"name": "image", "shape": shape, "datatype": "FP32", "data": [0.5] * 10}]
        status, message = self.post_raw("cnn", inputs, b"")
        self.assertIn(status, (400, 500), message)
        self.assertIn("data", message)
        self.assert_serving()


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]] + [arg for arg in sys.argv[4:] if arg != "--asan"], verbosity=2)
