"""Machines as data: presets, user files, validation, and ``streamsim machines``."""

from __future__ import annotations

import pathlib

import pytest

from simulator import load_machine, preset_names
from simulator.cli import main
from simulator.errors import MachineError

GIB = 1 << 30


def test_machine_presets_are_listed() -> None:
    assert preset_names() == [
        "apu",
        "cpu",
        "cpu-local-sync",
        "cpu-local-task",
        "cpu-roofline",
        "cpu-x2",
        "discrete-gpu",
        "multi-gpu-4",
        "multi-gpu-8",
    ]


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
        ("[[devices]]\nqueues = 0\n", r"bad\.toml device 0: field 'queues' must be in \[1, 1024\], got 0"),
        ("[[devices]]\nmemory_bandwidth_bytes_per_s = 'fast'\n", "must be float"),
        ("[[devices]]\nhost_link = 'nope'\n", "not a \\[\\[links\\]\\] name"),
        ("[[devices]]\n[[links]]\nendpoints = ['host', 'gpu9']\nbandwidth_bytes_per_s = 1e9\n", "gpu9"),
        ("[host]\nwarp_ns = 3\n[[devices]]\n", "unknown field"),
        ("[[devices]\n", "bad TOML"),
        # The fuzz campaign's cases (issue 13 item 5): each names the file, the table and the key.
        ("[[devices]]\n[storage]\nbandwidth_bytes_per_s = 0\n", r"\[storage\]: field 'bandwidth_bytes_per_s' must be in"),
        ("[[devices]]\n[storage]\nbandwidth_bytes_per_s = nan\n", r"'bandwidth_bytes_per_s' must be a finite number"),
        ("[[devices]]\nmemory_bandwidth_bytes_per_s = inf\n", r"device 0: field 'memory_bandwidth_bytes_per_s' must be a finite"),
        ("[[devices]]\nkind = 'toaster'\n", r"field 'kind' must be one of cpu, gpu, npu, accelerator, got 'toaster'"),
        ("[[devices]]\nqueus = 2\n", r"device 0: unknown field\(s\) 'queus'"),
        ("colour = 'red'\n[[devices]]\n", r"bad\.toml: unknown field\(s\) 'colour'"),
        ("[[devices]]\n[[devices.pools]]\ncapacity_bytes = 1024\nalignment_bytes = 0\n", r"pool 0: field 'alignment_bytes' must be in"),
        ("[[devices]]\n[[devices.pools]]\ncapacity_bytes = 1024\nalignment_bytes = 3\n", r"'alignment_bytes' must be a power of two, got 3"),
        ("[[devices]]\ndispatch_slots = 0\n", r"'dispatch_slots' must be in \[1,"),
        ("[[devices]]\n[storage]\nqueue_depth = 0\n", r"'queue_depth' must be in \[1,"),
        ("[[devices]]\n[[devices.pools]]\ncapacity_bytes = 9223372036854775807\n", r"'capacity_bytes' must be in"),
        ("[[devices]]\nqueues = 100000000\n", r"'queues' must be in \[1, 1024\], got 100000000"),
        ("[[devices]]\npeak_flops_per_s = { f32 = -1.0 }\n", r"peak_flops_per_s: field 'f32' must be in"),
        ("[[devices]]\n[storage]\npreset = 'floppy'\n", r"unknown storage preset 'floppy'"),
        ("devices = 3\n", r"devices must be an array of tables"),
        ("x = " + "[" * 5000 + "]" * 5000 + "\n", r"bad TOML: arrays or tables nested too deeply"),
        ("x = " + "{a = " * 5000 + "1" + "}" * 5000 + "\n", r"bad TOML: arrays or tables nested too deeply"),
    ],
    ids=[
        "no-devices", "no-queues", "bad-type", "bad-link", "bad-endpoint", "unknown-host-field", "bad-toml",
        "storage-bw-0", "storage-bw-nan", "device-bw-inf", "kind-toaster", "unknown-device-key",
        "unknown-top-key", "alignment-0", "alignment-3", "slots-0", "queue-depth-0", "capacity-2^63",
        "queues-1e8", "negative-peak", "storage-preset", "devices-not-array", "deep-arrays",
        "deep-inline-tables",
    ],
)  # fmt: skip
def test_machine_rejects_bad_files(tmp_path: pathlib.Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(MachineError, match=message):
        load_machine(path)


def test_machine_unknown_preset() -> None:
    with pytest.raises(
        MachineError, match="unknown machine 'tpu'; presets: apu, cpu, cpu-local-sync, cpu-local-task, cpu-roofline, cpu-x2, discrete-gpu, multi-gpu-4"
    ):
        load_machine("tpu")


def test_machine_cli_lists_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["machines"]) == 0
    out = capsys.readouterr().out
    assert "discrete-gpu" in out and "f32 67 TFLOP/s, bf16 990 TFLOP/s, 3.35 TB/s device memory 80 GiB" in out
    assert "host link 55 GB/s" in out and "storage nvme0: 7 GB/s" in out
    assert main(["run", "--machine", "tpu"]) == 2


def test_machine_file_that_never_ends_or_is_binary(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"\xff\xfe name = 1")
    with pytest.raises(MachineError, match=r"cannot read machine file .*bin\.toml: .*not valid UTF-8"):
        load_machine(binary)
    if pathlib.Path("/dev/zero").exists():
        monkeypatch.setenv("STREAMSIM_MAX_INPUT_BYTES", str(1 << 16))
        with pytest.raises(MachineError, match=r"cannot read machine file /dev/zero: .*input limit"):
            load_machine("/dev/zero")
