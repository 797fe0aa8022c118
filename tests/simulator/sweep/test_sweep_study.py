"""Studies: reading TOML and dicts, rejecting bad studies before anything runs, expanding points."""

from __future__ import annotations

import pathlib
import textwrap

import pytest

from simulator.sweep import (
    AXES,
    Study,
    StudyError,
    load_study,
    machine_with_overrides,
    point_machine,
    study_from_dict,
)

FIXTURE = pathlib.Path(__file__).parents[2] / "fixtures" / "iree" / "attention_block"

GOOD = f"""
name = "small"
machines = ["discrete-gpu", "apu"]
seeds = [0, 1]
metrics = ["makespan", "peak_memory"]

[[programs]]
fixture = "{FIXTURE}"

[scheduler]
favor = ["min-peak-memory", "max-concurrency"]

[overrides]
queues = [1, 2, 4]
memory_model = "discrete"
"""


def write(tmp_path: pathlib.Path, text: str) -> pathlib.Path:
    p = tmp_path / "study.toml"
    p.write_text(textwrap.dedent(text))
    return p


def test_load_study_expands_in_grid_order(tmp_path: pathlib.Path) -> None:
    study = load_study(write(tmp_path, GOOD))
    points = study.points()
    assert len(points) == 2 * 2 * 2 * 3
    assert [p.index for p in points] == list(range(24))
    first = points[:4]
    assert [(p.machine.label, p.seed, p.setting["favor"], p.setting["queues"]) for p in first] == [
        ("discrete-gpu", 0, "min-peak-memory", 1),
        ("discrete-gpu", 0, "min-peak-memory", 2),
        ("discrete-gpu", 0, "min-peak-memory", 4),
        ("discrete-gpu", 0, "max-concurrency", 1),
    ]
    assert all(p.setting["memory_model"] == "discrete" for p in points)
    assert study.axes() == ["favor", "queues", "memory_model"]
    assert len({p.key for p in points}) == 24


def test_load_study_fixture_folder_finds_program_inputs_and_parameters(tmp_path: pathlib.Path) -> None:
    program = load_study(write(tmp_path, GOOD)).programs[0]
    assert program.name == "attention_block"
    assert program.path.endswith("async.generic.mlir")
    assert [pathlib.Path(p).name for p in program.inputs] == ["input0.npy"]
    assert program.parameters[0][0] == "*"


def test_study_from_dict_matches_toml(tmp_path: pathlib.Path) -> None:
    from_toml = load_study(write(tmp_path, GOOD))
    from_dict = study_from_dict(
        {
            "name": "small",
            "machines": ["discrete-gpu", "apu"],
            "seeds": [0, 1],
            "metrics": ["makespan", "peak_memory"],
            "programs": [{"fixture": str(FIXTURE)}],
            "scheduler": {"favor": ["min-peak-memory", "max-concurrency"]},
            "overrides": {"queues": [1, 2, 4], "memory_model": "discrete"},
        },
        base_dir=tmp_path,
    )
    assert [p.key for p in from_dict.points()] == [p.key for p in from_toml.points()]


def test_point_key_stable_when_grid_grows(tmp_path: pathlib.Path) -> None:
    small = load_study(write(tmp_path, GOOD))
    bigger = load_study(write(tmp_path, GOOD.replace("queues = [1, 2, 4]", "queues = [1, 2, 4, 8]")))
    assert {p.key for p in small.points()} < {p.key for p in bigger.points()}


def test_point_key_changes_with_file_contents(tmp_path: pathlib.Path) -> None:
    program = tmp_path / "p.mlir"
    program.write_text("// one\n")
    data = {"programs": [{"path": "p.mlir"}], "machines": ["cpu"]}
    before = study_from_dict(data, base_dir=tmp_path).points()[0].key
    program.write_text("// two\n")
    assert study_from_dict(data, base_dir=tmp_path).points()[0].key != before


def test_study_cases_cross_the_grid(tmp_path: pathlib.Path) -> None:
    study = load_study(
        write(
            tmp_path,
            GOOD
            + """
[[cases]]
storage_bandwidth_bytes_per_s = 3e9
pool_capacity_bytes = 1073741824
[[cases]]
storage_bandwidth_bytes_per_s = 7e9
pool_capacity_bytes = 2147483648
""",
        )
    )
    assert len(study.points()) == 48
    assert study.axes() == [
        a
        for a in AXES
        if a not in ("placement", "memory_cap_bytes", "queue_policy", "link_bandwidth_bytes_per_s")
    ]


