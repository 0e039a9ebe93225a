"""Backend whose KV binding dataclass picks the pool and window mode in __post_init__."""

import logging
from dataclasses import dataclass, field
from typing import Any, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class KVBinding:
    model_runner: Any
    page_size: int = 1
    pool: Any = field(init=False, default=None)
    windowed: bool = field(init=False, default=False)
    swa_layer_ids: tuple = field(init=False, default=())

    def __post_init__(self):
        allocator = self.model_runner.token_to_kv_pool_allocator
        # the allocator keeps the authoritative handle on the cache it allocates into
        kvcache = allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            self.pool = kvcache
            self.windowed = True
            self.swa_layer_ids = tuple(
                layer_id
                for layer_id, (_, is_swa) in sorted(kvcache.layers_mapping.items())
                if is_swa
            )
        else:
            self.pool = self.model_runner.token_to_kv_pool
        self.page_size = getattr(allocator, "page_size", self.page_size)


@dataclass
class ForwardMetadata:
    cache_loc: Optional[torch.Tensor] = None
    max_seq_len: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.binding = KVBinding(model_runner, page_size=model_runner.page_size)
        self.forward_metadata = ForwardMetadata()
        logger.info(
            "KV binding: windowed=%s swa_layers=%s page_size=%d",
            self.binding.windowed,
            self.binding.swa_layer_ids,
            self.binding.page_size,
        )

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = ForwardMetadata(
            cache_loc=forward_batch.out_cache_loc,
            max_seq_len=int(forward_batch.seq_lens.max()),
        )

    def forward_decode(self, loc):
        pool = self.binding.pool
        if self.binding.windowed:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
