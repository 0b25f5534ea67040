"""Queries the CNN that serve_cnn.sh serves, over HTTP and gRPC, and checks the answers against
the output OpenVINO computed for the same input (testing/models/openvino/cnn.*.raw)."""
import os

import numpy as np
import tritonclient.grpc as grpcclient
import tritonclient.http as httpclient

MODELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "testing", "models", "openvino")
image = np.fromfile(os.path.join(MODELS, "cnn.in.0.raw"), dtype=np.float32).reshape(1, 3, 16, 16)
expected = np.fromfile(os.path.join(MODELS, "cnn.out.0.raw"), dtype=np.float32).reshape(1, 5)

for protocol, client, url in ((httpclient, httpclient.InferenceServerClient, "127.0.0.1:8000"),
                              (grpcclient, grpcclient.InferenceServerClient, "127.0.0.1:8001")):
    tensor = protocol.InferInput("image", list(image.shape), "FP32")
    tensor.set_data_from_numpy(image)
    probs = client(url).infer("cnn", [tensor]).as_numpy("probs")
    error = float(np.abs(probs - expected).max())
    print("%s: probs %s, largest difference from OpenVINO %.2g" % (protocol.__name__, probs.round(4).tolist(), error))
    assert error < 1e-4, "the answer differs from OpenVINO's"
