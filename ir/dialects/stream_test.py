"""``stream.test.timeline_op``: IREE's test-only op implementing TimelineOpInterface.

IREE's own lit tests of the timepoint passes (elide-timepoints, propagate-timepoints) use it to model a
resource-timepoint flow without an execution region. It is registered so that those tests parse into a
class with an operand layout, but it is not one of the dialects' ops (:data:`ir.dialects.ALL_OPS`).

Its awaits are ``await_operands`` (any number); ``await_limit`` (default -1, unlimited) is how many it
takes before a pass must join them into one.
"""

from __future__ import annotations

from ir import opdef
from ir.attributes import IntegerAttr
from ir.core import Operation
from ir.opdef import register_ops
from ir.types import IndexType, TimepointType


class TestTimelineOp(Operation):
    name = "stream.test.timeline_op"
    resource_operands = opdef.var_operand()
    resource_operand_sizes = opdef.var_operand(IndexType)
    result_sizes = opdef.var_operand(IndexType)
    await_operands = opdef.var_operand(TimepointType)
    resource_results = opdef.var_result()
    result_timepoint = opdef.result(TimepointType)
    tied_operands = opdef.opt_attribute()
    await_limit = opdef.opt_attribute(IntegerAttr)


STREAM_TEST_OPS = [TestTimelineOp]

register_ops(STREAM_TEST_OPS)
