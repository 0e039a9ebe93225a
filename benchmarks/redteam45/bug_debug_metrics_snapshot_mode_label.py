"""/metrics: publish the backend's KV mode and slot usage; reuse the mode label on the hot path."""

import logging
from dataclasses import dataclass, field

logger = logging.getLogger(__name__)


@dataclass
class BackendMetrics:
    kv_mode: str = "full"
    slots_total: int = 0
    decode_calls: int = 0
    labels: dict = field(default_factory=dict)

    def as_prometheus(self) -> str:
        return (
            f'sglang_attn_decode_calls{{mode="{self.kv_mode}"}} {self.decode_calls}\n'
            f'sglang_attn_kv_slots{{mode="{self.kv_mode}"}} {self.slots_total}\n'
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        alloc_name = allocator.__class__.__name__
        self.metrics = BackendMetrics(
            kv_mode="swa" if alloc_name.startswith("SWA") else "full",
            slots_total=allocator.size,
            labels={"allocator": alloc_name, "device": str(model_runner.device)},
        )
        logger.info("attention metrics labels: %s", self.metrics.labels)

    def render_metrics(self) -> str:
        return self.metrics.as_prometheus()

    def forward_decode(self, loc):
        self.metrics.decode_calls += 1
        if self.metrics.kv_mode == "swa":
            loc = self.kv_pool.full_to_swa_index_mapping[loc]
        return self.kv_pool, loc
