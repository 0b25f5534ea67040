#!/usr/bin/env bash
# add_cnn_model.sh MODEL_DIR DEVICE: writes the shipped CNN (testing/models/openvino/cnn) as a
# Triton model served by Ferry on DEVICE into MODEL_DIR (MODEL_DIR/config.pbtxt,
# MODEL_DIR/1/model.{xml,bin}): batches of up to 8 by Triton's dynamic batcher, 2 instances.
set -euo pipefail
dir="$1"
device="$2"
model="$(dirname "$0")/../../../testing/models/openvino/cnn"
mkdir -p "$dir/1"
cp "$model.xml" "$dir/1/model.xml"
cp "$model.bin" "$dir/1/model.bin"
cat > "$dir/config.pbtxt" <<CONFIG
backend: "ferry"
max_batch_size: 8
dynamic_batching { max_queue_delay_microseconds: 500 }
instance_group [{ count: 2, kind: KIND_CPU }]
parameters: { key: "DEVICE" value: { string_value: "$device" } }
CONFIG
