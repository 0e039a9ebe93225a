"""Backend that classifies its KV layout with an Enum classmethod and dispatches decode through a per-mode table."""

import enum

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _KVMode(enum.Enum):
    FULL = "full"
    SLIDING = "sliding"

    @classmethod
    def detect(cls, kv_pool) -> "_KVMode":
        return cls.SLIDING if isinstance(kv_pool, SWAKVPool) else cls.FULL


def _decode_full(pool, loc):
    return pool, loc


def _decode_sliding(pool, loc):
    return pool, pool.translate_loc_from_full_to_swa(loc)


_DECODE = {
    _KVMode.FULL: _decode_full,
    _KVMode.SLIDING: _decode_sliding,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.mode = _KVMode.detect(self.pool)

    def forward_decode(self, loc):
        return _DECODE[self.mode](self.pool, loc)
