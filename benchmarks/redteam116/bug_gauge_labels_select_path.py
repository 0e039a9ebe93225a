"""Decode backend with labelled Prometheus-style gauges.

The gauge family carries an ``allocator`` label so dashboards can split
hybrid and full deployments. The same label set is consulted when deciding
whether decode indices need the full->SWA remap.
"""

from typing import Dict

import torch

HYBRID_ALLOCATORS = ("SWATokenToKVPoolAllocator", "PureSWATokenToKVPoolAllocator")


class LabelledGauge:
    def __init__(self, name: str, labels: Dict[str, str]):
        self.name = name
        self.labels = dict(labels)
        self.value = 0.0

    def set(self, value) -> None:
        self.value = float(value)

    def exposition(self) -> str:
        lbl = ",".join(f'{k}="{v}"' for k, v in sorted(self.labels.items()))
        return f"{self.name}{{{lbl}}} {self.value}"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        labels = {"allocator": type(self.allocator).__name__}
        self.free_gauge = LabelledGauge("sglang_attn_kv_free_tokens", labels)

    def metrics_text(self) -> str:
        self.free_gauge.set(self.allocator.available_size())
        return self.free_gauge.exposition()

    def _is_hybrid(self) -> bool:
        return self.free_gauge.labels["allocator"] in HYBRID_ALLOCATORS

    def forward_decode(self, loc: torch.Tensor):
        self.free_gauge.set(self.allocator.available_size())
        if self._is_hybrid():
            return self.kv_pool, self.allocator.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
