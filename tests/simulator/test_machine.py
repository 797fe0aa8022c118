"""Machines as data: presets, user files, validation, and ``streamsim machines``."""

from __future__ import annotations

import pathlib

import pytest

from simulator import load_machine, preset_names
from simulator.cli import main
from simulator.errors import MachineError

GIB = 1 << 30


def test_machine_presets_are_listed() -> None:
    assert preset_names() == ["apu", "cpu", "discrete-gpu", "multi-gpu-4"]


def test_machine_discrete_gpu_figures() -> None:
    m = load_machine("discrete-gpu")
    (gpu,) = m.devices
    assert gpu.peak_for("f32") == 67e12 and gpu.peak_for("bf16") == 990e12
    assert gpu.memory_bandwidth_bytes_per_s == 3.35e12
    assert gpu.pools[0].capacity_bytes == 80 * GIB
    assert not gpu.unified_memory
    link = m.link_between("host", "gpu0")
    assert link is not None and link.bandwidth_bytes_per_s == 55e9
    assert m.storage.bandwidth_bytes_per_s == 7e9


def test_machine_cpu_apu_and_multi_gpu() -> None:
    cpu = load_machine("cpu").devices[0]
    assert cpu.unified_memory and cpu.zero_copy_import and not cpu.in_order
    apu = load_machine("apu").devices[0]
    assert apu.unified_memory and apu.zero_copy_import and apu.host_link is None
    multi = load_machine("multi-gpu-4")
    assert [d.name for d in multi.devices] == ["gpu0", "gpu1", "gpu2", "gpu3"]
    assert all(multi.link_between(f"gpu{i}", f"gpu{j}") for i in range(4) for j in range(4) if i != j)


def test_machine_user_file(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "box.toml"
    path.write_text(
        'name = "box"\n[[devices]]\nname = "npu0"\nqueues = 3\npeak_flops_per_s = { i8 = 4e13 }\n'
        "memory_bandwidth_bytes_per_s = 1e11\n[[devices.pools]]\ncapacity_bytes = 1024\n"
    )
    m = load_machine(path)
    assert (m.name, m.devices[0].queues, m.devices[0].peak_for("i8")) == ("box", 3, 4e13)
    assert m.devices[0].pools[0].capacity_bytes == 1024


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name = 'x'\n", "at least one"),
        ("[[devices]]\nqueues = 0\n", "at least one queue"),
        ("[[devices]]\nmemory_bandwidth_bytes_per_s = 'fast'\n", "must be float"),
        ("[[devices]]\nhost_link = 'nope'\n", "not a \\[\\[links\\]\\] name"),
        ("[[devices]]\n[[links]]\nendpoints = ['host', 'gpu9']\nbandwidth_bytes_per_s = 1e9\n", "gpu9"),
        ("[host]\nwarp_ns = 3\n[[devices]]\n", "unknown field"),
        ("[[devices]\n", "bad TOML"),
    ],
    ids=["no-devices", "no-queues", "bad-type", "bad-link", "bad-endpoint", "unknown-host-field", "bad-toml"],
)
def test_machine_rejects_bad_files(tmp_path: pathlib.Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(MachineError, match=message):
        load_machine(path)


def test_machine_unknown_preset() -> None:
    with pytest.raises(
        MachineError, match="unknown machine 'tpu'; presets: apu, cpu, discrete-gpu, multi-gpu-4"
    ):
        load_machine("tpu")


def test_machine_cli_lists_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["machines"]) == 0
    out = capsys.readouterr().out
    assert "discrete-gpu" in out and "f32 67 TFLOP/s, bf16 990 TFLOP/s, 3.35 TB/s device memory 80 GiB" in out
    assert "host link 55 GB/s" in out and "storage nvme0: 7 GB/s" in out
    assert main(["run", "--machine", "tpu"]) == 2
