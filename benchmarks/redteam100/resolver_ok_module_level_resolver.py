"""Sliding-window attention backend using a shared SWA pool resolver.

`resolve_swa_kv_pool` mirrors the resolver used by the FlashInfer and TRT-LLM
backends. Per-layer window sizes are described by a small config object.
"""

from dataclasses import dataclass, field
from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool


@dataclass
class HybridWindowConfig:
    num_hidden_layers: int = 16
    sliding_window: int = 4096
    full_attention_interval: int = 4
    layer_types: List[str] = field(default_factory=list)

    def __post_init__(self):
        if not self.layer_types:
            self.layer_types = [
                (
                    "full_attention"
                    if (i + 1) % self.full_attention_interval == 0
                    else "sliding_attention"
                )
                for i in range(self.num_hidden_layers)
            ]


def resolve_swa_kv_pool(model_runner) -> Optional[BaseSWAKVPool]:
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, BaseSWAKVPool):
        return active_pool
    if model_runner.is_draft_worker:
        if not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, BaseSWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, config: Optional[HybridWindowConfig] = None):
        super().__init__()
        self.config = config or HybridWindowConfig()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.current_layer = 0

    def is_swa_layer(self, layer_id: int) -> bool:
        return self.config.layer_types[layer_id] == "sliding_attention"

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None and self.is_swa_layer(self.current_layer):
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
