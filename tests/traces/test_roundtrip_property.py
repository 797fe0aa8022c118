"""Property test: any trace written as Chrome JSON reads back equal."""

from __future__ import annotations

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from traces import CATEGORIES, TRACK_KINDS, Trace, TraceMetadata, Track, read_trace

TIME = st.integers(min_value=-(2**50), max_value=2**50)
JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
)
JSON = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
ARGS = st.dictionaries(st.text(max_size=6), JSON, max_size=4)
TRACKS = st.builds(
    Track, st.text(min_size=1, max_size=6), st.text(min_size=1, max_size=6), st.sampled_from(TRACK_KINDS)
)


@st.composite
def traces(draw: st.DrawFn) -> Trace:
    trace = Trace(TraceMetadata(program=draw(st.text(max_size=5)), seed=draw(st.none() | st.integers(0, 99))))
    tracks = draw(st.lists(TRACKS, min_size=1, max_size=4))
    for _ in range(draw(st.integers(0, 8))):
        trace.add_span(
            draw(st.sampled_from(tracks)),
            draw(st.text(max_size=6)),
            draw(st.sampled_from(CATEGORIES)),
            draw(TIME),
            draw(st.integers(0, 2**40)),
            draw(ARGS),
        )
    spans = trace.spans
    if spans:
        for _ in range(draw(st.integers(0, 4))):
            trace.add_flow(
                draw(st.sampled_from(spans)),
                draw(st.sampled_from(spans)),
                draw(st.text(max_size=4)),
                draw(ARGS),
            )
    for _ in range(draw(st.integers(0, 4))):
        value = draw(st.integers(-(2**40), 2**40) | st.floats(allow_nan=False, allow_infinity=False))
        trace.add_counter(
            draw(st.sampled_from(tracks)), draw(st.text(min_size=1, max_size=5)), draw(TIME), value
        )
    for _ in range(draw(st.integers(0, 3))):
        trace.add_instant(
            draw(st.sampled_from(tracks)),
            draw(st.text(max_size=5)),
            draw(TIME),
            draw(st.sampled_from(CATEGORIES)),
            draw(ARGS),
        )
    return trace


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(traces(), st.booleans())
def test_roundtrip_any_trace_reads_back_equal(trace: Trace, gzip: bool) -> None:
    buf = io.BytesIO()
    trace.to_chrome_json(buf, gzip=gzip)
    back = read_trace(io.BytesIO(buf.getvalue()))
    assert back == trace
    again = io.BytesIO()
    back.to_chrome_json(again, gzip=gzip)
    assert again.getvalue() == buf.getvalue()
