"""Backend that picks a location reader from a registry keyed by allocator class, walking the allocator's MRO."""

from sglang.srt.mem_cache.allocator.base import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class _FullReader:
    def __init__(self, pool):
        self.pool = pool

    def read(self, loc):
        return self.pool, loc


class _WindowReader(_FullReader):
    def read(self, loc):
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)


_READERS = {
    SWATokenToKVPoolAllocator: _WindowReader,
    BaseTokenToKVPoolAllocator: _FullReader,
}


def _reader_for(allocator, pool):
    for klass in type(allocator).__mro__:
        if klass in _READERS:
            return _READERS[klass](pool)
    return _FullReader(pool)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.reader = _reader_for(allocator, model_runner.token_to_kv_pool)

    def forward_decode(self, loc):
        return self.reader.read(loc)
