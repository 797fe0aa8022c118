"""Storage and providers: staging chunks for discrete devices, the page cache, storage presets,
preloaded and mapped providers, and timing-only loads of a virtual transformer."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

from simulator import Session, machine_from_dict, parse_program
from simulator.archives import ParameterIndex, transformer_parameter_sizes, virtual_archive
from simulator.params import Parameters, storage_preset, with_storage
from simulator.params.programs import parameter_load_program, parameter_summary

# These tests read IREE pretty text: skip without IREE, fail under STREAMSIM_REQUIRE_IREE=1.
pytestmark = pytest.mark.usefixtures("iree")


def _run(machine: Any, sizes: list[tuple[str, int]], params: Any, mode: str = "gather", **kw: Any) -> Any:
    program = parse_program(parameter_load_program(sizes, mode=mode), filename="s.mlir")
    return Session(machine).run_sync(program, parameters=params, **kw)


def _io(result: Any) -> list[tuple[str, str, int, int]]:
    return [
        (s.track.label, s.name, s.start_ns, s.end_ns)
        for s in result.trace.spans
        if s.category in ("io", "transfer") and ".params" not in s.track.thread
    ]


def test_discrete_device_stages_through_host_chunks(
    tmp_path: pathlib.Path, write_archive: Any, machine: Any
) -> None:
    path = write_archive(tmp_path / "a.irpa", {"a": 2560})
    result = _run(
        machine(host_link=True), [("a", 2560)], Parameters({"model": path}, staging_chunk_bytes=1024)
    )
    # Two staging buffers in flight: chunk 2 waits for chunk 0's buffer to be uploaded.
    assert _io(result) == [
        ("nvme0/io0", "read a [0]", 0, 2024),
        ("link:link0/host->d0", "upload a [0]", 2024, 3048),
        ("nvme0/io1", "read a [1]", 0, 3048),
        ("link:link0/host->d0", "upload a [1]", 3048, 4072),
        ("nvme0/io2", "read a [2]", 3048, 4560),
        ("link:link0/host->d0", "upload a [2]", 4560, 5072),
    ]


def test_device_without_host_link_reads_files_directly(tmp_path: pathlib.Path, write_archive: Any,
                                                       machine: Any) -> None:  # fmt: skip
    path = write_archive(tmp_path / "a.irpa", {"a": 2560})
    assert _io(_run(machine(), [("a", 2560)], Parameters({"model": path}))) == [
        ("nvme0/io0", "read a", 0, 3560)
    ]


def test_page_cache_serves_a_second_read(tmp_path: pathlib.Path, write_archive: Any, machine: Any) -> None:
    path = write_archive(tmp_path / "a.irpa", {"a": 2560})
    m = machine(page_cache_bytes=1 << 22, page_cache_bandwidth_bytes_per_s=4e9)
    result = _run(m, [("a", 2560), ("a", 2560)], Parameters({"model": path}), mode="each")
    assert _io(result) == [
        ("nvme0/io0", "read a", 0, 3560),
        ("nvme0/page_cache", "read a (page cache)", 3560, 4200),
    ]
    assert result.stats.storage_bytes_read == 2560


def test_preloaded_host_provider_reads_no_storage(
    tmp_path: pathlib.Path, write_archive: Any, machine: Any
) -> None:
    path = write_archive(tmp_path / "a.irpa", {"a": 2560})
    result = _run(machine(), [("a", 2560)], Parameters({"model": path}, provider="host"))
    assert _io(result) == [("d0/params.copy", "copy a", 0, 5120)]  # 2 bytes moved per byte copied
    assert result.stats.storage_bytes_read == 0


@pytest.mark.parametrize(("populate", "bytes_read"), [(False, 0), (True, 3 << 20)])
def test_mapped_provider_imports_zero_copy_on_unified_memory(populate: bool, bytes_read: int) -> None:
    sizes = [("a", 1 << 20), ("b", 2 << 20)]
    index = ParameterIndex()
    index.add_archive(virtual_archive(sizes), scope="model")
    result = _run(
        "apu", sizes, Parameters(index, provider="mapped", populate=populate), "load", timing_only=True
    )
    assert result.stats.storage_bytes_read == bytes_read
    assert [s for s in result.trace.spans if s.name == "parameter alloca"] == []
    assert all(p.peak_bytes == 0 for p in result.stats.pools)  # imports take no pool memory


def test_storage_presets_in_machine_files_and_scripts() -> None:
    m = machine_from_dict({"devices": [{"name": "d"}], "storage": {"preset": "nfs", "queue_depth": 4}})
    assert (m.storage.latency_ns, m.storage.queue_depth, m.storage.page_cache_bytes) == (500_000, 4, 64 << 30)
    assert with_storage("apu", "nvme-gen3").storage == storage_preset("nvme-gen3")
    from simulator.errors import MachineError

    with pytest.raises(MachineError, match="unknown storage preset 'tape'"):
        storage_preset("tape")


@pytest.mark.parametrize(("machine_name", "mode", "provider", "calls"),
                         [("discrete-gpu", "gather", "file", 1), ("apu", "load", "mapped", 1),
                          ("discrete-gpu", "each", "file", 39)])  # fmt: skip
def test_virtual_transformer_loads_timing_only(
    machine_name: str, mode: str, provider: str, calls: int
) -> None:
    sizes = list(transformer_parameter_sizes(layers=4, hidden=1024, intermediate=4096, vocab=8000))
    index = ParameterIndex()
    index.add_archive(virtual_archive(sizes), scope="model")
    params = Parameters(index, provider=provider, populate=True)
    first = _run(machine_name, sizes, params, mode, timing_only=True)
    summary = parameter_summary(first)
    assert summary["provider_calls"] == calls and summary["bytes_read"] == index.total_bytes()
    assert summary["timelines_used"] == (1 if mode == "each" else 8)
    again = _run(
        machine_name, sizes, Parameters(index, provider=provider, populate=True), mode, timing_only=True
    )
    assert [(s.name, s.start_ns, s.end_ns) for s in again.trace.spans] == [
        (s.name, s.start_ns, s.end_ns) for s in first.trace.spans
    ]
