"""Op classes of the stream, hal and io_parameters dialects.

Importing this package registers every op class of the three seed documents (169 ops), the five
``stream.async.parameter.*`` ops IREE 3.13 added, the alias table of names IREE 3.x spells differently
(``stream.cmd.parameter.*``) and the structured stream attributes (:mod:`ir.dialects.stream_attrs`). Classes
are laid out as IREE 3.13 prints them where it departs from the seeds; each departure is commented on the
class. Op rules (``verify_``) use the helpers of :mod:`ir.dialects.common`; the custom syntax for
:mod:`ir.pretty` lives in ``pretty_stream`` and ``pretty_resource``, imported by the pretty printer.

Stream ops keep the seeds' class names (``CmdDispatchOp``); hal ops are prefixed ``Hal``
(``HalFenceJoinOp``) and io_parameters ops ``IoParameters``, because the dialects reuse class names
(``stream.executable`` and ``hal.executable`` are both ``ExecutableOp``).
"""

from __future__ import annotations

from ir.dialects import (
    hal_buffer,
    hal_command,
    hal_device,
    hal_executable,
    io_parameters,
    stream_async,
    stream_attrs,
    stream_cmd,
    stream_executable,
    stream_parameter,
    stream_resource,
    stream_tensor,
    stream_test,  # noqa: F401  (registers IREE's test-only stream.test.timeline_op; not in ALL_OPS)
)

ALL_OPS = [
    *stream_async.STREAM_ASYNC_OPS,
    *stream_cmd.STREAM_CMD_OPS,
    *stream_resource.STREAM_RESOURCE_OPS,
    *stream_tensor.STREAM_TENSOR_OPS,
    *stream_executable.STREAM_EXECUTABLE_OPS,
    *stream_parameter.STREAM_PARAMETER_OPS,
    *hal_buffer.HAL_BUFFER_OPS,
    *hal_command.HAL_COMMAND_OPS,
    *hal_device.HAL_DEVICE_OPS,
    *hal_executable.HAL_EXECUTABLE_OPS,
    *io_parameters.IO_PARAMETERS_OPS,
]

__all__ = ["ALL_OPS", "stream_attrs"]