@pytest.mark.parametrize(
    ("edit", "match"),
    [
        pytest.param(
            ("machines = [", 'machines = ["gpu9", '),
            r"study\.toml: machines\[0\]: unknown machine 'gpu9'",
            id="unknown-machine",
        ),
        pytest.param(
            ("machines = [", 'machines = ["nope.toml", '),
            r"machines\[0\]: no such file: nope\.toml",
            id="missing-machine-file",
        ),
        pytest.param(
            ('"peak_memory"]', '"peak_memory", "latency"]'),
            r"study\.toml: metrics\[2\]: unknown metric 'latency'",
            id="unknown-metric",
        ),
        pytest.param(
            ('metrics = ["makespan", "peak_memory"]', 'metrics = "makespan"'),
            r"study\.toml: metrics: must be a non-empty list",
            id="metrics-not-a-list",
        ),
        pytest.param(
            ("queues = [1, 2, 4]", "queues = [1, 0, 4]"),
            r"study\.toml: overrides\.queues\[1\]: bad value 0 for queues",
            id="bad-queues",
        ),
        pytest.param(
            ("queues = [1, 2, 4]", 'queues = [1, "two"]'),
            r"overrides\.queues\[1\]: bad value 'two'",
            id="queues-not-int",
        ),
        pytest.param(
            ('"max-concurrency"]', '"fastest"]'),
            r"scheduler\.favor\[1\]: bad value 'fastest' for favor: expected one of",
            id="bad-favor",
        ),
        pytest.param(
            ('memory_model = "discrete"', 'memory_model = "numa"'),
            r"overrides\.memory_model: bad value 'numa'",
            id="bad-memory-model",
        ),
        pytest.param(
            ("queues = [1, 2, 4]", "queues = []"),
            r"overrides\.queues: an axis needs at least one value",
            id="empty-axis",
        ),
        pytest.param(
            ("queues = [1, 2, 4]", "queues = [2, 2]"),
            r"overrides\.queues: values repeat",
            id="repeated-values",
        ),
        pytest.param(
            ("queues = [1, 2, 4]", "quues = [1, 2]"),
            r"overrides\.quues: unknown key 'quues'",
            id="misspelt-axis",
        ),
        pytest.param(
            ('name = "small"', 'name = "small"\nmachine = "cpu"'),
            r"study\.toml: machine: unknown key",
            id="unknown-top-key",
        ),
        pytest.param(
            ("seeds = [0, 1]", "seeds = [0, -1]"),
            r"seeds\[1\]: a seed is a non-negative integer",
            id="bad-seed",
        ),
        pytest.param(
            ('fixture = "', 'fixture = "/no/such/'),
            r"programs\[0\]\.fixture: no such folder",
            id="missing-fixture",
        ),
        pytest.param(
            ("[[programs]]", "[[programs]]\ninputs = ['x.npy']"),
            r"programs\[0\]\.inputs\[0\]: no such file: x\.npy",
            id="missing-input",
        ),
        pytest.param(
            ("[scheduler]", '[scheduler]\nplacement = "spread"'),
            r"scheduler\.placement: bad value 'spread'",
            id="unknown-placement",
        ),
        pytest.param(
            ("[overrides]", "[[cases]]\nqueues = 8\n[overrides]"),
            r"cases\[0\]\.queues: 'queues' is also set",
            id="case-and-table",
        ),
    ],
)
def test_load_study_rejects_bad_study(tmp_path: pathlib.Path, edit: tuple[str, str], match: str) -> None:
    old, new = edit
    assert old in GOOD
    with pytest.raises(StudyError, match=match):
        load_study(write(tmp_path, GOOD.replace(old, new, 1)))


def test_load_study_rejects_bad_toml(tmp_path: pathlib.Path) -> None:
    with pytest.raises(StudyError, match=r"study\.toml: bad TOML"):
        load_study(write(tmp_path, "machines = [\n"))
    # tomllib recurses on nested arrays and inline tables: too deep a nest is bad TOML, not a RecursionError
    with pytest.raises(StudyError, match=r"study\.toml: bad TOML: arrays or tables nested too deeply"):
        load_study(write(tmp_path, "machines = " + "[" * 5000 + "]" * 5000 + "\n"))


def test_load_study_rejects_study_without_programs(tmp_path: pathlib.Path) -> None:
    with pytest.raises(StudyError, match=r"study\.toml: programs: a study needs at least one"):
        load_study(write(tmp_path, 'machines = ["cpu"]\n'))


def test_study_is_a_plain_value(tmp_path: pathlib.Path) -> None:
    study = load_study(write(tmp_path, GOOD))
    assert isinstance(study, Study)
    assert study == load_study(write(tmp_path, GOOD))


def test_machine_with_overrides_changes_every_device_link_and_pool(tmp_path: pathlib.Path) -> None:
    study = study_from_dict(
        {
            "programs": [{"fixture": str(FIXTURE)}],
            "machines": ["multi-gpu-4"],
            "overrides": {
                "queues": 3,
                "link_bandwidth_bytes_per_s": 1e9,
                "storage_bandwidth_bytes_per_s": 2e9,
                "memory_model": "unified",
                "pool_capacity_bytes": 1 << 20,
            },
        }
    )
    m = point_machine(study.points()[0])
    assert {d.queues for d in m.devices} == {3}
    assert {d.unified_memory for d in m.devices} == {True}
    assert {p.capacity_bytes for d in m.devices for p in d.pools} == {1 << 20}
    assert {lk.bandwidth_bytes_per_s for lk in m.links} == {1e9}
    assert m.storage.bandwidth_bytes_per_s == 2e9
    assert machine_with_overrides(m, {}) == m
