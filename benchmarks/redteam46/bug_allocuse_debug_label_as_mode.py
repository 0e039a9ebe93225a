"""Decode backend that tags metrics with the allocator class and derives its mode from it."""

import json
import logging
from dataclasses import asdict, dataclass

logger = logging.getLogger(__name__)


@dataclass
class BackendDebugInfo:
    allocator_cls: str
    mode: str
    free_tokens: int

    def dump(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.allocator_label = type(self.allocator).__name__
        self.metric_labels = {"allocator": self.allocator_label}
        assert (
            self.allocator.available_size() >= 0
        ), f"{self.allocator_label} reports a negative free size"
        self.mode = "swa" if self.allocator_label.startswith("SWA") else "full"
        logger.info("attention backend labels=%s mode=%s", self.metric_labels, self.mode)

    def debug_info(self) -> BackendDebugInfo:
        return BackendDebugInfo(
            self.allocator_label, self.mode, int(self.allocator.available_size())
        )

    def forward_decode(self, loc):
        logger.debug("decode step %s", self.debug_info().dump())
        if self.mode == "swa":
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
