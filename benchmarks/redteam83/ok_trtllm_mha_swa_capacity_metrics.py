"""TRT-LLM MHA decode backend.

Exposes a small metrics dict (full / SWA capacity as reported by the allocator)
for the Prometheus exporter.  The KV view is chosen from the worker's pool.
"""

from typing import Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, workspace_mb: int = 128):
        self.workspace_bytes = workspace_mb * 1024 * 1024
        self.allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        self.kv_pool = pool
        self.swa_kv_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

    def capacity_metrics(self) -> Dict[str, int]:
        metrics = {"full_tokens": int(self.allocator.size_full())}
        if hasattr(self.allocator, "size_swa"):
            metrics["swa_tokens"] = int(self.allocator.size_swa())
        return metrics

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
