"""traces.busy_ns with labels (what simulator.stats asks for a run's queues): the figures of busy_ns, from
those resources' own tracks' spans."""

import random

from traces import Trace, Track, busy_ns, resource_of


def _labelled(trace: Trace) -> dict[str, int]:
    return {track.label: busy for track, busy in busy_ns(trace).items()}


def _trace(seed: int) -> Trace:
    rng = random.Random(seed)
    t = Trace()
    t.add_track(Track.queue(1, 0))  # registered, no spans: listed with 0
    tracks = [
        Track.queue(0, 0),
        Track.queue(0, "queue0.1"),
        Track.queue(0, "queue0.params3"),
        Track.queue(0, 1),
        Track.storage("io0"),
        Track.storage("io1"),
        Track.host(),
        Track.host("calls"),
        Track.link("link:device0->device1"),
    ]
    for _ in range(400):
        track = rng.choice(tracks)
        if rng.random() < 0.3:  # an equal track, another object (spans are grouped by value)
            track = Track(track.process, track.thread, track.kind)
        category = rng.choice(["dispatch", "transfer", "sync", "io", "alloc"])
        args: dict[str, object] = {}
        roll = rng.random()
        if roll < 0.1:
            args["envelope"] = True
        elif roll < 0.2:
            args["aggregate"] = True
        t.add_span(track, "s", category, rng.randrange(0, 5000), rng.randrange(0, 300), args)
    # a queue lane whose spans are all envelopes: left out
    t.add_span(Track.queue(2, "queue0.1"), "e", "host", 0, 50, {"envelope": True})
    return t


def _by_label(trace: Trace, labels: list[str]) -> dict[str, int]:
    return {track.label: busy for track, busy in busy_ns(trace, labels=labels).items()}


def test_busy_ns_of_labels_is_busy_ns_of_those_resources() -> None:
    for seed in range(20):
        t = _trace(seed)
        full = _labelled(t)
        labels = ["device0/queue0", "device0/queue1", "device1/queue0", "device2/queue0", "storage/io", "nope"]
        assert _by_label(t, labels) == {k: v for k, v in full.items() if k in labels}
        assert _by_label(t, list(full)) == full
    assert _by_label(Trace(), ["device0/queue0"]) == {}


def test_busy_ns_of_labels_per_lane_is_busy_ns_per_lane_of_those_resources() -> None:
    labels = ["device0/queue0", "device1/queue0", "storage/io"]
    for seed in range(20):
        t = _trace(seed)
        full = busy_ns(t, lanes=True)
        assert busy_ns(t, lanes=True, labels=labels) == {
            track: busy for track, busy in full.items() if resource_of(track).label in labels
        }
