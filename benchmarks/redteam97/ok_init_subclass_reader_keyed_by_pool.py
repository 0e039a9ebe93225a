"""Decode-time KV readers keyed by pool family.

Reader subclasses declare the pool class they understand via the ``pool=``
class keyword; ``__init_subclass__`` records them. The runner's own
``token_to_kv_pool`` selects the reader.
"""

from __future__ import annotations

import logging
from typing import ClassVar, Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DecodeKVReader:
    registry: ClassVar[Dict[type, type]] = {}

    def __init_subclass__(cls, pool: Optional[type] = None, **kwargs):
        super().__init_subclass__(**kwargs)
        if pool is not None:
            DecodeKVReader.registry[pool] = cls

    def __init__(self, kv_pool):
        self.kv_pool = kv_pool

    @classmethod
    def for_pool(cls, kv_pool) -> "DecodeKVReader":
        for klass in type(kv_pool).__mro__:
            if klass in cls.registry:
                return cls.registry[klass](kv_pool)
        return PlainKVReader(kv_pool)

    def read(self, loc: torch.Tensor):
        return self.kv_pool, loc


class PlainKVReader(DecodeKVReader, pool=MHATokenToKVPool):
    pass


class WindowedKVReader(DecodeKVReader, pool=SWAKVPool):
    def read(self, loc):
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.skip_prefill = skip_prefill
        self.reader = DecodeKVReader.for_pool(model_runner.token_to_kv_pool)
        logger.info("decode reader: %s", type(self.reader).__name__)

    def init_forward_metadata(self, forward_batch):
        pass

    def forward_decode(self, loc: torch.Tensor):
        return self.reader.read(loc)
