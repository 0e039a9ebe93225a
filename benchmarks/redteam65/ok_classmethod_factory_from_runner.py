"""TRT-LLM MHA decode backend constructed through ``from_model_runner``.

The factory reads the runner's KV pool once and hands the backend an explicit
``swa_kv_pool`` handle (or None), keeping ``__init__`` free of runner lookups
so tests can build the backend from plain pools.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class _BackendConfig:
    page_size: int
    kv_pool: KVCache
    swa_kv_pool: Optional[SWAKVPool]

    @classmethod
    def from_model_runner(cls, model_runner) -> "_BackendConfig":
        kv_pool = model_runner.token_to_kv_pool
        return cls(
            page_size=model_runner.page_size,
            kv_pool=kv_pool,
            swa_kv_pool=kv_pool if isinstance(kv_pool, SWAKVPool) else None,
        )


@dataclass
class TRTLLMMHAMetadata:
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, config: Optional[_BackendConfig] = None):
        super().__init__()
        self.config = config or _BackendConfig.from_model_runner(model_runner)
        self.forward_metadata: Optional[TRTLLMMHAMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        md = TRTLLMMHAMetadata(page_table=loc.unsqueeze(-1))
        if self.config.swa_kv_pool is not None:
            md.swa_page_table = self.config.swa_kv_pool.translate_loc_from_full_to_swa(
                loc
            ).unsqueeze(-1)
        self.forward_metadata = md

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self.config.swa_kv_pool, md.swa_page_table.squeeze(-1)
        return self.config.kv_pool, md.page_table.squeeze(-1)
