"""Parameter archives: reading, writing and indexing the files that hold a model's parameters.

The layer under the simulator's parameter providers: :class:`ParameterIndex` maps ``scope::key`` to
:class:`ParameterEntry` (file data, splat or virtual) and reads and writes their bytes through memory maps.
Archives open by suffix (:func:`open_archive`: .irpa, .safetensors, .gguf); :class:`IrpaWriter` writes
.irpa files IREE's runtime loads; :func:`virtual_archive` describes models too large to materialise.
"""

from __future__ import annotations

from simulator.archives.archive import (
    FORMATS_BY_SUFFIX,
    Archive,
    format_for_path,
    open_archive,
    split_scope_spec,
)
from simulator.archives.dtypes import numpy_dtype, parse_dtype
from simulator.archives.entries import SPLAT_PATTERN_LENGTHS, EntryKind, ParameterEntry
from simulator.archives.gguf_reader import read_gguf
from simulator.archives.index import ParameterIndex, ParameterSpan
from simulator.archives.irpa import read_irpa
from simulator.archives.irpa_writer import IrpaWriter, write_irpa
from simulator.archives.safetensors_reader import read_safetensors
from simulator.archives.virtual import transformer_parameter_sizes, virtual_archive

__all__ = [
    "FORMATS_BY_SUFFIX",
    "SPLAT_PATTERN_LENGTHS",
    "Archive",
    "EntryKind",
    "IrpaWriter",
    "ParameterEntry",
    "ParameterIndex",
    "ParameterSpan",
    "format_for_path",
    "numpy_dtype",
    "open_archive",
    "parse_dtype",
    "read_gguf",
    "read_irpa",
    "read_safetensors",
    "split_scope_spec",
    "transformer_parameter_sizes",
    "virtual_archive",
    "write_irpa",
]
