"""The host's page cache: file bytes kept in host memory after a read or write, evicted least recently used.

A read whose whole range is cached is served from host memory at ``bandwidth_bytes_per_s`` without
touching the storage device; any other read goes to the device and then fills the cache. Writes go
through to the device (so nothing written is lost) and leave their bytes cached. The cache tracks whole
blocks of ``block_bytes`` (1 MiB by default), a coarser unit than the OS's 4 KiB pages that keeps a
140 GB model at about 140 thousand blocks.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

DEFAULT_BLOCK_BYTES = 1 << 20


class PageCache:
    """An LRU set of ``(file, block)`` pairs holding at most ``capacity_bytes``.

    Examples
    --------
    >>> cache = PageCache(4 << 20)
    >>> cache.contains("a.irpa", 0, 100)
    False
    >>> cache.insert("a.irpa", 0, 100)
    >>> cache.contains("a.irpa", 0, 100), cache.contains("a.irpa", 0, 2 << 20)
    (True, False)
    """

    def __init__(
        self,
        capacity_bytes: int,
        *,
        bandwidth_bytes_per_s: float = 20e9,
        block_bytes: int = DEFAULT_BLOCK_BYTES,
    ) -> None:
        self.capacity_bytes = capacity_bytes
        self.bandwidth_bytes_per_s = bandwidth_bytes_per_s
        self.block_bytes = block_bytes
        self._blocks: OrderedDict[tuple[Hashable, int], None] = OrderedDict()
        self.hits = 0
        self.misses = 0

    @property
    def max_blocks(self) -> int:
        return self.capacity_bytes // self.block_bytes

    def _range(self, offset_bytes: int, length_bytes: int) -> range:
        first = offset_bytes // self.block_bytes
        last = (offset_bytes + max(length_bytes, 1) - 1) // self.block_bytes
        return range(first, last + 1)

    def contains(self, file: Hashable, offset_bytes: int, length_bytes: int) -> bool:
        blocks = self._blocks
        return all((file, b) in blocks for b in self._range(offset_bytes, length_bytes))

    def lookup(self, file: Hashable, offset_bytes: int, length_bytes: int) -> bool:
        """True (and the blocks become most recent) if the whole range is cached; counts hits/misses."""
        if not self.contains(file, offset_bytes, length_bytes):
            self.misses += 1
            return False
        for b in self._range(offset_bytes, length_bytes):
            self._blocks.move_to_end((file, b))
        self.hits += 1
        return True

    def insert(self, file: Hashable, offset_bytes: int, length_bytes: int) -> None:
        if self.max_blocks == 0:
            return
        blocks = self._blocks
        for b in self._range(offset_bytes, length_bytes):
            key = (file, b)
            if key in blocks:
                blocks.move_to_end(key)
            else:
                blocks[key] = None
                if len(blocks) > self.max_blocks:
                    blocks.popitem(last=False)

    @property
    def cached_bytes(self) -> int:
        return len(self._blocks) * self.block_bytes
