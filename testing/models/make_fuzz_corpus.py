#!/usr/bin/env python3
"""Writes the seed corpus of //core:ir_reader_fuzzer into core/src/ir/fuzz_corpus/.

A fuzz input is: 4 bytes little-endian XML length N, then N bytes of IR XML, then the .bin bytes
(see core/src/ir/ir_reader_fuzzer.cpp). Seeds: the OpenVINO-written models of
testing/models/openvino (valid), and small hand-written IRs, valid and broken, one per error the
reader reports. Needs only the standard library: python3 testing/models/make_fuzz_corpus.py
"""
import os
import struct

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODELS = os.path.join(ROOT, "testing", "models", "openvino")
OUT = os.path.join(ROOT, "core", "src", "ir", "fuzz_corpus")


def seed(name, xml, weights=b""):
    data = xml.encode() if isinstance(xml, str) else xml
    with open(os.path.join(OUT, name), "wb") as out:
        out.write(struct.pack("<I", len(data)) + data + weights)


def relu_net(version="11", layer_type="ReLU", layer_version="opset1", edges=None, extra_layers=""):
    edges = edges if edges is not None else (
        '<edge from-layer="0" from-port="0" to-layer="1" to-port="0"/>'
        '<edge from-layer="1" from-port="1" to-layer="2" to-port="0"/>')
    return f"""<?xml version="1.0"?>
<net name="relu" version="{version}"><layers>
<layer id="0" name="x" type="Parameter" version="opset1"><data shape="1,?,1..4" element_type="f32"/>
<output><port id="0" precision="FP32" names="x"><dim>1</dim><dim>-1</dim><dim>-1</dim></port></output></layer>
<layer id="1" name="r" type="{layer_type}" version="{layer_version}">
<input><port id="0" precision="FP32"><dim>1</dim><dim>-1</dim><dim>-1</dim></port></input>
<output><port id="1" precision="FP32" names="y"><dim>1</dim><dim>-1</dim><dim>-1</dim></port></output></layer>
<layer id="2" name="out" type="Result" version="opset1">
<input><port id="0" precision="FP32"><dim>1</dim><dim>-1</dim><dim>-1</dim></port></input></layer>
{extra_layers}</layers><edges>{edges}</edges>
<rt_info><info name="note" value="seed"/><custom><key value="v"/></custom></rt_info></net>
"""


def add_const_net(offset=0, size=8, shape="2", element_type="f32"):
    return f"""<?xml version="1.0"?>
<net name="add" version="11"><layers>
<layer id="0" name="x" type="Parameter" version="opset1"><data shape="2" element_type="f32"/>
<output><port id="0" precision="FP32" names="x"><dim>2</dim></port></output></layer>
<layer id="1" name="c" type="Const" version="opset1">
<data element_type="{element_type}" shape="{shape}" offset="{offset}" size="{size}"/>
<output><port id="0" precision="FP32"><dim>2</dim></port></output></layer>
<layer id="2" name="sum" type="Add" version="opset1"><data auto_broadcast="numpy"/>
<input><port id="0" precision="FP32"><dim>2</dim></port><port id="1" precision="FP32"><dim>2</dim></port></input>
<output><port id="2" precision="FP32" names="sum"><dim>2</dim></port></output></layer>
<layer id="3" name="out" type="Result" version="opset1">
<input><port id="0" precision="FP32"><dim>2</dim></port></input></layer>
</layers><edges>
<edge from-layer="0" from-port="0" to-layer="2" to-port="0"/>
<edge from-layer="1" from-port="0" to-layer="2" to-port="1"/>
<edge from-layer="2" from-port="2" to-layer="3" to-port="0"/>
</edges></net>
"""


def main():
    os.makedirs(OUT, exist_ok=True)
    for file_name in sorted(os.listdir(MODELS)):
        if file_name.endswith(".xml"):
            base = os.path.join(MODELS, file_name[:-4])
            with open(base + ".xml", "rb") as xml, open(base + ".bin", "rb") as weights:
                seed("ov_" + file_name[:-4], xml.read(), weights.read())
    two_floats = struct.pack("<2f", 1.5, -2.0)
    seed("valid_relu", relu_net())
    seed("valid_add_const", add_const_net(), two_floats)
    seed("bad_truncated_xml", relu_net()[:300])
    seed("bad_no_net", "<?xml version=\"1.0\"?><model version=\"11\"/>")
    seed("bad_version", relu_net(version="7"))
    seed("bad_unknown_op", relu_net(layer_type="NoSuchOp"))
    seed("bad_unknown_version", relu_net(layer_version="opset99"))
    seed("bad_edge_layer", relu_net(edges='<edge from-layer="0" from-port="0" to-layer="9" to-port="0"/>'))
    seed("bad_edge_port", relu_net(edges='<edge from-layer="0" from-port="5" to-layer="1" to-port="0"/>'))
    seed("bad_cycle", relu_net(edges='<edge from-layer="1" from-port="1" to-layer="1" to-port="0"/>'
                                     '<edge from-layer="1" from-port="1" to-layer="2" to-port="0"/>'))
    seed("bad_const_range", add_const_net(offset=4), two_floats)
    seed("bad_const_size", add_const_net(size=4), two_floats)
    seed("bad_const_shape", add_const_net(shape="2,x"), two_floats)
    seed("bad_truncated_bin", add_const_net(), two_floats[:5])
    seed("bad_huge_const", add_const_net(shape="4611686018427387904,4", size=16), two_floats)


if __name__ == "__main__":
    main()
